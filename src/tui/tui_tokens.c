/* tui_tokens.c: a token as every pane shows it: its outcome's style, its label
 * with the sign that survives monochrome, and the legend of the outcomes. */
#include "config.h"

#include <stdio.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_tokens.h"
#include "view/treeview.h"

enum tui_style
tui_outcome_style(enum spec_outcome o)
{
	switch (o) {
	case SPEC_ACCEPTED:
		return TUI_S_ACCEPTED;
	case SPEC_REJECTED:
		return TUI_S_REJECTED;
	case SPEC_RESIDUAL:
		return TUI_S_RESIDUAL;
	case SPEC_BONUS:
		return TUI_S_BONUS;
	}
	return TUI_S_NORMAL;
}

enum tui_style
tui_tree_node_style(const struct spec_tree_node *nd, int walk)
{
	if (!nd->tested)
		return TUI_S_DIM;
	return treeview_revealed(nd, walk) ? tui_outcome_style(nd->outcome) : TUI_S_NORMAL;
}

const char *
tui_token_text(const struct sim *sim, const struct spec_token *t, const struct tui_glyphs *g,
    char *buf, size_t len)
{
	char id[32];
	const char *word = source_label(&sim->src, t->id, id, sizeof id);

	switch (t->outcome) {
	case SPEC_REJECTED:
		snprintf(buf, len, "[%s]", word);
		break;
	case SPEC_RESIDUAL:
		snprintf(buf, len, "%s%s", g->arrow, word);
		break;
	case SPEC_BONUS:
		snprintf(buf, len, "+%s", word);
		break;
	default:
		snprintf(buf, len, "%s", word);
		break;
	}
	return buf;
}

void
tui_tokens_legend(struct tui_pen *p, const struct tui_glyphs *g, int rejected)
{
	tui_pen_put(p, TUI_S_ACCEPTED, "accepted");
	tui_pen_put(p, TUI_S_NORMAL, " ");
	if (rejected)
		tui_pen_put(p, TUI_S_REJECTED, "[rejected]");
	tui_pen_put(p, TUI_S_RESIDUAL, g->arrow);
	tui_pen_put(p, TUI_S_RESIDUAL, "residual");
	tui_pen_put(p, TUI_S_NORMAL, " ");
	tui_pen_put(p, TUI_S_BONUS, "+bonus");
}
