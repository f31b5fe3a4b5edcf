/* tree_shape.h: the shape of a token tree (--tree): which node hangs from
 * which, read from a list of branching factors by depth ("2", "3,2,1") or
 * from vLLM's index-path notation ("[(0,), (1,), (0, 0)]"), and written back
 * in that notation so a tree round-trips with vLLM and Medusa.
 *
 * Node 0 is the root (the step's context, no token); nodes 1..n-1 are the
 * drafted ones in breadth-first order: by depth, then by parent, then by
 * rank among siblings, so the children of a node are contiguous and come
 * after it. Pure: no source, no generator. */
#ifndef SPECDEC_TREE_SHAPE_H
#define SPECDEC_TREE_SHAPE_H

#include <stddef.h>

#define TREE_NODES_MAX 64	/* drafted nodes in a tree, the root not counted */
#define TREE_DEPTH_MAX 32	/* = SPEC_GAMMA_MAX: a tree's depth */
#define TREE_TEXT_MAX 1024	/* its index-path notation, with the terminator */

struct tree_shape {
	int n;			/* nodes with the root; 0: no tree (a chain) */
	int depth;		/* the deepest node's depth */
	int parent[TREE_NODES_MAX + 1];		/* -1 for the root */
	int depth_of[TREE_NODES_MAX + 1];	/* 0 for the root */
	int rank[TREE_NODES_MAX + 1];		/* index among its siblings */
	int first_child[TREE_NODES_MAX + 1];	/* its first child; 0: none */
	int nchild[TREE_NODES_MAX + 1];
	int dyn_k;		/* a dynamic tree ("dynamic:K,STEPS,N", SGLang's
				 * speculative_eagle_topk): its K; 0 for a fixed
				 * shape. A dynamic spec has n = N and depth =
				 * STEPS and no links: each step's tree is built
				 * from the draft's scores (tree_dynamic.h) */
	int drafter;		/* who drafts it: an enum drafter_kind
				 * (drafter.h); 0, the model, for --tree. A
				 * head tree (heads, mtp) is the product shape
				 * of --head-topk's list */
};

#define TREE_DYN_K_MAX 8	/* K of a dynamic tree */

/* Parse text into shape (a dynamic spec too); 0, or -1 with one line (no prefix) in err. */
int tree_shape_parse(const char *text, struct tree_shape *shape, char *err,
    size_t errlen);

/* The chain of gamma drafts as a shape (every node one child). */
void tree_shape_chain(int gamma, struct tree_shape *shape);

/* The shape in vLLM's index-path notation into buf: "[(0,), (1,), (0, 0)]". */
void tree_shape_format(const struct tree_shape *shape, char *buf, size_t len);

/* Drafted nodes (the root not counted). */
int tree_shape_nodes(const struct tree_shape *shape);

/* The most children any node has (a dynamic spec's K). */
int tree_shape_max_width(const struct tree_shape *shape);

/* An empty shape: the root alone. */
void tree_shape_start(struct tree_shape *shape);

/* Append a node under parent (whose children must come last so far, as in
 * breadth-first order); its index. */
int tree_shape_add(struct tree_shape *shape, int parent);

/* The candidates a dynamic tree ranks: K + (STEPS - 1) K^2. */
int tree_shape_dyn_candidates(int k, int steps);

#endif
