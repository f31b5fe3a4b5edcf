/* treeview.c: the tree pane's rows (treeview.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "verify/tree_dynamic.h"
#include "view/treeview.h"

struct walk {
	const struct tree_shape *shape;
	const struct spec_tree *tree;
	const char *bar, *gap, *tee, *elbow;
	struct treeview_row *rows;
	int n;
};

static void
add_row(struct walk *w, enum treeview_kind kind, int node, const char *stem,
    const char *joint)
{
	struct treeview_row *r = &w->rows[w->n++];

	r->kind = kind;
	r->node = node;
	snprintf(r->prefix, sizeof r->prefix, "%s%s", stem, joint);
}

/* v's children below it, stem the prefix of v's own line's ancestors. */
static void
walk_children(struct walk *w, int v, const char *stem)
{
	const struct tree_shape *s = w->shape;
	int k = s->nchild[v], i, resid = w->tree->replaced && w->tree->end == v;

	for (i = 0; i < k; i++) {
		int c = s->first_child[v] + i, last = i == k - 1 && !resid;
		char next[TREEVIEW_PREFIX_MAX];

		if (w->tree->node[c].token < 0 || w->n >= TREEVIEW_ROWS_MAX)
			continue;
		add_row(w, TREEVIEW_NODE, c, stem, last ? w->elbow : w->tee);
		snprintf(next, sizeof next, "%s%s", stem, last ? w->gap : w->bar);
		walk_children(w, c, next);
	}
	if (resid && w->n < TREEVIEW_ROWS_MAX)
		add_row(w, TREEVIEW_RESIDUAL, v, stem, w->elbow);
}

int
treeview_rows(const struct tree_shape *shape, const struct spec_tree *tree, int utf8,
    struct treeview_row *rows)
{
	struct walk w = { shape, tree, utf8 ? "\u2502 " : "| ", "  ",
		utf8 ? "\u251c" : "+", utf8 ? "\u2514" : "`", rows, 0 };
	struct tree_shape own;	/* a dynamic tree's, this step's */

	if (shape->dyn_k > 0 && tree->n > 0) {
		tree_dynamic_shape(tree, &own);
		w.shape = shape = &own;
	}
	if (tree->n == 0 || shape->n != tree->n)
		return 0;
	walk_children(&w, SPEC_TREE_ROOT, "");
	return w.n;
}

int
treeview_scroll(int nrows, int h, int sel, int top)
{
	if (h <= 0 || nrows <= h)
		return 0;
	if (sel >= 0 && sel < top)
		top = sel;
	if (sel >= 0 && sel >= top + h)
		top = sel - h + 1;
	if (top > nrows - h)
		top = nrows - h;
	return top < 0 ? 0 : top;
}

int
treeview_tested(const struct spec_tree *tree, int order)
{
	int v;

	for (v = 1; v < tree->n; v++)
		if (tree->node[v].tested && tree->node[v].order == order)
			return v;
	return -1;
}

int
treeview_revealed(const struct spec_tree_node *nd, int walk)
{
	return nd->tested && (walk < 0 || nd->order <= walk);
}

const char *
treeview_path(const struct spec_tree *tree, int node, char *buf, size_t len)
{
	int rank[TREE_DEPTH_MAX + 1], n = 0, v;
	size_t at = 0;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	for (v = node; v > 0 && v < tree->n && n <= TREE_DEPTH_MAX; v = tree->node[v].parent)
		rank[n++] = tree->node[v].rank + 1;
	if (n == 0)
		snprintf(buf, len, "root");
	while (n-- > 0 && at < len) {
		int w = snprintf(buf + at, len - at, at > 0 ? ".%d" : "%d", rank[n]);

		at += w > 0 ? (size_t)w : 0;
	}
	return buf;
}

const char *
treeview_number(double x, int shown, char *buf, size_t len)
{
	if (!shown)
		snprintf(buf, len, "   -");
	else if (x >= 0.0 && x < 0.9995)	/* ".068": the leading 0 dropped */
		snprintf(buf, len, "%4.3f", x), memmove(buf, buf + 1, strlen(buf));
	else
		snprintf(buf, len, "%4.2f", x);
	return buf;
}
