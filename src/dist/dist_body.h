/* dist_body.h: the vector passes of dist.c, included by it once per build (see
 * util/simd.h; KERN names the build's functions, KERN_ATTR its target). Each
 * pass runs the vocabulary four tokens at a time in four lanes of sums and
 * finishes the last n % 4 tokens one at a time, the same in every build. No
 * include guard. */
#include "util/simd_body.h"

/* out = exp(logits - max), returns the sum of out. */
static KERN_ATTR double
KERN(exp_sum)(const double *logits, double *out, size_t n, double max)
{
	f64x4 acc = { 0.0, 0.0, 0.0, 0.0 };
	double rest = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		f64x4 e = KERN(exp4)(KERN(load)(logits + i) - max);

		KERN(store)(out + i, e);
		acc += e;
	}
	for (; i < n; i++)
		rest += out[i] = fast_exp_nonpositive(logits[i] - max);
	return KERN(hsum)(acc) + rest;
}

static KERN_ATTR double
KERN(max)(const double *x, size_t n)
{
	f64x4 acc = { -INFINITY, -INFINITY, -INFINITY, -INFINITY };
	double top;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4)
		acc = KERN(vmax)(acc, KERN(load)(x + i));
	top = acc[0] > acc[1] ? acc[0] : acc[1];
	top = top > acc[2] ? top : acc[2];
	top = top > acc[3] ? top : acc[3];
	for (; i < n; i++)
		top = x[i] > top ? x[i] : top;
	return top;
}

static KERN_ATTR void
KERN(scale)(double *x, size_t n, double factor)
{
	size_t i;

	for (i = 0; i + 4 <= n; i += 4)
		KERN(store)(x + i, KERN(load)(x + i) * factor);
	for (; i < n; i++)
		x[i] *= factor;
}

/* x *= factor, and cum[i] = x[0] + ... + x[i] (the running sums four lanes at a
 * time: the sums within a vector, then the carry of the ones before). The
 * carry, in every lane, is the last running sum: the vector's last sum plus the
 * carry before, one addition, so that the chain from block to block is that
 * addition alone (not also the broadcast of a sum that waits on it). */
static KERN_ATTR void
KERN(scale_cum)(double *x, double *cum, size_t n, double factor)
{
	f64x4 carry = { 0.0, 0.0, 0.0, 0.0 };
	double c;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		f64x4 v = KERN(load)(x + i) * factor;

		KERN(store)(x + i, v);
		v = KERN(prefix4)(v);
		KERN(store)(cum + i, v + carry);
		carry = KERN(last4)(v) + carry;
	}
	c = carry[0];
	for (; i < n; i++) {
		x[i] *= factor;
		cum[i] = c += x[i];
	}
}

static KERN_ATTR double
KERN(overlap)(const double *p, const double *q, size_t n)
{
	f64x4 acc = { 0.0, 0.0, 0.0, 0.0 };
	double rest = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4)
		acc += KERN(vmin)(KERN(load)(p + i), KERN(load)(q + i));
	for (; i < n; i++)
		rest += p[i] < q[i] ? p[i] : q[i];
	return KERN(hsum)(acc) + rest;
}

/* sum_i max(0, a p[i] - q[i]), written to out unless out is NULL. */
static KERN_ATTR double
KERN(excess)(const double *p, double a, const double *q, double *out, size_t n)
{
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	f64x4 acc = zero;
	double rest = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		f64x4 d = KERN(vmax)(a * KERN(load)(p + i) - KERN(load)(q + i), zero);

		if (out != NULL)
			KERN(store)(out + i, d);
		acc += d;
	}
	for (; i < n; i++) {
		double d = a * p[i] - q[i];

		d = d > 0.0 ? d : 0.0;
		if (out != NULL)
			out[i] = d;
		rest += d;
	}
	return KERN(hsum)(acc) + rest;
}

/* out = max(0, p - min(q, p / rho) c), returns its sum. */
static KERN_ATTR double
KERN(capped_excess)(const double *p, const double *q, double rho, double c, double *out,
    size_t n)
{
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	f64x4 acc = zero;
	double rest = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		f64x4 pv = KERN(load)(p + i);
		f64x4 d = KERN(vmax)(pv - KERN(vmin)(KERN(load)(q + i), pv / rho) * c, zero);

		KERN(store)(out + i, d);
		acc += d;
	}
	for (; i < n; i++) {
		double m = p[i] / rho, d;

		d = p[i] - (q[i] < m ? q[i] : m) * c;
		out[i] = d = d > 0.0 ? d : 0.0;
		rest += d;
	}
	return KERN(hsum)(acc) + rest;
}

static KERN_ATTR double
KERN(sum)(const double *x, size_t n)
{
	f64x4 acc = { 0.0, 0.0, 0.0, 0.0 };
	double rest = 0.0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4)
		acc += KERN(load)(x + i);
	for (; i < n; i++)
		rest += x[i];
	return KERN(hsum)(acc) + rest;
}
