/* simd_body.h: the vector helpers a kernel body uses, included once per build
 * at the top of the body (KERN names the build's functions, KERN_ATTR its
 * target, KERN_AVX2 is 1 in the AVX2 build). Defined per build so that each is
 * compiled, and inlined, for its build's target. No include guard. */
#include "util/fastexp.h"

/* Four doubles from p and to p (any alignment). */
static inline KERN_ATTR f64x4
KERN(load)(const double *p)
{
	f64x4 v;

	memcpy(&v, p, sizeof v);
	return v;
}

static inline KERN_ATTR void
KERN(store)(double *p, f64x4 v)
{
	memcpy(p, &v, sizeof v);
}

/* Lane by lane, mask ? a : b (mask lanes all ones or all zeros). */
static inline KERN_ATTR f64x4
KERN(select)(i64x4 mask, f64x4 a, f64x4 b)
{
	return (f64x4)(((u64x4)mask & (u64x4)a) | (~(u64x4)mask & (u64x4)b));
}

/* Lane by lane, a > b ? a : b. */
static inline KERN_ATTR f64x4
KERN(vmax)(f64x4 a, f64x4 b)
{
#if KERN_AVX2
	return (f64x4)_mm256_max_pd((__m256d)a, (__m256d)b);
#else
	return KERN(select)(a > b, a, b);
#endif
}

/* t[idx[l]] for each lane l. */
static inline KERN_ATTR f64x4
KERN(gather)(const double *t, i64x4 idx)
{
#if KERN_AVX2
	return (f64x4)_mm256_i64gather_pd(t, (__m256i)idx, 8);
#else
	f64x4 v = { t[idx[0]], t[idx[1]], t[idx[2]], t[idx[3]] };

	return v;
#endif
}

/* A comparison's mask as four bits, lane l at bit l. */
static inline KERN_ATTR int
KERN(bits4)(i64x4 mask)
{
#if KERN_AVX2
	return _mm256_movemask_pd((__m256d)mask);
#else
	return (int)((mask[0] & 1) | (mask[1] & 2) | (mask[2] & 4) | (mask[3] & 8));
#endif
}

/* The four lanes' sum, as ((l0 + l1) + (l2 + l3)). */
static inline KERN_ATTR double
KERN(hsum)(f64x4 v)
{
	return (v[0] + v[1]) + (v[2] + v[3]);
}

/* Lane by lane, a < b ? a : b. */
static inline KERN_ATTR f64x4
KERN(vmin)(f64x4 a, f64x4 b)
{
#if KERN_AVX2
	return (f64x4)_mm256_min_pd((__m256d)a, (__m256d)b);
#else
	return KERN(select)(a < b, a, b);
#endif
}

/* KERN(select) in one instruction where there is one. */
static inline KERN_ATTR f64x4
KERN(blend)(i64x4 mask, f64x4 a, f64x4 b)
{
#if KERN_AVX2
	return (f64x4)_mm256_blendv_pd((__m256d)b, (__m256d)a, (__m256d)mask);
#else
	return KERN(select)(mask, a, b);
#endif
}

/* Lane by lane, mask ? a : 0. */
static inline KERN_ATTR f64x4
KERN(keep)(i64x4 mask, f64x4 a)
{
	return (f64x4)((u64x4)mask & (u64x4)a);
}

/* Running sums within the vector: {v0, v0 + v1, (v1 + v2) + v0,
 * (v2 + v3) + (v0 + v1)}, by two shifted additions. */
static inline KERN_ATTR f64x4
KERN(prefix4)(f64x4 v)
{
#if KERN_AVX2
	const __m256d zero = _mm256_setzero_pd();
	__m256d a = (__m256d)v;

	a = _mm256_add_pd(a, _mm256_blend_pd(_mm256_permute4x64_pd(a, 0x90), zero, 1));
	a = _mm256_add_pd(a, _mm256_permute2f128_pd(a, a, 0x08));
	return (f64x4)a;
#else
	f64x4 one = { 0.0, v[0], v[1], v[2] }, two;

	v += one;
	two = (f64x4){ 0.0, 0.0, v[0], v[1] };
	return v + two;
#endif
}

/* Every lane set to lane 3's value. */
static inline KERN_ATTR f64x4
KERN(last4)(f64x4 v)
{
#if KERN_AVX2
	return (f64x4)_mm256_permute4x64_pd((__m256d)v, 0xff);
#else
	return (f64x4){ v[3], v[3], v[3], v[3] };
#endif
}

/* fast_exp_nonpositive (util/fastexp.h) on four lanes: the same operations, so
 * the same bits. */
static inline KERN_ATTR f64x4
KERN(exp4)(f64x4 x)
{
	const f64x4 floor = { EXP_FLOOR, EXP_FLOOR, EXP_FLOOR, EXP_FLOOR };
	const u64x4 bias = { 1023, 1023, 1023, 1023 };
	f64x4 t, poly;
	u64x4 scale;

	x = KERN(vmax)(x, floor);
	FAST_EXP_STEPS(x, t, poly);
	scale = ((u64x4)t + bias) << 52;
	return poly * (f64x4)scale;
}
