/* test_theory.c: closed forms at known points and limits; the chi-square tail. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "stats/chisq.h"
#include "stats/ratio_bm.h"
#include "stats/student_t.h"
#include "stats/ratio_est.h"
#include "util/rng.h"
#include "lib/tap.h"
#include "stats/theory.h"

/* Batch means on a hand case: 1, 2, 3, 4 (y = 1) are four batches of one step,
 * R = 2.5, d = -1.5 -.5 .5 1.5, s_d^2 = 5/3, so the half-width is
 * t(3) sqrt(4 x 5/3) / 4 (the plain mean's s / sqrt(n)); and 64 steps merge into 32 batches of two. */
static void
test_batch_means_hand(void)
{
	struct ratio_bm r;
	int i;

	memset(&r, 0, sizeof r);
	for (i = 1; i <= 4; i++)
		ratio_bm_add(&r, (double)i, 1.0);
	tap_near(ratio_bm_value(&r), 2.5, 0.0, "batch means: the ratio of the sums");
	tap_near(ratio_bm_ci95(&r) / student_t975(3), sqrt(20.0 / 3.0) / 4.0, 1e-15,
	    "four batches of one: sqrt(4 x 5/3) / 4 times t(3)");
	tap_ok(fabs(student_t975(31) - 2.039513) < 1e-5 && fabs(student_t975(10) -
	    2.228139) < 1e-5 && fabs(student_t975(1000000000L) - 1.959964) < 1e-6,
	    "t 97.5%% points at 10, 31 and infinite df: 2.228139 2.039513 1.959964 "
	    "(tables)");
	for (i = 5; i <= 64; i++)
		ratio_bm_add(&r, (double)i, 1.0);
	tap_ok(r.full == 32 && r.size == 2 && r.bx[0] == 3.0 && r.bx[31] == 127.0 &&
	    r.by[5] == 2.0, "64 steps: 32 batches of two (1+2 = 3 ... 63+64 = 127)");
}

/* An AR(1) series x_t = mu + phi (x_{t-1} - mu) + e_t, e_t ~ N(0, 1), started in
 * its stationary law: the variance of its sum over n steps is
 * g0 (n + 2 sum_{k<n} (n - k) phi^k), g0 = 1 / (1 - phi^2), computed here. Over
 * many series the batch-means interval must match that variance and cover mu
 * 95% of the time; the delta method (independent steps) is far too narrow. */
#define AR_SERIES 400
#define AR_N 16384
#define AR_PHI 0.8

static double
ar1_var_mean(double phi, int n)
{
	double g0 = 1.0 / (1.0 - phi * phi), sum = (double)n, pk = 1.0;
	int k;

	for (k = 1; k < n; k++) {
		pk *= phi;
		sum += 2.0 * (double)(n - k) * pk;
	}
	return g0 * sum / ((double)n * (double)n);
}

static void
test_batch_means_ar1(void)
{
	struct rng rng;
	struct ratio_bm bm;
	struct ratio_est iid;
	double want = ar1_var_mean(AR_PHI, AR_N), x, h, var_sum = 0.0;
	int s, t, cover_bm = 0, cover_iid = 0;

	rng_seed(&rng, 2026, 16);
	for (s = 0; s < AR_SERIES; s++) {
		memset(&bm, 0, sizeof bm);
		memset(&iid, 0, sizeof iid);
		x = rng_normal(&rng) / sqrt(1.0 - AR_PHI * AR_PHI);
		for (t = 0; t < AR_N; t++) {
			ratio_bm_add(&bm, 3.0 + x, 1.0);
			ratio_est_add(&iid, 3.0 + x, 1.0);
			x = AR_PHI * x + rng_normal(&rng);
		}
		h = ratio_bm_ci95(&bm) / student_t975(bm.full - 1);
		var_sum += h * h;
		cover_bm += fabs(ratio_bm_value(&bm) - 3.0) <= ratio_bm_ci95(&bm);
		cover_iid += fabs(ratio_est_value(&iid) - 3.0) <= ratio_est_ci95(&iid);
	}
	tap_ok(fabs(var_sum / AR_SERIES / want - 1.0) < 0.1, "AR(1), phi .8: the "
	    "batch-means variance of the mean %.4g against the exact %.4g",
	    var_sum / AR_SERIES, want);
	tap_ok(cover_bm >= 368 && cover_bm <= 392,
	    "AR(1): the batch-means interval covers mu in %d of %d series (95%%: 368-392)",
	    cover_bm, AR_SERIES);
	tap_ok(cover_iid < 240, "AR(1): the delta method for independent steps covers "
	    "only %d of %d", cover_iid, AR_SERIES);
}

static void
test_tok_per_step(void)
{
	tap_near(theory_tok_per_step(0.7, 4), (1 - pow(0.7, 5)) / 0.3, 1e-12,
	    "E[tok/step] at a=0.7, g=4 (the notebook's 2.77)");
	tap_near(theory_tok_per_step(1.0, 4), 5.0, 0.0, "a = 1 gives the limit g + 1");
	tap_near(theory_tok_per_step(1.0 - 1e-12, 32), 33.0, 1e-8, "a -> 1 approaches g + 1");
	tap_near(theory_tok_per_step(0.0, 7), 1.0, 0.0, "a = 0 gives one token per step");
	tap_near(theory_tok_per_step(0.889, 4), (1 - pow(0.889, 5)) / (1 - 0.889), 1e-12,
	    "E[tok/step] at the stub's measured alpha");
}

static void
test_speedup_ops(void)
{
	tap_near(theory_speedup(0.8, 4, 0.1), 3.3616 / 1.4, 1e-12, "Theorem 3.8 at a=0.8 g=4 c=0.1");
	tap_near(theory_speedup(0.0, 3, 0.0), 1.0, 0.0, "free draft, no acceptance: no gain");
	tap_near(theory_ops(0.8, 4, 0.1), (4 * 0.1 + 4 + 1) / 3.3616, 1e-12,
	    "Theorem 3.11 at a=0.8 g=4 c=0.1");
	tap_near(theory_ops(1.0, 4, 0.0), 1.0, 0.0, "perfect free draft: no extra ops");
}

static void
test_optimal_gamma(void)
{
	tap_eq(theory_optimal_gamma(0.8, 0.1, 32), 6, "optimal gamma a=0.8 c=0.1");
	tap_eq(theory_optimal_gamma(0.9, 0.1, 32), 10, "optimal gamma a=0.9 c=0.1");
	tap_eq(theory_optimal_gamma(0.7, 0.05, 32), 6, "optimal gamma a=0.7 c=0.05");
	tap_eq(theory_optimal_gamma(0.5, 0.2, 32), 1, "a tie (g=1 and g=2 both 1.25x) takes the smaller");
	tap_eq(theory_optimal_gamma(0.0, 0.1, 32), 1, "a = 0: the shortest draft");
	tap_eq(theory_optimal_gamma(1.0, 0.0, 12), 12, "a = 1, free draft: the longest allowed");
}

static void
test_pmf(void)
{
	double sum = 0.0, mean = 0.0;
	int n;

	for (n = 1; n <= 5; n++) {
		sum += theory_tok_pmf(0.7, 4, n);
		mean += n * theory_tok_pmf(0.7, 4, n);
	}
	tap_near(sum, 1.0, 1e-15, "truncated geometric pmf sums to 1");
	tap_near(mean, theory_tok_per_step(0.7, 4), 1e-12, "its mean is the closed form");
	tap_near(theory_tok_pmf(0.7, 4, 5), pow(0.7, 4), 1e-15, "P(g + 1) = a^g");
	tap_near(theory_tok_pmf(0.7, 4, 6), 0.0, 0.0, "P(n > g + 1) = 0");
}

static void
test_costs(void)
{
	tap_near(theory_target_rate(10.0), 100.0, 1e-12, "10 ms per forward: 100 tok/s");
	tap_near(theory_spec_rate_verify(4.0, 4, 10.0, 1.0, 0.0), 4000.0 / 14.0, 1e-9,
	    "4 tok/step at 10 + 4 x 1 ms");
}

/* The speedup from the times themselves: target T = 1 per forward, k T more per
 * drafted position verified, c T per drafted token; E[tokens] as a sum of the pmf. */
static double
brute_speedup(double a, int g, double c, double k)
{
	double tokens = 0.0;
	int n;

	for (n = 1; n <= g + 1; n++)
		tokens += n * theory_tok_pmf(a, g, n);
	return tokens / (1.0 + k * g + c * g);
}

static void
test_verify_cost(void)
{
	static const double alphas[] = { 0.0, 0.3, 0.6, 0.8, 0.9, 0.97, 1.0 };
	static const double cs[] = { 0.0, 0.02, 0.1, 0.5 };
	static const double ks[] = { 0.0, 0.01, 0.05, 0.2, 1.0 };
	struct theory_optimum o;
	size_t i, j, l;
	int g, best, bad = 0, cases = 0;
	double s, top;

	for (i = 0; i < sizeof alphas / sizeof alphas[0]; i++)
		for (j = 0; j < sizeof cs / sizeof cs[0]; j++)
			for (l = 0; l < sizeof ks / sizeof ks[0]; l++) {
				top = -1.0;
				best = 1;
				for (g = 1; g <= 32; g++)
					if ((s = brute_speedup(alphas[i], g, cs[j], ks[l])) >
					    top * (1.0 + 1e-12)) {
						top = s;
						best = g;
					}
				theory_optimum(alphas[i], cs[j], ks[l], 32, &o);
				bad += o.gamma != best || fabs(o.speedup - top) > 1e-12 * top ||
				    o.speculate != (top > 1.0 + 1e-12);
				cases++;
			}
	tap_ok(bad == 0, "verify cost: the optimum is the brute-force maximum (%d of %d "
	    "cases differ)", bad, cases);
	tap_near(theory_speedup_verify(0.8, 4, 0.1, 0.05), 3.3616 / 1.6, 1e-12,
	    "a step costs 1 + g (c + k) forwards");
	tap_near(theory_spec_rate_verify(4.0, 4, 10.0, 1.0, 0.05), 4000.0 / 16.0, 1e-9,
	    "4 tok/step at 10 (1 + 0.2) + 4 x 1 ms");
	theory_optimum(1.0, 0.0, 0.0, 32, &o);
	tap_ok(o.gamma == 32 && o.at_limit && o.speculate, "a = 1, all free: 32+");
	theory_optimum(0.9, 0.1, 0.0, 32, &o);
	tap_ok(o.gamma == 10 && !o.at_limit, "an inner optimum is not at the limit");
	theory_optimum(0.2, 1.0, 0.0, 32, &o);
	tap_ok(!o.speculate && o.speedup < 1.0, "every gamma a slowdown: don't speculate");
}

static void
test_optimum_text(void)
{
	struct theory_optimum o = { 6, 2.95, 0, 1 };
	char buf[64];

	tap_ok(strcmp(theory_optimum_text(&o, buf, sizeof buf), "6 (2.950x)") == 0,
	    "optimum in words: '%s'", buf);
	o.gamma = 32;
	o.at_limit = 1;
	tap_ok(strcmp(theory_optimum_text(&o, buf, sizeof buf), "32+ (2.950x)") == 0,
	    "at the limit: '%s'", buf);
	o.speculate = 0;
	tap_ok(strcmp(theory_optimum_text(&o, buf, sizeof buf),
	    "don't speculate (1.00x)") == 0, "no gain: '%s'", buf);
}

static void
test_chisq(void)
{
	tap_near(chisq_sf(3.841458820694124, 1), 0.05, 1e-9, "chi2(1) 95th percentile");
	tap_near(chisq_sf(18.307038053275146, 10), 0.05, 1e-9, "chi2(10) 95th percentile");
	tap_near(chisq_sf(30.1435253, 19), 0.05, 1e-7, "chi2(19) 95th percentile");
	tap_near(chisq_sf(0.0, 5), 1.0, 0.0, "statistic 0: p = 1");
	tap_near(chisq_sf(2.0, 2), exp(-1.0), 1e-12, "chi2(2) tail is exp(-x/2)");
	tap_ok(chisq_sf(1e6, 3) >= 0.0 && chisq_sf(1e6, 3) < 1e-300, "far tail is 0, not NaN");
	tap_near(chisq_sf(1100.0, 1000), 0.0146144081, 1e-8, "chi2(1000) at 1100");
}

/* The tests leave libm's global signgam alone (lgamma writes it: a data race
 * when --sweep's threads test at once), on both sides of the tail. */
static void
test_chisq_no_global(void)
{
	uint64_t seen[2] = { 40, 60 };
	double want[2] = { 50.0, 50.0 };

	signgam = 12345;
	tap_near(chisq_sf(1.0, 5), 0.962565773247, 1e-9, "chi2(5) at 1 (the series side)");
	tap_near(chisq_sf(20.0, 3), 1.6974243555e-4, 1e-13, "chi2(3) at 20 (the fraction side)");
	tap_near(chisq_test(seen, want, 2).p_value, 0.045500263896, 1e-9, "40/60 against 50/50");
	tap_near(chisq_poisson_two_sided(3, 1.0), 2.0 * 0.080301397071, 1e-9,
	    "Poisson(1): twice P(X >= 3)");
	tap_ok(signgam == 12345, "signgam untouched (got %d)", signgam);
}

static void
test_chisq_pooling(void)
{
	const uint64_t obs[4] = { 50, 50, 1, 0 };
	const double exp4[4] = { 50.0, 50.0, 0.5, 0.5 };
	const uint64_t obs5[5] = { 40, 60, 3, 4, 0 };
	const double exp5[5] = { 50.0, 50.0, 2.0, 2.0, 2.0 };
	const uint64_t few[2] = { 1, 2 };
	const double exp_few[2] = { 1.5, 1.5 };
	const uint64_t off[3] = { 0, 40, 0 };
	const double exp_off[3] = { 40.0, 0.0, 0.0 };
	struct chisq_result r = chisq_test(obs, exp4, 4);

	tap_eq(r.df, 1, "a pool expecting < 5 joins the smallest bin: 2 bins, 1 df");
	tap_near(r.statistic, 0.0, 1e-12, "pooled statistic: (51 - 51)^2 / 51 + 0");
	r = chisq_test(obs5, exp5, 5);
	tap_eq(r.df, 2, "a pool expecting 6 stands as its own bin: 3 bins, 2 df");
	tap_near(r.statistic, 2.0 + 2.0 + 1.0 / 6.0, 1e-12, "statistic with the pool of 7 against 6");
	r = chisq_test(few, exp_few, 2);
	tap_eq(r.df, 0, "one pooled bin: nothing to test");
	tap_near(r.p_value, 1.0, 0.0, "and p = 1");
	r = chisq_test(off, exp_off, 3);
	tap_ok(r.impossible == 40 && r.p_value == 0.0 && isfinite(r.statistic),
	    "tokens where nothing was expected: p = 0, counted, statistic finite");
	tap_near(chisq_sf(262143.0, 262143), 0.4996326883, 1e-8,
	    "the tail at a huge df (series long enough)");
}

/* Student's t 97.5% points against the table (Fisher and Yates; any textbook). */
static void
test_t975(void)
{
	static const struct {
		long df;
		double t;
	} table[] = { { 1, 12.7062 }, { 2, 4.3027 }, { 3, 3.1824 }, { 4, 2.7764 },
		{ 5, 2.5706 }, { 9, 2.2622 }, { 10, 2.2281 }, { 30, 2.0423 },
		{ 100, 1.9840 }, { 200, 1.9719 }, { 1000, 1.9623 } };
	size_t i;

	for (i = 0; i < sizeof table / sizeof table[0]; i++)
		tap_ok(fabs(student_t975(table[i].df) - table[i].t) < 6e-5,
		    "t_{0.975,%ld} = %.4f (%.6f)", table[i].df, table[i].t,
		    student_t975(table[i].df));
	tap_near(student_t975(1000000), 1.959966, 1e-5, "t at 10^6 df: the normal's 1.96");
	tap_ok(student_t975(0) == 0.0, "no degrees of freedom: 0");
}

int
main(void)
{
	test_t975();
	test_tok_per_step();
	test_speedup_ops();
	test_optimal_gamma();
	test_batch_means_hand();
	test_batch_means_ar1();
	test_pmf();
	test_costs();
	test_verify_cost();
	test_optimum_text();
	test_chisq();
	test_chisq_pooling();
	test_chisq_no_global();
	return tap_done();
}
