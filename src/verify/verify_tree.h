/* verify_tree.h: one speculative step over a token tree (--tree): draft every
 * node of the shape from the draft at its parent (tree_shape.h), verify under
 * a tree rule (VERIFY_F_TREE in verify.h), and write the accepted path into
 * the step record (spec.h) and every node into the tree beside it
 * (spec_tree.h); plus the pieces the tree rules share and their closed forms
 * over a shape. */
#ifndef SPECDEC_VERIFY_TREE_H
#define SPECDEC_VERIFY_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

struct sparse_dist;

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

/* Draft every node of shape in a begun source step into tree (node v of the
 * tree is node v of the shape): each node's children from the draft at it
 * under draw. A child that cannot be drawn (without replacement, when q has
 * fewer tokens than children) gets token -1, as do its descendants. scratch:
 * the step's working storage (spec_tree.h). */
void verify_tree_draft(struct source *src, struct rng *rng,
    const struct tree_shape *shape, enum verify_tree_draw draw, struct spec_tree *tree,
    struct spec_scratch *scratch);

/* Shared by the rules: P <- norm(max(0, a P - Q)), the mass before the
 * normalisation returned (P unchanged when it is 0). */
double verify_tree_residual(double *P, const double *Q, size_t n, double a);
/* Q(x) <- 0 (nothing to set when x >= n), the rest renormalised; the mass
 * left before. */
double verify_tree_remove(double *Q, size_t n, size_t x);
/* A sample of the dense weights P (any positive total). */
size_t verify_tree_sample(const double *P, size_t n, struct rng *rng);
/* Record child i's test with its P(x), Q(x) and acceptance probability a; draw
 * its u; 1 when accepted (u < a). */
int verify_tree_test(struct verify_tree_node *node, int i, double px, double qx,
    double a);

/* The node's dense copies p, q, P = p and Q = q, made once: over the
 * vocabulary, or for a pair of sparse lists over the union of their entries
 * (node->ids). Every pass the rules take over them in token order then adds
 * the same nonzero terms in the same order as over the vocabulary, and so
 * gives the same bits in time in the entries. */
void verify_tree_dense(struct verify_tree_node *node);

/* Whether the node's pair is named by its source (pdist.h: a pair that comes
 * back, a replay's lines), so that its closed forms are worth keeping
 * (tree_memo.h). */
int verify_tree_named(const struct verify_tree_node *node);

/* The union of two sparse lists' ids, ascending, into ids (a->n + b->n
 * room); its length. */
size_t verify_tree_union(const struct sparse_dist *a, const struct sparse_dist *b,
    uint32_t *ids);
/* d's probabilities at the n ascending tokens ids into out. */
void verify_tree_gather(const struct sparse_dist *d, const uint32_t *ids, size_t n,
    double *out);
/* The entry of token x among n ascending ids (ids NULL: the vocabulary, x
 * itself), n when it is not there. */
size_t verify_tree_index(const uint32_t *ids, size_t n, size_t x);
/* A token drawn from the n weights w at tokens ids (NULL: 0..n-1) of a
 * vocabulary of vocab: verify_tree_sample's token on the dense vector. */
size_t verify_tree_sample_at(const double *w, const uint32_t *ids, size_t n, size_t vocab,
    struct rng *rng);
/* A token drawn from w, one of node's vectors, as verify_tree_sample_at. */
size_t verify_tree_node_sample(const struct verify_tree_node *node, const double *w);

/* A sample of norm(max(0, p - q)) at the node from its handles (p itself
 * when the residual has no mass); its mass into *mass. */
size_t verify_tree_sample_residual(struct verify_tree_node *node, double *mass);

/* Recursive rejection sampling at a node (SpecInfer's; with without set,
 * Q(x) <- 0 after each rejection as well, for children drawn without
 * replacement): child x accepted with min(1, P(x)/Q(x)), P <- norm(max(0,
 * P - Q)) after a rejection, the replacement from the last P. The accepted
 * child's index, or -1. */
int verify_tree_rrs(struct verify_tree_node *node, int without);

/* sum min(p, q) over n tokens. */
double verify_tree_overlap(const double *p, const double *q, size_t n);

/* Children tested alike, each accepted with beta: by_rank[i] = (1 - beta)^i
 * beta for i < k; 1 - (1 - beta)^k returned. */
double verify_tree_geometric(double beta, int k, double *by_rank);

/* The k most likely tokens of dense q into out, in falling order (ties to the
 * lower id). */
void verify_tree_topk(const double *q, size_t n, int k, int *out);

/* The best acceptance any lossless rule can have at a node with k
 * independent drafts from q (Khisti et al. 2024, the optimal transport):
 * min over sets T of tokens of p(T) + 1 - q(T)^k (Y in T, or some draft
 * outside T; a minimum cut, so the maximum coupling). The minimum over the
 * sets of the tokens with the highest q/p (n of them, after a sort) is the
 * minimum over every set (docs/theory.md). At k = 1 it is the overlap. */
double verify_tree_ot_ceiling(const double *p, const double *q, size_t n, int k);

/* The expected tokens of a step over shape whose every node has the dense
 * pair (p, q) under par's rule, from its tree_accept: 1 + E(root) with
 * E(v) = sum_i P(child i accepted) (1 + E(child i)). -1 when the rule has no
 * closed form. */
double verify_tree_expected_tokens(const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n);

/* The law of the first token a step emits when every node has (p, q), into
 * out: the rule's tree_output at the root's k children (p for a lossless
 * rule). scratch holds n doubles. */
void verify_tree_first_law(const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n,
    double *scratch, double *out);

#endif
