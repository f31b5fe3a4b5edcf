/* tui_grid.h: a plot grid (textplot.h) into a window, each cell in the style
 * its plot style maps to. */
#ifndef SPECDEC_TUI_GRID_H
#define SPECDEC_TUI_GRID_H

#include "view/textplot.h"
#include "tui/tui_panes.h"

/* The plot style of the measured alpha's curve: TEXTPLOT_S_USER + i is the i-th
 * fixed-alpha curve's colour (TUI_S_CURVE + i), and from here on the measured
 * alpha's (TUI_S_MEASURED). */
#define TUI_GRID_MEASURED (TEXTPLOT_S_USER + 4)

/* The style a plot cell of plot style s is drawn in. */
enum tui_style tui_grid_style(int s);

/* Copy a plot grid into w from (y, x), each cell in tui_grid_style. */
void tui_draw_grid(WINDOW *w, const struct textplot_grid *grid, int y, int x,
    const struct tui_view *v);

#endif
