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

/* Rows that ncols columns of the n entries need: as few as hold them all without
 * a column break between the two entries of a pair. */
static int
help_rows(int n, int ncols, int (*paired)(int i))
{
	int rows, c;

	ncols = ncols > 0 ? ncols : 1;
	rows = n > 0 ? (n + ncols - 1) / ncols : 1;
	for (c = 1; c < ncols && rows < n; c++)
		if (c * rows < n && paired(c * rows - 1)) {
			rows++;
			c = 0;
		}
	return rows;
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

/* One page's columns, the first at x HELP_GAP, into col_x (when not NULL): the
 * x after the last column's gap. */
static int
help_page_x(const struct tui_help_layout *h, int n, int (*text_w)(int i), int page,
    int *col_x)
{
	int c, x = HELP_GAP;

	for (c = 0; c < h->ncols && (page * h->ncols + c) * h->rows < n; c++) {
		if (col_x != NULL)
			col_x[c] = x;
		x += help_column_width(n, text_w, page * h->ncols + c, h->rows) + HELP_GAP;
	}
	return x;
}

/* The columns of one page and the rows of each when every entry fits on one:
 * the fewest columns whose rows fit with a blank line above and below, or else
 * with the border alone; 0 when no count up to most fits. */
static int
help_one_page(int lines, int n, int most, int (*paired)(int i), int *pad)
{
	int nc;

	for (*pad = HELP_PAD; *pad >= 1; (*pad)--)
		for (nc = 1; nc <= most; nc++)
			if (help_rows(n, nc, paired) + 2 * *pad <= lines)
				return nc;
	return 0;
}

/* Pages of most columns each, between the borders alone: the fewest whose
 * columns' rows fit, or else as many as one entry a column makes. */
static int
help_pages(int lines, int n, int most, int (*paired)(int i))
{
	int p, pmax = (n + most - 1) / most;

	for (p = 1; p < pmax; p++)
		if (help_rows(n, p * most, paired) + 2 <= lines)
			break;
	return p;
}

void
tui_layout_help(int cols, int lines, int n, int (*text_w)(int i), int (*paired)(int i),
    int page, struct tui_help_layout *h)
{
	int most = n < TUI_HELP_COLS_MAX ? n : TUI_HELP_COLS_MAX, used, p, x, w, ht, pad;

	while (most > 1 && help_width_min(most) > cols)
		most--;
	most = most > 0 ? most : 1;
	memset(h, 0, sizeof *h);
	if ((h->ncols = help_one_page(lines, n, most, paired, &pad)) > 0) {
		h->rows = help_rows(n, h->ncols, paired);
		h->npages = 1;
	} else {
		h->ncols = most;
		h->rows = help_rows(n, most * help_pages(lines, n, most, paired), paired);
		used = (n + h->rows - 1) / h->rows;
		h->npages = (used + most - 1) / most;
		pad = h->rows + 2 * HELP_PAD <= lines ? HELP_PAD : 1;
	}
	h->page = page < 0 ? 0 : page < h->npages ? page : h->npages - 1;
	h->first = h->page * h->ncols * h->rows;
	h->top = pad;
	h->shown = h->rows < lines - 2 * pad ? h->rows : lines - 2 * pad;
	h->shown = h->shown > 0 ? h->shown : 0;
	for (p = 0, x = 0; p < h->npages; p++)
		x = max2(x, help_page_x(h, n, text_w, p, NULL));
	help_page_x(h, n, text_w, h->page, h->col_x);
	w = x < cols ? x : cols;
	ht = h->shown + 2 * pad;
	h->win = rect((lines - ht) / 2, (cols - w) / 2, ht, w);
}

#define BAND_PANE_MIN 3	/* a pane with no need of its own: its border and
				 * a row */

/* One column of panes, top down. */
struct column {
	enum tui_pane slot[TUI_P_COUNT];
	int h[TUI_P_COUNT], need[TUI_P_COUNT];
	int n, stretch, keep;	/* indexes into slot, or -1 */
};

/* The panes of base whose left edge is x, by their top; the stretching one. */
static void
column_of(const struct tui_layout *base, int x, enum tui_pane keep,
    const struct tui_size min[TUI_P_COUNT], struct column *c)
{
	int y, i;

	memset(c, 0, sizeof *c);
	c->stretch = c->keep = -1;
	for (y = 0; y < base->lines; y++)
		for (i = 0; i < TUI_P_COUNT; i++) {
			const struct tui_rect *r = &base->pane[i];

			if (i == TUI_P_HEADER || i == TUI_P_KEYS || r->h == 0 || r->x != x ||
			    r->y != y)
				continue;
			c->slot[c->n] = (enum tui_pane)i;
			c->h[c->n] = r->h;
			c->need[c->n] = max2(min[i].h, BAND_PANE_MIN);
			if (i == TUI_P_STREAM || i == TUI_P_CURVE)
				c->stretch = c->n;
			if ((enum tui_pane)i == keep)
				c->keep = c->n;
			c->n++;
		}
}

/* Take up to *over rows from pane k, down to its need. */
static void
column_shrink(struct column *c, int k, int *over)
{
	int cut;

	if (k < 0 || c->h[k] == 0)
		return;
	cut = c->h[k] - c->need[k] < *over ? c->h[k] - c->need[k] : *over;
	cut = cut > 0 ? cut : 0;
	c->h[k] -= cut;
	*over -= cut;
}

/* Fit the column into rows: shrink, then drop, then give back what is left. */
static void
column_fit(struct column *c, int rows)
{
	int over = -rows, k, to;

	for (k = 0; k < c->n; k++)
		over += c->h[k];
	if (c->stretch != c->keep)
		column_shrink(c, c->stretch, &over);
	for (k = c->n - 1; k >= 0 && over > 0; k--)
		if (k != c->keep && k != c->stretch)
			column_shrink(c, k, &over);
	column_shrink(c, c->keep, &over);
	for (k = c->n - 1; k >= 0 && over > 0; k--)
		if (k != c->keep) {
			over -= c->h[k];
			c->h[k] = 0;
		}
	if (over > 0 && c->keep >= 0)	/* the kept pane alone, and too tall */
		c->h[c->keep] -= over;
	to = c->stretch >= 0 && c->h[c->stretch] > 0 ? c->stretch : c->keep;
	for (k = 0; to < 0 && k < c->n; k++)
		if (c->h[k] > 0)
			to = k;
	if (over < 0 && to >= 0)
		c->h[to] -= over;
}

void
tui_layout_band(const struct tui_layout *base, int band, enum tui_pane keep,
    const struct tui_size min[TUI_P_COUNT], struct tui_layout *lay)
{
	const struct tui_rect *keys = &base->pane[TUI_P_KEYS];
	int top = base->pane[TUI_P_HEADER].h, side, k, y;
	struct column c;

	*lay = *base;
	if (band <= 0 || !base->fits)
		return;
	for (side = 0; side < 2; side++) {
		column_of(base, side == 0 ? 0 : base->pane[TUI_P_STATS].x, keep, min, &c);
		column_fit(&c, keys->y - band - top);
		for (k = 0, y = top; k < c.n; y += c.h[k], k++)
			lay->pane[c.slot[k]] = c.h[k] > 0 ? rect(y, lay->pane[c.slot[k]].x,
			    c.h[k], lay->pane[c.slot[k]].w) : rect(0, 0, 0, 0);
	}
}
