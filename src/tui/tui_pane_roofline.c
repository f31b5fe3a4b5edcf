/* tui_pane_roofline.c: the cost model of a run on a machine (--hw), in the cost
 * model's place: B, S and the derived c and k; the verification pass's two
 * terms, memory and compute, as bars; the bound that wins against the ridge;
 * the roofline's speedup at gamma and its best gamma at the measured alpha. */
#include "config.h"

#include <stdio.h>

#include "view/textplot.h"
#include "sim/sim.h"
#include "tui/tui_machine.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

enum roofline_row {
	ROOF_SIZE,
	ROOF_MEM,
	ROOF_COMP,
	ROOF_BOUND,
	ROOF_SPEEDUP,
	ROOF_ROWS,
};

#define ROOF_LABEL_W 5		/* "mem  ", "comp " */

/* B, S, c and k, long or short. */
static void
roof_size(struct tui_pen *p, const struct sim *sim, const struct sim_roofline *r)
{
	char b[32], s[32], lng[128], shrt[128];

	tui_machine_count(b, sizeof b, r->batch);
	tui_machine_count(s, sizeof s, r->context);
	snprintf(lng, sizeof lng, "B %s  S %s  c=t_D/t_T %.3g  k %.3g", b, s,
	    sim->par.draft_ms / sim->par.target_ms, sim->par.verify_cost);
	snprintf(shrt, sizeof shrt, "B %s S %s c %.3g k %.3g", b, s,
	    sim->par.draft_ms / sim->par.target_ms, sim->par.verify_cost);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, shrt);
}

/* One term of the verification pass: its bar against the larger, its time;
 * the winning term in the bar style, the other plain. */
static void
roof_term(struct tui_pen *p, const char *label, double s, double top, int wins,
    const struct tui_view *v)
{
	char bar[256], ms[32];
	int barw;

	snprintf(ms, sizeof ms, " %.3g ms", s * 1e3);
	tui_pen_printf(p, TUI_S_NORMAL, "%-*s", ROOF_LABEL_W, label);
	barw = p->right - p->x - tui_text_width(ms);
	if (barw >= 1) {
		textplot_hbar(bar, sizeof bar, top > 0.0 ? s / top : 0.0, barw,
		    v->term->utf8);
		tui_pen_put(p, wins ? TUI_S_BAR : TUI_S_NORMAL, bar);
	}
	tui_pen_put(p, TUI_S_NORMAL, ms);
}

/* "verify 5 tok/step: memory-bound (ridge 295)". */
static void
roof_bound(struct tui_pen *p, const struct sim_roofline *r)
{
	char n[32], lng[128], shrt[128], tiny[64];
	const char *b = r->compute_bound ? "compute" : "memory";

	tui_machine_count(n, sizeof n, r->verify_tokens);
	snprintf(lng, sizeof lng, "verify %s tok/step: %s-bound (ridge %.0f)", n, b,
	    r->ridge_tokens);
	snprintf(shrt, sizeof shrt, "%s tok: %s-bound, ridge %.0f", n, b, r->ridge_tokens);
	snprintf(tiny, sizeof tiny, "%s-bound", b);
	tui_pen_choose(p, r->compute_bound ? TUI_S_FAIL : TUI_S_NORMAL, lng, shrt, tiny);
}

/* The roofline's speedup at gamma and its best gamma, at alpha-hat. */
static void
roof_speedup(struct tui_pen *p, const struct sim *sim, const struct sim_roofline *r,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	char best[64], lng[160], shrt[160];
	int slow = r->speedup < 1.0;

	if (r->best_speedup <= 0.0) {
		tui_pen_printf(p, TUI_S_NORMAL, "speedup %s (no data yet)", g->none);
		return;
	}
	if (r->best_gamma == 0)
		snprintf(best, sizeof best, "don't speculate");
	else
		snprintf(best, sizeof best, "best %s %d (%.2fx)", g->gamma, r->best_gamma,
		    r->best_speedup);
	snprintf(lng, sizeof lng, "%s %.2fx at %s %d, %s", slow ? "slowdown" : "speedup",
	    r->speedup, g->gamma, sim->par.gamma, best);
	snprintf(shrt, sizeof shrt, "%.2fx at %s %d, %s", r->speedup, g->gamma,
	    sim->par.gamma, best);
	tui_pen_choose(p, slow ? TUI_S_FAIL : TUI_S_NORMAL, lng, shrt, shrt);
}

/* The pen at the start of row. */
static struct tui_pen *
at(struct tui_pen *p, int row)
{
	tui_pen_at(p, TUI_BOX_Y + row, TUI_BOX_X);
	return p;
}

static void
draw_roofline(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_roofline *r = &v->fig->roofline;
	struct tui_pen p = tui_pen_boxed(w, v->term);
	double top = r->verify.mem > r->verify.comp ? r->verify.mem : r->verify.comp;
	int rows = getmaxy(w) - TUI_BOX_H;	/* fewer than ROOF_ROWS: the first */

	tui_box(w, v->term, "cost model: roofline", NULL);
	if (rows > ROOF_SIZE)
		roof_size(at(&p, ROOF_SIZE), sim, r);
	if (rows > ROOF_MEM)
		roof_term(at(&p, ROOF_MEM), "mem", r->verify.mem, top, !r->compute_bound, v);
	if (rows > ROOF_COMP)
		roof_term(at(&p, ROOF_COMP), "comp", r->verify.comp, top, r->compute_bound,
		    v);
	if (rows > ROOF_BOUND)
		roof_bound(at(&p, ROOF_BOUND), r);
	if (rows > ROOF_SPEEDUP)
		roof_speedup(at(&p, ROOF_SPEEDUP), sim, r, v);
}

const struct tui_pane_def tui_pane_roofline = {
	"roofline", TUI_P_COST, { ROOF_ROWS + TUI_BOX_H, 0 }, draw_roofline,
	TUI_A_BATCH_UP, TUI_R_ALL,
	"with --hw: memory and compute bars, bound, speedup",
};
