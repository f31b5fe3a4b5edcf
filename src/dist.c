/* dist.c: softmax, normalisation, overlap, TV distance and the residual. */
#include "config.h"

#include <math.h>

#include "dist.h"

void
dist_softmax(const double *logits, double *out, size_t n)
{
	double max = -INFINITY, sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		if (logits[i] > max)
			max = logits[i];
	for (i = 0; i < n; i++) {
		out[i] = exp(logits[i] - max);
		sum += out[i];
	}
	for (i = 0; i < n; i++)
		out[i] /= sum;
}

double
dist_normalize(double *w, size_t n)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += w[i];
	if (!(sum > 0.0) || !isfinite(sum))
		return sum;
	for (i = 0; i < n; i++)
		w[i] /= sum;
	return sum;
}

double
dist_overlap(const double *p, const double *q, size_t n)
{
	double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {	/* four sums: no chain of additions */
		s0 += p[i] < q[i] ? p[i] : q[i];
		s1 += p[i + 1] < q[i + 1] ? p[i + 1] : q[i + 1];
		s2 += p[i + 2] < q[i + 2] ? p[i + 2] : q[i + 2];
		s3 += p[i + 3] < q[i + 3] ? p[i + 3] : q[i + 3];
	}
	for (; i < n; i++)
		s0 += p[i] < q[i] ? p[i] : q[i];
	return (s0 + s1) + (s2 + s3);
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
	double mass = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		double d = p[i] - q[i];

		out[i] = d > 0.0 ? d : 0.0;
		mass += out[i];
	}
	return mass;
}

double
dist_tv_counts(const unsigned long long *a, const unsigned long long *b, size_t n)
{
	unsigned long long ta = 0, tb = 0;
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
