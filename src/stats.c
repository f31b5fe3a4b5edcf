/* stats.c: counters, histograms and the figures derived from them. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "stats.h"
#include "theory.h"

#define STATS_PI 3.14159265358979323846

int
stats_init(struct stats *st, size_t vocab, int gamma)
{
	memset(st, 0, sizeof *st);
	st->vocab = vocab;
	st->spec_hist = calloc(vocab, sizeof *st->spec_hist);
	st->ref_hist = calloc(vocab, sizeof *st->ref_hist);
	st->expected = calloc(vocab, sizeof *st->expected);
	if (st->spec_hist == NULL || st->ref_hist == NULL || st->expected == NULL) {
		stats_free(st);
		return -1;
	}
	st->gamma = gamma;
	return 0;
}

void
stats_free(struct stats *st)
{
	free(st->spec_hist);
	free(st->ref_hist);
	free(st->expected);
	st->spec_hist = st->ref_hist = NULL;
	st->expected = NULL;
}

void
stats_reset(struct stats *st, int gamma)
{
	uint64_t *spec = st->spec_hist, *ref = st->ref_hist;
	double *expected = st->expected;
	size_t vocab = st->vocab;

	memset(st, 0, sizeof *st);
	st->vocab = vocab;
	st->gamma = gamma;
	st->spec_hist = spec;
	st->ref_hist = ref;
	st->expected = expected;
	memset(spec, 0, vocab * sizeof *spec);
	memset(ref, 0, vocab * sizeof *ref);
	memset(expected, 0, vocab * sizeof *expected);
}

/* expected += w[0] p[0] + ... + w[m-1] p[m-1] (m = 1..3) in one pass. */
static void
add_few(double *restrict expected, const double *const *p, const double *w, int m,
    size_t n)
{
	const double *restrict p0 = p[0], *restrict p1 = p[m > 1], *restrict p2 = p[m - 1];
	double w0 = w[0], w1 = w[m > 1], w2 = w[m - 1];
	size_t i;

	if (m == 1)
		for (i = 0; i < n; i++)
			expected[i] += w0 * p0[i];
	else if (m == 2)
		for (i = 0; i < n; i++)
			expected[i] += w0 * p0[i] + w1 * p1[i];
	else
		for (i = 0; i < n; i++)
			expected[i] += (w0 * p0[i] + w1 * p1[i]) + w2 * p2[i];
}

/* The same for four distributions. */
static void
add_four(double *restrict expected, const double *const *p, const double *w, size_t n)
{
	const double *restrict p0 = p[0], *restrict p1 = p[1];
	const double *restrict p2 = p[2], *restrict p3 = p[3];
	double w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3];
	size_t i;

	for (i = 0; i < n; i++)
		expected[i] += (w0 * p0[i] + w1 * p1[i]) + (w2 * p2[i] + w3 * p3[i]);
}

/* expected += weight * d: its list directly, its floor through floor_coef (a
 * new floor first folds the old one's share into expected). */
static void
add_split(struct stats *st, const struct split_dist *d, double weight)
{
	size_t i;

	if (st->floor != d->floor) {
		for (i = 0; st->floor != NULL && i < st->vocab; i++)
			st->expected[i] += st->floor_coef * st->floor->w[i];
		st->floor = d->floor;
		st->floor_coef = 0.0;
	}
	st->floor_coef += weight * d->scale;
	for (i = 0; i < d->nlist; i++)
		st->expected[d->list[i]] += weight * d->extra[i];
}

/* expected += n * p for each run of emitted positions sharing one distribution;
 * dense ones up to four per pass over the vocabulary. */
static void
add_expected(struct stats *st, const struct spec_targets *targets, int emitted)
{
	const double *p[SPEC_GAMMA_MAX + 1];
	double w[SPEC_GAMMA_MAX + 1];
	int k = 0, runs = 0, r;

	while (k < emitted) {
		const struct split_dist *sp = targets->sp[k];
		double n = 0.0;

		p[runs] = targets->p[k];
		for (; k < emitted && targets->p[k] == p[runs] && targets->sp[k] == sp; k++)
			n += 1.0;
		if (sp != NULL)
			add_split(st, sp, n);
		else
			w[runs++] = n;
	}
	for (r = 0; r + 4 <= runs; r += 4)
		add_four(st->expected, p + r, w + r, st->vocab);
	if (r < runs)
		add_few(st->expected, p + r, w + r, runs - r, st->vocab);
}

void
stats_add_step(struct stats *st, const struct spec_step *step,
    const struct spec_targets *targets)
{
	int i;

	st->steps++;
	st->tokens += (uint64_t)step->emitted;
	st->drafted += (uint64_t)step->gamma;
	st->tested += (uint64_t)step->tested;
	st->accepted += (uint64_t)step->accepted;
	if (step->emitted > st->max_tok_per_step)
		st->max_tok_per_step = step->emitted;
	st->tok_hist[step->emitted - 1]++;
	for (i = 0; i < step->tested; i++) {
		double b = step->beta[i];

		st->tested_at[i]++;
		st->sum_beta_tested += b;
		st->sum_beta_var += fmax(0.0, b * (1.0 - b));	/* no NaN, whatever b */
	}
	for (i = 0; i < step->accepted; i++)
		st->accepted_at[i]++;
	st->sum_beta_first += step->beta[0];
	st->sum_closed_step += theory_tok_per_step(step->beta[0], step->gamma);
	for (i = 0; i < step->ntok; i++)
		if (step->tok[i].outcome != SPEC_REJECTED)
			st->spec_hist[step->tok[i].id]++;
	add_expected(st, targets, step->emitted);
}

void
stats_add_ref(struct stats *st, int id)
{
	st->ref_tokens++;
	st->ref_hist[id]++;
}

static double
ratio(double num, double den)
{
	return den > 0.0 ? num / den : 0.0;
}

double
stats_alpha_hat(const struct stats *st)
{
	return ratio((double)st->accepted, (double)st->tested);
}

double
stats_alpha_overlap(const struct stats *st)
{
	return ratio(st->sum_beta_first, (double)st->steps);
}

double
stats_alpha_overlap_tested(const struct stats *st)
{
	return ratio(st->sum_beta_tested, (double)st->tested);
}

double
stats_alpha_stderr(const struct stats *st)
{
	return ratio(sqrt(st->sum_beta_var), (double)st->tested);
}

double
stats_tok_per_step(const struct stats *st)
{
	return ratio((double)st->tokens, (double)st->steps);
}

double
stats_closed_form(const struct stats *st)
{
	return theory_tok_per_step(stats_alpha_hat(st), st->gamma);
}

double
stats_closed_form_jensen(const struct stats *st)
{
	return ratio(st->sum_closed_step, (double)st->steps);
}

double
stats_accept_rate_at(const struct stats *st, int k)
{
	if (k < 0 || k >= SPEC_GAMMA_MAX)
		return 0.0;
	return ratio((double)st->accepted_at[k], (double)st->tested_at[k]);
}

double
stats_tv(const struct stats *st)
{
	/* dist and chisq still count in unsigned long long, of the same width */
	return dist_tv_counts((const unsigned long long *)st->spec_hist,
	    (const unsigned long long *)st->ref_hist, st->vocab);
}

double
stats_tv_noise(const struct stats *st)
{
	double n = (double)st->tokens, m = (double)st->ref_tokens, sum = 0.0, pool, scale;
	size_t i;

	if (!(n > 0.0) || !(m > 0.0))
		return 0.0;
	pool = n + m;
	scale = 2.0 * (1.0 / n + 1.0 / m) / STATS_PI;
	for (i = 0; i < st->vocab; i++) {
		double p = (double)(st->spec_hist[i] + st->ref_hist[i]) / pool;

		if (p > 0.0 && p < 1.0)
			sum += sqrt(p * (1.0 - p) * scale);
	}
	return 0.5 * sum;
}

struct chisq_result
stats_chi2(const struct stats *st)
{
	return chisq_test_floor((const unsigned long long *)st->spec_hist, st->expected,
	    st->floor != NULL ? st->floor->w : NULL, st->floor_coef, st->vocab);
}
