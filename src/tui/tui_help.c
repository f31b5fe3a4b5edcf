/* tui_help.c: the help overlay's first page (every key of the key table) and
 * the screen shown instead of the panes when the terminal is too small. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tui/tui_help.h"
#include "tui/tui_keys.h"
#include "tui/tui_text.h"

static int
help_text_width(int i)
{
	return tui_text_width(tui_keys[i].help);
}

void
tui_help_place(int cols, int lines, struct tui_help_layout *h)
{
	tui_layout_help(cols, lines, tui_nkeys, help_text_width, tui_keys_help_rows, h);
}

void
tui_draw_help(WINDOW *w, const struct tui_help_layout *h, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int i, x, y;

	tui_box(w, v->term, "keys", NULL);
	for (i = 0; i < tui_nkeys && i < h->ncols * h->rows; i++) {
		x = h->col_x[i / h->rows];
		y = h->top + i % h->rows;
		tui_pen_at(&p, y, x);
		tui_pen_put(&p, TUI_S_TITLE, tui_keys[i].name);
		tui_pen_at(&p, y, x + TUI_HELP_NAME_W);
		tui_pen_put_cut(&p, TUI_S_NORMAL, tui_keys[i].help);
	}
	tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);	/* on the bottom border */
	tui_pen_put(&p, TUI_S_DIM, " ? again: what the figures mean; any other key closes ");
}

void
tui_draw_small(WINDOW *w, int need_cols, int need_lines)
{
	char msg[64], now[64];
	int cols = getmaxx(w), lines = getmaxy(w);

	snprintf(msg, sizeof msg, "terminal too small (need %dx%d)", need_cols, need_lines);
	snprintf(now, sizeof now, "now %dx%d; q quits", cols, lines);
	werase(w);
	mvwaddnstr(w, lines / 2 - (lines > 1), (cols - (int)strlen(msg)) / 2 > 0 ?
	    (cols - (int)strlen(msg)) / 2 : 0, msg, cols);
	if (lines > 1)
		mvwaddnstr(w, lines / 2, (cols - (int)strlen(now)) / 2 > 0 ?
		    (cols - (int)strlen(now)) / 2 : 0, now, cols);
}
