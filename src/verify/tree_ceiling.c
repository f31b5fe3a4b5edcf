/* tree_ceiling.c: the optimal-transport ceiling at a node (tree_ceiling.h). */
#include "config.h"

#include "dist/ot_ceiling.h"
#include "verify/tree_ceiling.h"
#include "verify/tree_memo.h"
#include "verify/tree_node.h"

double
tree_ceiling(const double *p, const double *q, size_t n, int k)
{
	struct ot_ceiling_work w = { 0 };
	double c = ot_ceiling(p, q, n, k, &w);

	ot_ceiling_free(&w);
	return c;
}

/* The optimal-transport ceiling at the dense node, kept for its pair; its
 * room from the scratch. */
double
tree_ceiling_node(const struct verify_tree_node *nd, int k, struct spec_scratch *scratch)
{
	double c;

	if (tree_node_named(nd) &&
	    tree_memo_get(TREE_MEMO_CEILING(k), nd->p, nd->q, nd->n, &c, 1))
		return c;
	c = ot_ceiling(nd->p, nd->q, nd->n, k, &scratch->ceiling);
	if (tree_node_named(nd))
		tree_memo_put(TREE_MEMO_CEILING(k), nd->p, nd->q, nd->n, &c, 1);
	return c;
}
