/* split_minsum.h: SpecTr's beta(rho) = sum_w min(q(w), p(w) / rho) over a split
 * pair (split.h) without making it dense. Off both lists p and q are their
 * scaled floors, so the sum is the floors' sum over the whole vocabulary,
 * sum_w min(b fq(w), (a / rho) fp(w)) (split_floors_min: constant time on one
 * floor, a binary search in the factored floor's order and running sums, kept
 * with that floor, on two), corrected on the listed tokens: their own values'
 * sum min(q, p / rho) added and their floor parts' taken back, each a set of
 * pairs sorted once by ratio (ratio_sums.h). A value of rho then costs two
 * binary searches in the list and one in the vocabulary; the sums are the
 * dense ones up to rounding. */
#ifndef SPECDEC_SPLIT_MINSUM_H
#define SPECDEC_SPLIT_MINSUM_H

#include "dist/ratio_sums.h"

struct pdist;
struct split_dist;
struct split_floor;

struct split_minsum {
	const struct split_dist *p, *q;
	const struct split_floor *fp, *fq;
	double a, b;		/* p's and q's scales */
	struct ratio_sums own;	/* the listed tokens' (p(w), q(w)) */
	struct ratio_sums part;	/* and their floor parts (a fp(w), b fq(w)) */
};

/* Prepare m for the pair (p, q) when both are split and their floors a pair
 * either way round (split_floors_pair); 0, nothing allocated, otherwise (the
 * caller takes the dense path). The handles' storage must outlive m. */
int split_minsum_make(struct split_minsum *m, const struct pdist *p,
    const struct pdist *q);

/* sum_w min(q(w), p(w) / rho), rho > 0, clamped to [0, 1]. */
double split_minsum_beta(const struct split_minsum *m, double rho);

/* Whether the pair is one distribution twice, bit for bit at every token: the
 * same floor and scale, and the same list with the same extras. */
int split_minsum_identical(const struct split_minsum *m);

void split_minsum_free(struct split_minsum *m);

#endif
