/* ratio_sums.h: beta(rho) = sum_i min(q_i, p_i / rho) over n pairs of weights
 * (p_i, q_i) >= 0, at many rho > 0 (SpecTr's acceptance, solved for rho by
 * bisection). The pairs are sorted once by the ratio p/q (q = 0: infinite),
 * with running sums, so that beta(rho) = (the q of the pairs with p/q >= rho)
 * + (the p of the others) / rho costs a binary search. Pairs of zeros (a
 * sparse line's tokens off both lists) are left out, which changes no sum,
 * so the sort is over the others. A dense pair is one set of pairs; a split
 * pair's listed tokens are two (split_minsum.h). */
#ifndef SPECDEC_RATIO_SUMS_H
#define SPECDEC_RATIO_SUMS_H

#include <stddef.h>

struct ratio_order;

struct ratio_sums {
	size_t n;
	double *r;		/* p/q ascending (q = 0: infinite) */
	double *p_below;	/* [i]: sum of p over the first i */
	double *q_from;		/* [i]: sum of q from the i-th on */
};

/* Sort the n pairs (p[i], q[i]) into s (util/radix.h: linear in n), pairs of
 * equal ratio kept in their given order; the order from o, which keeps it
 * for the pair (ratio_order.h), or sorted here when o is NULL. */
void ratio_sums_make(struct ratio_sums *s, const double *p, const double *q, size_t n,
    struct ratio_order *o);

/* sum_i min(q_i, p_i / rho), rho > 0. */
double ratio_sums_beta(const struct ratio_sums *s, double rho);

void ratio_sums_free(struct ratio_sums *s);

#endif
