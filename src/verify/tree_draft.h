/* tree_draft.h: the drafting half of a tree step: every node of a shape
 * (tree_shape.h) drafted from the draft at its parent into the step's tree
 * (spec_tree.h), node v of the tree being node v of the shape. */
#ifndef SPECDEC_TREE_DRAFT_H
#define SPECDEC_TREE_DRAFT_H

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

struct rng;
struct source;

/* Draft every node of shape in a begun source step into tree: each node's
 * children from the draft at it under draw. A child that cannot be drawn
 * (without replacement, when q has fewer tokens than children) gets token
 * -1, as do its descendants. scratch: the step's working storage
 * (spec_tree.h). */
void tree_draft(struct source *src, struct rng *rng, const struct tree_shape *shape,
    enum verify_tree_draw draw, struct spec_tree *tree, struct spec_scratch *scratch);

/* The children of node v that were drafted (they come first). */
int tree_draft_count(const struct tree_shape *shape, const struct spec_tree *tree, int v);

#endif
