/* rule_traversal.h: the walk of traversal verification (rule_traversal.c)
 * with its uniforms supplied by the caller, so that a test can follow every
 * outcome of a step and read the law of its last token instead of a draw.
 * The rule itself draws its uniforms from its generator. */
#ifndef SPECDEC_RULE_TRAVERSAL_H
#define SPECDEC_RULE_TRAVERSAL_H

#include <stddef.h>

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"

struct source;

/* The uniform u for the test of a node whose acceptance probability is w:
 * the node is kept when u < w. */
typedef double traversal_uniform_fn(void *ctx, double w);

/* Walk the tree drafted over shape (tree_draft, in a begun source step)
 * as the rule does, each test's u from uniform(ctx, w), recording every test
 * in tree (its working storage in scratch); returns the node the accepted path ends at and writes the law the
 * step's last token is drawn from there into law (src->vocab doubles): the
 * residual at a node whose children were deleted, else the target's p. */
int traversal_walk(const struct tree_shape *shape, struct spec_tree *tree,
    struct spec_scratch *scratch, struct source *src, traversal_uniform_fn *uniform, void *ctx, double *law);

#endif
