/* ratio_select_body.h: ratio_select.c's passes over the pairs, included by it
 * once per build (see util/simd.h; KERN names the build's functions, KERN_ATTR
 * its target). Four pairs at a time: the lanes sort each pair below, above
 * or active, and the lanes are taken in order, without a branch (the
 * ratios are a coin toss on either side of 1). The sums of the pairs below and
 * above add the lanes in the pairs' order, a pair of the other kind adding
 * 0: the bits of a loop one pair at a time, which a pair of zeros leaves
 * alone (so that a pair over the union of sparse lists sums as the dense
 * one). No include guard. */
#include "util/simd_body.h"

/* *sum += each lane, in order. */
static inline KERN_ATTR void
KERN(add_lanes)(double *sum, f64x4 v)
{
	*sum = ((*sum + v[0]) + v[1]) + v[2] + v[3];
}

/* beta(1): the p of the pairs with p < q, the q of the others, as two sums. */
static KERN_ATTR double
KERN(beta1)(const double *p, const double *q, size_t n)
{
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 };
	double below = 0.0, above = 0.0;
	size_t y;

	for (y = 0; y + 4 <= n; y += 4) {
		f64x4 pv = KERN(load)(p + y), qv = KERN(load)(q + y);
		i64x4 lt = pv < qv;

		KERN(add_lanes)(&below, KERN(select)(lt, pv, zero));
		KERN(add_lanes)(&above, KERN(select)(lt, zero, qv));
	}
	for (; y < n; y++) {
		if (p[y] < q[y])
			below += p[y];
		else
			above += q[y];
	}
	return above + below;
}

/* A pair into s's active ones at *m, and its p and q into range b's sums:
 * *m moves on only when active is 1, else the next pair overwrites this one
 * and its sums go to the sink of lane l (a lane of its own, so that the
 * inactive pairs add no chain of stores to one slot). Without a branch. */
static inline KERN_ATTR void
KERN(take_lane)(struct ratio_select *s, size_t *m, int active, int l, double r,
    double py, double qy)
{
	uint32_t b = range_of(s->scale, r) + (uint32_t)(1 - active) *
	    (RATIO_SELECT_RANGES + (uint32_t)l);	/* r is 1 (range 0) when inactive */

	s->r[*m] = r;
	s->p[*m] = py;
	s->q[*m] = qy;
	s->at[*m] = b;
	*m += (size_t)active;
	s->ps[b] += py;
	s->qs[b] += qy;
}

/* The pairs with ratio in [1, top) into s's active ones and its ranges'
 * sums; the sum of p below them into sums[0], of q above into sums[1]; p
 * and q copied to cp and cq when cp is not NULL. A pair with q = 0 is above
 * (its ratio is infinite), without a division by 0. */
static KERN_ATTR void
KERN(take_pairs)(struct ratio_select *s, const double *p, const double *q, size_t n,
    double top, double *sums, double *cp, double *cq)
{
	const f64x4 zero = { 0.0, 0.0, 0.0, 0.0 }, one = { 1.0, 1.0, 1.0, 1.0 };
	double below = 0.0, above = 0.0;
	size_t y, m = 0;

	for (y = 0; y + 4 <= n; y += 4) {
		f64x4 pv = KERN(load)(p + y), qv = KERN(load)(q + y), r;
		i64x4 lt = pv < qv, pos = qv > zero, up, act;
		int l;

		if (cp != NULL) {
			KERN(store)(cp + y, pv);
			KERN(store)(cq + y, qv);
		}
		r = pv / KERN(select)(pos, qv, one);
		up = ~lt & (~pos | (r >= top));
		KERN(add_lanes)(&below, KERN(select)(lt, pv, zero));
		KERN(add_lanes)(&above, KERN(select)(up, qv, zero));
		act = ~(lt | up);
		r = KERN(select)(act, r, one);	/* an inactive lane: no range */
		for (l = 0; l < 4; l++)
			KERN(take_lane)(s, &m, (int)(act[l] & 1), l, r[l], pv[l], qv[l]);
	}
	for (; y < n; y++) {
		double py = p[y], qy = q[y], r;

		if (cp != NULL) {
			cp[y] = py;
			cq[y] = qy;
		}
		if (py < qy) {	/* exactly when p/q < 1 */
			below += py;
			continue;
		}
		if ((r = dist_ratio(py, qy)) >= top) {
			above += qy;
			continue;
		}
		KERN(take_lane)(s, &m, 1, 0, r, py, qy);
	}
	s->n = m;
	sums[0] = below;
	sums[1] = above;
}
