/* tui_pane_calib.c: the draft's calibration over the segment (EAGLE-2's
 * premise): each top-k tree node's score (the product of q along its path)
 * in bins of 0.1, with the nodes in each bin, their mean score, the share
 * that ended on the accepted path and their exact acceptance probability
 * (the target's path probability; stats/calibration.h). With q = p the last
 * column is the score itself; a bar shows the realised share, a tick the
 * mean score. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "view/textplot.h"
#include "sim/sim.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

#define CALIB_COLS 32		/* ".6-.7 123456 .600 .593 .600" and a bar */
#define CALIB_BAR_MIN 4

/* x in [0, 1] in 4 columns: ".593", "1.00". */
static const char *
share(char *buf, size_t len, double x)
{
	snprintf(buf, len, "%.3f", x);
	return x < 0.9995 ? buf + 1 : (snprintf(buf, len, "%.2f", x), buf);
}

/* A bin's end in 2 or 3 columns: ".6", "1.0". */
static const char *
tenth(char *buf, size_t len, double x)
{
	snprintf(buf, len, "%.1f", x);
	return buf[0] == '0' ? buf + 1 : buf;
}

/* A count in 6 columns: 123456, 1.8M, 2.4G. */
static const char *
count6(char *buf, size_t len, uint64_t n)
{
	if (n < 1000000)
		snprintf(buf, len, "%" PRIu64, n);
	else if (n < 1000000000)
		snprintf(buf, len, "%.1fM", (double)n / 1e6);
	else
		snprintf(buf, len, "%.1fG", (double)n / 1e9);
	return buf;
}

/* One bin's row: its range, nodes, score, accepted and exact, then a bar of
 * the accepted share with a tick at the score where there is room. */
static void
calib_row(struct tui_pen *p, const struct calibration_bin *b, const struct tui_view *v)
{
	char bar[256], lo[8], hi[8], n[16], s[8], a[8], e[8];
	int x0, barw, tick;

	tui_pen_printf(p, TUI_S_NORMAL, "%s-%s %6s %s %s %s ", tenth(lo, sizeof lo, b->lo),
	    tenth(hi, sizeof hi, b->hi), count6(n, sizeof n, b->nodes),
	    share(s, sizeof s, b->score), share(a, sizeof a, b->accepted),
	    share(e, sizeof e, b->expected));
	barw = p->right - p->x;
	if (barw < CALIB_BAR_MIN)
		return;
	textplot_hbar(bar, sizeof bar, b->accepted, barw, v->term->utf8);
	x0 = p->x;
	tui_pen_put(p, TUI_S_BAR, bar);
	tick = (int)(b->score * barw + 0.5) - 1;
	tui_pen_at(p, p->y, x0 + (tick < 0 ? 0 : tick));
	tui_pen_put(p, TUI_S_MARK, "|");
}

static void
draw_calib(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct calibration *c = &sim->stats.calibration;
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct calibration_bin b;
	char title[64];
	int i;

	snprintf(title, sizeof title, "calibration: %" PRIu64 " nodes",
	    calibration_nodes(c));
	tui_box(w, v->term, title, "calibration");
	if (calibration_nodes(c) == 0) {
		tui_pen_put(&p, TUI_S_DIM, "no top-k tree step yet: the scores");
		tui_pen_at(&p, p.y + 1, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, "need --verifier topk");
		return;
	}
	tui_pen_put(&p, TUI_S_TITLE, "score  nodes score  acc exact");
	for (i = 0; i < CALIBRATION_BINS; i++) {
		calibration_get(c, i, &b);
		if (b.nodes == 0)
			continue;
		tui_pen_at(&p, p.y + 1, TUI_BOX_X);
		calib_row(&p, &b, v);
	}
}

const struct tui_pane_def tui_pane_calib = {
	"calibration", TUI_P_CURVE, { 0, CALIB_COLS }, draw_calib, TUI_A_LOWER, TUI_R_TREE,
	"a tree's draft score against acceptance, binned",
};
