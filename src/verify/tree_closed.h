/* tree_closed.h: a tree step's closed forms over a shape (tree_shape.h):
 * the acceptance expectation at a node by the rule's tree_accept (verify.h),
 * the step's expected tokens, the law of its first token, and the expected
 * tokens of deterministic (top-k) drafts. */
#ifndef SPECDEC_TREE_CLOSED_H
#define SPECDEC_TREE_CLOSED_H

#include <stddef.h>

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

struct source;

/* One pair's closed forms by width (tree_accept's sum and its by_rank for
 * each width asked), computed once: a step over a pair fixed within it asks
 * for the same widths at several nodes and for its expected tokens. Clear
 * have before a new pair. */
struct tree_closed_memo {
	int keep;		/* whether to ask tree_memo too (a named pair) */
	int have[TREE_NODES_MAX + 1];
	double sum[TREE_NODES_MAX + 1];
	double rank[TREE_NODES_MAX + 1][TREE_NODES_MAX];
};

/* The acceptance expectation at a tested node: the rule's closed form with k
 * children where the source's pair is fixed within a step (closed; it needs
 * the whole pair, dense; m keeps it by width), else the overlap
 * (sim_beta_label names it). */
double tree_closed_beta(const struct verify_entry *e, const struct verify_params *par,
    struct verify_tree_node *node, int closed, struct tree_closed_memo *m);

/* tree_closed_expected_tokens with the widths kept in m. */
double tree_closed_expected(const struct verify_entry *e, const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n,
    struct tree_closed_memo *m);

/* The expected tokens of a step over shape whose every node has the dense
 * pair (p, q) under par's rule, from its tree_accept: 1 + E(root) with
 * E(v) = sum_i P(child i accepted) (1 + E(child i)). -1 when the rule has no
 * closed form. */
double tree_closed_expected_tokens(const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n);

/* The law of the first token a step emits when every node has (p, q), into
 * out: the rule's tree_output at the root's k children (p for a lossless
 * rule). scratch holds n doubles. */
void tree_closed_first_law(const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n,
    double *scratch, double *out);

/* Top-k drafts are fixed by q: a node is reached exactly when the target's
 * tokens follow its path, so the expected tokens are 1 + the sum over the
 * drafted nodes of the target probability of the path to them, on any
 * source. Each node's path probability goes into its reach (has_reach). */
double tree_closed_topk(const struct tree_shape *shape, struct source *src,
    struct spec_tree *tree);

#endif
