/* rule_rrs_without.c: recursive rejection sampling without replacement (Jeon
 * et al. 2024, arXiv 2402.14160; Sequoia, arXiv 2402.12374). The children of a
 * node are drawn from q without replacement; child x is accepted with
 * min(1, P(x)/Q(x)); after a rejection P becomes norm(max(0, P - Q)), and
 * then Q(x) is set to 0 and Q renormalised, the law the next sibling was
 * drawn from. Its acceptance depends on the tokens drawn: measured only. */
#include "config.h"

#include "verify/rule.h"
#include "verify/tree_node.h"

static int
rrs_without_node(const struct verify_params *par, struct verify_tree_node *nd)
{
	(void)par;
	return tree_node_rrs(nd, 1);
}

const struct verify_entry verify_rule_rrs_without = {
	.name = "rrs-without",
	.flags = VERIFY_F_TREE | VERIFY_F_LOSSLESS | VERIFY_F_DRAWS_U,
	.test = "u < P/Q",
	.replacement = "the last P; Q(x) <- 0 after each rejection",
	.bonus_name = "p",
	.beta_name = "none: measured only",
	.tree_draw = VERIFY_DRAW_WITHOUT,
	.tree_node = rrs_without_node,
	.explain = "tree: children without replacement, P and Q updated per "
	    "rejection (Sequoia)",
};
