/* tui_help.h: the help overlay's first page, every entry of the key table (the
 * second is tui_figures.h, the third the pane table's lines), and the screen
 * shown instead of the panes while the terminal is too small. */
#ifndef SPECDEC_TUI_HELP_H
#define SPECDEC_TUI_HELP_H

#include "view/tui_layout.h"
#include "tui/tui_panes.h"

/* Where the help overlay goes on a cols x lines screen, and its entries in it:
 * tui_layout_help over the key table. */
void tui_help_place(int cols, int lines, struct tui_help_layout *h);

/* The help overlay into w, a window at h->win: every entry of the key table, the
 * two keys of a pair in one column. */
void tui_draw_help(WINDOW *w, const struct tui_help_layout *h, const struct tui_view *v);

/* The whole screen w when it is below need_cols x need_lines. */
void tui_draw_small(WINDOW *w, int need_cols, int need_lines);

#endif
