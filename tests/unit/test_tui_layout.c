/* test_tui_layout.c: pane rectangles at 80x24, 120x40 and 72x20 from the pane
 * table's sizes; the panes cover every cell exactly once; 72x20 is the smallest
 * size that fits, and a pane that needs more moves it; the pane table gives
 * every rectangle and every view of p's cycle one pane and picks the text mode
 * and slow motion in their rectangles; the help overlay's window and columns as
 * the live view draws them. */
#include "config.h"

#include <stddef.h>

#include "lib/tap.h"
#include "view/tui_layout.h"
#include "tui/tui_help.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

/* The layout over the pane table's sizes, as the live view computes it. */
static int
compute(int cols, int lines, struct tui_layout *lay)
{
	struct tui_size min[TUI_P_COUNT];

	tui_pane_min_sizes(min, 0);
	return tui_layout_compute(cols, lines, min, lay);
}

static void
check_rect(const struct tui_layout *lay, enum tui_pane p, int y, int x, int h, int w,
    const char *name)
{
	const struct tui_rect *r = &lay->pane[p];

	tap_ok(r->y == y && r->x == x && r->h == h && r->w == w,
	    "%dx%d %s: got y%d x%d h%d w%d, want y%d x%d h%d w%d", lay->cols, lay->lines,
	    name, r->y, r->x, r->h, r->w, y, x, h, w);
}

/* Every cell covered by exactly one pane. */
static void
check_tiling(const struct tui_layout *lay)
{
	static unsigned char cover[200][400];
	int p, y, x, bad = 0;

	for (y = 0; y < lay->lines; y++)
		for (x = 0; x < lay->cols; x++)
			cover[y][x] = 0;
	for (p = 0; p < TUI_P_COUNT; p++) {
		const struct tui_rect *r = &lay->pane[p];

		for (y = r->y; y < r->y + r->h; y++)
			for (x = r->x; x < r->x + r->w; x++)
				cover[y][x]++;
	}
	for (y = 0; y < lay->lines; y++)
		for (x = 0; x < lay->cols; x++)
			bad += cover[y][x] != 1;
	tap_eq(bad, 0, "cells not covered exactly once");
}

/* Expected panes, in enum order: header, stream, detail, cost, stats, curve, keys,
 * distributions, timeline (these two only from 120x40). */
static const struct {
	int cols, lines;
	int r[TUI_P_COUNT][4];	/* y, x, h, w */
} sizes[] = {
	{ 80, 24, { { 0, 0, 1, 80 }, { 1, 0, 9, 44 }, { 10, 0, 8, 44 }, { 18, 0, 5, 44 },
	    { 1, 44, 9, 36 }, { 10, 44, 13, 36 }, { 23, 0, 1, 80 }, { 0, 0, 0, 0 },
	    { 0, 0, 0, 0 } } },
	{ 119, 40, { { 0, 0, 1, 119 }, { 1, 0, 25, 65 }, { 26, 0, 8, 65 },
	    { 34, 0, 5, 65 }, { 1, 65, 14, 54 }, { 15, 65, 24, 54 }, { 39, 0, 1, 119 },
	    { 0, 0, 0, 0 }, { 0, 0, 0, 0 } } },
	{ 120, 40, { { 0, 0, 1, 120 }, { 1, 0, 17, 66 }, { 26, 0, 8, 66 },
	    { 34, 0, 5, 66 }, { 1, 66, 14, 54 }, { 15, 66, 15, 54 }, { 39, 0, 1, 120 },
	    { 30, 66, 9, 54 }, { 18, 0, 8, 66 } } },
	{ 200, 60, { { 0, 0, 1, 200 }, { 1, 0, 37, 110 }, { 46, 0, 8, 110 },
	    { 54, 0, 5, 110 }, { 1, 110, 21, 90 }, { 22, 110, 15, 90 }, { 59, 0, 1, 200 },
	    { 37, 110, 22, 90 }, { 38, 0, 8, 110 } } },
};

static const char *const pane_names[TUI_P_COUNT] = {
	"header", "stream", "detail", "cost", "stats", "curve", "key bar", "distributions",
	"timeline",
};

static void
test_sizes(void)
{
	struct tui_layout lay;
	size_t i;
	int p;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		tap_eq(compute(sizes[i].cols, sizes[i].lines, &lay), 1, "fits");
		for (p = 0; p < TUI_P_COUNT; p++)
			check_rect(&lay, (enum tui_pane)p, sizes[i].r[p][0], sizes[i].r[p][1],
			    sizes[i].r[p][2], sizes[i].r[p][3], pane_names[p]);
		check_tiling(&lay);
	}
}

static void
test_threshold(void)
{
	struct tui_layout lay;

	tap_eq(compute(72, 20, &lay), 1, "72x20 fits");
	tap_ok(lay.need_cols == 72 && lay.need_lines == 20, "need 72x20 (got %dx%d)",
	    lay.need_cols, lay.need_lines);
	check_rect(&lay, TUI_P_STREAM, 1, 0, 5, 40, "stream at the minimum");
	check_rect(&lay, TUI_P_STATS, 1, 40, 9, 32, "stats at the minimum");
	check_tiling(&lay);
	tap_eq(compute(71, 24, &lay), 0, "71x24 too small");
	tap_eq(compute(80, 19, &lay), 0, "80x19 too small");
	tap_eq(compute(40, 10, &lay), 0, "40x10 too small");
	tap_eq(lay.pane[TUI_P_STREAM].w, 0, "no panes when too small");
	tap_eq(compute(0, 0, &lay), 0, "0x0 too small");
}

/* The layout reads the sizes it is given: a taller step detail and a wider
 * statistics pane raise the least size and get their room. */
static void
test_needs(void)
{
	struct tui_size min[TUI_P_COUNT];
	struct tui_layout lay;

	tui_pane_min_sizes(min, 0);
	tap_ok(min[TUI_P_DETAIL].h == 8 && min[TUI_P_COST].h == 5 && min[TUI_P_STATS].h == 9 &&
	    min[TUI_P_TIMELINE].h == 8 && min[TUI_P_STREAM].w == 40 && min[TUI_P_STATS].w == 32,
	    "the table's needs: detail 8, cost 5, stats 9, timeline 8 lines; stream 40, "
	    "stats 32 columns (got %d %d %d %d; %d %d)", min[TUI_P_DETAIL].h, min[TUI_P_COST].h,
	    min[TUI_P_STATS].h, min[TUI_P_TIMELINE].h, min[TUI_P_STREAM].w, min[TUI_P_STATS].w);
	min[TUI_P_DETAIL].h += 2;
	min[TUI_P_STATS].w += 3;
	tap_eq(tui_layout_compute(74, 21, min, &lay), 0, "a taller detail: 74x21 too small");
	tap_ok(lay.need_cols == 75 && lay.need_lines == 22, "need 75x22 (got %dx%d)",
	    lay.need_cols, lay.need_lines);
	tap_eq(tui_layout_compute(80, 24, min, &lay), 1, "80x24 still fits");
	check_rect(&lay, TUI_P_DETAIL, 8, 0, 10, 44, "the taller detail");
	check_tiling(&lay);
}

/* One pane per rectangle, one per view of p's cycle; the text mode and slow
 * motion take their rectangles only while on. */
static void
test_table(void)
{
	struct tui_view v = { 0 };
	int slot, i, own, bad = 0;

	for (slot = 0; slot < TUI_P_COUNT; slot++) {
		for (i = own = 0; i < tui_npanes; i++)
			own += (int)tui_pane_table[i]->slot == slot &&
			    tui_pane_table[i]->action != TUI_A_TEXT &&
			    tui_pane_table[i]->action != TUI_A_SLOWMO &&
			    tui_pane_table[i]->action != TUI_A_BATCH_UP;
		bad += slot == TUI_P_CURVE ? own < 3 : own != 1;
	}
	tap_eq(bad, 0, "rectangles without exactly one pane of their own (the curve's: "
	    "p's cycle: the speedup, the curve, the tree and any new one)");
	for (i = 0, bad = 0; i < tui_npanes; i++) {
		v.lower = tui_pane_table[i];
		bad += tui_pane_table[i]->action == TUI_A_LOWER &&
		    tui_pane_for(TUI_P_CURVE, &v) != tui_pane_table[i];
	}
	tap_eq(bad, 0, "each pane of p's cycle is drawn in the lower right when chosen");
	v.lower = &tui_pane_dist;
	tap_ok(tui_pane_for(TUI_P_CURVE, &v) == &tui_pane_dist &&
	    tui_pane_for(TUI_P_DIST, &v) == &tui_pane_dist &&
	    tui_pane_for(TUI_P_TIMELINE, &v) == &tui_pane_timeline,
	    "the distributions in the lower right and in their own rectangle");
	tap_ok(tui_pane_for(TUI_P_STREAM, &v) == &tui_pane_stream &&
	    tui_pane_for(TUI_P_DETAIL, &v) == &tui_pane_detail, "stream and detail by default");
	v.text_mode = 1;
	v.slowmo_stage = 2;
	tap_ok(tui_pane_for(TUI_P_STREAM, &v) == &tui_pane_prose &&
	    tui_pane_for(TUI_P_DETAIL, &v) == &tui_pane_slowmo,
	    "text mode in the stream's place, slow motion in the detail's");
	for (i = 0; i < tui_npanes; i++)
		bad += tui_text_width(tui_pane_table[i]->name) > TUI_PANE_NAME_MAX ||
		    tui_text_width(tui_pane_table[i]->help) > TUI_PANE_HELP_MAX ||
		    tui_pane_table[i]->draw == NULL;
	tap_eq(bad, 0, "every pane drawn, its name and line within the help's columns");
}

/* Entries of a synthetic key table: text widths, and no pairs. */
static const int synth_w[7] = { 10, 20, 5, 30, 8, 8, 12 };

static int
synth_text_w(int i)
{
	return synth_w[i];
}

static int
synth_paired(int i)
{
	(void)i;
	return 0;
}

/* A longer synthetic table, 60 entries of 20 columns each, in pairs (0 and 1,
 * 2 and 3, ...): as the key table may grow. */
#define PAIRS_N 60

static int
pairs_text_w(int i)
{
	(void)i;
	return 20;
}

static int
pairs_paired(int i)
{
	return i % 2 == 0 && i + 1 < PAIRS_N;
}

/* y, x, h, w of the window, columns, rows, top, rows shown, pages */
#define HELP_WANT 9

static void
check_help(const struct tui_help_layout *h, int cols, int lines, const int *want,
    const char *what)
{
	tap_ok(h->win.y == want[0] && h->win.x == want[1] && h->win.h == want[2] &&
	    h->win.w == want[3] && h->ncols == want[4] && h->rows == want[5] &&
	    h->top == want[6] && h->shown == want[7] && h->npages == want[8],
	    "%s at %dx%d: window y%d x%d h%d w%d, %d columns of %d rows (%d shown) from "
	    "row %d, %d pages; want y%d x%d h%d w%d, %d of %d (%d) from row %d, %d pages",
	    what, cols, lines, h->win.y, h->win.x, h->win.h, h->win.w, h->ncols, h->rows,
	    h->shown, h->top, h->npages, want[0], want[1], want[2], want[3], want[4],
	    want[5], want[7], want[6], want[8]);
}

/* No column (nor page, which ends a column) ends on the first of a pair. */
static int
breaks_parted(int n, int rows, int (*paired)(int i))
{
	int b, parted = 0;

	for (b = rows; b < n; b += rows)
		parted += paired(b - 1);
	return parted;
}

/* Each column as wide as its widest entry: border and space, name, text, gap;
 * as many columns as the width holds with 16 columns of text (2 + 28 a column). */
static void
test_help_synthetic(void)
{
	static const int tall[HELP_WANT] = { 6, 30, 11, 44, 1, 7, 2, 7, 1 };
	static const int two[HELP_WANT] = { 0, 1, 8, 68, 2, 4, 2, 4, 1 };
	static const int three[HELP_WANT] = { 0, 5, 7, 100, 3, 3, 2, 3, 1 };
	static const int border[HELP_WANT] = { 0, 1, 6, 68, 2, 4, 1, 4, 1 };
	/* 70x4: two rows a column, two columns a page: 4 + 3 entries; the first
	 * page 2 + (10 + 20 + 2) + (10 + 30 + 2) = 76 wide, clipped to 70 */
	static const int paged[HELP_WANT] = { 0, 0, 4, 70, 2, 2, 1, 2, 2 };
	struct tui_help_layout h;

	tui_layout_help(104, 23, 7, synth_text_w, synth_paired, 0, &h);
	check_help(&h, 104, 23, tall, "one column");
	tap_eq(h.col_x[0], 2, "one column: names from x 2");
	tui_layout_help(70, 8, 7, synth_text_w, synth_paired, 0, &h);
	check_help(&h, 70, 8, two, "two columns");
	tap_ok(h.col_x[0] == 2 && h.col_x[1] == 2 + 10 + 30 + 2,
	    "two columns: the second starts after the widest of the first (x %d, %d)",
	    h.col_x[0], h.col_x[1]);
	tui_layout_help(110, 7, 7, synth_text_w, synth_paired, 0, &h);
	check_help(&h, 110, 7, three, "three columns");
	tap_ok(h.col_x[1] == 34 && h.col_x[2] == 76, "three columns at x 2, 34, 76 (got %d, %d)",
	    h.col_x[1], h.col_x[2]);
	tui_layout_help(70, 7, 7, synth_text_w, synth_paired, 0, &h);
	check_help(&h, 70, 7, border, "70 columns hold two: no blank line, the border alone");
	tui_layout_help(70, 4, 7, synth_text_w, synth_paired, 0, &h);
	check_help(&h, 70, 4, paged, "4 lines: two pages, nothing left out");
	tap_ok(h.page == 0 && h.first == 0 && h.col_x[1] == 34, "70x4 page 1: entries from "
	    "0, the second column at x 34 (got page %d, first %d, x %d)", h.page, h.first,
	    h.col_x[1]);
	tui_layout_help(70, 4, 7, synth_text_w, synth_paired, 1, &h);
	check_help(&h, 70, 4, paged, "4 lines, page 2: the same window");
	tap_ok(h.page == 1 && h.first == 4 && h.col_x[0] == 2 && h.col_x[1] == 2 + 10 + 8 + 2,
	    "70x4 page 2: entries from 4, columns at x 2, 22 (got page %d, first %d, x %d, "
	    "%d)", h.page, h.first, h.col_x[0], h.col_x[1]);
	tui_layout_help(70, 4, 7, synth_text_w, synth_paired, 5, &h);
	tap_ok(h.page == 1 && h.first == 4, "70x4: page 6 of 2 is the last (got page %d)",
	    h.page);
	tui_layout_help(200, 4, 7, synth_text_w, synth_paired, 0, &h);
	tap_ok(h.ncols == 4 && h.rows == 2 && h.shown == 2 && h.win.h == 4 && h.npages == 1,
	    "200x4: four columns of two rows between the borders (%d of %d, h%d, %d pages)",
	    h.ncols, h.rows, h.win.h, h.npages);
}

/* The overlay the live view opens for its key table: the rectangle and columns
 * tui.c gives newwin and tui_draw_help draws in (tests/view/tui.sh sees it there).
 * The table as it stands, 55 keys: where one page cannot hold them (two columns
 * of at most 22 or 18 rows), 4 columns of ceil(55 / 4) = 14 rows would part a
 * pair: 15 rows, 2 pages, and a blank line above and below (15 + 4 = 19 rows).
 * At 120x40 one page: 2 columns of 28
 * rows. The synthetic cases below work the arithmetic by hand. */
static void
test_help_drawn(void)
{
	static const struct {
		int cols, lines;
		int want[HELP_WANT];
		int col_x1;	/* the second column's x on the first page */
	} cases[] = {
		{ 80, 24, { 2, 2, 19, 76, 2, 15, 2, 15, 2 }, 38 },
		{ 120, 40, { 4, 21, 32, 77, 2, 28, 2, 28, 1 }, 40 },
		{ 72, 20, { 0, 0, 19, 72, 2, 15, 2, 15, 2 }, 38 },
	};
	struct tui_help_layout h;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tui_help_place(cases[i].cols, cases[i].lines, 0, &h);
		check_help(&h, cases[i].cols, cases[i].lines, cases[i].want, "key table");
		tap_ok(h.col_x[0] == 2 && h.col_x[1] == cases[i].col_x1,
		    "key table at %dx%d: columns at x %d, %d", cases[i].cols, cases[i].lines,
		    h.col_x[0], h.col_x[1]);
		tap_ok(breaks_parted(tui_nkeys, h.rows, tui_keys_paired) == 0,
		    "key table at %dx%d: no pair parted by a column or page", cases[i].cols,
		    cases[i].lines);
	}
	tui_help_place(80, 24, 1, &h);
	tap_ok(h.first == 30 && h.col_x[1] == 37 && h.first + h.ncols * h.rows >= tui_nkeys,
	    "80x24 page 2: keys 30 to the last, the second column at x 37 (got %d, x %d)",
	    h.first, h.col_x[1]);
}

/* 60 entries in pairs: at 72x20 and 80x24 2 columns of 30 rows do not fit (18,
 * 22 rows between the borders): 2 pages of 2 columns, ceil(60 / 4) = 15 rows
 * would end the first column on entry 14, the first of a pair: 16 rows, all
 * breaks (16, 32, 48) after the second of a pair; 16 + 4 <= 20: blank lines.
 * Each column 10 + 20 + 2 wide: 2 + 64 = 66. At 120x40 2 columns of 30 rows
 * fit on one page, 30 + 4 = 34 high. */
static void
test_help_grown(void)
{
	static const struct {
		int cols, lines;
		int want[HELP_WANT];
	} cases[] = {
		{ 72, 20, { 0, 3, 20, 66, 2, 16, 2, 16, 2 } },
		{ 80, 24, { 2, 7, 20, 66, 2, 16, 2, 16, 2 } },
		{ 120, 40, { 3, 27, 34, 66, 2, 30, 2, 30, 1 } },
	};
	struct tui_help_layout h;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		tui_layout_help(cases[i].cols, cases[i].lines, PAIRS_N, pairs_text_w,
		    pairs_paired, 0, &h);
		check_help(&h, cases[i].cols, cases[i].lines, cases[i].want, "60 in pairs");
		tap_ok(breaks_parted(PAIRS_N, h.rows, pairs_paired) == 0,
		    "60 in pairs at %dx%d: no pair parted", cases[i].cols, cases[i].lines);
	}
	tui_layout_help(72, 20, PAIRS_N, pairs_text_w, pairs_paired, 1, &h);
	tap_ok(h.first == 32 && h.col_x[1] == 34, "60 in pairs, 72x20 page 2: entries 32 to "
	    "59, the second column at x 34 (got %d, x %d)", h.first, h.col_x[1]);
}

/* The panes p's cycle visits from the speedup until it comes round to it,
 * in order, into got; their count. */
static int
cycle(const struct tui_layout *lay, int tree, const struct tui_pane_def *got[], int max)
{
	const struct tui_pane_def *d = &tui_pane_speedup;
	int n = 0;

	do {
		got[n++] = d;
		d = tui_pane_next_lower(d, lay, tree);
	} while (d != &tui_pane_speedup && n < max);
	return n;
}

/* Whether p's cycle under lay is the TUI_A_LOWER rows in table order that it
 * takes (the lower right's own, those the layout gives no rectangle, the
 * tree's in tree runs), each once, from the speedup round to it again. */
static int
cycle_is_table(const struct tui_layout *lay, int tree)
{
	const struct tui_pane_def *got[64], *d;
	int n = cycle(lay, tree, got, 64), i, k = 0;

	for (i = 0; i < tui_npanes; i++) {
		d = tui_pane_table[i];
		if (d->action == TUI_A_LOWER && (d->runs == TUI_R_ALL ||
		    (d->runs == TUI_R_TREE && (tree & TUI_RUN_TREE)) ||
		    (d->runs == TUI_R_METRICS && (tree & TUI_RUN_METRICS))) &&
		    (d->slot == TUI_P_CURVE || lay->pane[d->slot].h == 0))
			if (k >= n || got[k++] != d)
				return 0;
	}
	return k == n;
}

/* p cycles four views where the distributions and the timeline have no pane of
 * their own, the two curves where they have; a tree run adds the tree. The
 * cycle is counted from the program, so a new pane in it changes no figure. */
static void
test_lower(void)
{
	struct tui_layout lay;
	const struct tui_pane_def *got[64];
	int n;

	compute(80, 24, &lay);
	tap_eq(lay.wide, 0, "80x24 is not wide");
	n = cycle(&lay, 0, got, 64);
	tap_ok(n >= 4 && got[1] == &tui_pane_curve && got[2] == &tui_pane_dist &&
	    got[3] == &tui_pane_timeline, "80x24: speedup, curve, distributions, timeline");
	tap_ok(cycle_is_table(&lay, 0), "80x24: the table's cycle panes in its order, "
	    "and round again (%d)", n);
	tap_ok(cycle_is_table(&lay, 1), "80x24, a tree run: the tree joins");
	tap_ok(cycle_is_table(&lay, TUI_RUN_METRICS) &&
	    tui_pane_in_cycle(&tui_pane_metrics, &lay, TUI_RUN_METRICS) &&
	    !tui_pane_in_cycle(&tui_pane_metrics, &lay, TUI_RUN_TREE),
	    "80x24, a run that polls a URL: the metrics pane joins, and only there");
	tap_ok(tui_pane_next_lower(NULL, &lay, 0) == &tui_pane_speedup,
	    "none yet: the speedup first");
	compute(120, 40, &lay);
	tap_eq(lay.wide, 1, "120x40 is wide");
	n = cycle(&lay, 0, got, 64);
	tap_ok(n >= 2 && got[1] == &tui_pane_curve, "wide: to the curve");
	tap_ok(cycle_is_table(&lay, 0) && !tui_pane_in_cycle(&tui_pane_dist, &lay, 0) &&
	    !tui_pane_in_cycle(&tui_pane_timeline, &lay, 0),
	    "wide: and back, the distributions and timeline have panes");
	tap_ok(cycle_is_table(&lay, 1), "wide, a tree run: the tree joins");
}

int
main(void)
{
	test_lower();
	test_sizes();
	test_threshold();
	test_needs();
	test_table();
	test_help_synthetic();
	test_help_drawn();
	test_help_grown();
	return tap_done();
}
