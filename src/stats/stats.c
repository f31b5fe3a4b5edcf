/* stats.c: counters, histograms and the figures derived from them. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "stats/stats.h"
#include "stats/theory.h"
#include "util/xalloc.h"

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
	int exchangeable = st->exchangeable;

	memset(st, 0, sizeof *st);
	st->vocab = vocab;
	st->exchangeable = exchangeable;
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

/* Sum over ids of the squared count among ids[0..n-1]: n plus twice the pairs. */
static double
sum_sq_counts(const int *ids, int n)
{
	int i, j, pairs = 0;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			pairs += ids[i] == ids[j];
	return (double)n + 2.0 * (double)pairs;
}

static void
add_step_squares(struct stats *st, const struct spec_step *step)
{
	int ids[SPEC_GAMMA_MAX + 1], i, n = 0;
	double closed = step->expect_tok > 0.0 ? step->expect_tok :
	    theory_tok_per_step(step->beta[0], step->gamma);
	double dev = (double)step->emitted - closed;

	st->sum_closed_step += closed;
	st->sum_dev_step += dev;
	st->sum_dev2_step += dev * dev;
	st->sum_var_floor_step += (closed - floor(closed)) * (1.0 - (closed - floor(closed)));
	for (i = 0; i < step->ntok; i++)
		if (step->tok[i].outcome != SPEC_REJECTED)
			ids[n++] = step->tok[i].id;
	st->sum_sq_spec += sum_sq_counts(ids, n);
	st->sum_n2_spec += (double)n * (double)n;
}

void
stats_step_tok_at(const struct spec_step *step, double *tok, int gmax)
{
	double b = step->beta[0], run = 1.0, sum = 1.0;
	int g;

	for (g = 1; g <= gmax; g++) {
		if (g <= step->tested)
			b = step->beta[g - 1];
		run *= b;
		sum += run;
		tok[g - 1] = sum;
	}
}

/* stats_step_tok_at at every g, added into the sums as it goes (the same
 * values, without a vector between: a step at V 20 costs some 8,000
 * instructions, this 200). */
static void
add_step_tok_at(struct stats *st, const struct spec_step *step)
{
	double b = step->beta[0], run = 1.0, sum = 1.0;
	int g;

	for (g = 1; g <= SPEC_GAMMA_MAX + 1; g++) {
		if (g <= step->tested)
			b = step->beta[g - 1];
		run *= b;
		sum += run;
		st->sum_tok_at[g - 1] += sum;
	}
}

void
stats_add_step(struct stats *st, const struct spec_step *step,
    const struct spec_targets *targets)
{
	int i;

	st->steps++;
	st->tokens += (uint64_t)step->emitted;
	st->drafted += (uint64_t)(step->nodes > 0 ? step->nodes : step->gamma);
	st->closed_steps += step->expect_tok > 0.0;
	st->ceiling_steps += step->ot_ceiling > 0.0;
	st->sum_ceiling += step->ot_ceiling;
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
	add_step_squares(st, step);
	add_step_tok_at(st, step);
	for (i = 0; i < step->ntok; i++)
		if (step->tok[i].outcome != SPEC_REJECTED) {
			st->spec_hist[step->tok[i].id]++;
			st->sum_p_emitted += step->tok[i].p;
			lossless_add(&st->lossless, step->tok[i].pit);
		}
	add_expected(st, targets, step->emitted);
}

void
stats_add_overlap(struct stats *st, const struct spec_step *step,
    const struct spec_targets *targets, int recorded)
{
	int i;

	for (i = 0; i < step->tested; i++)
		st->sum_overlap_tested += recorded ? step->beta[i] : 1.0 - step->resid[i];
	if (recorded)
		st->sum_overlap_first += step->beta[0];
	else if (step->tested > 0)
		st->sum_overlap_first += 1.0 - step->resid[0];
	else
		st->sum_overlap_first += pdist_overlap(&targets->p[0], &targets->q[0]);
}

void
stats_add_ref_step(struct stats *st, const int *ids, int count)
{
	int i;

	for (i = 0; i < count; i++)
		st->ref_hist[ids[i]]++;
	st->ref_tokens += (uint64_t)count;
	st->sum_sq_ref += sum_sq_counts(ids, count);
	st->sum_n2_ref += (double)count * (double)count;
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
stats_overlap(const struct stats *st)
{
	return ratio(st->sum_overlap_first, (double)st->steps);
}

double
stats_overlap_tested(const struct stats *st)
{
	return ratio(st->sum_overlap_tested, (double)st->tested);
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
stats_draft_acceptance_rate(const struct stats *st)
{
	return ratio((double)st->accepted, (double)st->drafted);
}

double
stats_vllm_acceptance_length(const struct stats *st)
{
	return 1.0 + ratio((double)st->accepted, (double)(st->steps - st->gamma_hist[0]));
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

void
stats_tok_at(const struct stats *st, double *tok)
{
	int g;

	for (g = 0; g <= SPEC_GAMMA_MAX; g++)
		tok[g] = st->steps > 0 ? st->sum_tok_at[g] / (double)st->steps : 1.0;
}

double
stats_closed_form_per_step(const struct stats *st)
{
	return ratio(st->sum_closed_step, (double)st->steps);
}

double
stats_closed_form_per_step_stderr(const struct stats *st)
{
	double n = (double)st->steps, mean, var;

	if (n < 2.0)
		return 0.0;
	mean = st->sum_dev_step / n;
	var = (st->sum_dev2_step - n * mean * mean) / (n - 1.0);
	/* A count whose expectation is not a whole number varies at least by
	 * f (1 - f): the spread of rare events not yet seen is not zero. */
	if (var < st->sum_var_floor_step / n)
		var = st->sum_var_floor_step / n;
	return var > 0.0 ? sqrt(var / n) : 0.0;
}

double
stats_accept_rate_uncond_at(const struct stats *st, int k)
{
	if (k < 0 || k >= SPEC_GAMMA_MAX)
		return 0.0;
	return ratio((double)st->accepted_at[k], (double)st->steps);
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

/* Exchangeable ids: Var(X_x) = sum over steps of E c_{s,x}^2 - (n_s / V)^2, pooled
 * over ids and both streams. */
static double
pooled_variance(const struct stats *st)
{
	double v = (double)st->vocab;
	double sq = st->sum_sq_spec + st->sum_sq_ref;
	double lambda = (sq - (st->sum_n2_spec + st->sum_n2_ref) / v) / (2.0 * v);

	return lambda > 0.0 ? lambda : 0.0;
}

/* Other sources: e (1 - e / N) per id, with e the exact expected count. */
static struct tv_null
expected_null(const struct stats *st, double n)
{
	double *lambda = xreallocarray(NULL, st->vocab, sizeof *lambda);
	double *share = xreallocarray(NULL, st->vocab, sizeof *share);
	struct tv_null r;
	size_t i;

	pdist_counts_values(&st->expected, lambda);
	for (i = 0; i < st->vocab; i++) {
		share[i] = lambda[i] / n;
		lambda[i] = fmax(0.0, lambda[i] * (1.0 - lambda[i] / n));
	}
	r = tv_null_of(lambda, share, 0.0, st->vocab, n);
	free(lambda);
	free(share);
	return r;
}

struct tv_null
stats_tv_null(const struct stats *st)
{
	static const struct tv_null none;
	double n = (double)st->tokens;

	if (st->tokens == 0 || st->ref_tokens == 0)
		return none;
	if (st->exchangeable)
		return tv_null_of(NULL, NULL, pooled_variance(st), st->vocab, n);
	return expected_null(st, n);
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

double
stats_draw_share(const struct stats *st)
{
	double n = (double)st->tokens, sq = 0.0, pooled, share;
	double *e;
	size_t i;

	if (st->tokens == 0)
		return 1.0;
	e = xreallocarray(NULL, st->vocab, sizeof *e);
	pdist_counts_values(&st->expected, e);
	for (i = 0; i < st->vocab; i++)
		sq += (e[i] / n) * (e[i] / n);
	free(e);
	pooled = 1.0 - sq;
	if (!(pooled > 1e-12))
		return 1.0;
	share = (1.0 - st->sum_p_emitted / n) / pooled;
	return share < 0.0 ? 0.0 : share;
}

double
stats_id_p(const struct stats *st, size_t *tested)
{
	double *e = xreallocarray(NULL, st->vocab, sizeof *e), least = 1.0;
	size_t i;

	*tested = 0;
	pdist_counts_values(&st->expected, e);
	for (i = 0; i < st->vocab; i++) {
		double pv;

		if (e[i] <= 0.0 && st->spec_hist[i] > 0)
			pv = 0.0;	/* emitted where the target gives 0 */
		else if (e[i] < STATS_ID_MIN_EXPECTED)
			continue;
		else
			pv = chisq_poisson_two_sided(st->spec_hist[i], e[i]);
		++*tested;
		least = pv < least ? pv : least;
	}
	free(e);
	return fmin(1.0, least * (double)(*tested > 0 ? *tested : 1));
}

void
stats_add_tree(struct stats *st, const struct spec_tree *tree)
{
	int v;

	calibration_add(&st->calibration, tree);
	for (v = 1; v < tree->n; v++) {
		const struct spec_tree_node *nd = &tree->node[v];

		if (!nd->tested || nd->rank >= TREE_RANKS)
			continue;
		st->tested_rank[nd->rank]++;
		st->accepted_rank[nd->rank] += nd->outcome == SPEC_ACCEPTED;
	}
}

double
stats_accept_rate_rank(const struct stats *st, int k)
{
	if (k < 0 || k >= TREE_RANKS || st->tested_rank[k] == 0)
		return 0.0;
	return (double)st->accepted_rank[k] / (double)st->tested_rank[k];
}

void
stats_add_vocab(struct stats *st, double naive, double tli, double beta)
{
	st->vocab_pair.steps++;
	st->vocab_pair.naive += naive;
	st->vocab_pair.tli += tli;
	st->vocab_pair.var += beta * (1.0 - beta);
}

double
stats_vocab_naive(const struct stats *st)
{
	return ratio(st->vocab_pair.naive, (double)st->vocab_pair.steps);
}

double
stats_vocab_tli(const struct stats *st)
{
	return ratio(st->vocab_pair.tli, (double)st->vocab_pair.steps);
}

double
stats_vocab_stderr(const struct stats *st)
{
	return ratio(sqrt(st->vocab_pair.var), (double)st->vocab_pair.steps);
}

void
stats_add_copy(struct stats *st, int drafted, int accepted)
{
	st->copy.steps++;
	st->copy.found += drafted > 0;
	st->copy.drafted += (uint64_t)drafted;
	st->copy.accepted += (uint64_t)accepted;
}
