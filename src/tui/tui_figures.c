/* tui_figures.c: the figures page of the help. */
#include "config.h"

#include "sim/figures.h"
#include "tui/tui_figures.h"
#include "tui/tui_text.h"

#define FIG_LABEL_W (FIGURES_NAME_MAX + 1)	/* the figure column, and a space */
#define FIG_PAD 2		/* border and a blank line, above and below */

struct tui_rect
tui_figures_place(int cols, int lines)
{
	const struct figure *row;
	struct tui_rect r;
	int i, w = 0, tw;

	for (i = 0; (row = figures_screen(i)) != NULL; i++)
		if ((tw = tui_text_width(row->explain)) > w)
			w = tw;
	r.w = FIG_LABEL_W + w + TUI_BOX_W;
	r.w = r.w < cols ? r.w : cols;
	r.h = i + 2 * FIG_PAD;
	r.h = r.h < lines ? r.h : lines;
	r.y = (lines - r.h) / 2;
	r.x = (cols - r.w) / 2;
	return r;
}

void
tui_draw_figures(WINDOW *w, const struct tui_term *term)
{
	struct tui_pen p = tui_pen_boxed(w, term);
	const struct figure *row;
	int i, y;

	tui_box(w, term, "what the figures mean", "figures");
	for (i = 0, y = FIG_PAD; (row = figures_screen(i)) != NULL && y < getmaxy(w) - 1;
	    i++, y++) {
		tui_pen_at(&p, y, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_TITLE, term->utf8 && row->screen_utf8 != NULL ?
		    row->screen_utf8 : row->screen);
		tui_pen_at(&p, y, TUI_BOX_X + FIG_LABEL_W);
		tui_pen_put_cut(&p, TUI_S_NORMAL, row->explain);
	}
	tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);
	tui_pen_put(&p, TUI_S_DIM, " any key closes ");
}
