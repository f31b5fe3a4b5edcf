/* spec_tree.h: the place for a step's token tree, beside its record.
 *
 * A token tree drafts several tokens per position (SpecInfer, Sequoia, vLLM's
 * speculative_token_tree) and verifies them by recursive rejection sampling.
 * Its step keeps two records: struct spec_step (spec.h), the path the step
 * accepted plus its replacement or bonus, which every face, the statistics
 * and the checks read as they read a chain step's; and this companion, every
 * node drafted, each with its parent, token, probabilities and outcome. A
 * chain step leaves its tree empty (n = 0): its drafts are all in spec_step.
 * verify_tree.c fills it under a tree rule (--tree). */
#ifndef SPECDEC_SPEC_TREE_H
#define SPECDEC_SPEC_TREE_H

#include <stdint.h>

#include "dist/ot_ceiling.h"
#include "verify/spec.h"
#include "verify/tree_shape.h"

#define SPEC_TREE_ROOT 0	/* node 0: the step's context, no token */

struct spec_tree_node {
	int parent;		/* the parent's index; -1 for the root */
	int token;		/* drafted from the parent; -1 for the root */
	int source_node;	/* the source's node after token (source.h) */
	double q;		/* draft probability of token at the parent */
	double u;		/* the uniform that decided it; 0 untested */
	int tested;		/* whether it met the accept test */
	enum spec_outcome outcome;	/* accepted or rejected, when tested */
	int depth;		/* 0 for the root */
	int rank;		/* among its siblings, in test order */
	int order;		/* when it was tested: 1, 2, ... over the step; 0 untested */
	double p_force;		/* the target probability of token in force when
				 * tested (after earlier siblings' residual
				 * updates) */
	double accept;		/* its acceptance probability when tested */
	double resid_mass;	/* at a node whose every child was rejected: the
				 * mass of the residual its replacement came
				 * from (the pane's bar); else 0 */
	int on_path;		/* on the accepted path (the root included) */
	double score;		/* the draft's score: the product of q along the
				 * path from the root (1 at the root); EAGLE-2's
				 * and SGLang's rank of a dynamic tree's nodes */
	double reach;		/* the target's probability of the path from the
				 * root (1 at the root): the chance the node is
				 * accepted, when the drafts are fixed (top-k
				 * trees: the tree's has_reach) */
};

/* The nodes of one step, in the order drafted (a parent before its children).
 * The storage grows on demand and is kept from step to step, so its memory
 * follows the largest tree, not the number of steps. A zeroed struct is an
 * empty tree. */
struct spec_tree {
	int n;			/* nodes this step; 0 for a chain step */
	int cap;		/* nodes the storage holds */
	struct spec_tree_node *node;
	int end;		/* the node the accepted path ends at */
	int last;		/* the token emitted after it (residual or bonus) */
	int replaced;		/* whether that token is a replacement */
	int ntested;		/* nodes tested this step */
	int has_reach;		/* whether the nodes' reach is set (a top-k
				 * tree's closed form sets it) */
	int nrank;		/* a dynamic tree over a pair fixed within the
				 * step: the ranks in rank_p; else 0 */
	double rank_p[TREE_NODES_MAX];	/* the target's probability of q's
					 * r-th token at that pair */
	double overlap;		/* and the pair's sum min(p, q) */
};

/* The working storage of a tree step: a rule's vectors (several
 * vocabularies at a large V) and token lists. It serves one step at a time,
 * so its owner keeps one per simulation (or thread), apart from the trees
 * it keeps, which hold node records only. Grown on demand and kept; a zeroed
 * struct is empty. */
struct spec_scratch {
	double *work;		/* a rule's working vectors */
	size_t work_cap;	/* doubles in work */
	uint32_t *ids;		/* token lists beside work (verify_tree.h's compact
				 * vectors) */
	size_t ids_cap;
	void *memo;		/* a rule's own results kept across steps (SpecTr's
				 * rho by width for the last pair), or NULL */
	void (*memo_free)(void *memo);	/* its owner's release, which also
					 * names the owner */
	struct ot_ceiling_work ceiling;	/* the ceiling's room */
};

/* Room for n doubles in the scratch; the storage, which a later call may
 * move. */
double *spec_scratch_work(struct spec_scratch *s, size_t n);

/* Room for n token ids in the scratch (apart from the doubles); the storage,
 * which a later call may move. */
uint32_t *spec_scratch_ids(struct spec_scratch *s, size_t n);

/* Release the scratch's storage; it is empty and zeroed after. */
void spec_scratch_free(struct spec_scratch *s);

/* Empty the tree for a new step, keeping its storage. */
void spec_tree_clear(struct spec_tree *tree);

/* Append the root, source node source_node, to an empty tree; returns
 * SPEC_TREE_ROOT. */
int spec_tree_root(struct spec_tree *tree, int source_node);

/* Append the child of node parent drafted as token with draft probability q,
 * at the source's node source_node, untested; returns its index. */
int spec_tree_add(struct spec_tree *tree, int parent, int token, int source_node,
    double q);

/* Release the storage; the tree is empty and zeroed after. */
void spec_tree_free(struct spec_tree *tree);

#endif
