/* verify_tree.h: one speculative step over a token tree (--tree): draft every
 * node of the shape from the draft at its parent (tree_draft.h), verify under
 * a tree rule (VERIFY_F_TREE in verify.h), and write the accepted path into
 * the step record (spec.h) and every node into the tree beside it
 * (spec_tree.h). The pieces the tree rules share are tree_node.h's and
 * dist/dense.h's, the closed forms over a shape tree_closed.h's, the
 * optimal-transport ceiling tree_ceiling.h's. */
#ifndef SPECDEC_VERIFY_TREE_H
#define SPECDEC_VERIFY_TREE_H

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

/* One step under par's tree rule over shape: begin a source step, draft the
 * tree, verify it, commit the emitted tokens. out gets the accepted path (its
 * gamma the shape's depth, nodes the drafted nodes, expect_tok the step's
 * expected tokens in closed form where the rule has one: at the root's pair on
 * a source whose pair is fixed within a step, or, for deterministic drafts
 * (top-k), 1 + the sum over drafted nodes of the target probability of the
 * path to them on any source); targets the pairs along it; tree every node;
 * scratch the working storage, one per simulation (spec_tree.h). */
void verify_tree_step(const struct verify_params *par, const struct tree_shape *shape,
    struct source *src, struct rng *rng, struct spec_step *out,
    struct spec_targets *targets, struct spec_tree *tree,
    struct spec_scratch *scratch);

#endif
