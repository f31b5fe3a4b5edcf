/* pdist_body.h: the dense ratio CDF's pass, included by pdist.c once per build
 * (see util/simd.h). No include guard. */
#include "util/simd_body.h"

#define RATIO_GROUP 8	/* tested tokens a pass serves, their sums in registers */

/* Thresholds for the four tokens y0..y0+3 and tested token x of ratio r: y is
 * before x when key(y) < r, or key(y) = r and y < x; that is key(y) <= r for
 * y < x and key(y) <= below (the double just under r) from x on. */
static inline KERN_ATTR f64x4
KERN(threshold)(size_t y0, size_t x, double r, double below)
{
	const i64x4 lane = { 0, 1, 2, 3 };
	i64x4 y = (int64_t)y0 + lane;
	f64x4 rv = { r, r, r, r }, bv = { below, below, below, below };

	return KERN(blend)(y < (int64_t)x, rv, bv);
}

/* One pass for the m <= M tokens xs[0..m-1]; M is a constant at each call, so
 * that the loop over the tokens unrolls and their sums stay in registers (the
 * M - m spare ones have threshold -infinity and gather nothing). out[j] gets
 * the sum of p[y] over the blocks of four tokens before xs[j]. sorted holds
 * every tested token of the step in ascending order: thresholds are rebuilt
 * only in the blocks next to one. */
static inline __attribute__((always_inline)) KERN_ATTR void
KERN(ratio_pass)(const double *p, const double *q, size_t n, const size_t *xs,
    const size_t *sorted, int ns, int m, const double *r, const double *below,
    double *out, const int M)
{
	const f64x4 inf = { INFINITY, INFINITY, INFINITY, INFINITY };
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	f64x4 acc[RATIO_GROUP], thr[RATIO_GROUP];
	size_t y, next;
	int j, k = 0, here;

	for (j = 0; j < M; j++) {
		acc[j] = zero;
		thr[j] = j < m ? KERN(threshold)(0, xs[j], r[j], below[j]) : -inf;
	}
	next = ns > 0 ? sorted[0] - sorted[0] % 4 : n;	/* the next block to rebuild */
	for (y = 0; y + 4 <= n; y += 4) {
		f64x4 pv = KERN(load)(p + y), qv = KERN(load)(q + y);
		f64x4 key = KERN(blend)(qv > zero, pv / qv, inf);

		if (y >= next) {	/* a tested token here or in the block before */
			for (j = 0; j < m; j++)
				thr[j] = KERN(threshold)(y, xs[j], r[j], below[j]);
			for (here = 0; k < ns && sorted[k] < y + 4; here = 1)
				k++;
			next = k < ns ? sorted[k] - sorted[k] % 4 : n;
			if (here)	/* the block after differs from this one */
				next = y + 4;
		}
#pragma GCC unroll 8
		for (j = 0; j < M; j++)
			acc[j] += KERN(keep)(key <= thr[j], pv);
	}
	for (j = 0; j < m; j++)
		out[j] = KERN(hsum)(acc[j]);
}

/* The passes for m tokens, RATIO_GROUP at a time, each with the smallest even
 * number of sums that holds its tokens. */
static KERN_ATTR void
KERN(ratio_before)(const double *p, const double *q, size_t n, const size_t *xs,
    const size_t *sorted, int m, const double *r, const double *below, double *out)
{
	int j0, g;

	for (j0 = 0; j0 < m; j0 += g) {
		g = m - j0 < RATIO_GROUP ? m - j0 : RATIO_GROUP;
		if (g <= 2)
			KERN(ratio_pass)(p, q, n, xs + j0, sorted, m, g, r + j0, below + j0,
			    out + j0, 2);
		else if (g <= 4)
			KERN(ratio_pass)(p, q, n, xs + j0, sorted, m, g, r + j0, below + j0,
			    out + j0, 4);
		else if (g <= 6)
			KERN(ratio_pass)(p, q, n, xs + j0, sorted, m, g, r + j0, below + j0,
			    out + j0, 6);
		else
			KERN(ratio_pass)(p, q, n, xs + j0, sorted, m, g, r + j0, below + j0,
			    out + j0, 8);
	}
}

/* The pass over a small vocabulary (dense_ratio_cdf_many, n at most
 * RATIO_SMALL_MAX) for m <= RATIO_GROUP tokens: every block makes its
 * thresholds afresh, the same ones ratio_pass keeps, so the sums are the same
 * bits; and with neither the sorted tokens nor a branch on where they lie,
 * which at V 20 mispredicted (the tokens move every step). The M - m spare
 * sums have threshold -infinity (token 0, r and below -infinity). */
static inline __attribute__((always_inline)) KERN_ATTR void
KERN(ratio_small_pass)(const double *p, const double *q, size_t n, const size_t *xs,
    int m, const double *r, const double *below, double *out, const int M)
{
	const f64x4 inf = { INFINITY, INFINITY, INFINITY, INFINITY };
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	f64x4 acc[RATIO_GROUP];
	double rs[RATIO_GROUP], bs[RATIO_GROUP];
	size_t x[RATIO_GROUP], y;
	int j;

	for (j = 0; j < M; j++) {
		acc[j] = zero;
		x[j] = 0;
		rs[j] = bs[j] = -INFINITY;
	}
	for (j = 0; j < m; j++) {
		x[j] = xs[j];
		rs[j] = r[j];
		bs[j] = below[j];
	}
	for (y = 0; y + 4 <= n; y += 4) {
		f64x4 pv = KERN(load)(p + y), qv = KERN(load)(q + y);
		f64x4 key = KERN(blend)(qv > zero, pv / qv, inf);

#pragma GCC unroll 8
		for (j = 0; j < M; j++)
			acc[j] += KERN(keep)(key <= KERN(threshold)(y, x[j], rs[j], bs[j]),
			    pv);
	}
	for (j = 0; j < m; j++)
		out[j] = KERN(hsum)(acc[j]);
}

static KERN_ATTR void
KERN(ratio_small)(const double *p, const double *q, size_t n, const size_t *xs,
    int m, const double *r, const double *below, double *out)
{
	if (m <= 4)
		KERN(ratio_small_pass)(p, q, n, xs, m, r, below, out, 4);
	else
		KERN(ratio_small_pass)(p, q, n, xs, m, r, below, out, RATIO_GROUP);
}

/* The blocks of four from y0 to y1 (multiples of 4) of overlap_ratio below,
 * under one threshold vector thr. */
static inline __attribute__((always_inline)) KERN_ATTR void
KERN(overlap_ratio_run)(const double *p, const double *q, size_t y0, size_t y1, f64x4 thr,
    f64x4 *acc, f64x4 *ov)
{
	const f64x4 inf = { INFINITY, INFINITY, INFINITY, INFINITY };
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	f64x4 a = *acc, o = *ov;
	size_t y;

	for (y = y0; y < y1; y += 4) {
		f64x4 pv = KERN(load)(p + y), qv = KERN(load)(q + y);
		f64x4 key = KERN(blend)(qv > zero, pv / qv, inf);

		o += KERN(vmin)(pv, qv);
		a += KERN(keep)(key <= thr, pv);
	}
	*acc = a;
	*ov = o;
}

/* The overlap of a pair (dist_body.h's overlap: sum min(p, q) in the same four
 * lanes) and the ratio CDF of one token x (ratio_pass's sum for it) in one
 * pass over p and q: the same two sums, bit for bit, for half the reads. The
 * last n % 4 tokens are left to the caller; *cdf gets the ratio sum. The
 * thresholds are ratio_pass's: every lane r before x's block, below after it,
 * and KERN(threshold) in it. */
static KERN_ATTR double
KERN(overlap_ratio)(const double *p, const double *q, size_t n, size_t x, double r,
    double below, double *cdf)
{
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	f64x4 acc = zero, ov = zero;
	size_t end = n - n % 4, xb = x - x % 4;

	xb = xb < end ? xb : end;
	KERN(overlap_ratio_run)(p, q, 0, xb, KERN(threshold)(0, x, r, below), &acc, &ov);
	if (xb < end) {
		KERN(overlap_ratio_run)(p, q, xb, xb + 4, KERN(threshold)(xb, x, r, below),
		    &acc, &ov);
		KERN(overlap_ratio_run)(p, q, xb + 4, end,
		    KERN(threshold)(xb + 4, x, r, below), &acc, &ov);
	}
	*cdf = KERN(hsum)(acc);
	return KERN(hsum)(ov);
}
