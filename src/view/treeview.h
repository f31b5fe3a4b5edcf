/* treeview.h: the rows of the live view's tree pane, computed without curses:
 * a step's token tree (spec_tree.h) in depth-first order, each node after its
 * parent and its siblings in test order, with the box-drawing prefix that
 * hangs it from its parent, and a residual row after the children of the
 * node whose every child was rejected. */
#ifndef SPECDEC_TREEVIEW_H
#define SPECDEC_TREEVIEW_H

#include <stddef.h>

#include "verify/spec_tree.h"
#include "verify/tree_shape.h"

#define TREEVIEW_ROWS_MAX (TREE_NODES_MAX + 2)
#define TREEVIEW_PREFIX_MAX (4 * 3 * TREE_DEPTH_MAX + 1)	/* UTF-8 bytes */

enum treeview_kind {
	TREEVIEW_NODE,		/* a drafted node */
	TREEVIEW_RESIDUAL,	/* the replacement drawn at a node whose children
				 * were all rejected */
};

struct treeview_row {
	enum treeview_kind kind;
	int node;		/* the tree's node (for a residual row: the node
				 * whose residual it is) */
	char prefix[TREEVIEW_PREFIX_MAX];	/* "│ ├" or "| +": the node's rank
						 * goes right after it */
};

/* The rows of tree (drafted over shape; for a dynamic spec, over the shape
 * its nodes' parents give) into rows; how many. utf8 chooses the
 * box-drawing characters, else ASCII. */
int treeview_rows(const struct tree_shape *shape, const struct spec_tree *tree, int utf8,
    struct treeview_row *rows);

/* The first row to show so that row sel is among the h shown, from the
 * previous first row top (scrolling as little as it can). */
int treeview_scroll(int nrows, int h, int sel, int top);

/* Both tree views (the tree pane and the step detail) walk a step's tested
 * nodes in test order; walk is how far: the nodes tested at 1..walk show
 * their u and verdict, the others hold them back (predict, then reveal);
 * -1 shows every one. */

/* The node tested at order (1, 2, ... over the step), or -1. */
int treeview_tested(const struct spec_tree *tree, int order);

/* Whether the walk shows node's u and verdict: tested at or before walk. */
int treeview_revealed(const struct spec_tree_node *nd, int walk);

/* The node's place as its siblings' ranks in test order from the root, 1
 * up, joined by dots ("2.1": the first child of the root's second), into
 * buf; "root" for the root; returns buf. */
const char *treeview_path(const struct spec_tree *tree, int node, char *buf, size_t len);

/* A figure of the tree views in 4 columns: ".068", "1.00" (at least .9995
 * rounds to 1.00, not to ".000"), or "   -" when not shown; returns buf. */
const char *treeview_number(double x, int shown, char *buf, size_t len);

#endif
