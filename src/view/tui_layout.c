/* tui_layout.c: pane rectangles from the terminal size. */
#include "config.h"

#include <string.h>

#include "view/tui_layout.h"

#define STATS_SHARE_FROM 24	/* the statistics get a third of the lines above this */
#define HELP_TEXT_MIN 16	/* a column's text, at the least: the rest may be cut */
#define HELP_PAD 2		/* border and a blank line, above and below the entries */
#define HELP_GAP 2		/* columns before the first column (border, space), between
				 * two, and after the last (space, border) */

static int
max2(int a, int b)
{
	return a > b ? a : b;
}

static struct tui_rect
rect(int y, int x, int h, int w)
{
	struct tui_rect r = { y, x, h, w };

	return r;
}

#define WIDE_CURVE_H 15		/* the lower-right pane's lines in the wide layout, at
				 * the least: two plot rows more than at 80x24 */

/* Room for the timeline (its need) under the stream, and for the distributions
 * under the curve; the curve keeps WIDE_CURVE_H lines, or two fifths when more. */
static void
layout_wide(struct tui_layout *lay, const struct tui_size min[TUI_P_COUNT])
{
	struct tui_rect *st = &lay->pane[TUI_P_STREAM], *cv = &lay->pane[TUI_P_CURVE];
	int tl = min[TUI_P_TIMELINE].h;
	int dist = cv->h - max2(cv->h - cv->h * 3 / 5, WIDE_CURVE_H);

	st->h -= tl;
	lay->pane[TUI_P_TIMELINE] = rect(st->y + st->h, st->x, tl, st->w);
	cv->h -= dist;
	lay->pane[TUI_P_DIST] = rect(cv->y + cv->h, cv->x, dist, cv->w);
	lay->wide = 1;
}

/* The least size that fits: each column's panes stacked, the two columns side
 * by side, the header and the key bar above and below. */
static void
layout_need(struct tui_layout *lay, const struct tui_size min[TUI_P_COUNT], int *left_w)
{
	int left_h = min[TUI_P_STREAM].h + min[TUI_P_DETAIL].h + min[TUI_P_COST].h;
	int right_h = min[TUI_P_STATS].h + min[TUI_P_CURVE].h;
	int right_w = max2(min[TUI_P_STATS].w, min[TUI_P_CURVE].w);

	*left_w = max2(min[TUI_P_STREAM].w, max2(min[TUI_P_DETAIL].w, min[TUI_P_COST].w));
	lay->need_cols = max2(*left_w + right_w, max2(min[TUI_P_HEADER].w,
	    min[TUI_P_KEYS].w));
	lay->need_lines = min[TUI_P_HEADER].h + min[TUI_P_KEYS].h + max2(left_h, right_h);
}

int
tui_layout_compute(int cols, int lines, const struct tui_size min[TUI_P_COUNT],
    struct tui_layout *lay)
{
	int top = min[TUI_P_HEADER].h, detail = min[TUI_P_DETAIL].h, cost = min[TUI_P_COST].h;
	int body, lw, rw, stream, stats, left_min;

	memset(lay, 0, sizeof *lay);
	lay->cols = cols;
	lay->lines = lines;
	layout_need(lay, min, &left_min);
	if (cols < lay->need_cols || lines < lay->need_lines)
		return lay->fits = 0;
	body = lines - top - min[TUI_P_KEYS].h;
	lw = max2(cols * 11 / 20, left_min);
	rw = cols - lw;
	stream = body - detail - cost;
	stats = min[TUI_P_STATS].h + (lines > STATS_SHARE_FROM ?
	    (lines - STATS_SHARE_FROM) / 3 : 0);
	lay->pane[TUI_P_HEADER] = rect(0, 0, top, cols);
	lay->pane[TUI_P_STREAM] = rect(top, 0, stream, lw);
	lay->pane[TUI_P_DETAIL] = rect(top + stream, 0, detail, lw);
	lay->pane[TUI_P_COST] = rect(top + stream + detail, 0, cost, lw);
	lay->pane[TUI_P_STATS] = rect(top, lw, stats, rw);
	lay->pane[TUI_P_CURVE] = rect(top + stats, lw, body - stats, rw);
	lay->pane[TUI_P_KEYS] = rect(top + body, 0, min[TUI_P_KEYS].h, cols);
	if (cols >= TUI_WIDE_COLS && lines >= TUI_WIDE_LINES)
		layout_wide(lay, min);
	return lay->fits = 1;
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

/* Columns that ncols columns need at the least: each entry's name and the first
 * HELP_TEXT_MIN columns of its text (the rest may be cut), gaps included. */
static int
help_width_min(int ncols)
{
	return HELP_GAP + ncols * (TUI_HELP_NAME_W + HELP_TEXT_MIN + HELP_GAP);
}

void
tui_layout_help(int cols, int lines, int n, int (*text_w)(int i), int (*rows)(int ncols),
    struct tui_help_layout *h)
{
	int most = n < TUI_HELP_COLS_MAX ? n : TUI_HELP_COLS_MAX, nc, c, x, w, ht, pad;

	/* the columns the width holds; of those, the fewest whose rows fit with a
	 * blank line above and below, or else with the border alone, or else all */
	while (most > 1 && help_width_min(most) > cols)
		most--;
	for (pad = HELP_PAD; pad >= 1; pad--) {
		for (nc = 1; nc <= most && rows(nc) + 2 * pad > lines; nc++)
			;
		if (nc <= most)
			break;
	}
	if (pad < 1) {
		pad = 1;
		nc = most;
	}
	memset(h, 0, sizeof *h);
	h->ncols = nc;
	h->rows = rows(nc);
	h->top = pad;
	h->shown = h->rows < lines - 2 * pad ? h->rows : lines - 2 * pad;
	h->shown = h->shown > 0 ? h->shown : 0;
	for (c = 0, x = HELP_GAP; c < nc; c++) {
		h->col_x[c] = x;
		x += help_column_width(n, text_w, c, h->rows) + HELP_GAP;
	}
	w = x < cols ? x : cols;
	ht = h->shown + 2 * pad;
	h->win = rect((lines - ht) / 2, (cols - w) / 2, ht, w);
}
