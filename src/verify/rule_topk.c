/* rule_topk.c: deterministic top-k drafts (EAGLE-2's code; vLLM's one-hot
 * drafts): the children of a node are the draft's k most likely tokens; child
 * x is accepted with P(x), and on rejection P(x) is set to 0 and P
 * renormalised; when every child is rejected the token comes from the last P.
 * It is sampling y from p and keeping the child equal to y, so a node is
 * reached with the target probability of its path. */
#include "config.h"

#include <stdlib.h>

#include "dist/dense.h"
#include "dist/pdist.h"
#include "dist/topk.h"
#include "util/xalloc.h"
#include "verify/rule.h"
#include "verify/tree_node.h"

/* P after i rejections is p without the rejected tokens, renormalised: read
 * at one token as p(x) / (1 - their mass). */
/* A sample of p without the k children's tokens: by rejection while most of
 * the mass is left, else from the dense copy with them set to 0. */
static int
draw_left(struct verify_tree_node *nd, double removed)
{
	int i, x, again;

	if (removed <= 0.75)
		do {
			x = (int)pdist_sample(nd->hp, nd->rng);
			for (again = 0, i = 0; i < nd->k; i++)
				again |= nd->token[i] == x;
		} while (again);
	else {
		double left = 0.0;
		size_t y;

		tree_node_work(nd);
		for (i = 0; i < nd->k; i++)
			if ((y = dense_index(nd->ids, nd->n, (size_t)nd->token[i])) <
			    nd->n)
				nd->P[y] = 0.0;
		for (y = 0; y < nd->n; y++)
			left += nd->P[y];
		if (!(left > 0.0))	/* the children held all of p: rounding */
			return nd->token[nd->k - 1];
		x = (int)tree_node_sample(nd, nd->P);
	}
	return x;
}

static int
topk_node(const struct verify_params *par, struct verify_tree_node *nd)
{
	double removed = 0.0;
	int i;

	(void)par;
	for (i = 0; i < nd->k; i++) {
		double px = pdist_prob(nd->hp, (size_t)nd->token[i]);
		double a = removed < 1.0 ? px / (1.0 - removed) : 0.0;

		if (tree_node_test(nd, i, a, a))
			return i;
		removed += px;
		nd->resid_mass = 1.0 - removed;
	}
	nd->replacement = draw_left(nd, removed);
	return -1;
}

/* Child i is the one accepted with p of its token. */
static double
topk_accept(const struct verify_params *par, const double *p, const double *q,
    size_t n, int k, double *by_rank)
{
	int *top = xreallocarray(NULL, (size_t)k, sizeof *top), i;
	double sum = 0.0;

	(void)par;
	dist_topk(q, n, k, top);
	for (i = 0; i < k; i++)
		sum += by_rank[i] = top[i] >= 0 ? p[top[i]] : 0.0;
	free(top);
	return sum;
}

const struct verify_entry verify_rule_topk = {
	.name = "topk",
	.flags = VERIFY_F_TREE | VERIFY_F_LOSSLESS | VERIFY_F_DRAWS_U |
	    VERIFY_F_CLOSED_BETA,
	.test = "u < P(x)",
	.replacement = "the last P, P(x) <- 0 after each rejection",
	.bonus_name = "p",
	.beta_name = "sum of p over the top k of q",
	.tree_draw = VERIFY_DRAW_TOPK,
	.tree_node = topk_node,
	.tree_accept = topk_accept,
	.explain = "tree: the draft's top k, accepted with P(x), P(x) <- 0 per "
	    "rejection (EAGLE-2)",
};
