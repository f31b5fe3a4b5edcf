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

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* A floor's largest weight: the lowest token that has it, and whether every
 * other token's weight is below it by a relative 1e-12 or more (so that no
 * scaling of the floor can round another token up to tie with it). */
struct split_top {
	size_t token;
	int alone;
};

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
	struct split_top top;	/* split_floor_top of w, set where w is */
	/* The tokens in falling order of weight (split_floor_desc): NULL until
	 * first asked for; the floor's owner calls split_floor_forget before it
	 * frees or rewrites w. */
	_Atomic(uint32_t *) desc;
};

/* The floor's tokens in falling order of weight, ties to the lower id: sorted
 * on the first call (vocab log vocab) and kept with the floor, published
 * atomically, so floors shared by threads may ask at once; later calls cost
 * nothing. The floor must not be an object defined const. */
const uint32_t *split_floor_desc(const struct split_floor *floor);

/* Drop the order split_floor_desc kept (nothing when none): before the floor's
 * weights are freed or changed. Not while another thread reads the floor. */
void split_floor_forget(struct split_floor *floor);

/* The top of vocab weights w: one pass, where a floor is built (no token, not
 * alone, when vocab is 0). */
struct split_top split_floor_top(const double *w, size_t vocab);

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

/* The ratio order of the floors of a pair scaled a and b: token w's floor ratio
 * is a / b on one floor, a / (b factor(w)) on a factored one (dist_ratio: q = 0
 * gives +infinity), which falls as the factor rises; split_floors_before sums
 * fp(y) over the tokens y before (r, x) in the order of (floor ratio, id):
 * those with a floor ratio below r, and those with one equal to r and an id
 * below x. Logarithmic in the vocabulary, plus the tokens tied at r (on a
 * factored floor, those with equal factors; a floor that is fp itself but
 * factored has no running sums by id and takes a pass up to x). */
double split_floors_ratio(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, size_t w);
double split_floors_before(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, double r, size_t x);

#endif
