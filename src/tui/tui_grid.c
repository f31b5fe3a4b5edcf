/* tui_grid.c: a plot grid (textplot.h) copied into a window, cell by cell, in
 * the styles its plot styles map to. */
#include "config.h"

#include "tui/tui_grid.h"
#include "tui/tui_text.h"

_Static_assert(TUI_GRID_MEASURED - TEXTPLOT_S_USER == TUI_S_COUNT - TUI_S_CURVE,
    "a style for each fixed-alpha curve, then the measured alpha's");

/* The style a plot cell of style s is drawn in. */
enum tui_style
tui_grid_style(int s)
{
	if (s >= TUI_GRID_MEASURED)
		return TUI_S_MEASURED;
	if (s >= TEXTPLOT_S_USER)
		return TUI_S_CURVE + (s - TEXTPLOT_S_USER);
	return s == TEXTPLOT_S_MARK ? TUI_S_MARK : s == TEXTPLOT_S_BAR ? TUI_S_BAR :
	    s == TEXTPLOT_S_CEILING ? TUI_S_DIM : TUI_S_NORMAL;
}

void
tui_draw_grid(WINDOW *w, const struct textplot_grid *grid, int y, int x, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_make(w, v->term, y, x, x + grid->w);
	int r, c;

	for (r = 0; r < grid->h; r++)
		for (c = 0; c < grid->w; c++) {
			const struct textplot_cell *cell = textplot_at(grid, c, r);

			tui_pen_at(&p, y + r, x + c);
			tui_pen_put(&p, tui_grid_style(cell->style), cell->ch);
		}
}
