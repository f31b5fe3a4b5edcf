/* tree_heads.h: the tree Medusa heads draft (--drafter heads): head i drafts
 * position i from the step's context alone, independent of the tokens drafted
 * before it, so every node at depth i - 1 gets the same children, head i's top
 * k_i tokens, and the tree is the Cartesian product of the heads' top-k sets
 * (the shape of --head-topk k1,...,kK). Head i's distribution is the draft's q
 * at depth i - 1 along the heads' first choices (the spine): on a source whose
 * pair does not depend on the drafted tokens (the stub, a replay) that is the
 * position's own q, on any other the draft given the heads' best guesses.
 * The drafts are fixed by q, so the tree is verified by the top-k rule. */
#ifndef SPECDEC_TREE_HEADS_H
#define SPECDEC_TREE_HEADS_H

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"

struct source;

/* Draft the head tree of shape (every node at one depth with as many
 * children) in a begun source step into tree, node v of the tree being node v
 * of the shape. A head whose q has fewer tokens than its k leaves the rest
 * of its children, and their descendants, undrafted (token -1). */
void tree_heads_draft(struct source *src, const struct tree_shape *shape,
    struct spec_tree *tree);

#endif
