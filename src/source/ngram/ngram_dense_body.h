/* ngram_dense_body.h: the vector passes of ngram_dense.c, included by it once
 * per build (see util/simd.h; KERN names the build's functions, KERN_ATTR its
 * target). Four tokens at a time, the last n % 4 one at a time, the same IEEE
 * operations in the same order in every build. No include guard. */
#include "util/simd_body.h"

/* out = a * pt (* factor, after a * pt). */
static KERN_ATTR void
KERN(fill_floor)(double *restrict out, const double *restrict pt,
    const double *restrict factor, double a, size_t n)
{
	size_t i;

	if (factor == NULL) {
		for (i = 0; i + 4 <= n; i += 4)
			KERN(store)(out + i, a * KERN(load)(pt + i));
		for (; i < n; i++)
			out[i] = a * pt[i];
		return;
	}
	for (i = 0; i + 4 <= n; i += 4)
		KERN(store)(out + i, a * KERN(load)(pt + i) * KERN(load)(factor + i));
	for (; i < n; i++)
		out[i] = a * pt[i] * factor[i];
}

/* sum_i x[i] y[i] in four lane sums, the tail added to the first, then
 * (s0 + s1) + (s2 + s3). */
static KERN_ATTR double
KERN(dot)(const double *restrict x, const double *restrict y, size_t n)
{
	f64x4 s = { 0.0, 0.0, 0.0, 0.0 };
	double s0;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4)
		s += KERN(load)(x + i) * KERN(load)(y + i);
	s0 = s[0];
	for (; i < n; i++)
		s0 += x[i] * y[i];
	return (s0 + s[1]) + (s[2] + s[3]);
}
