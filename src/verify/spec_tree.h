/* spec_tree.h: the place for a step's token tree, beside its record.
 *
 * A token tree drafts several tokens per position (SpecInfer, Sequoia, vLLM's
 * speculative_token_tree) and verifies them by recursive rejection sampling.
 * Its step keeps two records: struct spec_step (spec.h), the path the step
 * accepted plus its replacement or bonus, which every face, the statistics
 * and the checks read as they read a chain step's; and this companion, every
 * node drafted, each with its parent, token, probabilities and outcome. A
 * chain step leaves its tree empty (n = 0): its drafts are all in spec_step.
 * Nothing fills a tree yet; tree verification is a later change. */
#ifndef SPECDEC_SPEC_TREE_H
#define SPECDEC_SPEC_TREE_H

#include "verify/spec.h"

#define SPEC_TREE_ROOT 0	/* node 0: the step's context, no token */

struct spec_tree_node {
	int parent;		/* the parent's index; -1 for the root */
	int token;		/* drafted from the parent; -1 for the root */
	int source_node;	/* the source's node after token (source.h) */
	double p;		/* target probability of token at the parent */
	double q;		/* draft probability of token at the parent */
	double u;		/* the uniform that decided it; 0 untested */
	int tested;		/* whether it met the accept test */
	enum spec_outcome outcome;	/* accepted or rejected, when tested */
};

/* The nodes of one step, in the order drafted (a parent before its children).
 * The storage grows on demand and is kept from step to step, so its memory
 * follows the largest tree, not the number of steps. A zeroed struct is an
 * empty tree. */
struct spec_tree {
	int n;			/* nodes this step; 0 for a chain step */
	int cap;		/* nodes the storage holds */
	struct spec_tree_node *node;
};

/* Empty the tree for a new step, keeping its storage. */
void spec_tree_clear(struct spec_tree *tree);

/* Append the root, source node source_node, to an empty tree; returns
 * SPEC_TREE_ROOT. */
int spec_tree_root(struct spec_tree *tree, int source_node);

/* Append the child of node parent drafted as token with probabilities p and q,
 * at the source's node source_node, untested; returns its index. */
int spec_tree_add(struct spec_tree *tree, int parent, int token, int source_node,
    double p, double q);

/* Release the storage; the tree is empty and zeroed after. */
void spec_tree_free(struct spec_tree *tree);

#endif
