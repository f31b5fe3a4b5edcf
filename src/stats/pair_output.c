/* pair_output.c: a rule's exact output on one fixed pair, and the measured one. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/pair_output.h"
#include "util/xalloc.h"

void
pair_output_init(struct pair_output *po, const double *p, const double *q, size_t vocab)
{
	memset(po, 0, sizeof *po);
	po->vocab = vocab;
	po->p = xreallocarray(NULL, vocab, sizeof *po->p);
	po->q = xreallocarray(NULL, vocab, sizeof *po->q);
	po->exact = xcalloc(vocab, sizeof *po->exact);
	po->var = xcalloc(vocab, sizeof *po->var);
	po->scratch = xcalloc(vocab, sizeof *po->scratch);
	po->count = xcalloc(vocab, sizeof *po->count);
	memcpy(po->p, p, vocab * sizeof *p);
	memcpy(po->q, q, vocab * sizeof *q);
}

void
pair_output_free(struct pair_output *po)
{
	free(po->p);
	free(po->q);
	free(po->exact);
	free(po->var);
	free(po->scratch);
	free(po->count);
	memset(po, 0, sizeof *po);
}

/* v_y = E[(c_y - e_y n)^2] over one step, conditioning on the drafts accepted,
 * i: c_y is Binomial(i, pi_y) plus the ending token (a replacement, distributed
 * as repl, for i < gamma; a bonus for i = gamma), and n = i + 1. */
static void
step_variances(struct pair_output *po, double a, const double *acc, const double *repl,
    const double *bonus, int gamma)
{
	size_t y;
	int i;

	for (y = 0; y < po->vocab; y++) {
		double pi = a > 0.0 ? acc[y] / a : 0.0, e = po->exact[y], v = 0.0, pr = 1.0;

		for (i = 0; i <= gamma; i++) {
			double w = i < gamma ? pr * (1.0 - a) : pr;	/* P(i accepted) */
			double f = i < gamma ? repl[y] : bonus[y], mean = i * pi + f;
			double sq = i * pi * (1.0 - pi) + mean * mean - f * f + f;

			v += w * (sq - 2.0 * e * (i + 1) * mean + e * e * (i + 1) * (i + 1));
			pr *= a;
		}
		po->var[y] = v > 0.0 ? v : 0.0;
	}
}

void
pair_output_reset(struct pair_output *po, const struct verify_params *par,
    int gamma, int length_varies)
{
	size_t v = po->vocab, y;
	double *acc, *bonus, a;

	memset(po->count, 0, v * sizeof *po->count);
	po->tokens = po->steps = 0;
	po->exact_known = !length_varies;
	if (!po->exact_known)
		return;
	verify_output_pair(par, po->p, po->q, v, gamma, po->scratch, po->exact);
	po->per_token = !verify_has(par->rule, VERIFY_F_PAIR_FORM);
	if (po->per_token) {
		for (y = 0; y < v; y++)
			po->var[y] = po->p[y] * (1.0 - po->p[y]);
		return;
	}
	acc = xreallocarray(NULL, v, sizeof *acc);
	bonus = xreallocarray(NULL, v, sizeof *bonus);
	a = verify_pair_parts(par, po->p, po->q, v, acc, po->scratch, bonus);
	step_variances(po, a, acc, po->scratch, bonus, gamma);
	free(acc);
	free(bonus);
}

void
pair_output_add_step(struct pair_output *po, const int *ids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		po->count[ids[i]]++;
	po->tokens += (uint64_t)n;
	po->steps++;
}

double
pair_output_measured(const struct pair_output *po, size_t y)
{
	return po->tokens > 0 ? (double)po->count[y] / (double)po->tokens : 0.0;
}

/* Two-sided normal tail of token y's deviation, or 1 when it is not tested; an
 * emitted token the rule never emits gives 0. */
static double
token_p_value(const struct pair_output *po, size_t y, int *tested)
{
	double e = po->exact[y], n = (double)po->tokens;
	double dev = (double)po->count[y] - e * n;
	double var = po->var[y] * (po->per_token ? n : (double)po->steps);

	*tested = 0;
	if (e <= 0.0)
		return po->count[y] > 0 ? 0.0 : 1.0;
	if (e * n < PAIR_OUTPUT_MIN_EXPECTED || po->steps < PAIR_OUTPUT_MIN_STEPS)
		return 1.0;
	*tested = 1;
	if (!(var > 1e-12 * n))	/* no spread: the count is fixed */
		return fabs(dev) > 1e-9 * n ? 0.0 : 1.0;
	return erfc(fabs(dev) / sqrt(2.0 * var));
}

struct pair_output_result
pair_output_result(const struct pair_output *po)
{
	struct pair_output_result r = { .available = po->exact_known, .p_value = 1.0 };
	double least = 1.0;
	size_t y;

	if (!po->exact_known)
		return r;
	for (y = 0; y < po->vocab; y++) {
		int tested;
		double pv = token_p_value(po, y, &tested);

		r.tv_rule += fabs(po->exact[y] - po->p[y]);
		r.tv_measured += fabs(pair_output_measured(po, y) - po->exact[y]);
		r.tested += (size_t)tested;
		least = pv < least ? pv : least;
	}
	r.tv_rule = r.tv_rule < 1e-12 ? 0.0 : 0.5 * r.tv_rule;	/* rounding: 0 */
	r.tv_measured = po->tokens > 0 ? 0.5 * r.tv_measured : 0.0;
	r.p_value = fmin(1.0, least * (double)(r.tested > 0 ? r.tested : 1));
	return r;
}
