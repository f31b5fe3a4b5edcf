/* chisq.c: the chi-square test through the regularised upper incomplete gamma Q(a, x). */
#include "config.h"

#include <math.h>

#include "chisq.h"

#define CHISQ_MIN_EXPECTED 5.0
#define GAMMA_EPS 1e-15
#define GAMMA_ITER 1000

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
	return sum * exp(-x + a * log(x) - lgamma(a));
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
	return exp(-x + a * log(x) - lgamma(a)) * h;
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

struct chisq_result
chisq_test(const unsigned long long *observed, const double *expected, size_t n)
{
	struct chisq_result r = { 0.0, 0, 1.0 };
	double pool_obs = 0.0, pool_exp = 0.0;
	int bins = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		double o = (double)observed[i], e = expected[i];

		if (e < CHISQ_MIN_EXPECTED) {
			pool_obs += o;
			pool_exp += e;
			continue;
		}
		r.statistic += (o - e) * (o - e) / e;
		bins++;
	}
	if (pool_exp > 0.0) {
		r.statistic += (pool_obs - pool_exp) * (pool_obs - pool_exp) / pool_exp;
		bins++;
	}
	if (bins < 2) {
		r.statistic = 0.0;
		return r;
	}
	r.df = bins - 1;
	r.p_value = chisq_sf(r.statistic, r.df);
	return r;
}
