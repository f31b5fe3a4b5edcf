/* tree_node.h: the node test the tree rules share: a node's pair (struct
 * verify_tree_node in verify.h) made dense on demand, the record of each
 * child's test, draws at the node, and recursive rejection sampling. Nothing
 * here reads the rule table, so the rules call it freely. */
#ifndef SPECDEC_TREE_NODE_H
#define SPECDEC_TREE_NODE_H

#include <stddef.h>

#include "verify/verify.h"

/* Record child i's test with its P(x) and acceptance probability a; draw its
 * u; 1 when accepted (u < a). */
int tree_node_test(struct verify_tree_node *node, int i, double px, double a);

/* The node's dense p and q, made once (the handles' own vectors when they
 * are dense, else copies): over the
 * vocabulary, or for a pair of sparse lists over the union of their entries
 * (node->ids). Every pass the rules take over them in token order then adds
 * the same nonzero terms in the same order as over the vocabulary, and so
 * gives the same bits in time in the entries (dist/dense.h). */
void tree_node_dense(struct verify_tree_node *node);

/* The node made dense and its working copies P = p and Q = q, made once. */
void tree_node_work(struct verify_tree_node *node);

/* Whether the node's pair is named by its source (pdist.h: a pair that comes
 * back, a replay's lines), so that its closed forms are worth keeping
 * (tree_memo.h). */
int tree_node_named(const struct verify_tree_node *node);

/* A token drawn from w, one of node's vectors, as dense_sample_at. */
size_t tree_node_sample(const struct verify_tree_node *node, const double *w);

/* A sample of norm(max(0, p - q)) at the node from its handles (p itself
 * when the residual has no mass); its mass into *mass. */
size_t tree_node_sample_residual(struct verify_tree_node *node, double *mass);

/* Recursive rejection sampling at a node (SpecInfer's; with without set,
 * Q(x) <- 0 after each rejection as well, for children drawn without
 * replacement): child x accepted with min(1, P(x)/Q(x)), P <- norm(max(0,
 * P - Q)) after a rejection, the replacement from the last P. The accepted
 * child's index, or -1. */
int tree_node_rrs(struct verify_tree_node *node, int without);

/* Children tested alike, each accepted with beta: by_rank[i] = (1 - beta)^i
 * beta for i < k; 1 - (1 - beta)^k returned. */
double tree_node_geometric(double beta, int k, double *by_rank);

#endif
