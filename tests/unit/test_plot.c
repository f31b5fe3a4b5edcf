/* test_plot.c: the text grid, curves and bars, exactly as drawn: a small curve
 * plot row by row in ASCII and in UTF-8, with its gamma + 1 ceiling and the marked
 * point; vertical and horizontal bars, clamped; 33 bins crowded into 23 columns
 * (the histogram at gamma 32) and spread over 41. */
#include "config.h"

#include <string.h>

#include "view/textplot.h"
#include "lib/tap.h"

static const char *const curves_ascii[] = {
	"5|            ..",
	" |         ...99",
	" |     .999@99  ",
	"3| .9999        ",
	" |99555555555555",
	"1|              ",
	" +--------------",
	"  1   2    3   4",
};

static const char *const curves_utf8[] = {
	"5\u2502            \u00b7\u00b7",
	" \u2502         \u00b7\u00b7\u00b799",
	" \u2502     \u00b7999\u25c699  ",
	"3\u2502 \u00b79999        ",
	" \u250299555555555555",
	"1\u2502              ",
	" \u2514\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500",
	"  1   2    3   4",
};

static const char *const bars_ascii[] = {
	"         ##    ",
	"         ##    ",
	".. ## ## ## .. ",
	"1  2  3  4  5  ",
};

static const char *const bars_utf8[] = {
	"         \u2588\u2588    ",
	"         \u2588\u2588    ",
	"\u2582\u2582 \u2585\u2585 \u2587\u2587 \u2588\u2588 \u2581\u2581 ",
	"1  2  3  4  5  ",
};

static void
check_rows(const struct textplot_grid *g, const char *const *want, const char *what)
{
	char buf[256];
	int y;

	for (y = 0; y < g->h; y++) {
		textplot_row(g, y, buf, sizeof buf);
		tap_ok(strcmp(buf, want[y]) == 0, "%s row %d: got '%s', want '%s'", what, y,
		    buf, want[y]);
	}
}

static void
test_curves(int utf8)
{
	static const struct textplot_curve c[] = {
		{ 0.5, "5", "5", TEXTPLOT_S_USER }, { 0.9, "9", "9", TEXTPLOT_S_USER + 1 },
	};
	struct textplot_curves spec = { 4, c, 2, 1, 3, 3.4 };
	struct textplot_grid g;

	tap_ok(textplot_init(&g, 16, 8, utf8) == 0, "grid 16x8 allocated");
	textplot_tok_curves(&g, &spec);
	check_rows(&g, utf8 ? curves_utf8 : curves_ascii, utf8 ? "curves utf8" : "curves ascii");
	tap_eq(textplot_at(&g, 11, 2)->style, TEXTPLOT_S_MARK, "marked point at gamma 3, 3.4 tok/step");
	tap_eq(textplot_at(&g, 15, 0)->style, TEXTPLOT_S_CEILING, "ceiling reaches gamma+1 = 5 at gamma 4");
	tap_eq(textplot_at(&g, 14, 1)->style, TEXTPLOT_S_USER + 1, "alpha 0.9 curve near 4.1 at gamma 4");
	tap_eq(textplot_at(&g, 2, 4)->style, TEXTPLOT_S_USER + 1, "alpha 0.9 curve starts at 1.9");
	textplot_free(&g);
}

static void
test_no_ceiling_no_mark(void)
{
	static const struct textplot_curve c[] = { { 0.5, "5", "5", TEXTPLOT_S_USER } };
	struct textplot_curves spec = { 4, c, 1, 0, 0, 0.0 };
	struct textplot_grid g;
	int x, y, ceiling = 0, mark = 0;

	textplot_init(&g, 16, 8, 0);
	textplot_tok_curves(&g, &spec);
	for (y = 0; y < g.h; y++)
		for (x = 0; x < g.w; x++) {
			ceiling += textplot_at(&g, x, y)->style == TEXTPLOT_S_CEILING;
			mark += textplot_at(&g, x, y)->style == TEXTPLOT_S_MARK;
		}
	tap_eq(ceiling, 0, "no ceiling cells when not asked");
	tap_eq(mark, 0, "no mark when mark_gamma is 0");
	tap_ok(textplot_at(&g, 99, 0) == NULL && textplot_at(&g, -1, 0) == NULL, "outside is NULL");
	textplot_put(&g, 16, 0, "x", 0);
	textplot_put(&g, -1, 0, "x", 0);
	tap_ok(strcmp(textplot_at(&g, 0, 0)->ch, "5") == 0, "puts outside the grid are dropped");
	textplot_free(&g);
}

static void
test_vbars(int utf8)
{
	static const double v[5] = { 1, 2, 3, 10, 0.1 };
	struct textplot_grid g;

	textplot_init(&g, 15, 4, utf8);
	textplot_vbars(&g, v, 5);
	check_rows(&g, utf8 ? bars_utf8 : bars_ascii, utf8 ? "bars utf8" : "bars ascii");
	textplot_free(&g);
}

/* gamma 32 in the 80x24 histogram: 33 bins in 23 columns share bars two by two;
 * the labels start under bars, reach 33, and the bars hold every bin. */
static void
test_vbars_crowded(void)
{
	double v[33];
	struct textplot_grid g;
	char row[256];
	int i, bars = 0, bad = 0, x;

	for (i = 0; i < 33; i++)
		v[i] = 1.0;
	v[32] = 2.0;
	textplot_init(&g, 23, 4, 0);
	textplot_vbars(&g, v, 33);
	textplot_row(&g, 3, row, sizeof row);
	tap_ok(strncmp(row, "1 ", 2) == 0, "crowded bars: the first label is 1: '%s'", row);
	tap_ok(strncmp(row + 16, "33", 2) == 0 && row[15] == ' ',
	    "crowded bars: 33 under the last bar (column 16): '%s'", row);
	for (x = 0; x < 23; x++) {
		if (strcmp(textplot_at(&g, x, 2)->ch, " ") != 0)
			bars++;
		if (row[x] != ' ' && (x == 0 || row[x - 1] == ' ') &&
		    strcmp(textplot_at(&g, x, 2)->ch, " ") == 0)
			bad++;
	}
	tap_eq(bars, 17, "crowded bars: 17 bars of two bins (the last one alone)");
	tap_eq(bad, 0, "crowded bars: every label starts under a bar");
	tap_ok(strcmp(textplot_at(&g, 16, 0)->ch, "#") == 0 && strcmp(textplot_at(&g, 0, 0)->ch,
	    "#") == 0, "crowded bars: pairs and the doubled last bin reach the top");
	textplot_free(&g);
	textplot_init(&g, 41, 4, 1);
	textplot_vbars(&g, v, 33);
	textplot_row(&g, 3, row, sizeof row);
	tap_ok(strncmp(row + 32, "33", 2) == 0, "33 bars in 41 columns: 33 at column 32: '%s'",
	    row);
	textplot_free(&g);
}

static void
test_hbar(void)
{
	char buf[64];

	textplot_hbar(buf, sizeof buf, 0.55, 10, 0);
	tap_ok(strcmp(buf, "######    ") == 0, "ascii hbar 0.55 of 10: '%s'", buf);
	textplot_hbar(buf, sizeof buf, 0.55, 10, 1);
	tap_ok(strcmp(buf, "\u2588\u2588\u2588\u2588\u2588\u258c    ") == 0,
	    "utf8 hbar 0.55 of 10 ends in a half block: '%s'", buf);
	textplot_hbar(buf, sizeof buf, 2.0, 4, 0);
	tap_ok(strcmp(buf, "####") == 0, "hbar clamps above 1: '%s'", buf);
	textplot_hbar(buf, sizeof buf, -1.0, 3, 1);
	tap_ok(strcmp(buf, "   ") == 0, "hbar clamps below 0: '%s'", buf);
	tap_eq((long long)textplot_hbar(buf, 4, 1.0, 10, 1), 3, "hbar stops at the buffer's end");
}

static void
test_alpha_label(void)
{
	static const struct {
		double alpha;
		const char *want;
	} cases[] = { { 0.3, ".3" }, { 0.25, ".25" }, { 0.9, ".9" }, { 1.0, "1" }, { 0.0, "0" } };
	char buf[16];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		textplot_alpha_label(buf, sizeof buf, cases[i].alpha);
		tap_ok(strcmp(buf, cases[i].want) == 0, "alpha %g labelled '%s', want '%s'",
		    cases[i].alpha, buf, cases[i].want);
	}
}

int
main(void)
{
	test_curves(0);
	test_curves(1);
	test_no_ceiling_no_mark();
	test_vbars(0);
	test_vbars(1);
	test_vbars_crowded();
	test_hbar();
	test_alpha_label();
	return tap_done();
}
