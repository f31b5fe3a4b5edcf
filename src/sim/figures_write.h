/* figures_write.h: the writers of the rows of the figures table (figures.c)
 * whose report part or JSON member is more than one value: the arrays by
 * position or by token, the lines that read several figures, the checks. */
#ifndef SPECDEC_FIGURES_WRITE_H
#define SPECDEC_FIGURES_WRITE_H

#include "sim/figure.h"

figure_report_fn figures_report_alpha, figures_report_tok_hist, figures_report_accept,
    figures_report_accept_uncond, figures_report_tv, figures_report_lossless,
    figures_report_pit_hist, figures_report_cost, figures_report_speedup,
    figures_report_optimum, figures_report_checks, figures_report_closed_form;

figure_json_fn figures_json_alpha_rule, figures_json_tok_hist, figures_json_tested_at, figures_json_accept,
    figures_json_accept_uncond, figures_json_spec_hist, figures_json_ref_hist,
    figures_json_pit_hist, figures_json_checks;

/* alpha_rule and alpha_rule_tested, the rule's own expectation per step and
 * per test: NaN under a rule that accepts by the overlap (the JSON has none). */
figure_value_fn figures_alpha_rule, figures_alpha_rule_tested;

#endif
