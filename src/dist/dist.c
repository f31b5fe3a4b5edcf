/* dist.c: softmax, normalisation, sums, overlap, TV distance and the residual;
 * the passes over a vocabulary run on vector lanes (dist_body.h). */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dist/dist.h"
#include "util/fastexp.h"
#include "util/simd.h"

#define KERN_BODY "dist/dist_body.h"
#include "util/simd_kern.h"

double
dist_exp_nonpositive(double x)
{
	return fast_exp_nonpositive(x);
}

void
dist_softmax(const double *logits, double *out, size_t n)
{
	dist_softmax_max(logits, out, n, DISPATCH(max, (logits, n)));
}

void
dist_softmax_max(const double *logits, double *out, size_t n, double max)
{
	double sum = DISPATCH(exp_sum, (logits, out, n, max));

	DISPATCH(scale, (out, n, 1.0 / sum));
}

void
dist_scale(double *x, size_t n, double factor)
{
	DISPATCH(scale, (x, n, factor));
}

void
dist_scale_cum(double *x, double *cum, size_t n, double factor)
{
	DISPATCH(scale_cum, (x, cum, n, factor));
}

void
dist_softmax_cum(const double *logits, double *out, double *cum, size_t n, double max)
{
	double sum = DISPATCH(exp_sum, (logits, out, n, max));

	DISPATCH(scale_cum, (out, cum, n, 1.0 / sum));
}

double
dist_overlap(const double *p, const double *q, size_t n)
{
	double sum = DISPATCH(overlap, (p, q, n));

	return sum < 1.0 ? sum : 1.0;	/* rounding may pass 1 when p = q */
}

double
dist_tv(const double *p, const double *q, size_t n)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += fabs(p[i] - q[i]);
	return 0.5 * sum;
}

double
dist_residual(const double *p, const double *q, double *out, size_t n)
{
	return DISPATCH(excess, (p, 1.0, q, out, n));
}

double
dist_capped_residual(const double *p, const double *q, double rho, double c,
    double *out, size_t n)
{
	return DISPATCH(capped_excess, (p, q, rho, c, out, n));
}

double
dist_residual_mass(const double *p, double a, const double *q, size_t n)
{
	return DISPATCH(excess, (p, a, q, NULL, n));
}

double
dist_sum(const double *x, size_t n)
{
	return DISPATCH(sum, (x, n));
}

double
dist_tv_counts(const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t ta = 0, tb = 0;
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		ta += a[i];
		tb += b[i];
	}
	if (ta == 0 || tb == 0)
		return 0.0;
	for (i = 0; i < n; i++)
		sum += fabs((double)a[i] / (double)ta - (double)b[i] / (double)tb);
	return 0.5 * sum;
}
