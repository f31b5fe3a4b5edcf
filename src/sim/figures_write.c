/* figures_write.c: the writers of the figures table's rows that are more than
 * one value: arrays by position or by token, lines that read several figures,
 * the checks. */
#include "config.h"

#include <inttypes.h>
#include <math.h>

#include "sim/figures_write.h"
#include "source/copy/source_copy.h"
#include "stats/lossless.h"
#include "stats/theory.h"
#include "util/wrap.h"
#include "verify/verify.h"

#define CHECK_INDENT 6		/* where a check's name starts */

/* alpha-hat, then the overlap; under a rule that does not accept by the overlap,
 * the rule's own expectation by its name first. */
void
figures_report_alpha(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct sim_figures *f = r->fig;
	enum verify_rule rule = r->sim->par.verify.rule;

	figures_text_begin(t, row->label);
	figures_text_add(t, "%.4f accepted/tested", f->alpha_hat);
	if (verify_has(rule, VERIFY_F_OVERLAP))
		figures_text_add(t, "; overlap %.4f per step, %.4f per test", f->overlap,
		    f->overlap_tested);
	else
		figures_text_add(t, "; %s %.4f per step, %.4f per test; overlap %.4f per"
		    " step", sim_beta_label(r->sim), f->alpha_overlap,
		    f->alpha_overlap_tested, f->overlap);
}

/* v under a rule that does not accept by the overlap, else NaN. */
static double
rule_own(const struct figures_run *r, double v)
{
	return verify_has(r->sim->par.verify.rule, VERIFY_F_OVERLAP) ? NAN : v;
}

double
figures_alpha_rule(const struct figures_run *r)
{
	return rule_own(r, r->fig->alpha_overlap);
}

double
figures_alpha_rule_tested(const struct figures_run *r)
{
	return rule_own(r, r->fig->alpha_overlap_tested);
}

/* The rule's own expectation, under a rule that does not accept by the overlap
 * (where alpha_overlap is it): its value per step and per test, and its name. */
void
figures_json_alpha_rule(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	enum verify_rule rule = r->sim->par.verify.rule;

	if (verify_has(rule, VERIFY_F_OVERLAP))
		return;
	json_double(j, row->key, figures_alpha_rule(r));
	json_double(j, "alpha_rule_tested", figures_alpha_rule_tested(r));
	json_string(j, "alpha_rule_name", sim_beta_label(r->sim));
}

/* " 1:n 2:n ...": counts by position. */
static void
add_counts(struct figures_text *t, const uint64_t *counts, int n)
{
	int i;

	for (i = 0; i < n; i++)
		figures_text_add(t, " %d:%" PRIu64, i + 1, counts[i]);
}

void
figures_report_tok_hist(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	figures_text_begin(t, row->label);
	add_counts(t, r->sim->stats.tok_hist, sim_gamma_cap(r->sim) + 1);
}

void
figures_json_tok_hist(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	json_uint_array(j, row->key, r->sim->stats.tok_hist,
	    (size_t)sim_gamma_cap(r->sim) + 1);
}

void
figures_json_tested_at(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	json_uint_array(j, row->key, r->sim->stats.tested_at, (size_t)sim_gamma_cap(r->sim));
}

/* Conditional: accepted / tested at i, a dash where nothing was tested. */
void
figures_report_accept(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct stats *st = &r->sim->stats;

	figures_text_rates(t, row->label, st->tested_at, sim_gamma_cap(r->sim),
	    stats_accept_rate_at, st);
}

/* Unconditional: accepted at i / steps (the vLLM convention). */
void
figures_report_accept_uncond(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	int k, cap = sim_gamma_cap(r->sim);

	figures_text_begin(t, row->label);
	for (k = 0; k < cap; k++)
		figures_text_add(t, " %d:%.3f", k + 1,
		    stats_accept_rate_uncond_at(&r->sim->stats, k));
}

/* An array of n rates under key. */
static void
json_rates(struct json *j, const char *key, const struct stats *st, int n,
    double (*rate)(const struct stats *, int))
{
	int k;

	json_array_begin(j, key);
	for (k = 0; k < n; k++)
		json_double(j, NULL, rate(st, k));
	json_array_end(j);
}

void
figures_json_accept(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	json_rates(j, row->key, &r->sim->stats, sim_gamma_cap(r->sim), stats_accept_rate_at);
}

/* Over the cap's positions, as the report and the other arrays. */
void
figures_json_accept_uncond(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	json_rates(j, row->key, &r->sim->stats, sim_gamma_cap(r->sim),
	    stats_accept_rate_uncond_at);
}

void
figures_json_spec_hist(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	json_uint_array(j, row->key, r->sim->stats.spec_hist, r->sim->stats.vocab);
}

void
figures_json_ref_hist(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	json_uint_array(j, row->key, r->sim->stats.ref_hist, r->sim->stats.vocab);
}

void
figures_report_tv(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct stats *st = &r->sim->stats;

	figures_text_begin(t, row->label);
	figures_text_add(t, "%.4f speculative vs target-only (%" PRIu64 " and %" PRIu64
	    " tokens)", r->fig->tv, st->tokens, st->ref_tokens);
}

/* The PIT test's p-value, on a line of its own, not wrapped. */
void
figures_report_lossless(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct lossless_result *l = &r->fig->lossless;
	uint64_t n = r->sim->stats.lossless.n;

	figures_text_end(t);
	if (!l->testable)
		fprintf(t->out, "%-13s- (%" PRIu64 " PIT values; 100 needed)\n", row->label, n);
	else
		fprintf(t->out, "%-13sp = %.4g (chi2 p %.4f, KS p %.4f) over %" PRIu64
		    " PIT values\n", row->label, l->p_value, l->chi2_p, l->ks_p, n);
}

/* The PIT test's 20 bins, each a digit: 5 is the expected count, one step is
 * a fifth of it (0 empty, 9 at 1.8 times or more). */
void
figures_report_pit_hist(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct lossless *ls = &r->sim->stats.lossless;
	uint64_t bins[LOSSLESS_BINS];
	double expect = (double)ls->n / LOSSLESS_BINS;
	int i;

	if (!r->fig->lossless.testable)
		return;
	figures_text_end(t);
	lossless_hist(ls, bins);
	fprintf(t->out, "%-13s[", row->label);
	for (i = 0; i < LOSSLESS_BINS; i++) {
		long d = lround(5.0 * (double)bins[i] / expect);

		fputc((int)('0' + (d > 9 ? 9 : d)), t->out);
	}
	fprintf(t->out, "] 0..1; 5 = expected, steps of 1/5\n");
}

void
figures_json_pit_hist(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	uint64_t bins[LOSSLESS_BINS];

	lossless_hist(&r->sim->stats.lossless, bins);
	json_uint_array(j, row->key, bins, LOSSLESS_BINS);
}

void
figures_report_cost(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct sim_params *par = &r->sim->par;

	figures_text_begin(t, row->label);
	if (source_copy_last_draft(&r->sim->src) != NULL) {
		figures_text_add(t, "target %g ms/forward, draft 0: a copy drafter runs"
		    " no draft forward, c = 0; verification k = %g", par->target_ms,
		    r->fig->verify_cost);
		return;
	}
	figures_text_add(t, "target %g ms/forward, draft %g ms/token, c = %.4g;"
	    " verification k = %g", par->target_ms, par->draft_ms, r->fig->cost_ratio,
	    r->fig->verify_cost);
}

void
figures_report_speedup(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	figures_text_begin(t, row->label);
	figures_text_add(t, "%.3fx (%s)", r->fig->speedup, sim_is_tree(r->sim) ?
	    (r->fig->tree_closed ? "the tree's closed form / its step cost" :
	    "the tree's measured tok/step / its step cost") :
	    r->sim->par.schedule == SCHEDULE_CONSTANT ? "Theorem 3.8 at alpha-hat" :
	    "closed form at alpha-hat and each step's gamma / mean cost");
}

/* "; closed form 4.0498 at alpha-hat"; a tree's is its own (figures_tree.c). */
void
figures_report_closed_form(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	(void)row;
	if (!sim_is_tree(r->sim))
		figures_text_add(t, "; closed form %.4f at alpha-hat", r->fig->closed_form);
	else if (r->fig->tree_closed)
		figures_text_add(t, "; the tree's closed form %.4f", r->fig->closed_form);
}

/* "optimal gamma 6 (2.950x)", "optimal gamma 32+ (...)" at the end of the
 * range, or "don't speculate (1.00x): every gamma is a slowdown". */
void
figures_report_optimum(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct theory_optimum *o = &r->fig->optimum;
	char words[64];

	(void)row;
	if (sim_is_tree(r->sim))
		return;	/* a chain's optimum: not the tree's, whose cost differs */
	theory_optimum_text(o, words, sizeof words);
	if (o->speculate)
		figures_text_add(t, "; optimal gamma %s over each step's own beta", words);
	else
		figures_text_add(t, "; %s: every gamma is a slowdown over each step's own "
		    "beta", words);
}

/* After a blank line, a verdict a line, then the tally. */
void
figures_report_checks(struct figures_text *t, const struct figure *row,
    const struct figures_run *r)
{
	const struct check *c = r->checks;
	int i, failed = 0, skipped = 0;

	(void)row;
	figures_text_end(t);
	fputc('\n', t->out);
	for (i = 0; i < CHECKS_COUNT; i++) {
		if (c[i].skipped) {
			wrap_printf(t->out, WRAP_WIDTH, CHECK_INDENT, "SKIP  %s  %s", c[i].name,
			    c[i].reason);
			skipped++;
			continue;
		}
		wrap_printf(t->out, WRAP_WIDTH, CHECK_INDENT, "%s  %s  %s",
		    c[i].pass ? "PASS" : "FAIL", c[i].name, c[i].detail);
		failed += !c[i].pass;
	}
	fprintf(t->out, "%d passed, %d failed, %d skipped\n", CHECKS_COUNT - failed - skipped,
	    failed, skipped);
}

void
figures_json_checks(struct json *j, const struct figure *row,
    const struct figures_run *r)
{
	const struct check *c = r->checks;
	int i;

	json_array_begin(j, row->key);
	for (i = 0; i < CHECKS_COUNT; i++) {
		json_object_begin(j, NULL);
		json_string(j, "name", c[i].name);
		json_bool(j, "pass", c[i].pass);
		json_string(j, "detail", c[i].detail);
		if (c[i].skipped) {
			json_bool(j, "skipped", 1);
			json_string(j, "reason", c[i].reason);
		}
		json_object_end(j);
	}
	json_array_end(j);
}
