/* tui_legend.h: legend items (a glyph in its style, then its text) that show
 * whole or not at all, so that a narrow pane drops an item rather than cutting
 * a number in it. */
#ifndef SPECDEC_TUI_LEGEND_H
#define SPECDEC_TUI_LEGEND_H

#include "tui/tui_text.h"

/* Put sep (blanks between items, or ""), glyph in style gs, then text, at the
 * pen when all fit before its right edge; returns 1 when it did, 0 (nothing
 * written) otherwise. glyph may be "". */
int tui_legend_item(struct tui_pen *p, const char *sep, enum tui_style gs, const char *glyph,
    enum tui_style ts, const char *text);

#endif
