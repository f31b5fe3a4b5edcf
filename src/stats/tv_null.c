/* tv_null.c: Skellam moments and the TV null. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "stats/tv_null.h"
#include "util/xalloc.h"

#define M_PI_2_ 1.57079632679489661923
#define TV_NULL_TERMS 4000	/* of the correlation series; its terms fall as k^-2.5 */

/* exp(-x) I0(x) + exp(-x) I1(x) for x >= 0: the polynomial approximations of
 * Abramowitz and Stegun 9.8.1-9.8.4 (relative error below 2e-7), exp(-x)
 * computed once for both. */
static double
bessel_i01e(double x)
{
	double t, e;

	if (x < 3.75) {
		t = (x / 3.75) * (x / 3.75);
		e = exp(-x);
		return e * (1.0 + t * (3.5156229 + t * (3.0899424 + t * (1.2067492 +
		    t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))))) +
		    e * x * (0.5 + t * (0.87890594 + t * (0.51498869 +
		    t * (0.15084934 + t * (0.02658733 + t * (0.00301532 + t * 0.00032411))))));
	}
	t = 3.75 / x;
	return (0.39894228 + t * (0.01328592 + t * (0.00225319 + t * (-0.00157565 +
	    t * (0.00916281 + t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 +
	    t * 0.00392377)))))))) / sqrt(x) +
	    (0.39894228 + t * (-0.03988024 + t * (-0.00362018 + t * (0.00163801 +
	    t * (-0.01031555 + t * (0.02282967 + t * (-0.02895312 + t * (0.01787654 -
	    t * 0.00420059)))))))) / sqrt(x);
}

/* E|X - Y| = 2 lambda exp(-2 lambda) (I0(2 lambda) + I1(2 lambda)). */
double
tv_null_abs_mean(double lambda)
{
	if (!(lambda > 0.0))
		return 0.0;
	return 2.0 * lambda * bessel_i01e(2.0 * lambda);
}

/* Var |X - Y| from its mean m. */
static double
abs_var_of(double lambda, double m)
{
	double v;

	if (!(lambda > 0.0))
		return 0.0;
	v = 2.0 * lambda - m * m;
	return v > 0.0 ? v : 0.0;
}

double
tv_null_abs_var(double lambda)
{
	return abs_var_of(lambda, tv_null_abs_mean(lambda));
}

/* corr(|X|, |Y|) for X, Y jointly normal of mean 0 and correlation rho:
 * (sqrt(1 - rho^2) + rho asin(rho) - 1) / (pi / 2 - 1); 1 at |rho| = 1. */
double
tv_null_abs_corr(double rho)
{
	double r = fmin(1.0, fabs(rho));

	return (sqrt(1.0 - r * r) + r * asin(r) - 1.0) / (M_PI_2_ - 1.0);
}

/* sum over i != j of s_i s_j corr(|D_i|, |D_j|), where rho_ij^2 = b_i b_j with
 * every b at most 1: the series corr = sum_k c_k rho^(2k + 2) / (pi / 2 - 1),
 * c_k = C(2k, k) 4^-k / ((2k + 1)(2k + 2)), summed term by term as
 * (sum_i s_i b_i^m)^2 - sum_i s_i^2 b_i^(2m), m = k + 1: O(n) a term. */
static double
pairs_series(const double *s, const double *b, size_t n, size_t skip)
{
	double ck = 0.5, total = 0.0, *pw = NULL;
	size_t i;
	int k;

	pw = xreallocarray(NULL, n, sizeof *pw);
	for (i = 0; i < n; i++)
		pw[i] = i == skip ? 0.0 : b[i];
	for (k = 0; k < TV_NULL_TERMS; k++) {
		double sum = 0.0, sq = 0.0, term;

		for (i = 0; i < n; i++) {
			sum += s[i] * pw[i];
			sq += s[i] * s[i] * pw[i] * pw[i];
			pw[i] *= b[i];
		}
		term = ck * (sum * sum - sq);
		total += term;
		if (sum * sum < 1e-14 * (total + 1e-300))
			break;
		ck *= (2.0 * k + 1.0) / (2.0 * k + 2.0) * (2.0 * k + 1.0) * (2.0 * k + 2.0) /
		    ((2.0 * k + 3.0) * (2.0 * k + 4.0));
	}
	free(pw);
	return total / (M_PI_2_ - 1.0);
}

/* Var sum_i |D_i| with the constraint sum_i D_i = 0, given each E|D_i|: each
 * pair's covariance sqrt(v_i v_j) corr(|D_i|, |D_j|) at the multinomial correlation
 * rho_ij = -sqrt(b_i b_j), b = share / (1 - share). The id of the largest share
 * (the only one that may have b above 1) pairs with the others directly. */
static double
constrained_var(const double *lambda, const double *share, const double *mean, size_t n)
{
	double *s = xreallocarray(NULL, n, sizeof *s), *b = xreallocarray(NULL, n, sizeof *b);
	double var = 0.0, cross = 0.0;
	size_t i, big = 0;

	for (i = 0; i < n; i++) {
		double v = abs_var_of(lambda[i], mean[i]), sh = fmin(fmax(share[i], 0.0), 1.0);

		var += v;
		s[i] = sqrt(v);
		b[i] = sh < 1.0 ? sh / (1.0 - sh) : 1e300;
		big = b[i] > b[big] ? i : big;
	}
	for (i = 0; i < n; i++)
		if (i != big && s[i] > 0.0)
			cross += s[i] * tv_null_abs_corr(sqrt(fmin(1.0, b[i] * b[big])));
	var += 2.0 * s[big] * cross + pairs_series(s, b, n, big);
	free(s);
	free(b);
	return var;
}

struct tv_null
tv_null_of(const double *lambda, const double *share, double lambda_all, size_t n,
    double tokens)
{
	struct tv_null r = { 0.0, 0.0, 0.0 };
	double mean = 0.0, var = 0.0, v;
	size_t i;

	if (!(tokens > 0.0) || n == 0)
		return r;
	if (lambda == NULL) {	/* exchangeable: rho = -1 / (n - 1) for every pair */
		v = tv_null_abs_var(lambda_all);
		mean = (double)n * tv_null_abs_mean(lambda_all);
		var = (double)n * v;
		if (n > 1)
			var += (double)n * (double)(n - 1) * v *
			    tv_null_abs_corr(1.0 / (double)(n - 1));
	} else {		/* each id's mean once, for the sum and its variance */
		double *m = xreallocarray(NULL, n, sizeof *m);

		for (i = 0; i < n; i++)
			mean += m[i] = tv_null_abs_mean(lambda[i]);
		var = constrained_var(lambda, share, m, n);
		free(m);
	}
	r.mean = mean / (2.0 * tokens);
	r.sd = sqrt(var > 0.0 ? var : 0.0) / (2.0 * tokens);
	r.limit = fmin(1.0, r.mean + TV_NULL_Z * r.sd);	/* TV is at most 1 */
	return r;
}
