/* tui_layout.c: pane rectangles from the terminal size. */
#include "config.h"

#include <string.h>

#include "view/tui_layout.h"

#define BORDER_LINES 2		/* a pane's top and bottom border */
#define DETAIL_LINES (TUI_DETAIL_ROWS + BORDER_LINES)
#define COST_LINES (TUI_COST_ROWS + BORDER_LINES)
#define STATS_LINES (TUI_STATS_FIGURE_ROWS + TUI_STATS_HIST_ROWS + BORDER_LINES)
#define TIMELINE_LINES (TUI_TIMELINE_ROWS + BORDER_LINES)
#define LEFT_MIN 40
#define HELP_PAD 2		/* border and a blank line, above and below the entries */
#define HELP_GAP 2		/* columns before the first column (border, space), between
				 * two, and after the last (space, border) */

static struct tui_rect
rect(int y, int x, int h, int w)
{
	struct tui_rect r = { y, x, h, w };

	return r;
}

/* Room for the timeline under the stream, and for the distributions under the
 * curve. */
static void
layout_wide(struct tui_layout *lay)
{
	struct tui_rect *st = &lay->pane[TUI_P_STREAM], *cv = &lay->pane[TUI_P_CURVE];
	int dist = cv->h * 3 / 5;

	st->h -= TIMELINE_LINES;
	lay->pane[TUI_P_TIMELINE] = rect(st->y + st->h, st->x, TIMELINE_LINES, st->w);
	cv->h -= dist;
	lay->pane[TUI_P_DIST] = rect(cv->y + cv->h, cv->x, dist, cv->w);
	lay->wide = 1;
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
	if (cols >= TUI_WIDE_COLS && lines >= TUI_WIDE_LINES)
		layout_wide(lay);
	return lay->fits = 1;
}

enum tui_lower
tui_layout_next_lower(const struct tui_layout *lay, enum tui_lower cur)
{
	int n = lay->wide ? TUI_L_DIST : TUI_L_COUNT;

	return (enum tui_lower)(((int)cur + 1) % n);
}

/* Columns column c needs when each holds rows entries. */
static int
help_column_width(int n, int (*text_w)(int i), int c, int rows)
{
	int i, w, max = 0;

	for (i = c * rows; i < n && i < (c + 1) * rows; i++)
		if ((w = text_w(i)) > max)
			max = w;
	return TUI_HELP_NAME_W + max;
}

void
tui_layout_help(int cols, int lines, int n, int (*text_w)(int i), int (*rows)(int ncols),
    struct tui_help_layout *h)
{
	int most = n < TUI_HELP_COLS_MAX ? n : TUI_HELP_COLS_MAX, nc = 1, c, x, w, ht;

	while (nc < most && rows(nc) + 2 * HELP_PAD > lines)
		nc++;
	memset(h, 0, sizeof *h);
	h->ncols = nc;
	h->rows = rows(nc);
	h->top = HELP_PAD;
	for (c = 0, x = HELP_GAP; c < nc; c++) {
		h->col_x[c] = x;
		x += help_column_width(n, text_w, c, h->rows) + HELP_GAP;
	}
	w = x < cols ? x : cols;
	ht = h->rows + 2 * HELP_PAD < lines ? h->rows + 2 * HELP_PAD : lines;
	h->win = rect((lines - ht) / 2, (cols - w) / 2, ht, w);
}
