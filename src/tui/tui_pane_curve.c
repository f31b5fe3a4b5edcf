/* tui_pane_curve.c: expected tokens per step against gamma for four fixed
 * alphas and the measured one, the measured point and the gamma + 1 ceiling. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "view/textplot.h"
#include "sim/sim.h"
#include "tui/tui_grid.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

#define CURVE_LEGEND_LINES 2	/* above the curves */
#define CURVE_GAMMA_MIN 8	/* the curve spans gamma 1 to at least this */
#define CURVE_PLOT_MIN 5	/* plot rows, at the least */

/* The fixed-alpha curves: the plot draws them and the legend names them. */
static const struct textplot_curve curve_refs[] = {
	{ 0.3, ":", ":", TEXTPLOT_S_USER },
	{ 0.5, "+", "+", TEXTPLOT_S_USER + 1 },
	{ 0.7, "x", "\u00d7", TEXTPLOT_S_USER + 2 },
	{ 0.9, "o", "o", TEXTPLOT_S_USER + 3 },
};
#define CURVE_REFS ((int)(sizeof curve_refs / sizeof curve_refs[0]))
_Static_assert(TEXTPLOT_S_USER + CURVE_REFS == TUI_GRID_MEASURED, "the measured curve follows the fixed ones");

/* The legend's second line: the measured curve, the measured point and the
 * ceiling, each whole or left out (the ceiling first). */
static void
curve_legend_marks(struct tui_pen *p, const struct tui_view *v, int have)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	char a[32], b[32], hat[64], now[64], top[32];
	struct tui_field f[] = {
		{ g->measured, NULL, TUI_S_MEASURED, 0 },
		{ hat, NULL, TUI_S_NORMAL, 0 },
		{ g->mark, NULL, TUI_S_MARK, 1 },
		{ now, NULL, TUI_S_NORMAL, 1 },
		{ g->ceiling, NULL, TUI_S_DIM, 2 },
		{ top, NULL, TUI_S_NORMAL, 2 },
	};

	snprintf(hat, sizeof hat, " %s %s  ", g->alpha_hat, tui_figure(a, sizeof a, 2,
	    v->fig->alpha_hat, have, TUI_HIDES(v, TUI_MARK_ALPHA), g));
	snprintf(now, sizeof now, " %s%s  ", v->term->utf8 ? "now " : "", tui_figure(b,
	    sizeof b, 2, v->fig->tok_per_step, have, TUI_HIDES(v, TUI_MARK_TOK), g));
	snprintf(top, sizeof top, " %s+1", g->gamma);
	tui_pen_fields(p, f, (int)(sizeof f / sizeof f[0]));
}

static void
curve_legend(struct tui_pen *p, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	int i, have = sim->stats.steps > 0;
	char a[32];

	tui_pen_at(p, TUI_BOX_Y, TUI_BOX_X);
	tui_pen_printf(p, TUI_S_NORMAL, "%s ", g->alpha);
	for (i = 0; i < CURVE_REFS; i++) {
		tui_pen_put(p, tui_grid_style(curve_refs[i].style),
		    v->term->utf8 ? curve_refs[i].utf8 : curve_refs[i].ascii);
		tui_pen_printf(p, TUI_S_NORMAL, " %s  ",
		    textplot_alpha_label(a, sizeof a, curve_refs[i].alpha));
	}
	tui_pen_at(p, TUI_BOX_Y + 1, TUI_BOX_X);	/* the second legend line */
	curve_legend_marks(p, v, have);
}

static void
draw_curve(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct textplot_curve curves[CURVE_REFS + 1];
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct textplot_curves spec;
	struct textplot_grid grid;
	int have = sim->stats.steps > 0;
	int measured = have && !TUI_HIDES(v, TUI_MARK_ALPHA | TUI_MARK_TOK);
	char title[64];

	snprintf(title, sizeof title, "E[tok/step] vs %s", g->gamma);
	tui_box(w, v->term, title, NULL);
	curve_legend(&p, sim, v);
	memcpy(curves, curve_refs, sizeof curve_refs);
	curves[CURVE_REFS].alpha = v->fig->alpha_hat;
	curves[CURVE_REFS].ascii = curves[CURVE_REFS].utf8 = g->measured;
	curves[CURVE_REFS].style = TUI_GRID_MEASURED;
	spec.gamma_max = sim->par.gamma > CURVE_GAMMA_MIN ? sim->par.gamma : CURVE_GAMMA_MIN;
	spec.curve = curves;
	spec.ncurves = measured ? CURVE_REFS + 1 : CURVE_REFS;
	spec.ceiling = 1;
	spec.mark_gamma = measured ? sim->par.gamma : 0;
	spec.mark_value = v->fig->tok_per_step;
	if (textplot_init(&grid, getmaxx(w) - TUI_BOX_W, getmaxy(w) - TUI_BOX_H - CURVE_LEGEND_LINES,
	    v->term->utf8) != 0)
		return;
	textplot_tok_curves(&grid, &spec);
	tui_draw_grid(w, &grid, TUI_BOX_Y + CURVE_LEGEND_LINES, TUI_BOX_X, v);
	textplot_free(&grid);
}

const struct tui_pane_def tui_pane_curve = {
	"curve", TUI_P_CURVE, { CURVE_LEGEND_LINES + CURVE_PLOT_MIN + TUI_BOX_H, 0 }, draw_curve,
	TUI_A_LOWER, TUI_R_ALL, "E[tok/step] against gamma: fixed alphas, measured",
};
