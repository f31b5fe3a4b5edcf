/* treeview.h: the rows of the live view's tree pane, computed without curses:
 * a step's token tree (spec_tree.h) in depth-first order, each node after its
 * parent and its siblings in test order, with the box-drawing prefix that
 * hangs it from its parent, and a residual row after the children of the
 * node whose every child was rejected. */
#ifndef SPECDEC_TREEVIEW_H
#define SPECDEC_TREEVIEW_H

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

/* The rows of tree (drafted over shape) into rows; how many. utf8 chooses
 * the box-drawing characters, else ASCII. */
int treeview_rows(const struct tree_shape *shape, const struct spec_tree *tree, int utf8,
    struct treeview_row *rows);

/* The first row to show so that row sel is among the h shown, from the
 * previous first row top (scrolling as little as it can). */
int treeview_scroll(int nrows, int h, int sel, int top);

#endif
