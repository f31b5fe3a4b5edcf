/* test_tui_band.c: the panes above a lesson's caption band (tui_layout_band)
 * at 80x24 and 120x40, for every band height up to half the screen and every
 * pane kept: the panes left tile the rows above the band exactly, each whole
 * and at least its need, the kept one always among them; the names a show
 * line may give are the pane table's; and what an ask hides (tui_hide). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/tap.h"
#include "lesson/lesson.h"
#include "view/tui_hide.h"
#include "view/tui_layout.h"
#include "tui/tui_panes.h"

/* Every cell above the band, below the header, covered once; none below it
 * but the key bar; each pane shown at least its need (3 lines for none). */
static int
band_ok(const struct tui_layout *lay, int band, enum tui_pane keep,
    const struct tui_size min[TUI_P_COUNT])
{
	static unsigned char cover[64][256];
	int p, y, x, top = band > 0 ? lay->pane[TUI_P_KEYS].y - band : lay->lines;

	memset(cover, 0, sizeof cover);
	for (p = 0; p < TUI_P_COUNT; p++) {
		const struct tui_rect *r = &lay->pane[p];
		int need = min[p].h > 3 ? min[p].h : 3;

		if (r->h == 0)
			continue;
		if (p != TUI_P_HEADER && p != TUI_P_KEYS && (r->h < need || r->y + r->h > top))
			return 0;
		for (y = r->y; y < r->y + r->h; y++)
			for (x = r->x; x < r->x + r->w; x++)
				cover[y][x]++;
	}
	if (keep != TUI_P_COUNT && lay->pane[keep].h == 0)
		return 0;
	for (y = 0; y < lay->lines; y++)
		for (x = 0; x < lay->cols; x++)
			if (cover[y][x] != (y < top || y == lay->lines - 1))
				return 0;
	return 1;
}

static void
check_size(int cols, int lines, int machine)
{
	struct tui_size min[TUI_P_COUNT];
	struct tui_layout base, lay;
	int band, keep, bad = 0, n = 0;

	tui_pane_min_sizes(min, machine);
	tap_ok(tui_layout_compute(cols, lines, min, &base), "%dx%d%s fits", cols, lines,
	    machine ? " with a machine" : "");
	for (band = 0; band <= lines / 2; band++)
		for (keep = TUI_P_STREAM; keep <= TUI_P_COUNT; keep++) {
			if (keep == TUI_P_KEYS || (keep != TUI_P_COUNT && base.pane[keep].h == 0))
				continue;
			tui_layout_band(&base, band, (enum tui_pane)keep, min, &lay);
			n++;
			if (!band_ok(&lay, band, (enum tui_pane)keep, min)) {
				bad++;
				printf("# %dx%d machine %d band %d keep %d\n", cols, lines, machine, band,
				    keep);
			}
		}
	tap_ok(bad == 0 && n > 50, "%dx%d: %d bands and kept panes, each tiling the rows above"
	    " the band with whole panes, the kept one shown (%d bad)", cols, lines, n, bad);
	tui_layout_band(&base, 0, TUI_P_COUNT, min, &lay);
	tap_ok(memcmp(&lay, &base, sizeof lay) == 0, "%dx%d: no band, the layout itself",
	    cols, lines);
}

int
main(void)
{
	int i, k, found;

	check_size(80, 24, 0);
	check_size(120, 40, 0);
	check_size(80, 24, 1);
	check_size(120, 40, 1);
	for (i = 0, found = 0; lesson_panes[i] != NULL; i++)
		found += tui_pane_named(lesson_panes[i]) != NULL;
	tap_eq(found, i, "each name a show line may give is a pane's");
	for (k = 0, found = 0; k < tui_npanes; k++)
		for (i = 0; lesson_panes[i] != NULL; i++)
			found += strcmp(lesson_panes[i], tui_pane_table[k]->name) == 0;
	tap_eq(found, tui_npanes - 2, "and every pane but the header and the key bar has one");
	tap_eq(tui_hide_marks("alpha"), TUI_MARK_ALPHA, "alpha hides the alphas");
	tap_eq(tui_hide_marks("speedup"), TUI_MARK_TOK, "the speedup is tok/step's twin");
	tap_eq(tui_hide_marks("chi2_p"), TUI_MARK_BY_ID, "chi2_p hides the tests by id");
	tap_eq(tui_hide_marks("seed"), 0, "a parameter hides nothing");
	tap_ok(strcmp(tui_hide_pane("speculate"), "speedup") == 0 &&
	    strcmp(tui_hide_pane("lossless_p"), "statistics") == 0 &&
	    tui_hide_pane("seed") == NULL, "an ask keeps its figure's pane in view");
	return tap_done();
}
