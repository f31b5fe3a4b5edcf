/* pair_output.c: a rule's exact output on one fixed pair, and the measured one. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pair_output.h"
#include "xalloc.h"

void
pair_output_init(struct pair_output *po, const double *p, const double *q, size_t vocab)
{
	memset(po, 0, sizeof *po);
	po->vocab = vocab;
	po->p = xreallocarray(NULL, vocab, sizeof *po->p);
	po->q = xreallocarray(NULL, vocab, sizeof *po->q);
	po->exact = xcalloc(vocab, sizeof *po->exact);
	po->sq = xcalloc(vocab, sizeof *po->sq);
	po->cross = xcalloc(vocab, sizeof *po->cross);
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
	free(po->sq);
	free(po->cross);
	free(po->count);
	memset(po, 0, sizeof *po);
}

void
pair_output_reset(struct pair_output *po, const struct verify_params *par,
    int gamma, int length_varies, double *scratch)
{
	size_t v = po->vocab;

	memset(po->sq, 0, v * sizeof *po->sq);
	memset(po->cross, 0, v * sizeof *po->cross);
	memset(po->count, 0, v * sizeof *po->count);
	po->sum_n2 = 0.0;
	po->tokens = po->steps = 0;
	po->exact_known = !length_varies;
	if (po->exact_known)
		verify_output_pair(par, po->p, po->q, v, gamma, scratch, po->exact);
}

void
pair_output_add_step(struct pair_output *po, const int *ids, int n)
{
	int i, j;

	for (i = 0; i < n; i++) {
		int c = 0;

		for (j = 0; j < i && ids[j] != ids[i]; j++)
			;
		if (j < i)
			continue;	/* counted with its first occurrence */
		for (j = i; j < n; j++)
			c += ids[j] == ids[i];
		po->sq[ids[i]] += (double)c * c;
		po->cross[ids[i]] += (double)c * n;
		po->count[ids[i]] += (uint64_t)c;
	}
	po->sum_n2 += (double)n * n;
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
	double var = po->sq[y] - 2.0 * e * po->cross[y] + e * e * po->sum_n2;

	*tested = 0;
	if (e <= 0.0)
		return po->count[y] > 0 ? 0.0 : 1.0;
	if (e * n < PAIR_OUTPUT_MIN_EXPECTED || po->steps < PAIR_OUTPUT_MIN_STEPS)
		return 1.0;
	*tested = 1;
	if (!(var > 1e-12 * n))
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
		if (pv < least) {
			least = pv;
			r.worst = y;
		}
	}
	r.tv_rule *= 0.5;
	r.tv_measured = po->tokens > 0 ? 0.5 * r.tv_measured : 0.0;
	r.p_value = fmin(1.0, least * (double)(r.tested > 0 ? r.tested : 1));
	return r;
}
