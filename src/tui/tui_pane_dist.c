/* tui_pane_dist.c: the distributions of one position of a step, as on a
 * whiteboard: per token one bar whose solid part is min(p, q) (the overlap:
 * where drafts are accepted), then p's excess over q (the residual a rejection
 * draws from) or q's excess over p (the mass that gets rejected); p, q, the
 * normalised residual, and the output's share on a replay of one fixed pair,
 * where the rule's exact output (pair_output.h) stands beside it. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "view/slowmo.h"
#include "source/source.h"
#include "view/stepview.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

#define LABEL_W 7		/* the token's label and a space */
#define MARK_W 3		/* d (drafted), e (emitted), and a space */
#define NUM_W 4			/* " .31" */
#define HEAD_ROWS 3		/* overlap, the check, the column heads */
#define BAR_MIN 4

/* What one frame of the pane shows. */
struct dist_frame {
	const struct sim_entry *e;
	const struct stepview *sv;
	int pos;		/* the position shown */
	int scored;		/* the target's p is shown (slow motion: once scored) */
	int checked;		/* its check is shown */
	int ended;		/* the step's ending (residual, bonus) is shown */
	int asking;		/* slow motion asks for this position's verdict */
	int npos;		/* positions the title counts: the step's, or in slow
				 * motion before its end the drafts' (no giveaway) */
	int shares;		/* the output's shares are shown */
	int rule_line;		/* one fixed pair: the rule's output against p */
	int rule;		/* its column, where it differs from p (a lossy rule) */
	struct pair_output_result pair;
	int barw;
};

static const char *
prob_text(char *buf, size_t len, double x)
{
	if (x >= 0.995)
		snprintf(buf, len, " 1.0");
	else if (x <= 0.0)
		snprintf(buf, len, "   0");
	else
		snprintf(buf, len, " .%02d", (int)(x * 100.0 + 0.5));
	return buf;
}

/* The frame: the selected step's view and position; in slow motion, the
 * position the check has reached. 0 when there is nothing to show. */
static int
frame_of(const struct sim *sim, const struct tui_view *v, struct dist_frame *fr)
{
	size_t sel = v->paused ? v->selected : 0;
	struct slowmo_view sm;

	memset(fr, 0, sizeof *fr);
	fr->e = v->slowmo_entry != NULL ? v->slowmo_entry : sim_recent(sim, sel);
	fr->sv = sim_entry_view(sim, fr->e);
	if (fr->e == NULL || fr->sv == NULL || fr->sv->npos == 0)
		return 0;
	fr->npos = fr->sv->npos;
	fr->pos = v->position < 0 || v->position >= fr->sv->npos ? fr->sv->npos - 1 :
	    v->position;
	fr->scored = fr->checked = fr->ended = 1;
	if (v->slowmo_entry != NULL) {
		slowmo_at(&fr->e->step, v->slowmo_stage, v->slowmo_ask, &sm);
		fr->pos = sm.at < fr->sv->npos ? sm.at : fr->sv->npos - 1;
		fr->scored = sm.scored;
		fr->checked = sm.checked > fr->pos;
		fr->asking = sm.asking && sm.reached == fr->pos + 1;
		fr->ended = sm.ended;
		if (!sm.ended && fr->e->step.gamma > 0)
			fr->npos = fr->e->step.gamma;
	}
	fr->shares = sim->pair != NULL ||	/* one pair: every step's target */
	    stepview_same_target(fr->sv, v->slowmo_entry != NULL && sim_held(sim) != NULL ?
	    sim_view(sim, 0) : sim_view(sim, sel + 1));
	if (sim->pair != NULL && sim->pair->exact_known &&	/* this segment's rule */
	    fr->e->verify.rule == sim->par.verify.rule &&
	    fr->e->verify.lenience == sim->par.verify.lenience) {
		fr->pair = v->fig != NULL ? v->fig->pair : pair_output_result(sim->pair);
		fr->rule_line = 1;
		fr->rule = fr->pair.tv_rule > 1e-9;
	}
	return 1;
}

/* The check at this position: u against p/q and the verdict, or the bonus;
 * compact when the long form does not fit. */
static void
check_line(struct tui_pen *p, const struct sim *sim, const struct dist_frame *fr,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	const char *ge = v->term->utf8 ? "\u2265" : ">=";
	struct stepview_at at;
	char a[64], c[64], full[256];
	const char *dw, *ew, *name;
	double bound;
	int rej, compact;

	stepview_at(&fr->e->step, fr->pos, &at);
	if (at.drafted == NULL) {
		tui_pen_put(p, TUI_S_NORMAL, "all accepted: ");
		if (fr->ended && at.emitted != NULL)
			tui_pen_printf(p, TUI_S_BONUS, "+%s from p",
			    source_label(&sim->src, at.emitted->id, a, sizeof a));
		return;
	}
	dw = source_label(&sim->src, at.drafted->id, a, sizeof a);
	if (!fr->checked) {
		tui_pen_printf(p, TUI_S_NORMAL, "draft %s: ", dw);
		tui_pen_put(p, fr->asking ? TUI_S_STATE : TUI_S_DIM, fr->asking ?
		    "accept or reject?" : "to be checked");
		return;
	}
	rej = at.drafted->outcome == SPEC_REJECTED;
	ew = rej && fr->ended && at.emitted != NULL ?
	    source_label(&sim->src, at.emitted->id, c, sizeof c) : "";
	bound = verify_u_bound(&fr->e->verify, at.drafted->p, at.drafted->q, &name);
	if (name == NULL) {	/* a test without u: the verdict alone */
		tui_pen_printf(p, TUI_S_NORMAL, "draft %s: ", dw);
		tui_pen_put(p, rej ? TUI_S_REJECTED : TUI_S_ACCEPTED, rej ? "reject" : "accept");
		compact = 0;
	} else {
		snprintf(full, sizeof full, "draft %s: u %.2f %s %s %.2f reject %s%s", dw,
		    at.drafted->u, ge, name, bound, g->arrow, ew);
		compact = tui_text_width(full) > p->right - p->x;
		if (compact)
			tui_pen_printf(p, TUI_S_NORMAL, "%s u %.2f %s %.2f ", dw, at.drafted->u,
			    rej ? ge : "<", bound);
		else
			tui_pen_printf(p, TUI_S_NORMAL, "draft %s: u %.2f %s %s %.2f ", dw,
			    at.drafted->u, rej ? ge : "<", name, bound);
		tui_pen_put(p, rej ? TUI_S_REJECTED : TUI_S_ACCEPTED, rej ? "reject" : "accept");
	}
	if (*ew != '\0') {
		snprintf(full, sizeof full, "%s%s%s", compact ? "" : " ", g->arrow, ew);
		tui_pen_put_cut(p, TUI_S_RESIDUAL, full);
	}
}

/* The column heads, the bar's legend between them. */
static void
head_line(struct tui_pen *p, const struct dist_frame *fr, const struct tui_view *v)
{
	int utf8 = v->term->utf8, x0 = p->x, right = p->right;

	tui_pen_put(p, TUI_S_DIM, "token");
	tui_pen_at(p, p->y, x0 + LABEL_W);
	p->right = x0 + LABEL_W + fr->barw;
	tui_pen_put(p, TUI_S_ACCEPTED, utf8 ? "\u2588" : "#");
	tui_pen_put(p, TUI_S_DIM, "min ");
	tui_pen_put(p, TUI_S_RESIDUAL, utf8 ? "\u2592" : "+");
	tui_pen_put(p, TUI_S_DIM, "p>q ");
	tui_pen_put(p, TUI_S_REJECTED, utf8 ? "\u2591" : "-");
	tui_pen_put(p, TUI_S_DIM, "q>p");
	p->right = right;
	tui_pen_at(p, p->y, x0 + LABEL_W + fr->barw);
	tui_pen_put(p, TUI_S_DIM, "   p   q res");
	if (fr->rule)
		tui_pen_put(p, TUI_S_DIM, " rul");
	if (fr->shares)
		tui_pen_put(p, TUI_S_DIM, " out");
}

/* n cells of glyph in style, written as one run. */
static void
cells(struct tui_pen *p, enum tui_style style, const char *glyph, int n)
{
	char run[1024];
	size_t len = strlen(glyph), used = 0;

	for (; n > 0 && used + len < sizeof run; n--, used += len)
		memcpy(run + used, glyph, len);
	run[used] = '\0';
	tui_pen_put(p, style, run);
}

static int
scaled(double x, double top, int w)
{
	return top > 0.0 ? (int)(x / top * w + 0.5) : 0;
}

static void
bar(struct tui_pen *p, const struct stepview_row *r, double top, int w, int utf8,
    int scored)
{
	int lo = scaled(r->overlap, top, w), hi = scaled(r->p > r->q ? r->p : r->q, top, w);
	int x0 = p->x;

	if (!scored) {		/* only the draft's q is known yet */
		cells(p, TUI_S_DIM, utf8 ? "\u2591" : "-", scaled(r->q, top, w));
		tui_pen_at(p, p->y, x0 + w);
		return;
	}
	cells(p, TUI_S_ACCEPTED, utf8 ? "\u2588" : "#", lo);
	if (r->p > r->q)
		cells(p, TUI_S_RESIDUAL, utf8 ? "\u2592" : "+", hi - lo);
	else
		cells(p, TUI_S_REJECTED, utf8 ? "\u2591" : "-", hi - lo);
	tui_pen_at(p, p->y, x0 + w);
}

/* d where the drafted token is, e where the emitted one is, in their styles. */
static void
marks(struct tui_pen *p, const struct dist_frame *fr, int id)
{
	struct stepview_at at;

	stepview_at(&fr->e->step, fr->pos, &at);
	tui_pen_put(p, TUI_S_NORMAL, " ");
	if (at.drafted != NULL && at.drafted->id == id)
		tui_pen_put(p, fr->checked ? (at.drafted->outcome == SPEC_REJECTED ?
		    TUI_S_REJECTED : TUI_S_ACCEPTED) : TUI_S_NORMAL, "d");
	if (fr->ended && at.emitted != NULL && at.emitted->id == id &&
	    at.emitted != at.drafted)
		tui_pen_put(p, at.bonus ? TUI_S_BONUS : TUI_S_RESIDUAL, "e");
	else if (fr->checked && at.drafted != NULL && at.drafted->id == id &&
	    at.drafted->outcome == SPEC_ACCEPTED)
		tui_pen_put(p, TUI_S_ACCEPTED, "e");
}

static void
token_row(struct tui_pen *p, const struct sim *sim, const struct dist_frame *fr,
    const struct stepview_row *r, double top, const struct tui_view *v)
{
	char lab[64], num[16];
	int x0 = p->x, right = p->right;

	p->right = x0 + LABEL_W - 1;
	if (r->id < 0)
		tui_pen_put(p, TUI_S_DIM, "rest");
	else
		tui_pen_put_cut(p, TUI_S_NORMAL, source_label(&sim->src, r->id, lab,
		    sizeof lab));
	p->right = right;
	tui_pen_at(p, p->y, x0 + LABEL_W);
	bar(p, r, top, fr->barw, v->term->utf8, fr->scored);
	tui_pen_put(p, TUI_S_NORMAL, fr->scored ? prob_text(num, sizeof num, r->p) : "   ?");
	tui_pen_put(p, TUI_S_NORMAL, prob_text(num, sizeof num, r->q));
	tui_pen_put(p, fr->ended ? TUI_S_RESIDUAL : TUI_S_DIM, !fr->scored ? "   ?" :
	    r->residual < 0.0 ? "   -" : prob_text(num, sizeof num, r->residual));
	if (fr->rule)
		tui_pen_put(p, TUI_S_NORMAL, r->id >= 0 ?
		    prob_text(num, sizeof num, sim->pair->exact[r->id]) : "    ");
	if (fr->shares)
		tui_pen_put(p, TUI_S_BAR, prob_text(num, sizeof num, r->share));
	if (r->id >= 0)
		marks(p, fr, r->id);
}

/* The tokens that always get a row at this position: the emitted one (once
 * the step has ended), then the draft. Returns how many. */
static int
dist_pins(const struct dist_frame *fr, struct stepview_pin *pin)
{
	struct stepview_at at;
	int n = 0;

	stepview_at(&fr->e->step, fr->pos, &at);
	if (fr->ended && at.emitted != NULL)
		pin[n++] = (struct stepview_pin){ at.emitted->id, at.emitted->p, at.emitted->q };
	if (at.drafted != NULL && (n == 0 || at.drafted->id != pin[0].id))
		pin[n++] = (struct stepview_pin){ at.drafted->id, at.drafted->p, at.drafted->q };
	return n;
}

/* The token rows from y0, at most nrows; returns how many were drawn. */
static int
rows(struct tui_pen *p, const struct sim *sim, const struct dist_frame *fr, int y0,
    int nrows, const struct tui_view *v)
{
	struct stepview_row r[STEPVIEW_ROWS + STEPVIEW_PINS + 1];
	struct stepview_pin pin[STEPVIEW_PINS];
	double top = 0.0;
	int n, i;

	if (nrows < 2)
		return 0;
	n = stepview_rows(&fr->sv->pos[fr->pos], nrows > STEPVIEW_ROWS + 1 ?
	    STEPVIEW_ROWS + 1 : nrows, fr->shares ? &sim->stats : NULL, pin,
	    dist_pins(fr, pin), r);
	for (i = 0; i < n; i++) {
		top = r[i].p > top ? r[i].p : top;
		top = r[i].q > top ? r[i].q : top;
	}
	for (i = 0; i < n; i++) {
		tui_pen_at(p, y0 + i, TUI_BOX_X);
		token_row(p, sim, fr, &r[i], top, v);
	}
	return n;
}

/* This position's alpha and its residual's mass, as long as there is room. */
static void
overlap_line(struct tui_pen *p, const struct stepview_pos *pos, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	char lng[128], mid[128], shrt[128];

	if (TUI_HIDES(v, TUI_MARK_ALPHA)) {	/* the mass is 1 - the overlap */
		tui_pen_printf(p, TUI_S_NORMAL, "%s %s here  residual %s", g->alpha, TUI_HIDDEN,
		    TUI_HIDDEN);
		return;
	}
	snprintf(lng, sizeof lng, "%s %.3f here (overlap)  residual mass %.3f", g->alpha,
	    pos->overlap, pos->resid_mass);
	snprintf(mid, sizeof mid, "%s %.3f here  residual %.3f", g->alpha, pos->overlap,
	    pos->resid_mass);
	snprintf(shrt, sizeof shrt, "%s %.3f  resid %.3f", g->alpha, pos->overlap,
	    pos->resid_mass);
	tui_pen_choose(p, TUI_S_NORMAL, lng, mid, shrt);
}

/* One fixed pair: how far the rule's exact output is from p, and the measured
 * output from it. */
static void
rule_line(struct tui_pen *p, const struct dist_frame *fr, const struct tui_view *v)
{
	const struct pair_output_result *r = &fr->pair;
	char lng[128], mid[128], shrt[128];

	if (TUI_HIDES(v, TUI_MARK_PIT)) {	/* how far from p settles "is it p?" */
		tui_pen_printf(p, TUI_S_NORMAL, "rule TV %s", TUI_HIDDEN);
		return;
	}
	snprintf(lng, sizeof lng, "rule's output: TV %.3f from p; out %.3f from it",
	    r->tv_rule, r->tv_measured);
	snprintf(mid, sizeof mid, "rule TV %.3f from p, out %.3f", r->tv_rule,
	    r->tv_measured);
	snprintf(shrt, sizeof shrt, "rule TV %.3f", r->tv_rule);
	tui_pen_choose(p, TUI_S_NORMAL, lng, mid, shrt);
}

/* The header from the box's top: this position's overlap, the check and the
 * column heads; folded (the overlap in short, then the check on the same
 * line) to free a row for the tokens. Returns the rows used. */
static int
head_lines(struct tui_pen *p, const struct sim *sim, const struct dist_frame *fr,
    const struct tui_view *v, int fold)
{
	const struct stepview_pos *pos = &fr->sv->pos[fr->pos];
	int y = TUI_BOX_Y;

	if (fold && !fr->scored)
		tui_pen_put(p, TUI_S_DIM, "q only  ");
	else if (fold && TUI_HIDES(v, TUI_MARK_ALPHA))
		tui_pen_printf(p, TUI_S_NORMAL, "%s %s  ", tui_glyphs(v->term)->alpha,
		    TUI_HIDDEN);
	else if (fold)
		tui_pen_printf(p, TUI_S_NORMAL, "%s %.3f  ", tui_glyphs(v->term)->alpha,
		    pos->overlap);
	else if (fr->scored)
		overlap_line(p, pos, v);
	else
		tui_pen_put(p, TUI_S_DIM, "q only: not scored yet");
	if (!fold)
		tui_pen_at(p, ++y, TUI_BOX_X);
	check_line(p, sim, fr, v);
	tui_pen_at(p, ++y, TUI_BOX_X);
	head_line(p, fr, v);
	return y + 1 - TUI_BOX_Y;
}

/* The box's title: the step and the position, and the rule's replacement
 * (the res column) where the width leaves room for it. */
static void
dist_title(const struct dist_frame *fr, int width, char *title, size_t len)
{
	const char *repl = verify_entry(fr->e->verify.rule)->replacement;
	int n;

	n = snprintf(title, len, "distributions, step %llu pos %d/%d",
	    (unsigned long long)fr->e->number, fr->pos + 1, fr->npos);
	if (n > 0 && (size_t)n < len && n + 7 + (int)strlen(repl) <= width - 4)
		snprintf(title + n, len - (size_t)n, ", res %s", repl);
}

static void
draw_dist(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct dist_frame fr;
	const struct stepview_pos *pos;
	char title[96];
	int nrows, fold, head;

	if (!frame_of(sim, v, &fr)) {
		tui_box(w, v->term, "distributions", NULL);
		tui_pen_put(&p, TUI_S_DIM, sim->ring_len == 0 ? "no steps yet" :
		    "not kept for this step");
		return;
	}
	dist_title(&fr, getmaxx(w), title, sizeof title);
	tui_box(w, v->term, title, "distributions");
	pos = &fr.sv->pos[fr.pos];
	fr.barw = getmaxx(w) - TUI_BOX_W - LABEL_W - 3 * NUM_W - MARK_W -
	    (fr.shares ? NUM_W : 0) - (fr.rule ? NUM_W : 0);
	fr.barw = fr.barw < BAR_MIN ? BAR_MIN : fr.barw;
	nrows = getmaxy(w) - TUI_BOX_H - HEAD_ROWS - fr.rule_line;
	fold = stepview_fold_head(nrows, stepview_rows_wanted(pos));
	head = head_lines(&p, sim, &fr, v, fold);
	nrows = rows(&p, sim, &fr, TUI_BOX_Y + head, nrows + fold, v);
	if (fr.rule_line && nrows > 0) {
		tui_pen_at(&p, TUI_BOX_Y + head + nrows, TUI_BOX_X);
		rule_line(&p, &fr, v);
	}
}

const struct tui_pane_def tui_pane_dist = {
	"distributions", TUI_P_DIST, { 0, 0 }, draw_dist, TUI_A_LOWER, TUI_R_ALL,
	"p and q at one position: overlap, residual",
};
