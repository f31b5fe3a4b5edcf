/* stats.c: counters, histograms and the figures derived from them. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist.h"
#include "stats.h"
#include "theory.h"
#include "xalloc.h"

#define STATS_PI 3.14159265358979323846

int
stats_init(struct stats *st, size_t vocab, int gamma)
{
	memset(st, 0, sizeof *st);
	st->vocab = vocab;
	st->spec_hist = xcalloc(vocab, sizeof *st->spec_hist);
	st->ref_hist = xcalloc(vocab, sizeof *st->ref_hist);
	pdist_counts_init(&st->expected, vocab);
	st->gamma = gamma;
	return 0;
}

void
stats_free(struct stats *st)
{
	free(st->spec_hist);
	free(st->ref_hist);
	pdist_counts_free(&st->expected);
	st->spec_hist = st->ref_hist = NULL;
}

void
stats_reset(struct stats *st, int gamma)
{
	uint64_t *spec = st->spec_hist, *ref = st->ref_hist;
	struct pdist_counts expected = st->expected;
	size_t vocab = st->vocab;

	memset(st, 0, sizeof *st);
	st->vocab = vocab;
	st->gamma = gamma;
	st->spec_hist = spec;
	st->ref_hist = ref;
	st->expected = expected;
	memset(spec, 0, vocab * sizeof *spec);
	memset(ref, 0, vocab * sizeof *ref);
	pdist_counts_clear(&st->expected);
}

/* expected += n p for each run of emitted positions sharing one distribution. */
static void
add_expected(struct stats *st, const struct spec_targets *targets, int emitted)
{
	struct pdist p[SPEC_GAMMA_MAX + 1];
	double n[SPEC_GAMMA_MAX + 1];
	int k = 0, runs = 0;

	while (k < emitted) {
		p[runs] = targets->p[k];
		for (n[runs] = 0.0; k < emitted && pdist_same(&targets->p[k], &p[runs]); k++)
			n[runs] += 1.0;
		runs++;
	}
	pdist_counts_add(&st->expected, p, n, runs);
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
	st->gamma_hist[step->gamma]++;
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
		if (step->tok[i].outcome != SPEC_REJECTED) {
			st->spec_hist[step->tok[i].id]++;
			lossless_add(&st->lossless, step->tok[i].pit);
		}
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
stats_gamma_mean(const struct stats *st)
{
	return st->steps > 0 ? (double)st->drafted / (double)st->steps : (double)st->gamma;
}

double
stats_closed_form(const struct stats *st)
{
	double a = stats_alpha_hat(st), sum = 0.0;
	int g;

	if (st->steps == 0 || st->gamma_hist[st->gamma] == st->steps)
		return theory_tok_per_step(a, st->gamma);
	for (g = 0; g <= SPEC_GAMMA_MAX; g++)
		if (st->gamma_hist[g] > 0)
			sum += (double)st->gamma_hist[g] * theory_tok_per_step(a, g);
	return sum / (double)st->steps;
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
	return dist_tv_counts(st->spec_hist, st->ref_hist, st->vocab);
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
	double *expected = xreallocarray(NULL, st->vocab, sizeof *expected);
	struct chisq_result r;

	pdist_counts_values(&st->expected, expected);
	r = chisq_test(st->spec_hist, expected, st->vocab);
	free(expected);
	return r;
}
