/* tui_legend.c: legend items that show whole or not at all. */
#include "config.h"

#include "tui/tui_legend.h"

int
tui_legend_item(struct tui_pen *p, const char *sep, enum tui_style gs, const char *glyph,
    enum tui_style ts, const char *text)
{
	if (tui_text_width(sep) + tui_text_width(glyph) + tui_text_width(text) >
	    p->right - p->x)
		return 0;
	tui_pen_put(p, TUI_S_NORMAL, sep);
	tui_pen_put(p, gs, glyph);
	tui_pen_put(p, ts, text);
	return 1;
}
