/* dist.c: softmax, normalisation, sums, overlap, TV distance and the residual. */
#include "config.h"

#include <math.h>
#include <stdint.h>

#include "dist/dist.h"

#define EXP_FLOOR -700.0	/* exp(-700) ~ 1e-304: smaller arguments are clamped */
#define EXP_TABLE_BITS 6
#define EXP_TABLE_SIZE (1 << EXP_TABLE_BITS)

/* 2^(j/64), j = 0..63, correctly rounded (as glibc's exp2 gives them): a
 * constant, so that threads running softmaxes at once share it without a race
 * (a table filled on first use was one, under --sweep --threads). */
static const double exp_table[EXP_TABLE_SIZE] = {
	0x1p+0, 0x1.02c9a3e778061p+0, 0x1.059b0d3158574p+0,
	0x1.0874518759bc8p+0, 0x1.0b5586cf9890fp+0, 0x1.0e3ec32d3d1a2p+0,
	0x1.11301d0125b51p+0, 0x1.1429aaea92dep+0, 0x1.172b83c7d517bp+0,
	0x1.1a35beb6fcb75p+0, 0x1.1d4873168b9aap+0, 0x1.2063b88628cd6p+0,
	0x1.2387a6e756238p+0, 0x1.26b4565e27cddp+0, 0x1.29e9df51fdee1p+0,
	0x1.2d285a6e4030bp+0, 0x1.306fe0a31b715p+0, 0x1.33c08b26416ffp+0,
	0x1.371a7373aa9cbp+0, 0x1.3a7db34e59ff7p+0, 0x1.3dea64c123422p+0,
	0x1.4160a21f72e2ap+0, 0x1.44e086061892dp+0, 0x1.486a2b5c13cdp+0,
	0x1.4bfdad5362a27p+0, 0x1.4f9b2769d2ca7p+0, 0x1.5342b569d4f82p+0,
	0x1.56f4736b527dap+0, 0x1.5ab07dd485429p+0, 0x1.5e76f15ad2148p+0,
	0x1.6247eb03a5585p+0, 0x1.6623882552225p+0, 0x1.6a09e667f3bcdp+0,
	0x1.6dfb23c651a2fp+0, 0x1.71f75e8ec5f74p+0, 0x1.75feb564267c9p+0,
	0x1.7a11473eb0187p+0, 0x1.7e2f336cf4e62p+0, 0x1.82589994cce13p+0,
	0x1.868d99b4492edp+0, 0x1.8ace5422aa0dbp+0, 0x1.8f1ae99157736p+0,
	0x1.93737b0cdc5e5p+0, 0x1.97d829fde4e5p+0, 0x1.9c49182a3f09p+0,
	0x1.a0c667b5de565p+0, 0x1.a5503b23e255dp+0, 0x1.a9e6b5579fdbfp+0,
	0x1.ae89f995ad3adp+0, 0x1.b33a2b84f15fbp+0, 0x1.b7f76f2fb5e47p+0,
	0x1.bcc1e904bc1d2p+0, 0x1.c199bdd85529cp+0, 0x1.c67f12e57d14bp+0,
	0x1.cb720dcef9069p+0, 0x1.d072d4a07897cp+0, 0x1.d5818dcfba487p+0,
	0x1.da9e603db3285p+0, 0x1.dfc97337b9b5fp+0, 0x1.e502ee78b3ff6p+0,
	0x1.ea4afa2a490dap+0, 0x1.efa1bee615a27p+0, 0x1.f50765b6e454p+0,
	0x1.fa7c1819e90d8p+0
};

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
	return exp_nonpositive(x);
}

void
dist_softmax(const double *logits, double *out, size_t n)
{
	double max = -INFINITY, sum = 0.0;
	size_t i;

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
