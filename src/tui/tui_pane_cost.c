/* tui_pane_cost.c: the cost model: the costs and their ratio, tokens per
 * second without and with speculation, the speedup as a bar and the best gamma. */
#include "config.h"

#include <stdio.h>

#include "view/textplot.h"
#include "sim/sim.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

/* The lines of the cost model, top down. */
enum cost_row {
	COST_PRICES,
	COST_RATES,
	COST_SPEEDUP,
	COST_ROWS,
};


/* x to 3 significant digits, without an exponent from 100 to 1e6 (1234, not
 * 1.23e+03): extreme costs and rates stay readable. */
static const char *
sig3(char *buf, size_t len, double x)
{
	if (x >= 100.0 && x < 1e6)
		snprintf(buf, len, "%.0f", x);
	else
		snprintf(buf, len, "%.3g", x);
	return buf;
}

/* The best gamma in words, long or short: "best γ 9 (3.29x)", "γ* 9 (3.29x)";
 * "don't speculate (1.00x)", "don't speculate". */
static void
cost_best(char *lng, char *shrt, size_t len, const struct theory_optimum *o,
    const struct tui_glyphs *g)
{
	char x[32];

	if (!o->speculate) {
		snprintf(lng, len, " don't speculate (1.00x)");
		snprintf(shrt, len, " don't speculate");
		return;
	}
	sig3(x, sizeof x, o->speedup);
	snprintf(lng, len, " best %s %d%s (%sx)", g->gamma, o->gamma, o->at_limit ? "+" : "", x);
	snprintf(shrt, len, " %s* %d%s (%sx)", g->gamma, o->gamma, o->at_limit ? "+" : "", x);
}

#define COST_BAR_MIN 4		/* a bar narrower than this gives way to the words */

/* The measured speedup as a bar scaled to max(best, measured, 1), with a tick at
 * 1x; a slowdown says so in words and in the failing style. The words (the
 * speedup and the best gamma, long or short) come first: the bar takes what
 * they leave, and no number is cut. A tree run has no best gamma (the optimum
 * is a chain's): the bar is scaled to max(measured, 1). */
static void
cost_speedup(struct tui_pen *p, const struct sim_figures *f, const struct tui_view *v,
    int have, int tree)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	const struct theory_optimum *o = &f->optimum;
	double top = !tree && o->speedup > f->speedup_measured ? o->speedup :
	    f->speedup_measured;
	int slow = have && f->speedup_measured < 1.0, barw, x0, tick;
	char bar[256], lng[64], shrt[64], x[32];
	const char *best;

	top = top > 1.0 ? top : 1.0;
	if (!have) {
		tui_pen_printf(p, TUI_S_NORMAL, "speedup %s (no data yet)", g->none);
		return;
	}
	if (TUI_HIDES(v, TUI_MARK_TOK | TUI_MARK_BEST)) {	/* and the bar with them */
		lng[0] = '\0';
		if (!tree && !TUI_HIDES(v, TUI_MARK_BEST))
			cost_best(lng, shrt, sizeof lng, o, g);
		else if (!tree)
			snprintf(lng, sizeof lng, "  best %s %s", g->gamma, TUI_HIDDEN);
		tui_pen_printf(p, TUI_S_NORMAL, "speedup %sx%s", TUI_HIDES(v, TUI_MARK_TOK) ?
		    TUI_HIDDEN : sig3(x, sizeof x, f->speedup_measured), lng);
		return;
	}
	tui_pen_printf(p, slow ? TUI_S_FAIL : TUI_S_NORMAL, "%s %sx ",
	    slow ? "slowdown" : "speedup", sig3(x, sizeof x, f->speedup_measured));
	lng[0] = shrt[0] = '\0';
	if (!tree)
		cost_best(lng, shrt, sizeof lng, o, g);
	best = p->right - p->x - tui_text_width(lng) >= COST_BAR_MIN ? lng : shrt;
	barw = p->right - p->x - tui_text_width(best);
	if (barw < COST_BAR_MIN) {	/* no room for a bar: the words alone */
		tui_pen_put(p, TUI_S_NORMAL, tui_text_width(lng) <= p->right - p->x ? lng :
		    shrt);
		return;
	}
	textplot_hbar(bar, sizeof bar, f->speedup_measured / top, barw, v->term->utf8);
	x0 = p->x;
	tui_pen_put(p, slow ? TUI_S_FAIL : TUI_S_BAR, bar);
	tui_pen_put(p, TUI_S_NORMAL, best);
	tick = (int)((double)barw / top + 0.5) - 1;
	tui_pen_at(p, p->y, x0 + (tick < 0 ? 0 : tick));
	tui_pen_put(p, TUI_S_MARK, g->one_x);
}

/* The costs: T, D, their ratio c and the verification cost k, in full where
 * they fit, else as fields that shorten or go whole (k first when it is 0,
 * then T and D), never cut. */
static void
cost_prices(struct tui_pen *p, const struct sim *sim, const struct sim_figures *f)
{
	char tm[32], dm[32], c[32], k[32], lng[160], tl[48], ts[48], dl[48], ds[48],
	    cl[48], kl[48];
	struct tui_field fl[4] = {
		{ tl, ts, TUI_S_NORMAL, 2 },
		{ dl, ds, TUI_S_NORMAL, 2 },
		{ cl, NULL, TUI_S_NORMAL, 0 },
		{ kl, NULL, TUI_S_NORMAL, f->verify_cost > 0.0 ? 1 : 3 },
	};

	sig3(tm, sizeof tm, sim->par.target_ms);
	sig3(dm, sizeof dm, sim->par.draft_ms);
	sig3(c, sizeof c, f->cost_ratio);
	sig3(k, sizeof k, f->verify_cost);
	snprintf(lng, sizeof lng, "T %s ms/fwd  D %s ms/token  c=D/T %s  k %s", tm, dm, c,
	    k);
	if (tui_text_width(lng) <= p->right - p->x) {
		tui_pen_put(p, TUI_S_NORMAL, lng);
		return;
	}
	snprintf(tl, sizeof tl, "T %s ms", tm);
	snprintf(ts, sizeof ts, "T %sms", tm);
	snprintf(dl, sizeof dl, "  D %s ms/tok", dm);
	snprintf(ds, sizeof ds, "  D %sms", dm);
	snprintf(cl, sizeof cl, "  c %s", c);
	snprintf(kl, sizeof kl, "  k %s", k);
	tui_pen_fields(p, fl, 4);
}

static void
draw_cost(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_figures *f = v->fig;
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int have = sim->stats.steps > 0;
	char tr[32], sr[32], lng[160], shrt[160], tiny[160];

	tui_box(w, v->term, "cost model", NULL);
	tui_pen_at(&p, TUI_BOX_Y + COST_PRICES, TUI_BOX_X);
	cost_prices(&p, sim, f);
	tui_pen_at(&p, TUI_BOX_Y + COST_RATES, TUI_BOX_X);
	sig3(tr, sizeof tr, f->target_rate);
	if (have && TUI_HIDES(v, TUI_MARK_TOK))
		snprintf(sr, sizeof sr, "%s", TUI_HIDDEN);
	else if (have)
		sig3(sr, sizeof sr, f->spec_rate);
	else
		snprintf(sr, sizeof sr, "%s", g->none);
	snprintf(lng, sizeof lng, "tok/s  target-only %s  speculative %s", tr, sr);
	snprintf(shrt, sizeof shrt, "tok/s: target %s  spec %s", tr, sr);
	snprintf(tiny, sizeof tiny, "tok/s %s / %s", tr, sr);
	tui_pen_choose(&p, TUI_S_NORMAL, lng, shrt, tiny);
	tui_pen_at(&p, TUI_BOX_Y + COST_SPEEDUP, TUI_BOX_X);
	cost_speedup(&p, f, v, have, sim_is_tree(sim));
}

const struct tui_pane_def tui_pane_cost = {
	"cost model", TUI_P_COST, { COST_ROWS + TUI_BOX_H, 0 }, draw_cost, TUI_A_NONE, TUI_R_ALL,
	"costs, tok/s with and without drafts, best gamma",
};
