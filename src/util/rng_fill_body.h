/* rng_fill_body.h: the body of the four-lane normal fill, included by rng.c once
 * per build (see util/simd.h; KERN names the build's functions, KERN_ATTR its
 * target). No include guard. */
#include "util/simd_body.h"

#define FILL_PENDING 32	/* blocks with a point outside its rectangle, kept */

/* The lanes' next four outputs (xoshiro256+ on each lane, lane_next in rng.c). */
static inline KERN_ATTR u64x4
KERN(lanes_next)(u64x4 *s0, u64x4 *s1, u64x4 *s2, u64x4 *s3)
{
	u64x4 bits = *s0 + *s3;
	u64x4 t = *s1 << 17;

	*s2 ^= *s0;
	*s3 ^= *s1;
	*s1 ^= *s2;
	*s0 ^= *s3;
	*s2 ^= t;
	*s3 = (*s3 << 45) | (*s3 >> 19);
	return bits;
}

/* The ziggurat's point of four outputs (lane_point in rng.c on four lanes). */
static inline KERN_ATTR f64x4
KERN(point)(u64x4 bits, i64x4 *layer)
{
	const u64x4 one = { 0x3ff0000000000000ULL, 0x3ff0000000000000ULL,
		0x3ff0000000000000ULL, 0x3ff0000000000000ULL };
	f64x4 d = (f64x4)(((bits << ZIG_BITS) >> 12) | one);

	*layer = (i64x4)(bits >> (64 - ZIG_BITS));
	return (d + d) - 3.0;
}

/* The fill of n - n % 4 values, see rng_normal_fill_exp: the lanes' rectangle
 * points go straight out; a block with a point outside its rectangle keeps its
 * bits, and every FILL_PENDING such blocks (and at the end) the loop stops to
 * settle them in order (settle_pending), so that the loop itself calls nothing
 * and keeps its vectors in registers. EXP (a constant at each call) selects
 * what is made besides out: w and the sum of w, else the largest value. */
static inline __attribute__((always_inline)) KERN_ATTR double
KERN(fill_core)(struct rng *rng, double *out, const double *base, double scale,
    size_t n, double shift, double *w, const int EXP)
{
	const u64x4 abs_mask = { 0x7fffffffffffffffULL, 0x7fffffffffffffffULL,
		0x7fffffffffffffffULL, 0x7fffffffffffffffULL };
	const f64x4 none = { -INFINITY, -INFINITY, -INFINITY, -INFINITY };
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	u64x4 s0, s1, s2, s3, held[FILL_PENDING];
	size_t at[FILL_PENDING], i = 0;
	int outside[FILL_PENDING];
	f64x4 acc = EXP ? zero : none;
	double extra = EXP ? 0.0 : -INFINITY, total;
	int pending;

	memcpy(&s0, rng->lane[0], sizeof s0);
	memcpy(&s1, rng->lane[1], sizeof s1);
	memcpy(&s2, rng->lane[2], sizeof s2);
	memcpy(&s3, rng->lane[3], sizeof s3);
	while (i + 4 <= n) {
		for (pending = 0; i + 4 <= n && pending < FILL_PENDING; i += 4) {
			u64x4 bits = KERN(lanes_next)(&s0, &s1, &s2, &s3);
			i64x4 layer, ok;
			f64x4 u = KERN(point)(bits, &layer), z;

			z = u * KERN(gather)(zig_x, layer);
			ok = (f64x4)((u64x4)u & abs_mask) < KERN(gather)(zig_ratio, layer);
			if (base != NULL)
				z = KERN(load)(base + i) + scale * z;
			if (out != NULL)
				KERN(store)(out + i, z);
			if (EXP) {
				z = KERN(exp4)(z - shift);
				KERN(store)(w + i, z);
			}
			if (KERN(bits4)(ok) != 15) {
				at[pending] = i;
				outside[pending] = 15 ^ KERN(bits4)(ok);
				held[pending++] = bits;
				z = KERN(blend)(ok, z, EXP ? zero : none);
			}
			acc = EXP ? acc + z : KERN(vmax)(acc, z);
		}
		extra = settle_pending(rng, out, base, scale, shift, w, at, outside, held,
		    pending, extra);
	}
	memcpy(rng->lane[0], &s0, sizeof s0);
	memcpy(rng->lane[1], &s1, sizeof s1);
	memcpy(rng->lane[2], &s2, sizeof s2);
	memcpy(rng->lane[3], &s3, sizeof s3);
	if (EXP)
		return KERN(hsum)(acc) + extra;
	total = extra > acc[0] ? extra : acc[0];
	total = total > acc[1] ? total : acc[1];
	total = total > acc[2] ? total : acc[2];
	return total > acc[3] ? total : acc[3];
}

static KERN_ATTR double
KERN(fill_blocks)(struct rng *rng, double *out, const double *base, double scale,
    size_t n, double shift, double *w)
{
	if (w != NULL)
		return KERN(fill_core)(rng, out, base, scale, n, shift, w, 1);
	return KERN(fill_core)(rng, out, base, scale, n, shift, NULL, 0);
}
