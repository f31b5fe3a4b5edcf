/* figures_pair.h: the figures table's row "rule_output", a replay of one pair,
 * where the rule's exact output is known (pair_output.h): that output against
 * the target p, and the measured one against it. */
#ifndef SPECDEC_FIGURES_PAIR_H
#define SPECDEC_FIGURES_PAIR_H

#include "sim/figure.h"

#define FIGURES_PAIR_TOKENS 8	/* tokens the report lists, the likeliest under p */

/* The report's "rule output" lines; nothing when there is no such pair or no
 * closed form (a varying draft length). */
figure_report_fn figures_pair_report;

/* The JSON member "rule_output", under the same condition. */
figure_json_fn figures_pair_json;

#endif
