/* tv_null.c: Skellam moments and the TV null. */
#include "config.h"

#include <math.h>

#include "stats/tv_null.h"

/* exp(-x) I0(x) and exp(-x) I1(x) for x >= 0: the polynomial approximations of
 * Abramowitz and Stegun 9.8.1-9.8.4 (relative error below 2e-7). */
static double
bessel_i0e(double x)
{
	double t;

	if (x < 3.75) {
		t = (x / 3.75) * (x / 3.75);
		return exp(-x) * (1.0 + t * (3.5156229 + t * (3.0899424 + t * (1.2067492 +
		    t * (0.2659732 + t * (0.0360768 + t * 0.0045813))))));
	}
	t = 3.75 / x;
	return (0.39894228 + t * (0.01328592 + t * (0.00225319 + t * (-0.00157565 +
	    t * (0.00916281 + t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 +
	    t * 0.00392377)))))))) / sqrt(x);
}

static double
bessel_i1e(double x)
{
	double t;

	if (x < 3.75) {
		t = (x / 3.75) * (x / 3.75);
		return exp(-x) * x * (0.5 + t * (0.87890594 + t * (0.51498869 +
		    t * (0.15084934 + t * (0.02658733 + t * (0.00301532 + t * 0.00032411))))));
	}
	t = 3.75 / x;
	return (0.39894228 + t * (-0.03988024 + t * (-0.00362018 + t * (0.00163801 +
	    t * (-0.01031555 + t * (0.02282967 + t * (-0.02895312 + t * (0.01787654 -
	    t * 0.00420059)))))))) / sqrt(x);
}

/* E|X - Y| = 2 lambda exp(-2 lambda) (I0(2 lambda) + I1(2 lambda)). */
double
tv_null_abs_mean(double lambda)
{
	if (!(lambda > 0.0))
		return 0.0;
	return 2.0 * lambda * (bessel_i0e(2.0 * lambda) + bessel_i1e(2.0 * lambda));
}

double
tv_null_abs_var(double lambda)
{
	double m = tv_null_abs_mean(lambda), v;

	if (!(lambda > 0.0))
		return 0.0;
	v = 2.0 * lambda - m * m;
	return v > 0.0 ? v : 0.0;
}

struct tv_null
tv_null_of(const double *lambda, double lambda_all, size_t n, double tokens)
{
	struct tv_null r = { 0.0, 0.0, 0.0 };
	double mean = 0.0, var = 0.0;
	size_t i;

	if (!(tokens > 0.0) || n == 0)
		return r;
	if (lambda == NULL) {
		mean = (double)n * tv_null_abs_mean(lambda_all);
		var = (double)n * tv_null_abs_var(lambda_all);
	} else {
		for (i = 0; i < n; i++) {
			mean += tv_null_abs_mean(lambda[i]);
			var += tv_null_abs_var(lambda[i]);
		}
	}
	r.mean = mean / (2.0 * tokens);
	r.sd = sqrt(var) / (2.0 * tokens);
	r.limit = fmin(1.0, r.mean + TV_NULL_Z * r.sd);	/* TV is at most 1 */
	return r;
}
