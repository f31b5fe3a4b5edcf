/* rule_mistake_no_residual_update.c: a classic mistake for the checks to
 * catch: SpecInfer's tree test with the residual not updated between
 * siblings. Every child x is accepted with min(1, p(x)/q(x)) against the
 * node's own p, and only when all are rejected is the token drawn from
 * norm(max(0, p - q)). Tokens with p < q are accepted too often. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dist/dense.h"
#include "dist/pdist.h"
#include "verify/rule.h"
#include "verify/tree_node.h"

static int
no_update_node(const struct verify_params *par, struct verify_tree_node *nd)
{
	int i;

	(void)par;
	for (i = 0; i < nd->k; i++) {
		size_t x = (size_t)nd->token[i];
		double px = pdist_prob(nd->hp, x), qx = pdist_prob(nd->hq, x);

		if (tree_node_test(nd, i, px, qx > 0.0 ? fmin(1.0, px / qx) : 0.0))
			return i;
	}
	nd->replacement = (int)tree_node_sample_residual(nd, &nd->resid_mass);
	return -1;
}

/* Every child is tested alike: child i with (1 - beta)^i beta. */
static double
no_update_accept(const struct verify_params *par, const double *p, const double *q,
    size_t n, int k, double *by_rank)
{
	(void)par;
	return tree_node_geometric(dense_overlap(p, q, n), k, by_rank);
}

/* min(p, q) (1 + (1 - beta) + ... + (1 - beta)^(k-1)) + (1 - beta)^k R. */
static void
no_update_output(const struct verify_params *par, const double *p, const double *q,
    size_t n, int k, double *scratch, double *out)
{
	double beta = dense_overlap(p, q, n), s = 0.0, reach = 1.0;
	size_t y;
	int i;

	(void)par;
	for (i = 0; i < k; i++) {
		s += reach;
		reach *= 1.0 - beta;
	}
	memcpy(scratch, p, n * sizeof *scratch);
	dense_residual(scratch, q, n, 1.0);
	for (y = 0; y < n; y++)
		out[y] = fmin(p[y], q[y]) * s + reach * scratch[y];
}

const struct verify_entry verify_rule_mistake_no_residual_update = {
	.name = "mistake-no-residual-update",
	.label = "mistake-no-residual-update (a mistake)",
	.flags = VERIFY_F_TREE | VERIFY_F_MISTAKE | VERIFY_F_DRAWS_U |
	    VERIFY_F_CLOSED_BETA,
	.test = "u < p/q",
	.replacement = "norm(max(0, p - q)) (the mistake: p kept between siblings)",
	.bonus_name = "p",
	.beta_name = "1 - (1 - overlap)^k",
	.tree_draw = VERIFY_DRAW_IID,
	.tree_node = no_update_node,
	.tree_accept = no_update_accept,
	.tree_output = no_update_output,
	.explain = "a mistake: siblings all tested against p, no residual update",
};
