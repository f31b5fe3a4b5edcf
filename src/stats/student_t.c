/* student_t.c: Student's t 97.5% point (student_t.h). */
#include "config.h"

#include <math.h>

#include "stats/student_t.h"

#define Z975 1.959963984540054

/* P(|T| <= t) for Student's T at df degrees of freedom, by the finite sums of
 * Abramowitz and Stegun 26.7.3 and 26.7.4 in theta = atan(t / sqrt(df)). */
static double
t_within(double t, long df)
{
	double th = atan(t / sqrt((double)df)), c2 = cos(th) * cos(th), term = 1.0,
	    sum = 1.0;
	long k;

	if (df == 1)
		return 2.0 * th / M_PI;
	for (k = df % 2 == 0 ? 1 : 2; k <= df - 3 + df % 2; k += 2) {
		term *= c2 * (double)k / (double)(k + 1);
		sum += term;
	}
	if (df % 2 == 0)
		return sin(th) * sum;
	return 2.0 / M_PI * (th + sin(th) * cos(th) * sum);
}

double
student_t975(long df)
{
	double z = Z975, z3 = z * z * z, z5 = z3 * z * z, lo = 0.0, hi = 64.0, mid, d;
	int it;

	if (df < 1)
		return 0.0;
	if (df > 200) {	/* Cornish-Fisher: within 1e-7 here */
		d = (double)df;
		return z + (z3 + z) / (4.0 * d) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) /
		    (96.0 * d * d);
	}
	for (it = 0; it < 60; it++) {
		mid = 0.5 * (lo + hi);
		if (t_within(mid, df) < 0.95)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}
