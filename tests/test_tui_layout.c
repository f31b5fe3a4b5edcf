/* test_tui_layout.c: pane rectangles at 80x24, 120x40 and 72x20; the panes cover
 * every cell exactly once; 72x20 is the smallest size that fits; the help
 * overlay's columns and placement. */
#include "config.h"

#include <stddef.h>

#include "tap.h"
#include "tui_layout.h"

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

/* Expected panes, in enum order: header, stream, detail, cost, stats, curve, keys. */
static const struct {
	int cols, lines;
	int r[TUI_P_COUNT][4];	/* y, x, h, w */
} sizes[] = {
	{ 80, 24, { { 0, 0, 1, 80 }, { 1, 0, 9, 44 }, { 10, 0, 8, 44 }, { 18, 0, 5, 44 },
	    { 1, 44, 9, 36 }, { 10, 44, 13, 36 }, { 23, 0, 1, 80 } } },
	{ 120, 40, { { 0, 0, 1, 120 }, { 1, 0, 25, 66 }, { 26, 0, 8, 66 },
	    { 34, 0, 5, 66 }, { 1, 66, 14, 54 }, { 15, 66, 24, 54 }, { 39, 0, 1, 120 } } },
};

static const char *const pane_names[TUI_P_COUNT] = {
	"header", "stream", "detail", "cost", "stats", "curve", "key bar",
};

static void
test_sizes(void)
{
	struct tui_layout lay;
	size_t i;
	int p;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		tap_eq(tui_layout_compute(sizes[i].cols, sizes[i].lines, &lay), 1, "fits");
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

	tap_eq(tui_layout_compute(TUI_MIN_COLS, TUI_MIN_LINES, &lay), 1, "72x20 fits");
	check_rect(&lay, TUI_P_STREAM, 1, 0, 5, 40, "stream at the minimum");
	check_rect(&lay, TUI_P_STATS, 1, 40, 9, 32, "stats at the minimum");
	check_tiling(&lay);
	tap_eq(tui_layout_compute(TUI_MIN_COLS - 1, 24, &lay), 0, "71x24 too small");
	tap_eq(tui_layout_compute(80, TUI_MIN_LINES - 1, &lay), 0, "80x19 too small");
	tap_eq(tui_layout_compute(40, 10, &lay), 0, "40x10 too small");
	tap_eq(lay.pane[TUI_P_STREAM].w, 0, "no panes when too small");
	tap_eq(tui_layout_compute(0, 0, &lay), 0, "0x0 too small");
}

static void
test_help(void)
{
	struct tui_rect r;
	int nc;

	r = tui_layout_help(120, 40, 21, 30, &nc);
	tap_ok(nc == 1 && r.h == 25 && r.w == 34 && r.y == 7 && r.x == 43,
	    "help 21 entries at 120x40: %d cols, y%d x%d h%d w%d", nc, r.y, r.x, r.h, r.w);
	r = tui_layout_help(80, 24, 21, 30, &nc);
	tap_ok(nc == 2 && r.h == 15 && r.w == 66 && r.y == 4 && r.x == 7,
	    "help 21 entries at 80x24: %d cols, y%d x%d h%d w%d", nc, r.y, r.x, r.h, r.w);
	r = tui_layout_help(72, 20, 21, 30, &nc);
	tap_ok(nc == 2 && r.h == 15 && r.w == 66 && r.y == 2 && r.x == 3,
	    "help 21 entries at 72x20: %d cols, y%d x%d h%d w%d", nc, r.y, r.x, r.h, r.w);
}

int
main(void)
{
	test_sizes();
	test_threshold();
	test_help();
	return tap_done();
}
