/* tree_ceiling.c: the optimal-transport ceiling at a node (tree_ceiling.h). */
#include "config.h"

#include "dist/ratio_order.h"
#include "util/radix.h"
#include "verify/tree_ceiling.h"
#include "verify/tree_memo.h"
#include "verify/tree_node.h"

/* fmin(x, y) as the C library gives it, inline (dist/dense.c). */
static inline double
lesser(double x, double y)
{
	return y < x ? y : x;
}

/* The ceiling over the tokens in the order it (q/p falling, ties in token
 * order): the least p(T) + 1 - q(T)^k over its prefixes T. */
static double
ceiling_over(const double *p, const double *q, const struct radix_item *it, size_t m,
    int k)
{
	double pt = 0.0, qt = 0.0, best = 1.0;
	size_t i;

	for (i = 0; i < m; i++) {
		double px = p[it[i].i], qx = q[it[i].i], qk = 1.0, qc = lesser(qt + qx, 1.0);
		int j;

		pt += px;
		qt += qx;
		for (j = 0; j < k; j++)	/* k is small: no pow */
			qk *= qc;
		best = lesser(best, pt + 1.0 - qk);
	}
	return best;
}

/* The ceiling with the pair's order from o (kept for the pair). */
static double
ceiling_with(struct ratio_order *o, const double *p, const double *q, size_t n, int k)
{
	size_t m;
	const struct radix_item *it = ratio_order_get(o, p, q, n,
	    RATIO_ORDER_Q_OVER_P_FALLING, &m);

	return ceiling_over(p, q, it, m, k);
}

double
tree_ceiling(const double *p, const double *q, size_t n, int k)
{
	struct ratio_order o = { 0 };
	double c = ceiling_with(&o, p, q, n, k);

	ratio_order_free(&o);
	return c;
}

/* The optimal-transport ceiling at the dense node, kept for its pair; its
 * order from the scratch, which SpecTr's ratio sums share. */
double
tree_ceiling_node(const struct verify_tree_node *nd, int k, struct spec_scratch *scratch)
{
	double c;

	if (tree_node_named(nd) &&
	    tree_memo_get(TREE_MEMO_CEILING(k), nd->p, nd->q, nd->n, &c, 1))
		return c;
	c = ceiling_with(&scratch->order, nd->p, nd->q, nd->n, k);
	if (tree_node_named(nd))
		tree_memo_put(TREE_MEMO_CEILING(k), nd->p, nd->q, nd->n, &c, 1);
	return c;
}
