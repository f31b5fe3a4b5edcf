/* dist.c: softmax, normalisation, sums, overlap, TV distance and the residual. */
#include "config.h"

#include <math.h>
#include <stdint.h>

#include "dist/dist.h"

#define EXP_FLOOR -700.0	/* exp(-700) ~ 1e-304: smaller arguments are clamped */
#define EXP_TABLE_BITS 6
#define EXP_TABLE_SIZE (1 << EXP_TABLE_BITS)

static double exp_table[EXP_TABLE_SIZE];	/* 2^(j/64) */
static int exp_table_ready;

static void
exp_table_init(void)
{
	int j;

	for (j = 0; j < EXP_TABLE_SIZE; j++)
		exp_table[j] = exp2((double)j / EXP_TABLE_SIZE);
	exp_table_ready = 1;
}

/* exp(x) for x <= 0 without a library call: x = (64 m + j) ln2/64 + r with
 * |r| <= ln2/128, so exp(x) = 2^m 2^(j/64) exp(r), exp(r) by a degree-5 Taylor
 * polynomial (relative error about 1e-16; the softmax test compares with libm),
 * and 2^m put straight into the exponent bits. */
static inline double
exp_nonpositive(double x)
{
	const double k = EXP_TABLE_SIZE * 1.4426950408889634;
	const double ln2_hi = 6.93147180369123816490e-01 / EXP_TABLE_SIZE;
	const double ln2_lo = 1.90821492927058770002e-10 / EXP_TABLE_SIZE;
	const double round = 0x1.8p52;
	double n, r, poly;
	int64_t ni;
	union { double d; uint64_t u; } scale;

	x = x < EXP_FLOOR ? EXP_FLOOR : x;
	n = (x * k + round) - round;
	r = (x - n * ln2_hi) - n * ln2_lo;
	poly = 1.0 + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 +
	    r * (1.0 / 120.0)))));
	ni = (int64_t)n;
	scale.u = (uint64_t)((ni >> EXP_TABLE_BITS) + 1023) << 52;
	return poly * scale.d * exp_table[ni & (EXP_TABLE_SIZE - 1)];
}

double
dist_exp_nonpositive(double x)
{
	if (!exp_table_ready)
		exp_table_init();
	return exp_nonpositive(x);
}

void
dist_softmax(const double *logits, double *out, size_t n)
{
	double max = -INFINITY, sum = 0.0;
	size_t i;

	if (!exp_table_ready)
		exp_table_init();
	for (i = 0; i < n; i++)
		if (logits[i] > max)
			max = logits[i];
	for (i = 0; i < n; i++) {
		out[i] = exp_nonpositive(logits[i] - max);
		sum += out[i];
	}
	sum = 1.0 / sum;
	for (i = 0; i < n; i++)
		out[i] *= sum;
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
	s0 = (s0 + s1) + (s2 + s3);
	return s0 < 1.0 ? s0 : 1.0;	/* rounding may pass 1 when p = q */
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
dist_residual_mass(const double *p, double a, const double *q, size_t n)
{
	double mass = 0.0;
	size_t i;

	for (i = 0; i < n; i++) {
		double d = a * p[i] - q[i];

		mass += d > 0.0 ? d : 0.0;
	}
	return mass;
}

double
dist_sum(const double *x, size_t n)
{
	double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {	/* four sums: no chain of additions */
		s0 += x[i];
		s1 += x[i + 1];
		s2 += x[i + 2];
		s3 += x[i + 3];
	}
	for (; i < n; i++)
		s0 += x[i];
	return (s0 + s1) + (s2 + s3);
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
