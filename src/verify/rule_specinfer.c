/* rule_specinfer.c: SpecInfer's multi-step speculative sampling (Miao et al.
 * 2023, arXiv 2305.09781): recursive rejection sampling with replacement. The
 * children of a node are independent samples of q; child x is accepted with
 * min(1, P(x)/q(x)); after a rejection P becomes norm(max(0, P - q)) before
 * the next sibling; when every child is rejected the token comes from the
 * last P. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/dense.h"
#include "util/xalloc.h"
#include "verify/rule.h"
#include "verify/tree_node.h"

static int
specinfer_node(const struct verify_params *par, struct verify_tree_node *nd)
{
	(void)par;
	return tree_node_rrs(nd, 0);
}

/* Child i is tested with P_i, the residual after i rejections, which does not
 * depend on the tokens rejected: it is accepted with sum min(P_i, q). */
static double
specinfer_accept(const struct verify_params *par, const double *p, const double *q,
    size_t n, int k, double *by_rank)
{
	double *P = k > 1 ? xreallocarray(NULL, n, sizeof *P) : NULL, reach = 1.0;
	const double *at = p;	/* P_i: p until the first residual, no copy */
	int i;

	(void)par;
	for (i = 0; i < k; i++) {
		double beta = dense_overlap(at, q, n);

		by_rank[i] = reach * beta;
		reach *= fmax(0.0, 1.0 - beta);
		if (i + 1 < k && dense_residual_into(P, at, q, n, 1.0) > 0.0)
			at = P;	/* the last residual is not read */
	}
	free(P);
	return 1.0 - reach;
}

const struct verify_entry verify_rule_specinfer = {
	.name = "specinfer",
	.flags = VERIFY_F_TREE | VERIFY_F_LOSSLESS | VERIFY_F_DRAWS_U |
	    VERIFY_F_CLOSED_BETA,
	.test = "u < P/q",
	.replacement = "the last P, norm(max(0, P - q)) after each rejection",
	.bonus_name = "p",
	.beta_name = "1 - prod(1 - sum min(P_i, q))",
	.tree_draw = VERIFY_DRAW_IID,
	.tree_node = specinfer_node,
	.tree_accept = specinfer_accept,
	.explain = "tree: i.i.d. children, P <- norm(max(0, P - q)) per rejection "
	    "(SpecInfer)",
};
