/* tui_pane_speedup.c: speedup against gamma at the current cost ratio, Theorem
 * 3.8 at the overlap alpha and at alpha-hat, with the 1x line, the measured
 * point and the simulation's optimum (sim_figures: from each step's own beta,
 * as the report and the JSON give it), marked on the overlap alpha's curve. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "view/textplot_speedup.h"
#include "sim/sim.h"
#include "stats/speedup.h"
#include "tui/tui_panes.h"
#include "tui/tui_grid.h"
#include "tui/tui_legend.h"
#include "tui/tui_text.h"

#define LEGEND_LINES 2
#define STYLE_OVERLAP TEXTPLOT_S_USER		/* the first curve colour */
#define STYLE_HAT TUI_GRID_MEASURED		/* the measured alpha's colour */

/* x with two decimals, without the leading zero when short. */
static const char *
two(char *buf, size_t len, double x, int shrt)
{
	snprintf(buf, len, "%.2f", x);
	return shrt && buf[0] == '0' ? buf + 1 : buf;
}

/* The first legend line: the two curves and the 1x line; short when the long
 * form does not fit, and an item that does not fit whole is left out. */
static void
legend_curves(struct tui_pen *p, const struct sim_figures *f, const char *name,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	int utf8 = v->term->utf8, shrt, hid = TUI_HIDES(v, TUI_MARK_ALPHA);
	char lng[128], a[16], b[16], txt[64];
	const char *sep;

	snprintf(lng, sizeof lng, "o %s %.2f %s  * %s %.2f  .. 1x", g->alpha,
	    f->alpha_overlap, name, g->alpha_hat, f->alpha_hat);
	shrt = tui_text_width(lng) > p->right - p->x;
	sep = shrt ? " " : "  ";

	snprintf(txt, sizeof txt, " %s %s %s", g->alpha, hid ? TUI_HIDDEN : two(a, sizeof a,
	    f->alpha_overlap, shrt), name);
	if (!tui_legend_item(p, "", TUI_S_CURVE, utf8 ? "\u25cf" : "o", TUI_S_NORMAL, txt))
		return;
	snprintf(txt, sizeof txt, " %s %s", g->alpha_hat, hid ? TUI_HIDDEN : two(b, sizeof b,
	    f->alpha_hat, shrt));
	if (!tui_legend_item(p, sep, TUI_S_MEASURED, utf8 ? "\u2022" : "*", TUI_S_NORMAL,
	    txt))
		return;
	tui_legend_item(p, sep, TUI_S_DIM, utf8 ? "\u00b7\u00b7" : "..", TUI_S_NORMAL,
	    " 1x");
}

/* The second: the optimum, then the measured point where it fits whole. */
static void
legend_best(struct tui_pen *p, const struct sim_figures *f, int gamma,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	const char *mark = v->term->utf8 ? "\u25c6" : "@";
	char txt[64], item[96];

	speedup_best_text(&f->optimum, g->gamma, txt, sizeof txt);
	if (TUI_HIDES(v, TUI_MARK_BEST)) {
		snprintf(item, sizeof item, "best %s %s", g->gamma, TUI_HIDDEN);
		tui_legend_item(p, "", TUI_S_NORMAL, "", TUI_S_NORMAL, item);
	} else if (f->optimum.speculate) {
		snprintf(item, sizeof item, " best %s", txt);
		tui_legend_item(p, "", TUI_S_MARK, v->term->utf8 ? "\u25b2" : "^", TUI_S_NORMAL,
		    item);
	} else {
		tui_legend_item(p, "", TUI_S_FAIL, "", TUI_S_FAIL, txt);
	}
	if (TUI_HIDES(v, TUI_MARK_TOK)) {
		snprintf(item, sizeof item, " now %s %d %sx", g->gamma, gamma, TUI_HIDDEN);
		tui_legend_item(p, "  ", TUI_S_MARK, mark, TUI_S_NORMAL, item);
		return;
	}
	snprintf(item, sizeof item, " now %s %d %.3gx", g->gamma, gamma, f->speedup_measured);
	if (tui_legend_item(p, "  ", TUI_S_MARK, mark, TUI_S_NORMAL, item))
		return;
	snprintf(item, sizeof item, " now %.3gx", f->speedup_measured);
	if (tui_legend_item(p, "  ", TUI_S_MARK, mark, TUI_S_NORMAL, item))
		return;
	snprintf(item, sizeof item, " %.3gx", f->speedup_measured);
	tui_legend_item(p, "  ", TUI_S_MARK, mark, TUI_S_NORMAL, item);
}

static void
legend(struct tui_pen *p, const struct sim *sim, const struct sim_figures *f, int have,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);

	tui_pen_at(p, TUI_BOX_Y, TUI_BOX_X);
	if (!have) {
		tui_pen_put(p, TUI_S_CURVE, v->term->utf8 ? "\u25cf" : "o");
		tui_pen_printf(p, TUI_S_NORMAL, " %s %s  no data yet", g->alpha, g->none);
		return;
	}
	legend_curves(p, f, sim_beta_label(sim), v);
	tui_pen_at(p, TUI_BOX_Y + 1, TUI_BOX_X);
	legend_best(p, f, sim->par.gamma, v);
}

static void
draw_speedup(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_figures *f = v->fig;
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct textplot_speedup_curve curves[2];
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct textplot_speedup spec;
	struct textplot_grid grid;
	int have = sim->stats.steps > 0;
	int plot = have && !TUI_HIDES(v, TUI_MARK_ALPHA | TUI_MARK_TOK | TUI_MARK_BEST);
	char title[64], shrt[64];

	if (f->verify_cost > 0.0)
		snprintf(title, sizeof title, "speedup vs %s (c=%.3g k=%.3g)", g->gamma,
		    f->cost_ratio, f->verify_cost);
	else
		snprintf(title, sizeof title, "speedup vs %s (c=%.3g)", g->gamma,
		    f->cost_ratio);
	snprintf(shrt, sizeof shrt, "speedup vs %s", g->gamma);
	tui_box(w, v->term, title, shrt);
	memset(&spec, 0, sizeof spec);
	spec.gamma_max = SPEC_GAMMA_MAX;
	spec.cost.c = f->cost_ratio;
	spec.cost.k = f->verify_cost;
	legend(&p, sim, f, have, v);
	curves[0] = (struct textplot_speedup_curve){ f->alpha_hat, "*", "\u2022", STYLE_HAT };
	curves[1] = (struct textplot_speedup_curve){ f->alpha_overlap, "o", "\u25cf",
	    STYLE_OVERLAP };
	spec.curve = curves;
	spec.ncurves = plot ? 2 : 0;	/* the curves' peak is the best gamma */
	spec.best_gamma = plot && f->optimum.speculate ? f->optimum.gamma : 0;
	spec.mark_gamma = plot ? sim->par.gamma : 0;
	spec.mark_value = f->speedup_measured;
	textplot_init(&grid, getmaxx(w) - TUI_BOX_W, getmaxy(w) - TUI_BOX_H - LEGEND_LINES,
	    v->term->utf8);
	textplot_speedup_curves(&grid, &spec);
	tui_draw_grid(w, &grid, TUI_BOX_Y + LEGEND_LINES, TUI_BOX_X, v);
	textplot_free(&grid);
}

const struct tui_pane_def tui_pane_speedup = {
	"speedup", TUI_P_CURVE, { 0, 0 }, draw_speedup, TUI_A_LOWER, TUI_R_ALL,
	"wall-time speedup against gamma and its optimum",
};
