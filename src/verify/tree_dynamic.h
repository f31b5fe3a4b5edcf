/* tree_dynamic.h: a dynamic token tree (--tree dynamic:K,STEPS,N), built each
 * step from the draft's own scores as EAGLE-2 does and as SGLang implements it
 * (select_top_k_tokens and organize_draft_results in
 * python/sglang/srt/speculative/):
 *   step 0: the root's top K tokens by q, each scored q(x);
 *   steps 1..STEPS-1: each of the K frontier nodes proposes its top K children
 *   by q there, scored parent's score x q(child); the new frontier is the top
 *   K of those K^2 expansions; every expansion is a candidate;
 *   then the candidates (K + (STEPS - 1) K^2) are ranked by score and the top
 *   N - 1 kept, forming the tree with the root.
 * Ties go to the lower creation index (the order the candidates were made:
 * step by step, frontier node by frontier node, child by child), so a kept
 * node's parent is always kept (a child's score never exceeds its parent's).
 * The drafts are fixed by q, so the tree is verified by the top-k rule. */
#ifndef SPECDEC_TREE_DYNAMIC_H
#define SPECDEC_TREE_DYNAMIC_H

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"

struct source;

/* Draft the dynamic tree of spec (spec->dyn_k > 0) in a begun source step
 * into tree, its shape this step into step (breadth first, siblings in
 * falling q, as a static shape's). scratch: the step's working storage. */
void tree_dynamic_draft(struct source *src, const struct tree_shape *spec,
    struct spec_tree *tree, struct tree_shape *step, struct spec_scratch *scratch);

/* The shape of a drafted tree, from its nodes' parents (the tree's nodes in
 * breadth-first order, as tree_dynamic_draft and tree_draft leave them). */
void tree_dynamic_shape(const struct spec_tree *tree, struct tree_shape *shape);

#endif
