/* chisq.c: the chi-square test through the regularised upper incomplete gamma Q(a, x). */
#include "config.h"

#include <math.h>

#include "stats/chisq.h"

#define CHISQ_MIN_EXPECTED 5.0
#define GAMMA_EPS 1e-15
#define GAMMA_ITER 1000000	/* convergence ends the loops long before */

/* log Gamma(a) for a > 0. lgamma_r (a GNU and BSD function, declared under
 * config.h's _GNU_SOURCE), not lgamma: lgamma stores the sign in the global
 * signgam, a data race when --sweep's threads test at once. */
static double
log_gamma(double a)
{
	int sign;

	return lgamma_r(a, &sign);
}

/* P(a, x) by its power series; good for x < a + 1. */
static double
gamma_p_series(double a, double x)
{
	double term = 1.0 / a, sum = term, ap = a;
	int i;

	for (i = 0; i < GAMMA_ITER; i++) {
		ap += 1.0;
		term *= x / ap;
		sum += term;
		if (fabs(term) < fabs(sum) * GAMMA_EPS)
			break;
	}
	return sum * exp(-x + a * log(x) - log_gamma(a));
}

/* Q(a, x) by its continued fraction (modified Lentz); good for x >= a + 1. */
static double
gamma_q_fraction(double a, double x)
{
	const double tiny = 1e-300;
	double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
	int i;

	for (i = 1; i <= GAMMA_ITER; i++) {
		double an = -i * (i - a), delta;

		b += 2.0;
		d = an * d + b;
		if (fabs(d) < tiny)
			d = tiny;
		c = b + an / c;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1.0 / d;
		delta = d * c;
		h *= delta;
		if (fabs(delta - 1.0) < GAMMA_EPS)
			break;
	}
	return exp(-x + a * log(x) - log_gamma(a)) * h;
}

double
chisq_sf(double x, int df)
{
	double a = 0.5 * df, hx = 0.5 * x;

	if (df <= 0 || !(x > 0.0))
		return 1.0;
	if (!isfinite(x))
		return 0.0;
	if (hx < a + 1.0)
		return fmax(0.0, 1.0 - gamma_p_series(a, hx));
	return fmin(1.0, gamma_q_fraction(a, hx));
}

/* Bins expecting at least CHISQ_MIN_EXPECTED stand alone; the rest are pooled. */
struct pool {
	double obs, exp;
	size_t smallest;	/* the standalone bin expecting least; n when none */
	double smallest_exp;	/* what it expects */
	int bins;		/* standalone bins */
};

static struct pool
pool_bins(const uint64_t *observed, const double *expected, size_t n,
    uint64_t *impossible)
{
	struct pool pl = { 0.0, 0.0, n, 0.0, 0 };
	size_t i;

	for (i = 0; i < n; i++) {
		double x = expected[i];

		if (x <= 0.0) {
			*impossible += observed[i];
			continue;
		}
		if (x < CHISQ_MIN_EXPECTED) {
			pl.obs += (double)observed[i];
			pl.exp += x;
			continue;
		}
		pl.bins++;
		if (pl.smallest == n || x < pl.smallest_exp) {
			pl.smallest = i;
			pl.smallest_exp = x;
		}
	}
	return pl;
}

static double
pearson_term(double o, double e)
{
	return (o - e) * (o - e) / e;
}

struct chisq_result
chisq_test(const uint64_t *observed, const double *expected, size_t n)
{
	struct chisq_result r = { 0.0, 0, 1.0, 0 };
	struct pool pl = pool_bins(observed, expected, n, &r.impossible);
	int pool_joins = pl.exp > 0.0 && pl.exp < CHISQ_MIN_EXPECTED && pl.smallest < n;
	int bins = pl.bins + (pl.exp > 0.0 && !pool_joins);
	size_t i;

	for (i = 0; i < n; i++) {
		double x = expected[i];

		if (x >= CHISQ_MIN_EXPECTED && !(pool_joins && i == pl.smallest))
			r.statistic += pearson_term((double)observed[i], x);
	}
	if (pool_joins)
		r.statistic += pearson_term((double)observed[pl.smallest] + pl.obs,
		    pl.smallest_exp + pl.exp);
	else if (pl.exp > 0.0)
		r.statistic += pearson_term(pl.obs, pl.exp);
	if (bins >= 2) {
		r.df = bins - 1;
		r.p_value = chisq_sf(r.statistic, r.df);
	} else
		r.statistic = 0.0;
	if (r.impossible > 0)
		r.p_value = 0.0;
	return r;
}

/* P(a, x), the regularised lower incomplete gamma, each side from the form that
 * converges there. */
static double
gamma_p(double a, double x)
{
	if (!(x > 0.0))
		return 0.0;
	if (x < a + 1.0)
		return fmin(1.0, gamma_p_series(a, x));
	return fmax(0.0, 1.0 - gamma_q_fraction(a, x));
}

static double
gamma_q(double a, double x)
{
	if (!(x > 0.0))
		return 1.0;
	if (x < a + 1.0)
		return fmax(0.0, 1.0 - gamma_p_series(a, x));
	return fmin(1.0, gamma_q_fraction(a, x));
}

double
chisq_poisson_two_sided(uint64_t c, double m)
{
	double below, above;

	if (!(m > 0.0))
		return c > 0 ? 0.0 : 1.0;
	below = gamma_q((double)c + 1.0, m);	/* P(X <= c) */
	above = c > 0 ? gamma_p((double)c, m) : 1.0;	/* P(X >= c) */
	return fmin(1.0, 2.0 * fmin(below, above));
}
