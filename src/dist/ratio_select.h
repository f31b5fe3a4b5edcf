/* ratio_select.h: beta(rho) = sum_i min(q_i, p_i / rho) over n pairs of
 * weights (p_i, q_i) >= 0, for a bisection of rho in [1, top] (SpecTr's
 * rho), without sorting the pairs by ratio. A pair whose ratio p/q (q = 0:
 * infinite) is below 1 gives p/rho at every such rho, one at or above top
 * gives q: their sums are taken once. The others are active, counted in
 * RATIO_SELECT_RANGES equal ranges of the ratio over [1, top), whose ends
 * are the bisection's first values: while rho is an end, beta costs a walk
 * over the ranges' sums. Then the active pairs of the ranges left are
 * gathered, and each value of rho is one pass over them, after which the
 * bisection keeps the side of rho its interval now lies on, the other
 * side's sums carried: a solve costs about two passes over the vocabulary,
 * not a sort. The sums run in an order other than the ratio's, and a pair
 * whose ratio lies within rounding of a range's end may be counted on
 * either side of it, so beta can differ from a sorted sum in its last bits. */
#ifndef SPECDEC_RATIO_SELECT_H
#define SPECDEC_RATIO_SELECT_H

#include <stddef.h>
#include <stdint.h>

#define RATIO_SELECT_RANGES 256

/* A zeroed struct is empty. */
struct ratio_select {
	double *r, *p, *q;	/* the active pairs: ratio, p, q (room for cap) */
	uint32_t *at;		/* and their ranges */
	size_t cap;
	size_t n;		/* active pairs */
	double below;		/* sum of p over the pairs known below rho */
	double above;		/* sum of q over the pairs known at or above rho */
	double rho, sp, sq;	/* the last beta's rho and its active sums (p
				 * below it, q at or above it) */
	int keep;		/* the side of rho kept, its pairs not yet
				 * dropped: 1 below, 0 at or above, -1 none */
	int ranged;		/* the active pairs are those of ranges lo..hi - 1 */
	size_t lo, hi, end;	/* and the last beta's rho was range end's */
	double scale;		/* a ratio r is in range (r - 1) scale */
	double ps[RATIO_SELECT_RANGES + 4], qs[RATIO_SELECT_RANGES + 4];	/* sums by
				 * range, then four sinks for the make's pass */
};

/* Take the n pairs (p[i], q[i]) for rho in [1, top], top >= 1; and copy p
 * then q to copy (2 n doubles) when it is not NULL. */
void ratio_select_make(struct ratio_select *s, const double *p, const double *q,
    size_t n, double top, double *copy);

/* sum_i min(q_i, p_i / rho), rho in [1, top] and within every interval kept
 * since the make. */
double ratio_select_beta(struct ratio_select *s, double rho);

/* After a beta at rho: keep the active pairs with ratio below rho (below
 * non-zero: the interval now ends at rho) or at or above it (it starts
 * there), the others' sums carried (the pairs are dropped by the next
 * beta's pass). */
void ratio_select_keep(struct ratio_select *s, int below);

/* beta(1) = sum_i min(q_i, p_i), as ratio_select_beta gives it after a make
 * with top 1 (pairs of zeros change no bit), in one pass without ratios. */
double ratio_select_beta1(const double *p, const double *q, size_t n);

/* Release s's storage; it is empty and zeroed after. */
void ratio_select_free(struct ratio_select *s);

#endif
