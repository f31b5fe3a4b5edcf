/* tree_ceiling.h: the best acceptance any lossless rule can have at a node
 * with k independent drafts from q (Khisti et al. 2024, the optimal
 * transport): min over sets T of tokens of p(T) + 1 - q(T)^k (Y in T, or
 * some draft outside T; a minimum cut, so the maximum coupling). The minimum
 * over the sets of the tokens with the highest q/p is the minimum over every
 * set (docs/theory.md); dist/ot_ceiling.h finds it without sorting the
 * vocabulary. At k = 1 it is the overlap. */
#ifndef SPECDEC_TREE_CEILING_H
#define SPECDEC_TREE_CEILING_H

#include <stddef.h>

#include "verify/spec_tree.h"
#include "verify/verify.h"

/* The ceiling for the dense pair (p, q) over n tokens with k drafts. */
double tree_ceiling(const double *p, const double *q, size_t n, int k);

/* The ceiling at a dense node (tree_node_dense) with k drafts, kept for its
 * pair when the source names it (tree_memo.h); its room from the scratch. */
double tree_ceiling_node(const struct verify_tree_node *node, int k,
    struct spec_scratch *scratch);

#endif
