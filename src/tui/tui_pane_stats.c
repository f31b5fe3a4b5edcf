/* tui_pane_stats.c: the statistics of the current segment: counts, the two
 * alphas, tokens per step against the closed form, TV and the chi-square, and
 * the histogram of tokens per step with the losslessness test beside it; with
 * room, the per-step mean and the serving systems' own acceptance figures. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/checks.h"
#include "view/textplot.h"
#include "sim/sim.h"
#include "tui/tui_grid.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

#define HIST_LABEL_W 9		/* "steps by" / "tok/step" left of the histogram */
#define HIST_MIN_ROWS 2		/* bars and their labels */
#define STATS_COLS_MIN 32	/* the short forms of the figure lines */

static void
stats_counts(struct tui_pen *p, const struct sim *sim, const struct tui_view *v)
{
	const struct stats *st = &sim->stats;
	char steps[48], tokens[48], tok[48], seg[48], sg[48];
	struct tui_field f[3] = {
		{ steps, NULL, TUI_S_NORMAL, 0 },
		{ tokens, tok, TUI_S_NORMAL, 1 },
		{ seg, sg, TUI_S_NORMAL, 2 },
	};

	snprintf(steps, sizeof steps, "steps %" PRIu64, st->steps);
	snprintf(tokens, sizeof tokens, "  tokens %" PRIu64, st->tokens);
	snprintf(tok, sizeof tok, " tok %" PRIu64, st->tokens);
	if (TUI_HIDES(v, TUI_MARK_TOK)) {	/* over the steps: tokens per step */
		snprintf(tokens, sizeof tokens, "  tokens %s", TUI_HIDDEN);
		snprintf(tok, sizeof tok, " tok %s", TUI_HIDDEN);
	}
	snprintf(seg, sizeof seg, "  segment %u", sim->segment);
	snprintf(sg, sizeof sg, " seg %u", sim->segment);
	tui_pen_fields(p, f, 3);
}

static void
stats_alphas(struct tui_pen *p, const struct sim *sim, const struct tui_view *v,
    int have)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	const char *name = sim_beta_label(sim);	/* its own */
	const struct sim_entry *e = sim_recent(sim, 0);
	char a[32], b[32], c[32], lng[160], shrt[160], tiny[160], lnow[224], snow[224];
	const char *l = lng, *sh = shrt;

	int hid = TUI_HIDES(v, TUI_MARK_ALPHA);

	tui_figure(a, sizeof a, 3, v->fig->alpha_hat, have, hid, g);
	tui_figure(b, sizeof b, 3, v->fig->alpha_overlap, have, hid, g);
	snprintf(lng, sizeof lng, "%s %s accepted/tested  %s %s %s", g->alpha_hat, a,
	    g->alpha, b, name);
	snprintf(shrt, sizeof shrt, "%s %s  %s %s %s", g->alpha_hat, a, g->alpha, b, name);
	snprintf(tiny, sizeof tiny, "%s %s  %s %s", g->alpha_hat, a, name, b);
	if (tui_text_width(tiny) > p->right - p->x)	/* a long name: the number stays */
		snprintf(tiny, sizeof tiny, "%s %s  %s %s", g->alpha_hat, a, g->alpha, b);
	if (e != NULL) {	/* the newest step's context: its first position's beta */
		tui_figure(c, sizeof c, 2, e->step.beta[0], 1, hid, g);
		snprintf(lnow, sizeof lnow, "%s  now %s", lng, c);
		snprintf(snow, sizeof snow, "%s  now %s", shrt, c);
		if (tui_text_width(snow) <= p->right - p->x) {	/* else without it */
			l = lnow;
			sh = snow;
		}
	}
	tui_pen_choose(p, TUI_S_NORMAL, l, sh, tiny);
}

/* The TV noise floor (the mean of TV's null) with enough significant digits to stay above zero after
 * millions of steps (0.000123, not 0.000). */
static const char *
noise_text(char *buf, size_t len, double x)
{
	snprintf(buf, len, "%.3g", x);
	return buf;
}

/* The chi-square p-value, or the no-data glyph when nothing was tested (0 df). */
static const char *
chi2_text(char *buf, size_t len, const struct chisq_result *c, const struct tui_glyphs *g)
{
	if (c->df > 0)
		snprintf(buf, len, "%.2f", c->p_value);
	else
		snprintf(buf, len, "%s", g->none);
	return buf;
}

/* TV, then the chi-square p-value, the level chance alone gives TV at these
 * sample sizes, and the batch check's verdict, each field whole or not at all.
 * Where the source's ids are exchangeable (the stub) every sampler, right or
 * wrong, gives each id its share: both tests count ids, so they have no power
 * there, and the line says "blind" instead of a verdict. */
static void
stats_tv_line(struct tui_pen *p, const struct tui_view *v, int have, int blind)
{
	const struct sim_figures *f = v->fig;
	const struct tui_glyphs *g = tui_glyphs(v->term);
	char tv[48], chi[64], cp[32], noise[64], nshort[64], nz[32], check[64];
	struct tui_field fl[5] = {
		{ tv, NULL, TUI_S_NORMAL, 0 },
		{ noise, nshort, TUI_S_NORMAL, 1 },
		{ check, NULL, TUI_S_NORMAL, 3 },
		{ v->tv_pass ? "pass" : "fail", NULL, v->tv_pass ? TUI_S_PASS : TUI_S_FAIL, 3 },
		{ chi, chi + 1, TUI_S_NORMAL, 2 },
	};

	if (!have || TUI_HIDES(v, TUI_MARK_BY_ID)) {
		const char *x = have ? TUI_HIDDEN : g->none;

		tui_pen_printf(p, TUI_S_NORMAL, "TV %s  %s p %s", x, g->chi2, x);
		return;
	}
	snprintf(tv, sizeof tv, "TV %.3g", f->tv);
	noise_text(nz, sizeof nz, f->tv_noise);
	snprintf(noise, sizeof noise, " (chance %s)", nz);
	snprintf(nshort, sizeof nshort, " (~%s)", nz);
	snprintf(check, sizeof check, "  <=%.3g ", f->tv_null.limit);
	snprintf(chi, sizeof chi, "  %s p %s", g->chi2, chi2_text(cp, sizeof cp, &f->chi2, g));
	if (blind) {	/* by id, every sampler looks right here: say so after both */
		struct tui_field bl[5] = {
			{ tv, NULL, TUI_S_DIM, 0 },
			{ noise, nshort, TUI_S_DIM, 1 },
			{ chi, chi + 1, TUI_S_DIM, 2 },
			{ " blind", NULL, TUI_S_RESIDUAL, 0 },
			{ " by id", NULL, TUI_S_DIM, 3 },
		};

		tui_pen_fields(p, bl, 5);
		return;
	}
	tui_pen_fields(p, fl, 5);
}

/* The figure lines of the statistics pane, top down; the last only where there
 * is room for it. */
enum stats_row {
	STATS_COUNTS,
	STATS_ALPHAS,
	STATS_TOK,
	STATS_TV,
	STATS_MEAN,
	STATS_SERVING,
};
#define STATS_HIST_ROWS 3	/* the histogram, at the least */

/* Inner rows from which the per-step mean shows: it and the histogram each get
 * one more than their least. */
#define STATS_MEAN_FROM (STATS_MEAN + 1 + STATS_HIST_ROWS + 1)
/* Inner rows from which the serving systems' figures show, below it. */
#define STATS_SERVING_FROM (STATS_SERVING + 1 + STATS_HIST_ROWS + 2)

/* Under a schedule, the tok/step line ends with the mean gamma. */
static void
stats_tok_scheduled(struct tui_pen *p, const struct tui_view *v, int have,
    const struct tui_glyphs *g, const char *a, const char *b)
{
	char m[32], lng[160], shrt[160];

	tui_figure(m, sizeof m, 2, v->fig->gamma_mean, have,
	    TUI_HIDES(v, TUI_MARK_GAMMA_MEAN), g);
	snprintf(lng, sizeof lng, "tok/step %s  closed %s  mean %s %s", a, b, g->gamma, m);
	snprintf(shrt, sizeof shrt, "tok/step %s  mean %s %s", a, g->gamma, m);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, NULL);
}

static void
stats_tok_line(struct tui_pen *p, const struct sim *sim, const struct tui_view *v,
    int have, const struct tui_glyphs *g, int closed)
{
	const struct sim_figures *f = v->fig;
	int hid = TUI_HIDES(v, TUI_MARK_TOK);
	char a[32], b[32], lng[160], shrt[160];

	tui_figure(a, sizeof a, 2, f->tok_per_step, have, hid, g);
	tui_figure(b, sizeof b, 2, f->closed_form, have, hid, g);
	if (sim->par.schedule != SCHEDULE_CONSTANT) {
		stats_tok_scheduled(p, v, have, g, a, closed ? b : "-");
		return;
	}
	if (!closed) {	/* the rule has no closed form (block, typical) */
		snprintf(lng, sizeof lng, "tok/step %s  measured only", a);
		tui_pen_choose(p, TUI_S_NORMAL, lng, NULL, NULL);
		return;
	}
	snprintf(lng, sizeof lng, "tok/step %s  closed form %s", a, b);
	snprintf(shrt, sizeof shrt, "tok/step %s  closed %s", a, b);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, NULL);
}

static void
stats_mean_line(struct tui_pen *p, const struct sim *sim, const struct tui_view *v,
    int have, const struct tui_glyphs *g)
{
	char a[32], b[32];

	tui_figure(a, sizeof a, 2, v->fig->closed_form_per_step, have,
	    TUI_HIDES(v, TUI_MARK_TOK), g);
	tui_figure(b, sizeof b, 0, sim->stats.max_tok_per_step, have,
	    TUI_HIDES(v, TUI_MARK_MAX), g);
	tui_pen_printf(p, TUI_S_NORMAL, "per-step mean %s  max %s of %d", a, b,
	    sim_gamma_cap(sim) + 1);
}

/* The serving systems' figures, each under its system's name (figures.c's
 * screen names): vLLM's and llama.cpp's accepted/drafted, vLLM's mean
 * acceptance length, SGLang's accept length. */
static void
stats_serving_line(struct tui_pen *p, const struct tui_view *v, int have,
    const struct tui_glyphs *g)
{
	const struct sim_figures *f = v->fig;
	int tok = TUI_HIDES(v, TUI_MARK_TOK);
	char a[32], b[32], c[32], lng[160], shrt[160];

	tui_figure(a, sizeof a, 3, f->draft_acceptance_rate, have,
	    TUI_HIDES(v, TUI_MARK_ALPHA), g);
	tui_figure(b, sizeof b, 2, f->vllm_acceptance_length, have, tok, g);
	tui_figure(c, sizeof c, 2, f->tok_per_step, have, tok, g);
	snprintf(lng, sizeof lng, "acc/draft %s  vLLM len %s  SGLang len %s", a, b, c);
	snprintf(shrt, sizeof shrt, "acc/draft %s  vLLM len %s", a, b);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, NULL);
}

/* The acceptance at each draft position (accepted there over tested there),
 * as many positions as fit: flat for a copied draft, falling for a model's. */
static void
stats_position_line(struct tui_pen *p, const struct sim *sim, const struct tui_glyphs *g)
{
	char line[256], num[32];
	size_t len;
	int k, room = p->right - p->x;

	len = (size_t)snprintf(line, sizeof line, "acc by pos");
	for (k = 0; k < sim_gamma_cap(sim) && k < SPEC_GAMMA_MAX; k++) {
		int tested = sim->stats.tested_at[k] > 0;

		tui_number(num, sizeof num, 2, stats_accept_rate_at(&sim->stats, k), tested, g);
		if ((int)(len + 1 + strlen(num)) > room || len + 1 + strlen(num) >= sizeof line)
			break;
		len += (size_t)snprintf(line + len, sizeof line - len, " %s", num);
	}
	tui_pen_put(p, TUI_S_NORMAL, line);
}

/* A draft with another vocabulary: the naive and the TLI acceptance at the
 * first position in closed form beside the measured one, so the gain of TLI
 * shows whichever rule runs. */
static void
stats_vocab_line(struct tui_pen *p, const struct tui_view *v, int have,
    const struct tui_glyphs *g)
{
	const struct sim_figures *f = v->fig;
	int hid = TUI_HIDES(v, TUI_MARK_ALPHA);
	char a[32], b[32], c[32], lng[160], shrt[160];

	tui_figure(a, sizeof a, 3, f->alpha_naive, have, hid, g);
	tui_figure(b, sizeof b, 3, f->alpha_tli, have, hid, g);
	tui_figure(c, sizeof c, 3, f->alpha_first, have, hid, g);
	snprintf(lng, sizeof lng, "pos 1: naive %s  TLI %s  measured %s", a, b, c);
	snprintf(shrt, sizeof shrt, "naive %s TLI %s got %s", a, b, c);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, NULL);
}

/* The row under TV: a copy drafter's per-position acceptance, or a
 * heterogeneous pair's naive and TLI acceptance; 0 when neither shows. */
static int
stats_extra_line(struct tui_pen *p, const struct sim *sim, const struct tui_view *v,
    int have)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);

	if (sim_recent(sim, 0) != NULL && sim_recent(sim, 0)->copy.on) {
		tui_pen_at(p, TUI_BOX_Y + STATS_MEAN, TUI_BOX_X);
		stats_position_line(p, sim, g);
		return 1;
	}
	if (!v->fig->vocab_pair)
		return 0;
	tui_pen_at(p, TUI_BOX_Y + STATS_MEAN, TUI_BOX_X);
	stats_vocab_line(p, v, have, g);
	return 1;
}

/* The figures above the histogram, in rows inner rows; returns the rows used.
 * A copy drafter's per-position acceptance (or a heterogeneous pair's naive
 * and TLI acceptance) takes the row under TV, the others move down one; a
 * model's per-position acceptance shows under the serving figures, with room. */
static int
stats_figures(struct tui_pen *p, const struct sim *sim, const struct tui_view *v, int rows)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	int have = sim->stats.steps > 0, copy;

	tui_pen_at(p, TUI_BOX_Y + STATS_COUNTS, TUI_BOX_X);
	stats_counts(p, sim, v);
	tui_pen_at(p, TUI_BOX_Y + STATS_ALPHAS, TUI_BOX_X);
	stats_alphas(p, sim, v, have);
	tui_pen_at(p, TUI_BOX_Y + STATS_TOK, TUI_BOX_X);
	stats_tok_line(p, sim, v, have, g,
	    verify_has(sim->par.verify.rule, VERIFY_F_CLOSED_BETA));
	tui_pen_at(p, TUI_BOX_Y + STATS_TV, TUI_BOX_X);
	stats_tv_line(p, v, have, sim->stats.exchangeable);
	copy = stats_extra_line(p, sim, v, have);
	if (rows < STATS_MEAN_FROM + copy)
		return STATS_MEAN + copy;
	tui_pen_at(p, TUI_BOX_Y + STATS_MEAN + copy, TUI_BOX_X);
	stats_mean_line(p, sim, v, have, g);
	if (rows < STATS_SERVING_FROM + copy)
		return STATS_MEAN + 1 + copy;
	tui_pen_at(p, TUI_BOX_Y + STATS_SERVING + copy, TUI_BOX_X);
	stats_serving_line(p, v, have, g);
	if (copy || rows < STATS_SERVING_FROM + 1)
		return STATS_SERVING + 1 + copy;
	tui_pen_at(p, TUI_BOX_Y + STATS_SERVING + 1, TUI_BOX_X);
	stats_position_line(p, sim, g);
	return STATS_SERVING + 2;
}

/* The losslessness test's verdict word: the per-position (PIT) test is the
 * one with power on every source. Below its level a rule meant to be lossless
 * (or one of the classic mistakes) is "BROKEN", a rule that trades fidelity by
 * design (lenient, typical) is "lossy"; "ok" otherwise; NULL while untestable. */
static const char *
lossless_verdict(const struct lossless_result *r, enum verify_rule rule,
    enum tui_style *style)
{
	if (!r->testable)
		return NULL;
	*style = TUI_S_PASS;
	if (r->p_value >= CHECKS_LOSSLESS_P)
		return "ok";
	*style = TUI_S_FAIL;
	if (verify_has(rule, VERIFY_F_LOSSLESS) || verify_has(rule, VERIFY_F_MISTAKE))
		return "BROKEN";
	return "lossy";
}

/* The losslessness test in the label column above the histogram's axis: its
 * p-value and its verdict word, on two rows ("PIT 0.43", "ok") or, with room,
 * three ("lossless", "p 0.4321", "ok"); a dash while untestable. The "steps
 * by" label takes the row above the axis when a row is left for it. */
static void
stats_lossless(struct tui_pen *p, const struct sim *sim, const struct lossless_result *r,
    int y, int rows, int hidden)
{
	const struct tui_glyphs *g = tui_glyphs(p->term);
	enum tui_style style = TUI_S_NORMAL;
	const char *word = lossless_verdict(r, sim->par.verify.rule, &style);
	char val[32];

	if (hidden && r->testable) {	/* the verdict goes with its p-value */
		snprintf(val, sizeof val, "%s", TUI_HIDDEN);
		word = NULL;
		style = TUI_S_NORMAL;
	} else if (r->testable)
		snprintf(val, sizeof val, "%.*f", rows > 3 ? 4 : 2, r->p_value);
	else
		snprintf(val, sizeof val, "%s", g->none);
	tui_pen_at(p, y, TUI_BOX_X);
	if (rows > 4) {
		tui_pen_put(p, TUI_S_DIM, "lossless");
		tui_pen_at(p, ++y, TUI_BOX_X);
		tui_pen_put(p, TUI_S_DIM, "p ");
	} else
		tui_pen_put(p, TUI_S_DIM, "PIT ");
	tui_pen_put(p, style, val);
	if (word != NULL) {
		tui_pen_at(p, y + 1, TUI_BOX_X);
		tui_pen_put(p, style, word);
	}
}

static void
stats_histogram(WINDOW *w, const struct sim *sim, const struct tui_view *v, int y)
{
	double hist[SPEC_GAMMA_MAX + 1];
	struct textplot_grid grid;
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int rows = getmaxy(w) - TUI_BOX_Y - y, i, n;

	if (rows < HIST_MIN_ROWS || textplot_init(&grid, getmaxx(w) - TUI_BOX_W - HIST_LABEL_W,
	    rows, v->term->utf8) != 0)
		return;
	n = sim->stats.max_tok_per_step > sim->par.gamma + 1 ? sim->stats.max_tok_per_step :
	    sim->par.gamma + 1;
	for (i = 0; i < n; i++)
		hist[i] = (double)sim->stats.tok_hist[i];
	textplot_vbars(&grid, hist, n);
	if (TUI_HIDES(v, TUI_MARK_MAX)) {	/* its axis ends at the most */
		tui_pen_at(&p, y + rows / 2, TUI_BOX_X + HIST_LABEL_W + grid.w / 2);
		tui_pen_put(&p, TUI_S_STATE, TUI_HIDDEN);
	} else
		tui_draw_grid(w, &grid, y, TUI_BOX_X + HIST_LABEL_W, v);
	textplot_free(&grid);
	stats_lossless(&p, sim, &v->fig->lossless, y, rows, TUI_HIDES(v, TUI_MARK_PIT));
	if (rows > (rows > 4 ? 4 : 3)) {
		tui_pen_at(&p, y + rows - 2, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, "steps by");
	}
	tui_pen_at(&p, y + rows - 1, TUI_BOX_X);
	tui_pen_put(&p, TUI_S_DIM, "tok/step");
}

static void
draw_stats(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int used;

	tui_box(w, v->term, "statistics", NULL);
	used = stats_figures(&p, sim, v, getmaxy(w) - TUI_BOX_H);
	stats_histogram(w, sim, v, TUI_BOX_Y + used);
}

const struct tui_pane_def tui_pane_stats = {
	"statistics", TUI_P_STATS, { STATS_MEAN + STATS_HIST_ROWS + TUI_BOX_H, STATS_COLS_MIN },
	draw_stats, TUI_A_NONE, TUI_R_ALL,
	"alphas, tok/step, TV, chi2, losslessness, histogram",
};
