/* ratio_est.c: ratio estimates and their intervals. */
#include "config.h"

#include <math.h>

#include "stats/ratio_est.h"

#define Z95 1.959963984540054

void
ratio_est_add(struct ratio_est *r, double x, double y)
{
	r->n++;
	r->sx += x;
	r->sy += y;
	r->sxx += x * x;
	r->syy += y * y;
	r->sxy += x * y;
}

double
ratio_est_value(const struct ratio_est *r)
{
	return r->sy > 0.0 ? r->sx / r->sy : 0.0;
}

double
ratio_est_ci95(const struct ratio_est *r)
{
	double R = ratio_est_value(r), n = (double)r->n, var;

	if (r->n < 2 || r->sy <= 0.0)
		return 0.0;
	var = (r->sxx - 2.0 * R * r->sxy + R * R * r->syy) / (n - 1.0);
	if (!(var > 0.0))
		return 0.0;
	return Z95 * sqrt(var / n) / (r->sy / n);
}
