/* tui_layout.c: pane rectangles from the terminal size. */
#include "config.h"

#include <string.h>

#include "tui_layout.h"

#define DETAIL_LINES 8		/* border, token, p, q, p/q, u, verdict, border */
#define COST_LINES 5		/* border, three lines, border */
#define STATS_LINES 9		/* border, four figure lines, three histogram, border */
#define LEFT_MIN 40

static struct tui_rect
rect(int y, int x, int h, int w)
{
	struct tui_rect r = { y, x, h, w };

	return r;
}

int
tui_layout_compute(int cols, int lines, struct tui_layout *lay)
{
	int body, lw, rw, stream, stats, y;

	memset(lay, 0, sizeof *lay);
	lay->cols = cols;
	lay->lines = lines;
	if (cols < TUI_MIN_COLS || lines < TUI_MIN_LINES)
		return lay->fits = 0;
	body = lines - 2;
	lw = cols * 11 / 20 > LEFT_MIN ? cols * 11 / 20 : LEFT_MIN;
	rw = cols - lw;
	stream = body - DETAIL_LINES - COST_LINES;
	stats = STATS_LINES + (body + 2 > 24 ? (body + 2 - 24) / 3 : 0);
	lay->pane[TUI_P_HEADER] = rect(0, 0, 1, cols);
	y = 1;
	lay->pane[TUI_P_STREAM] = rect(y, 0, stream, lw);
	lay->pane[TUI_P_DETAIL] = rect(y + stream, 0, DETAIL_LINES, lw);
	lay->pane[TUI_P_COST] = rect(y + stream + DETAIL_LINES, 0, COST_LINES, lw);
	lay->pane[TUI_P_STATS] = rect(y, lw, stats, rw);
	lay->pane[TUI_P_CURVE] = rect(y + stats, lw, body - stats, rw);
	lay->pane[TUI_P_KEYS] = rect(lines - 1, 0, 1, cols);
	return lay->fits = 1;
}

struct tui_rect
tui_layout_help(int cols, int lines, int n, int entry_w, int *ncols)
{
	int rows_avail = lines - 4 > 1 ? lines - 4 : 1;
	int nc = (n + rows_avail - 1) / rows_avail, rows, w, h;

	nc = nc < 1 ? 1 : nc;
	rows = (n + nc - 1) / nc;
	w = nc * entry_w + (nc - 1) * 2 + 4;
	h = rows + 4;
	w = w > cols ? cols : w;
	h = h > lines ? lines : h;
	*ncols = nc;
	return rect((lines - h) / 2, (cols - w) / 2, h, w);
}
