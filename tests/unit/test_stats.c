/* test_stats.c: counters, rates, histograms and derived figures from known records. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "util/rng.h"
#include "dist/dist.h"
#include "sim/sim.h"
#include "source/stub/source_stub.h"
#include "stats/stats.h"
#include "lib/tap.h"
#include "stats/theory.h"

static const double P[3] = { 0.5, 0.3, 0.2 };
static const double Q[3] = { 0.2, 0.3, 0.5 };

static void
add_token(struct spec_step *s, int id, enum spec_outcome o)
{
	s->tok[s->ntok].id = id;
	s->tok[s->ntok].outcome = o;
	s->ntok++;
}

/* Step A: gamma 2, both accepted, bonus: emits 3. Step B: first draft rejected,
 * residual: emits 1. */
static void
make_steps(struct spec_step *a, struct spec_step *b)
{
	memset(a, 0, sizeof *a);
	memset(b, 0, sizeof *b);
	a->gamma = b->gamma = 2;
	add_token(a, 0, SPEC_ACCEPTED);
	add_token(a, 1, SPEC_ACCEPTED);
	add_token(a, 0, SPEC_BONUS);
	a->accepted = a->tested = 2;
	a->emitted = 3;
	a->beta[0] = a->beta[1] = 0.7;
	add_token(b, 2, SPEC_REJECTED);
	add_token(b, 0, SPEC_RESIDUAL);
	b->tested = 1;
	b->emitted = 1;
	b->beta[0] = 0.5;
}

static void
test_counters(void)
{
	struct spec_targets t;
	struct spec_step a, b;
	struct stats st;
	double d1, d2;

	t.p[0] = t.p[1] = t.p[2] = pdist_dense(P, 3);
	tap_ok(stats_init(&st, 3, 2) == 0, "stats_init");
	make_steps(&a, &b);
	stats_add_step(&st, &a, &t);
	stats_add_step(&st, &b, &t);
	tap_ok(st.steps == 2 && st.tokens == 4 && st.drafted == 4 && st.tested == 3 &&
	    st.accepted == 2, "steps 2, tokens 4, drafted 4, tested 3, accepted 2");
	tap_near(stats_alpha_hat(&st), 2.0 / 3.0, 1e-15, "alpha-hat = accepted / tested");
	tap_near(stats_alpha_overlap(&st), 0.6, 1e-15, "overlap alpha: mean over steps");
	tap_near(stats_alpha_overlap_tested(&st), (0.7 + 0.7 + 0.5) / 3.0, 1e-15,
	    "overlap alpha: mean over tested positions");
	tap_near(stats_alpha_stderr(&st), sqrt(0.21 + 0.21 + 0.25) / 3.0, 1e-15,
	    "standard error from sum b(1 - b)");
	tap_near(stats_tok_per_step(&st), 2.0, 0.0, "tokens per step counts the residual/bonus");
	tap_near(stats_closed_form(&st), theory_tok_per_step(2.0 / 3.0, 2), 1e-15,
	    "closed form at alpha-hat");
	tap_near(stats_closed_form_per_step(&st),
	    0.5 * (theory_tok_per_step(0.7, 2) + theory_tok_per_step(0.5, 2)), 1e-15,
	    "closed form averaged over steps");
	tap_ok(st.tok_hist[0] == 1 && st.tok_hist[1] == 0 && st.tok_hist[2] == 1 &&
	    st.max_tok_per_step == 3, "tokens-per-step histogram and max");
	tap_near(stats_accept_rate_at(&st, 0), 0.5, 0.0, "position 1: 1 of 2 accepted");
	tap_near(stats_accept_rate_at(&st, 1), 1.0, 0.0, "position 2: 1 of 1 accepted");
	tap_near(stats_accept_rate_uncond_at(&st, 0), 0.5, 0.0, "position 1: 1 accepted in 2 steps");
	tap_near(stats_accept_rate_uncond_at(&st, 1), 0.5, 0.0,
	    "position 2: 1 accepted in 2 steps (no selection)");
	d1 = 3.0 - theory_tok_per_step(0.7, 2);
	d2 = 1.0 - theory_tok_per_step(0.5, 2);
	tap_near(stats_closed_form_per_step_stderr(&st), fabs(d1 - d2) / 2.0, 1e-12,
	    "per-step standard error: sd of tokens - f(beta) over sqrt(steps)");
	tap_near(st.sum_sq_spec, (1.0 + 4.0) + 1.0, 0.0,
	    "squared counts per step: ids 0, 1, 0 give 4 + 1; the residual step 1");
	tap_ok(st.spec_hist[0] == 3 && st.spec_hist[1] == 1 && st.spec_hist[2] == 0,
	    "output histogram leaves the rejected draft out");
	tap_near(pdist_counts_at(&st.expected, 0), 4 * 0.5, 1e-15, "expected count: tokens x p");
	tap_near(pdist_counts_at(&st.expected, 2), 4 * 0.2, 1e-15, "expected count of the rejected token");
	stats_reset(&st, 3);
	tap_ok(st.steps == 0 && st.tokens == 0 && st.spec_hist[0] == 0 &&
	    pdist_counts_at(&st.expected, 0) == 0.0 &&
	    st.gamma == 3 && st.tok_hist[2] == 0, "reset clears everything, keeps the buffers");
	tap_near(stats_alpha_hat(&st) + stats_tok_per_step(&st) + stats_tv(&st), 0.0, 0.0,
	    "empty segment: figures are 0, not NaN");
	stats_free(&st);
}

/* A step's own expected tokens by position: betas .9 and .5 tested, the last
 * one carried on past them. Worked by hand: 1 + .9, + .9 x .5, + .9 x .5 x .5. */
static void
test_step_tok_at(void)
{
	struct spec_step s;
	double tok[4];

	memset(&s, 0, sizeof s);
	s.gamma = 4;
	s.tested = 2;
	s.beta[0] = 0.9;
	s.beta[1] = 0.5;
	s.beta[2] = 0.1;	/* untested: not read */
	stats_step_tok_at(&s, tok, 4);
	tap_ok(fabs(tok[0] - 1.9) < 1e-15 && fabs(tok[1] - 2.35) < 1e-15 &&
	    fabs(tok[2] - 2.575) < 1e-15 && fabs(tok[3] - 2.6875) < 1e-15,
	    "a step's tokens at g = 1..4: 1.9 2.35 2.575 2.6875 (%g %g %g %g)",
	    tok[0], tok[1], tok[2], tok[3]);
}

/* 1 + b + ... + b^g by repeated products, written out here: the test's own. */
static double
power_sum(double b, int g)
{
	double sum = 0.0, term = 1.0;
	int i;

	for (i = 0; i <= g; i++, term *= b)
		sum += term;
	return sum;
}

/* Two pairs served in turn, overlaps .95 (p .5 .5, q .55 .45) and .5 (p .75 .25,
 * q .25 .75), c = .1: the optimum maximises the mean of the two steps' own
 * closed forms over 1 + .1 g, found here by enumeration: 12 (2.667x), where
 * Theorem 3.8 at the mean overlap .725 says 4 (2.08x). */
static void
test_optimum_two_pairs(void)
{
	static const double p1[2] = { 0.5, 0.5 }, q1[2] = { 0.55, 0.45 };
	static const double p2[2] = { 0.75, 0.25 }, q2[2] = { 0.25, 0.75 };
	struct fixed_pair pair = { .p = p1, .q = q1 };
	struct sim_params par = { .gamma = 3, .seed = 5, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	struct sim_figures fig;
	struct source src;
	struct sim sim;
	double s, top = 0.0, tok[SPEC_GAMMA_MAX + 1];
	int i, g, best = 0, thm = 0;

	for (g = 1; g <= SPEC_GAMMA_MAX; g++)
		if ((s = 0.5 * (power_sum(0.95, g) + power_sum(0.5, g)) / (1.0 + 0.1 * g)) >
		    top) {
			top = s;
			best = g;
		}
	for (g = 1, s = 0.0; g <= SPEC_GAMMA_MAX; g++)
		if (power_sum(0.725, g) / (1.0 + 0.1 * g) > s) {
			s = power_sum(0.725, g) / (1.0 + 0.1 * g);
			thm = g;
		}
	tap_ok(best == 12 && thm == 4 && fabs(top - 2.6665714) < 1e-6,
	    "by enumeration: optimum 12 (%.4fx), Theorem 3.8 at the mean says %d", top, thm);
	fixed_source_open(&src, &pair, 2);
	if (!tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open"))
		return;
	for (i = 0; i < 1000; i++) {
		pair.p = i % 2 ? p2 : p1;
		pair.q = i % 2 ? q2 : q1;
		sim_step(&sim);
	}
	stats_tok_at(&sim.stats, tok);
	tap_near(tok[11], 0.5 * (power_sum(0.95, 12) + power_sum(0.5, 12)), 1e-12,
	    "mean tokens at g 12 over the steps: the mean of the two closed forms");
	tap_near(tok[SPEC_GAMMA_MAX], 0.5 * (power_sum(0.95, 33) + power_sum(0.5, 33)),
	    1e-12, "and at g 33, for the 32+ decision");
	sim_figures(&sim, &fig);
	tap_eq(fig.optimum.gamma, best, "the simulation's optimum is the enumeration's");
	tap_near(fig.optimum.speedup, top, 1e-12, "and its speedup");
	tap_ok(!fig.optimum.at_limit && fig.optimum.speculate, "inside the range");
	sim_close(&sim);
}

static void
test_tv_and_chi2(void)
{
	struct stats st;
	int i;

	stats_init(&st, 3, 1);
	for (i = 0; i < 100; i++)
		stats_add_ref_step(&st, &(int){ i % 2 }, 1);
	st.spec_hist[0] = 50;
	st.spec_hist[2] = 50;
	tap_near(stats_tv(&st), 0.5, 1e-15, "TV between spec and reference histograms");
	st.expected.sum[0] = 50.0;
	st.expected.sum[1] = 25.0;
	st.expected.sum[2] = 25.0;
	tap_near(stats_chi2(&st).statistic, 0.0 + 25.0 + 25.0, 1e-12, "chi2 statistic");
	tap_eq(stats_chi2(&st).df, 2, "chi2 degrees of freedom");
	stats_free(&st);
}

/* The TV null: 0 when empty; from the expected counts e (1 - e / N) per id for a
 * source with distinguishable ids, and its mean is the mean TV of independent
 * sample pairs; pooled from the per-step squared counts for exchangeable ids. */
static void
test_tv_noise(void)
{
	static const double p[4] = { 0.4, 0.3, 0.2, 0.1 };
	double lambda[4], share[4], mean = 0.0, sq = 0.0, sd;
	struct tv_null want;
	struct stats st;
	struct rng rng;
	int i, k, rep;

	stats_init(&st, 4, 1);
	tap_near(stats_tv_null(&st).mean, 0.0, 0.0, "TV noise: 0 without tokens");
	for (i = 0; i < 4; i++) {
		st.expected.sum[i] = p[i] * 400.0;
		lambda[i] = 400.0 * p[i] * (1.0 - p[i]);
		share[i] = p[i];
	}
	st.tokens = st.ref_tokens = 400;
	want = tv_null_of(lambda, share, 0.0, 4, 400.0);
	tap_near(stats_tv_null(&st).mean, want.mean, 1e-15, "TV null from e (1 - e / N) per id");
	rng_seed(&rng, 7, 0);
	for (rep = 0; rep < 2000; rep++) {
		stats_reset(&st, 1);
		for (k = 0; k < 400; k++) {
			st.spec_hist[rng_categorical(&rng, p, 4, 1.0)]++;
			stats_add_ref_step(&st, &(int){ (int)rng_categorical(&rng, p, 4, 1.0) }, 1);
		}
		mean += stats_tv(&st) / 2000.0;
		sq += stats_tv(&st) * stats_tv(&st) / 2000.0;
	}
	tap_ok(fabs(mean - want.mean) < 0.03 * mean,
	    "mean TV of 2000 pairs of 400-token samples %.4f within 3%% of the null %.4f",
	    mean, want.mean);
	sd = sqrt(sq - mean * mean);
	tap_ok(fabs(sd - want.sd) < 0.06 * sd,
	    "sd of their TV %.5f within 6%% of the null's %.5f", sd, want.sd);
	stats_reset(&st, 1);
	st.exchangeable = 1;
	st.tokens = st.ref_tokens = 100;
	st.sum_sq_spec = st.sum_sq_ref = st.sum_n2_spec = st.sum_n2_ref = 100.0;
	tap_near(stats_tv_null(&st).mean, tv_null_of(NULL, NULL, 100.0 / 4.0 * 0.75, 4, 100.0).mean,
	    1e-15, "exchangeable ids, one token a step: lambda = N/V (1 - 1/V)");
	st.sum_sq_spec = st.sum_sq_ref = 300.0;	/* 50 steps of two equal tokens */
	st.sum_n2_spec = st.sum_n2_ref = 200.0;
	tap_near(stats_tv_null(&st).mean, tv_null_of(NULL, NULL, (300.0 - 50.0) / 4.0, 4, 100.0).mean,
	    1e-15, "tokens of one step that repeat an id raise the variance");
	stats_free(&st);
}

/* The test by id: counts 40 and 60 where 25 and 75 are expected: each id's
 * two-sided Poisson tail summed here from the pmf, the least times 2 ids. */
static void
test_id_p(void)
{
	double lo = 0.0, hi = 0.0, want;
	struct stats st;
	size_t tested;
	int k;

	for (k = 0; k <= 60; k++)
		lo += exp(-75.0 + k * log(75.0) - lgamma(k + 1.0));
	for (k = 0; k < 40; k++)
		hi += exp(-25.0 + k * log(25.0) - lgamma(k + 1.0));
	want = 2.0 * fmin(2.0 * lo, 2.0 * (1.0 - hi));
	stats_init(&st, 3, 1);
	st.expected.sum[0] = 25.0;
	st.expected.sum[1] = 75.0;
	st.expected.sum[2] = 4.0;	/* under 5: not tested */
	st.spec_hist[0] = 40;
	st.spec_hist[1] = 60;
	st.spec_hist[2] = 0;
	tap_near(stats_id_p(&st, &tested) / want, 1.0, 1e-9, "by id: Poisson tails, Bonferroni");
	tap_ok(tested == 2, "by id: ids expecting 5 or more tested (%zu)", tested);
	st.expected.sum[2] = 0.0;
	st.spec_hist[2] = 1;
	tap_near(stats_id_p(&st, &tested), 0.0, 0.0, "by id: a token the targets never give");
	stats_free(&st);
}

/* The draw share, by hand: 100 tokens, expected shares 1/2 and 1/2 (pooled
 * collision probability 1/2); the emitted tokens' own target probabilities
 * sum to 50 (each drawn from (1/2, 1/2): share 1), 100 (point masses: 0) or
 * 75 ((1 - 0.75) / (1 - 0.5) = 0.5). */
static void
test_draw_share(void)
{
	struct stats st;

	stats_init(&st, 2, 1);
	tap_near(stats_draw_share(&st), 1.0, 0.0, "draw share: 1 before data");
	st.tokens = 100;
	st.expected.sum[0] = st.expected.sum[1] = 50.0;
	st.sum_p_emitted = 50.0;
	tap_near(stats_draw_share(&st), 1.0, 1e-12, "draw share: one fixed law");
	st.sum_p_emitted = 100.0;
	tap_near(stats_draw_share(&st), 0.0, 1e-12, "draw share: point masses");
	st.sum_p_emitted = 75.0;
	tap_near(stats_draw_share(&st), 0.5, 1e-12, "draw share: halfway");
	stats_free(&st);
}

static void
test_sim_segments(void)
{
	struct fixed_pair pair = { .p = P, .q = Q };
	struct sim_params par = { .gamma = 4, .noise = 0.3, .seed = 9, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	struct sim_figures f;
	struct source src;
	struct sim sim;
	int i;

	fixed_source_open(&src, &pair, 3);
	tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open");
	for (i = 0; i < 300; i++)
		sim_step(&sim);
	tap_ok(sim.stats.steps == 300 && sim.steps_total == 300 && sim.stats.ref_tokens ==
	    sim.stats.tokens, "300 steps; the reference stream keeps pace token for token");
	tap_ok(sim_recent(&sim, 0)->number == 300 && sim_recent(&sim, 255)->number == 45 &&
	    sim_recent(&sim, 256) == NULL, "the ring keeps the last 256 steps, newest first");
	sim_set_gamma(&sim, 7);
	tap_ok(sim.stats.steps == 0 && sim.stats.gamma == 7 && sim.segment == 2,
	    "changing gamma starts a new segment");
	sim_set_gamma(&sim, 99);
	tap_eq(sim.par.gamma, SPEC_GAMMA_MAX, "gamma is clamped to 32");
	sim_set_noise(&sim, -1.0);
	tap_ok(sim.par.noise == 0.0 && sim.segment == 4, "noise clamped to 0, new segment");
	sim_step(&sim);
	sim_set_costs(&sim, 20.0, 2.0);
	tap_ok(sim.stats.steps == 1, "changing costs keeps the statistics");
	sim_figures(&sim, &f);
	tap_near(f.cost_ratio, 0.1, 1e-15, "c = D / T");
	tap_near(f.target_rate, 50.0, 1e-12, "20 ms target: 50 tok/s");
	sim_close(&sim);
}

static void
test_sim_open_clamps(void)
{
	struct fixed_pair pair = { .p = P, .q = Q };
	struct sim_params par = { .gamma = 99, .noise = -2.0, .seed = 1, .target_ms = 0.0,
	    .draft_ms = -5.0 };
	struct source src;
	struct sim sim;

	fixed_source_open(&src, &pair, 3);
	tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open with parameters out of range");
	tap_ok(sim.par.gamma == SPEC_GAMMA_MAX && sim.par.noise == 0.0 &&
	    sim.par.target_ms == SIM_TARGET_MS_MIN && sim.par.draft_ms == 0.0 &&
	    sim.stats.gamma == SPEC_GAMMA_MAX, "are clamped as the setters clamp them");
	sim_step(&sim);
	tap_ok(sim.stats.max_tok_per_step <= SPEC_GAMMA_MAX + 1, "and a step stays in bounds");
	sim_close(&sim);
}

int
main(void)
{
	test_counters();
	test_step_tok_at();
	test_optimum_two_pairs();
	test_tv_and_chi2();
	test_tv_noise();
	test_id_p();
	test_draw_share();
	test_sim_segments();
	test_sim_open_clamps();
	return tap_done();
}
