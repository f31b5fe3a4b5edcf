/* split_floor.h: the floors of split distributions (split.h): a dense,
 * positive, long-lived row of weights shared by many distributions, plain or
 * factored, and sums over a pair of floors in logarithmic time.
 *
 * A plain floor keeps running sums of its weights in token order. A factored
 * floor is a plain floor (its base) times positive per-token factors, with its
 * tokens kept in ascending order of factor and running sums of both floors in
 * that order: over a pair (a plain floor, and it or a factored floor over it),
 * min(a fp, b fq) and max(0, a fp - b fq) change sides at one place of that
 * order, so their sums over the vocabulary take a binary search. */
#ifndef SPECDEC_SPLIT_FLOOR_H
#define SPECDEC_SPLIT_FLOOR_H

#include <stddef.h>
#include <stdint.h>

struct split_floor {
	size_t vocab;
	const double *w;	/* vocab entries, each > 0 */
	const double *cdf;	/* running sums of w (a plain floor) */
	double sum;		/* the sum of w */
	/* A factored floor: w = base->w * factor, its tokens in ascending order of
	 * factor, and running sums of both floors in that order (vocab + 1 entries
	 * each, from 0); it needs no cdf. base is NULL for a plain floor, and the
	 * rest unused. */
	const struct split_floor *base;
	const double *factor;
	const uint32_t *by_factor;
	const double *cum_base;
	const double *cum_w;
};

/* The token at which the floor's running sum first exceeds t (t < floor->sum),
 * in token order for a plain floor, in factor order for a factored one; the
 * last token of that order when rounding puts t past the end. */
size_t split_floor_pick(const struct split_floor *floor, double t);

/* The floors fp and fq are a pair when fq is fp, or a factored floor over it.
 * For a pair, fp scaled by a and fq by b (a, b >= 0), over every token of the
 * vocabulary: sum_w min(a fp(w), b fq(w)); sum_w max(0, a fp(w) - b fq(w)); and
 * the token at which the running sum of the latter first exceeds t (t below
 * it). Logarithmic in the vocabulary. */
int split_floors_pair(const struct split_floor *fp, const struct split_floor *fq);
double split_floors_min(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b);
double split_floors_excess(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b);
size_t split_floors_excess_pick(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, double t);

#endif
