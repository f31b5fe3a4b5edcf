/* test_lossless.c: the uniformity tests of the PIT values (chi-square over equal
 * bins, binned Kolmogorov-Smirnov, their Bonferroni p-value) pass uniform values
 * at the stated rate and catch a small skew; the Skellam moments behind the TV
 * null agree with a brute-force sum over two Poisson laws; the null's variance with
 * the differences summing to 0; the PIT and by-id tests joined at one level. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/lossless.h"
#include "util/rng.h"
#include "lib/tap.h"
#include "stats/tv_null.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static struct lossless l;

static void
test_small_sample_untestable(void)
{
	struct lossless_result r;
	int i;

	memset(&l, 0, sizeof l);
	for (i = 0; i < 99; i++)
		lossless_add(&l, 0.0);
	r = lossless_test(&l);
	tap_ok(!r.testable && r.p_value == 1.0, "99 values are not testable (p = 1, flagged)");
	lossless_add(&l, 0.0);
	r = lossless_test(&l);
	tap_ok(r.testable && r.p_value < 1e-12, "100 zeros are testable and fail: p %.3g",
	    r.p_value);
}

static void
test_hist_and_clamping(void)
{
	uint64_t bins[LOSSLESS_BINS];

	memset(&l, 0, sizeof l);
	lossless_add(&l, -0.5);
	lossless_add(&l, NAN);
	lossless_add(&l, 0.999999);
	lossless_add(&l, 1.0);
	lossless_add(&l, 0.5);
	lossless_hist(&l, bins);
	tap_eq((long long)bins[0], 2, "below 0 and NaN land in the first bin");
	tap_eq((long long)bins[LOSSLESS_BINS - 1], 2, "1 and just below land in the last bin");
	tap_eq((long long)bins[LOSSLESS_BINS / 2], 1, "0.5 lands in the middle bin");
}

/* Uniform values over 1000 seeds: the rate of p < 0.01 is near 1% (the binned
 * KS errs on the side of passing, so at most a little above is a failure). */
static void
test_false_alarm_rate(void)
{
	struct rng r;
	int seed, i, below01 = 0, below001 = 0;

	for (seed = 0; seed < 1000; seed++) {
		struct lossless_result res;

		rng_seed(&r, (uint64_t)seed, 7);
		memset(&l, 0, sizeof l);
		for (i = 0; i < 2000; i++)
			lossless_add(&l, rng_uniform(&r));
		res = lossless_test(&l);
		below01 += res.p_value < 0.01;
		below001 += res.p_value < 0.001;
	}
	tap_ok(below01 <= 20, "uniform values: p < 0.01 in %d of 1000 seeds (<= 20)", below01);
	tap_ok(below001 <= 5, "uniform values: p < 0.001 in %d of 1000 seeds (<= 5)", below001);
}

/* u^1.1 moves the mean from 0.5 to 0.476: 20,000 values see it every time. */
static void
test_power_on_small_skew(void)
{
	struct rng r;
	int seed, i, caught = 0;

	for (seed = 0; seed < 100; seed++) {
		rng_seed(&r, (uint64_t)seed, 9);
		memset(&l, 0, sizeof l);
		for (i = 0; i < 20000; i++)
			lossless_add(&l, pow(rng_uniform(&r), 1.1));
		caught += lossless_test(&l).p_value < 0.001;
	}
	tap_ok(caught >= 95, "u^1.1 over 20,000 values: p < 0.001 in %d of 100 seeds", caught);
}

/* The Bonferroni combination on values placed by hand: 2,000 u's at the centres
 * of the 20 bins, 140 in the first, 60 in the last, 100 in each other. Pearson:
 * (40^2 + 40^2) / 100 = 32 on 19 df, between the tables' 0.05 (30.14) and 0.025
 * (32.85) points. KS: just past the first centre F_n = 0.07 against F = 0.02525
 * (the fine bin's edge, 1/4000 above 0.025), D = 0.04475, the largest gap;
 * sqrt(2000) D = 2.001, P(K > 2.0) = 2 exp(-8) = 0.00067. The verdict is twice
 * the smaller p-value, at most 1. */
static void
test_bonferroni(void)
{
	struct lossless_result r;
	int b, i, n;

	memset(&l, 0, sizeof l);
	for (b = 0; b < LOSSLESS_BINS; b++) {
		n = b == 0 ? 140 : b == LOSSLESS_BINS - 1 ? 60 : 100;
		for (i = 0; i < n; i++)
			lossless_add(&l, (b + 0.5) / LOSSLESS_BINS);
	}
	r = lossless_test(&l);
	tap_near(r.chi2, 32.0, 1e-9, "Pearson over 20 bins: (40^2 + 40^2) / 100 = 32");
	tap_ok(r.chi2_p > 0.025 && r.chi2_p < 0.05, "its p on 19 df between 0.025 and 0.05: %.4f",
	    r.chi2_p);
	tap_near(r.ks, 0.04475, 1e-9, "KS: 0.07 - 0.02525 just past the first centre");
	tap_ok(r.ks_p > 0.0005 && r.ks_p < 0.0008, "its p near 2 exp(-8) = 0.00067: %.5f",
	    r.ks_p);
	tap_near(r.p_value, 2.0 * r.ks_p, 1e-15, "Bonferroni: twice the smaller p (KS's)");
	memset(&l, 0, sizeof l);
	for (i = 0; i < 2000; i++)
		lossless_add(&l, (i + 0.5) / 2000.0);
	r = lossless_test(&l);
	tap_ok(r.chi2 == 0.0 && r.p_value == 1.0, "evenly spread u's: chi2 0, p capped at 1");
}

static void
test_kolmogorov_quantiles(void)
{
	tap_near(lossless_kolmogorov_sf(1.3581), 0.05, 2e-4, "Kolmogorov: P(K > 1.3581) = 0.05");
	tap_near(lossless_kolmogorov_sf(1.9495), 0.001, 2e-5, "Kolmogorov: P(K > 1.9495) = 0.001");
	tap_near(lossless_kolmogorov_sf(0.1), 1.0, 1e-12, "Kolmogorov: P(K > 0.1) = 1");
}

/* E|X - Y| and Var|X - Y| for X, Y ~ Poisson(lambda), summed over both laws. */
static void
brute_skellam(double lambda, double *mean, double *var)
{
	int top = (int)(lambda + 14.0 * sqrt(lambda) + 40.0), a, b;
	double *px = malloc((size_t)(top + 1) * sizeof *px), m = 0.0, m2 = 0.0;

	px[0] = exp(-lambda);
	for (a = 1; a <= top; a++)
		px[a] = px[a - 1] * lambda / a;
	for (a = 0; a <= top; a++)
		for (b = 0; b <= top; b++) {
			m += px[a] * px[b] * abs(a - b);
			m2 += px[a] * px[b] * (double)(a - b) * (a - b);
		}
	free(px);
	*mean = m;
	*var = m2 - m * m;
}

static void
test_skellam_moments(void)
{
	static const double lambdas[] = { 1e-4, 0.01, 0.3, 1.0, 3.7, 3.8, 20.0, 400.0 };
	size_t i;

	for (i = 0; i < sizeof lambdas / sizeof *lambdas; i++) {
		double m, v;

		brute_skellam(lambdas[i], &m, &v);
		tap_near(tv_null_abs_mean(lambdas[i]) / m, 1.0, 1e-6, "E|D| at lambda");
		tap_near(tv_null_abs_var(lambdas[i]) / v, 1.0, 1e-5, "Var|D| at lambda");
	}
	tap_near(tv_null_abs_mean(0.0), 0.0, 0.0, "E|D| = 0 at lambda 0");
}

/* At V = 262,144 and 20,000 tokens a stream, the null mean is near 0.929 (a
 * correct stub run measured 0.930), far above the normal approximation's 0.764. */
static void
test_sparse_tv_null(void)
{
	struct tv_null t = tv_null_of(NULL, NULL, 20000.0 / 262144.0, 262144, 20000.0);

	tap_near(t.mean, 0.929, 0.002, "sparse null mean at V = 262,144, 20,000 tokens");
	tap_ok(t.sd > 0.0 && t.limit > t.mean, "sparse null: sd %.4g, limit above the mean",
	    t.sd);
	t = tv_null_of(NULL, NULL, 1.0, 10, 0.0);
	tap_ok(t.mean == 0.0 && t.limit == 0.0, "no tokens: the null is all zero");
}

/* E|X||Y| - E|X| E|Y| over Var|X| for a standard normal pair of correlation
 * rho, by a midpoint sum over [-8, 8]^2 (the closed form is not used). */
static double
brute_abs_corr(double rho)
{
	const int n = 1600;
	const double h = 16.0 / n, c = sqrt(1.0 - rho * rho);
	double sum = 0.0;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			double x = -8.0 + (i + 0.5) * h, y = -8.0 + (j + 0.5) * h;
			double z = (x * x - 2.0 * rho * x * y + y * y) / (c * c);

			sum += fabs(x * y) * exp(-0.5 * z) / (2.0 * M_PI * c) * h * h;
		}
	return (sum - 2.0 / M_PI) / (1.0 - 2.0 / M_PI);
}

/* The differences of two streams' counts sum to 0: at V = 2, D_1 = -D_2 and
 * Var(|D_1| + |D_2|) = 4 Var|D| (independence would give 2); at V = 3 with
 * equal shares rho = -1/2 for each of the 6 ordered pairs. */
static void
test_constrained_tv_null(void)
{
	static const double half[2] = { 0.5, 0.5 }, skew[2] = { 0.9, 0.1 };
	static const double third[3] = { 1.0 / 3, 1.0 / 3, 1.0 / 3 };
	double lam[3] = { 100.0, 100.0, 100.0 }, v = tv_null_abs_var(100.0);
	double c5 = (sqrt(0.75) + 0.5 * asin(0.5) - 1.0) / (M_PI / 2.0 - 1.0);

	tap_near(tv_null_abs_corr(0.0), 0.0, 1e-15, "corr(|X|, |Y|) at rho 0");
	tap_near(tv_null_abs_corr(-1.0), 1.0, 1e-15, "corr(|X|, |Y|) at rho -1");
	tap_near(tv_null_abs_corr(0.5), 0.2239412, 1e-7, "corr(|X|, |Y|) at rho 1/2, by hand");
	tap_near(tv_null_abs_corr(0.5), brute_abs_corr(0.5), 2e-4,
	    "corr(|X|, |Y|) at rho 1/2, by a sum over the plane");
	tap_near(tv_null_abs_corr(-0.2), brute_abs_corr(-0.2), 2e-4,
	    "corr(|X|, |Y|) at rho -0.2, by a sum over the plane");
	tap_near(tv_null_of(lam, half, 0.0, 2, 400.0).sd, sqrt(4.0 * v) / 800.0, 1e-12,
	    "V = 2, shares 1/2: sd from 4 Var|D|");
	tap_near(tv_null_of(lam, skew, 0.0, 2, 400.0).sd, sqrt(4.0 * v) / 800.0, 1e-12,
	    "V = 2, shares 0.9 and 0.1 (rho -1 still): sd from 4 Var|D|");
	tap_near(tv_null_of(NULL, NULL, 100.0, 2, 400.0).sd, sqrt(4.0 * v) / 800.0, 1e-12,
	    "V = 2 exchangeable: sd from 4 Var|D|");
	tap_near(tv_null_of(NULL, NULL, 100.0, 3, 400.0).sd, sqrt(3.0 * v + 6.0 * v * c5) /
	    800.0, 1e-12, "V = 3 exchangeable: 3 Var|D| + 6 Var|D| corr(1/2)");
	tap_near(tv_null_of(lam, third, 0.0, 3, 400.0).sd, sqrt(3.0 * v + 6.0 * v * c5) /
	    800.0, 1e-6, "V = 3 by shares (the series): the same");
}

static void
test_combine(void)
{
	struct lossless_result r = { .testable = 1, .pit_p = 0.3, .p_value = 0.3 };

	lossless_combine(&r, 0.0004, 20);
	tap_near(r.p_value, 0.0008, 1e-15, "PIT 0.3 and by id 0.0004: 2 x 0.0004");
	lossless_combine(&r, 0.9, 20);
	tap_near(r.p_value, 0.6, 1e-15, "PIT 0.3 and by id 0.9: 2 x 0.3");
	r.testable = 0;
	r.p_value = 1.0;
	lossless_combine(&r, 0.0, 20);
	tap_near(r.p_value, 1.0, 0.0, "untestable: the verdict stays 1");
}

int
main(void)
{
	test_bonferroni();
	test_small_sample_untestable();
	test_hist_and_clamping();
	test_false_alarm_rate();
	test_power_on_small_skew();
	test_kolmogorov_quantiles();
	test_skellam_moments();
	test_sparse_tv_null();
	test_constrained_tv_null();
	test_combine();
	return tap_done();
}
