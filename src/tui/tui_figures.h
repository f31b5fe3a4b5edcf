/* tui_figures.h: the page of the live view's help after the keys: what every
 * figure on the screen means, one line each, read from the figures table's rows
 * that the screen shows (figures_screen in sim/figures.h). The man page's LIVE VIEW
 * section lists the same lines (tests/unit/test_tui_keys checks that). */
#ifndef SPECDEC_TUI_FIGURES_H
#define SPECDEC_TUI_FIGURES_H

#include "view/tui_layout.h"
#include "tui/tui_term.h"

/* Where the page goes on a cols x lines screen: centred, as wide as its widest
 * line needs, clipped to the screen. */
struct tui_rect tui_figures_place(int cols, int lines);

/* The page into w, a window at tui_figures_place. */
void tui_draw_figures(WINDOW *w, const struct tui_term *term);

#endif
