/* tui_detail_tree.c: a tree step in the step detail, node by node in test
 * order (tui_detail_tree.h). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_detail_tree.h"
#include "tui/tui_text.h"
#include "tui/tui_tokens.h"
#include "view/treeview.h"

#define LABEL_W 6		/* the row labels and a space */
#define COL_W 8			/* ".703 no" and a space */

enum { ROW_NODE, ROW_TOKEN, ROW_Q, ROW_P, ROW_ACC, ROW_U, ROW_COUNT };

static const char *const labels[ROW_COUNT] = { "node", "token", "q", "P", "acc", "u" };

static const struct tui_table table = { LABEL_W, COL_W };

/* Figure x in the cell (row, col), as the tree pane writes it. */
static void
number_at(struct tui_pen *p, int row, int col, double x)
{
	char num[16];

	tui_table_put(p, &table, row, col, TUI_S_NORMAL, treeview_number(x, 1, num,
	    sizeof num));
}

/* Node v's column: what the tree pane's row of it shows. */
static void
node_column(struct tui_pen *p, const struct sim *sim, const struct spec_tree *tree, int v,
    int col, int walk)
{
	const struct spec_tree_node *nd = &tree->node[v];
	int revealed = treeview_revealed(nd, walk);
	enum tui_style style = tui_tree_node_style(nd, walk);
	char buf[48], word[32], num[16];
	const char *label = source_label(&sim->src, nd->token, word, sizeof word);

	tui_table_put(p, &table, ROW_NODE, col, nd->order == walk ? TUI_S_SELECTED : TUI_S_DIM,
	    treeview_path(tree, v, buf, sizeof buf));
	if (revealed && nd->outcome == SPEC_REJECTED)	/* the monochrome cue */
		snprintf(buf, sizeof buf, "[%s]", label);
	else
		snprintf(buf, sizeof buf, "%s", label);
	tui_table_put(p, &table, ROW_TOKEN, col, nd->order == walk ? TUI_S_SELECTED : style,
	    buf);
	number_at(p, ROW_Q, col, nd->q);
	number_at(p, ROW_P, col, nd->p_force);
	number_at(p, ROW_ACC, col, nd->accept);
	if (!revealed) {
		tui_table_put(p, &table, ROW_U, col, TUI_S_STATE, "   ?  ?");
		return;
	}
	snprintf(buf, sizeof buf, "%s %s", treeview_number(nd->u, 1, num, sizeof num),
	    nd->outcome == SPEC_ACCEPTED ? "ok" : "no");
	tui_table_put(p, &table, ROW_U, col, style, buf);
}

/* The column after the last tested node: the token the step ended with, from
 * the residual of the node it ended at or a bonus from p; shown once the walk
 * has revealed every node. */
static void
end_column(struct tui_pen *p, const struct sim *sim, const struct spec_tree *tree, int col,
    const struct tui_glyphs *g)
{
	struct spec_token t = { .id = tree->last,
		.outcome = tree->replaced ? SPEC_RESIDUAL : SPEC_BONUS };
	char buf[96], at[48];

	tui_table_put(p, &table, ROW_NODE, col, TUI_S_DIM, treeview_path(tree, tree->end, at,
	    sizeof at));
	tui_table_put(p, &table, ROW_TOKEN, col, tui_outcome_style(t.outcome),
	    tui_token_text(sim, &t, g, buf, sizeof buf));
	tui_table_put(p, &table, ROW_U, col, tui_outcome_style(t.outcome),
	    tree->replaced ? "resid" : "bonus");
}

/* The box's title: the step and where the walk is. */
static void
title(WINDOW *w, const struct spec_tree *tree, uint64_t number, int walk,
    const struct tui_view *v)
{
	char lng[128], shrt[96], path[48];
	int at = walk > 0 ? treeview_tested(tree, walk) : -1;

	if (at > 0) {
		treeview_path(tree, at, path, sizeof path);
		snprintf(lng, sizeof lng, "step %" PRIu64 ", node %s: test %d of %d", number,
		    path, walk, tree->ntested);
		snprintf(shrt, sizeof shrt, "step %" PRIu64 ", test %d/%d", number, walk,
		    tree->ntested);
	} else if (walk == 0) {
		snprintf(lng, sizeof lng, "step %" PRIu64 ", %d test%s: predict each verdict",
		    number, tree->ntested, tree->ntested == 1 ? "" : "s");
		snprintf(shrt, sizeof shrt, "step %" PRIu64 ", predict", number);
	} else {
		treeview_path(tree, tree->end, path, sizeof path);
		snprintf(lng, sizeof lng, "step %" PRIu64 ", %d test%s, kept %s%s", number,
		    tree->ntested, tree->ntested == 1 ? "" : "s", tree->end > 0 ? "node " : "",
		    path);
		snprintf(shrt, sizeof shrt, "step %" PRIu64 ", kept %s", number, path);
	}
	tui_box(w, v->term, lng, shrt);
}

/* The test order of each shown column on the bottom border, the walk's
 * marked. */
static void
orders(WINDOW *w, int first, int ncols, int total, int ntested, int walk,
    const struct tui_view *v)
{
	int num[TREE_NODES_MAX], i;

	for (i = 0; i < ntested && i < TREE_NODES_MAX; i++)
		num[i] = i + 1;
	tui_table_numbers(w, v->term, &table, "test", num, i, first, ncols, total, walk - 1);
}

void
tui_detail_tree(WINDOW *w, const struct sim *sim, const struct sim_entry *e,
    const struct tui_view *v)
{
	const struct spec_tree *tree = &e->tree;
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int walk = v->tree_walk, n = tree->ntested, all = n + (walk < 0);
	int ncols = (getmaxx(w) - TUI_BOX_W - LABEL_W + 1) / COL_W, first, i;

	title(w, tree, e->number, walk, v);
	for (i = 0; i < ROW_COUNT; i++) {
		tui_pen_at(&p, TUI_BOX_Y + i, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, labels[i]);
	}
	ncols = ncols > 0 ? ncols : 1;
	first = all > ncols ? all - ncols : 0;	/* the newest in view */
	if (walk > 0)			/* the walk's node in view */
		first = walk - 1 < ncols ? 0 : walk - ncols;
	for (i = first; i < n && i - first < ncols; i++) {
		int node = treeview_tested(tree, i + 1);

		if (node > 0)
			node_column(&p, sim, tree, node, i - first, walk);
	}
	if (walk < 0 && n - first < ncols)
		end_column(&p, sim, tree, n - first, tui_glyphs(v->term));
	orders(w, first, ncols, all, n, walk, v);
}
