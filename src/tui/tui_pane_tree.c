/* tui_pane_tree.c: the tree pane, one row per drafted node of a tree step
 * hung from its parent with box-drawing characters: its rank among its
 * siblings (their test order), its token in its outcome's style, q (in a
 * dynamic tree its draft score, the product of q along its path), the P in
 * force when it was tested (after its earlier siblings' residual updates),
 * its acceptance probability, u and the verdict; a residual bar below the
 * children of the node where every child was rejected; the accepted path's
 * stems highlighted. Left and Right walk it node by node: the nodes after
 * the one selected keep their u and verdict hidden (predict, then reveal);
 * m (tui.c) starts a step with all of them hidden and reveals them in turn.
 * It scrolls to keep the selected node in view. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"
#include "tui/tui_tokens.h"
#include "view/treeview.h"

#define TREE_TOKEN_W 6		/* a token's column: 5 and a space, at most */
#define TREE_TOKEN_MIN 4	/* ... and at least 3 and a space */
#define TREE_VERDICT_W 2	/* "ok" or "no"; one mark where that does not fit */
#define TREE_NUM_W 5		/* a figure's column: ".068" and a space */
#define TREE_BAR_W 8		/* the residual bar at mass 1 */
#define TREE_HEAD_ROWS 1	/* the column headings */

/* A figure in its column: treeview_number and a space. */
static void
put_number(struct tui_pen *p, double x, int shown, enum tui_style style)
{
	char buf[16];

	tui_pen_printf(p, style, "%4s ", treeview_number(x, shown, buf, sizeof buf));
}

/* The verdict: "ok"/"no", or in one column a check mark or a cross (y/n
 * without UTF-8). */
static const char *
verdict(int accepted, int narrow, int utf8)
{
	if (!narrow)
		return accepted ? "ok" : "no";
	if (utf8)
		return accepted ? "\u2713" : "\u2717";
	return accepted ? "y" : "n";
}

/* The widths of a row after its prefix. */
struct tree_cols {
	int tw;		/* the token's column */
	int narrow;	/* the verdict in one column */
	int drop;	/* figures left out from the left: q, then P, then acc */
	int utf8;
	int score;	/* a dynamic tree: the draft's score in q's column */
};

#define TREE_FIGURES 4		/* q, P, acc, u */
#define TREE_DROP_MAX 3		/* u always stays, beside its verdict */

/* The columns that fit the room after the prefix: the token column from
 * TREE_TOKEN_W down to TREE_TOKEN_MIN, then a one-column verdict, then
 * fewer figures (a deep tree at 80 columns); past that the row is clipped. */
static struct tree_cols
tree_columns(int room, int utf8)
{
	struct tree_cols c = { 0, 0, 0, utf8, 0 };

	for (;;) {
		int figures = (TREE_FIGURES - c.drop) * TREE_NUM_W;

		c.tw = room - figures - (c.narrow ? 1 : TREE_VERDICT_W);
		if (c.tw >= TREE_TOKEN_MIN || (c.narrow && c.drop == TREE_DROP_MAX))
			break;
		if (!c.narrow)
			c.narrow = 1;
		else
			c.drop++;
	}
	if (c.drop > 0 && room - (TREE_FIGURES - c.drop) * TREE_NUM_W - TREE_VERDICT_W >=
	    TREE_TOKEN_MIN) {	/* a figure fewer leaves room for "ok" again */
		c.narrow = 0;
		c.tw = room - (TREE_FIGURES - c.drop) * TREE_NUM_W - TREE_VERDICT_W;
	}
	c.tw = c.tw > TREE_TOKEN_W ? TREE_TOKEN_W : c.tw < TREE_TOKEN_MIN ? TREE_TOKEN_MIN : c.tw;
	return c;
}

/* One node's row after its prefix. */
static void
draw_node(struct tui_pen *p, const struct sim *sim, const struct tree_cols *c,
    const struct spec_tree_node *nd, int walk)
{
	char lbl[32], tok[TREE_TOKEN_W + 1];
	const char *label = source_label(&sim->src, nd->token, lbl, sizeof lbl);
	int revealed = treeview_revealed(nd, walk);
	enum tui_style style = tui_tree_node_style(nd, walk);

	snprintf(tok, sizeof tok, "%-*.*s", c->tw - 1, c->tw - 1, label);
	tui_pen_printf(p, nd->tested && nd->order == walk ? TUI_S_SELECTED : style, "%s",
	    tok);
	tui_pen_put(p, TUI_S_NORMAL, " ");
	if (c->drop < 1)
		put_number(p, c->score ? nd->score : nd->q, 1, nd->tested ? TUI_S_NORMAL :
		    TUI_S_DIM);
	if (c->drop < 2)
		put_number(p, nd->p_force, nd->tested, TUI_S_NORMAL);
	if (c->drop < 3)
		put_number(p, nd->accept, nd->tested, TUI_S_NORMAL);
	if (nd->tested && !revealed) {
		tui_pen_put(p, TUI_S_DIM, c->narrow ? "   ? ?" : "   ?  ?");
		return;
	}
	put_number(p, nd->u, nd->tested, TUI_S_NORMAL);
	if (nd->tested)
		tui_pen_put(p, style, verdict(nd->outcome == SPEC_ACCEPTED, c->narrow, c->utf8));
}

/* The column headings over the figures that show. */
static void
draw_heading(struct tui_pen *p, const struct tree_cols *c)
{
	static const char *const head[TREE_FIGURES] = { "    q", "    P", "  acc", "    u" };
	int i;

	tui_pen_printf(p, TUI_S_TITLE, "%-*s", c->tw, "tok");
	for (i = c->drop; i < TREE_FIGURES; i++)
		tui_pen_put(p, TUI_S_TITLE, i == 0 && c->score ? "score" : head[i]);
}

/* The residual row: the replacement and a bar of the residual's mass. */
static void
draw_residual(struct tui_pen *p, const struct sim *sim, const struct spec_tree *tree,
    const struct spec_tree_node *at, int tw, int utf8)
{
	char lbl[32], bar[TREE_BAR_W * 3 + 1];
	const char *label = source_label(&sim->src, tree->last, lbl, sizeof lbl);
	double m = at->resid_mass > 1.0 ? 1.0 : at->resid_mass;
	int n = (int)(m * TREE_BAR_W + 0.5), i;

	bar[0] = '\0';
	for (i = 0; i < n; i++)
		strcat(bar, utf8 ? "\u2588" : "#");
	tui_pen_printf(p, TUI_S_RESIDUAL, "%-*.*s", tw - 1, tw - 1, label);
	tui_pen_put(p, TUI_S_DIM, " resid ");
	tui_pen_put(p, TUI_S_BAR, bar);
	tui_pen_printf(p, TUI_S_NORMAL, " %.3f", at->resid_mass);
}

/* The row of the selected node: the walk's, or -1. */
static int
selected_row(const struct treeview_row *rows, int n, const struct spec_tree *tree,
    int walk)
{
	int node = treeview_tested(tree, walk), i;

	for (i = 0; i < n && node > 0; i++)
		if (rows[i].kind == TREEVIEW_NODE && rows[i].node == node)
			return i;
	return -1;
}

static void
draw_rows(WINDOW *w, const struct sim *sim, const struct tui_view *v,
    const struct spec_tree *tree, const struct treeview_row *rows, int n)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int h = getmaxy(w) - TUI_BOX_H - TREE_HEAD_ROWS, i, pw = 0, top;
	struct tree_cols c;

	for (i = 0; i < n; i++)
		pw = tui_text_width(rows[i].prefix) > pw ? tui_text_width(rows[i].prefix) : pw;
	pw += 2;	/* the rank and a space */
	c = tree_columns(getmaxx(w) - TUI_BOX_W - pw, v->term->utf8);
	c.score = sim_tree_shape(sim)->dyn_k > 0;
	tui_pen_at(&p, TUI_BOX_Y, TUI_BOX_X + pw);
	draw_heading(&p, &c);
	top = treeview_scroll(n, h, selected_row(rows, n, tree, v->tree_walk), 0);
	for (i = top; i < n && i < top + h; i++) {
		const struct spec_tree_node *nd = &tree->node[rows[i].node];

		tui_pen_at(&p, TUI_BOX_Y + TREE_HEAD_ROWS + i - top, TUI_BOX_X);
		tui_pen_put(&p, nd->on_path && rows[i].kind == TREEVIEW_NODE ? TUI_S_ACCEPTED :
		    TUI_S_DIM, rows[i].prefix);
		if (rows[i].kind == TREEVIEW_RESIDUAL) {
			tui_pen_at(&p, p.y, TUI_BOX_X + pw);
			draw_residual(&p, sim, tree, nd, c.tw, v->term->utf8);
			continue;
		}
		tui_pen_printf(&p, nd->on_path ? TUI_S_ACCEPTED : TUI_S_NORMAL, "%d",
		    nd->rank + 1);
		tui_pen_at(&p, p.y, TUI_BOX_X + pw);
		draw_node(&p, sim, &c, nd, v->tree_walk);
	}
	if (top + h < n) {
		tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);
		tui_pen_printf(&p, TUI_S_DIM, " %d more below ", n - top - h);
	}
}

static void
draw_tree(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_entry *e = sim_recent(sim, v->paused ? v->selected : 0);
	static struct treeview_row rows[TREEVIEW_ROWS_MAX];
	struct tui_pen p = tui_pen_boxed(w, v->term);
	char title[64];
	int n;

	n = e != NULL ? treeview_rows(sim_tree_shape(sim), &e->tree, v->term->utf8, rows) :
	    0;
	if (e != NULL && n > 0)
		snprintf(title, sizeof title, "tree, step %llu: %d of %d tested",
		    (unsigned long long)e->number, e->tree.ntested, e->tree.n - 1);
	else
		snprintf(title, sizeof title, "token tree");
	tui_box(w, v->term, title, "tree");
	if (n > 0) {
		draw_rows(w, sim, v, &e->tree, rows, n);
		return;
	}
	tui_pen_put(&p, TUI_S_DIM, sim_is_tree(sim) ? "no step yet" :
	    "a chain: run with --tree SHAPE and a tree rule");
}

const struct tui_pane_def tui_pane_tree = {
	"tree", TUI_P_CURVE, { 0, 0 }, draw_tree, TUI_A_LOWER, TUI_R_TREE,
	"a tree step node by node: q, P in force, acc, u",
};
