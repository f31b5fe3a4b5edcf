/* tui_pane_slowmo.c: slow motion's step, in the step detail's place: a caption
 * for the stage, then one column per drafted position (token, q, p, p/q, u,
 * verdict) revealed as slowmo.h says, and the ending. The target's p and p/q
 * show at every drafted position from the scoring stage on; drafts after a
 * rejection stay on screen as "not checked". */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "sim/sim.h"
#include "view/slowmo.h"
#include "source/source.h"
#include "view/stepview.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

#define LABEL_W 6
#define COL_W 7		/* as the step detail: a number of 5 and a gap of 2 */

/* The verdict shows in the u row (u in the verdict's colour, a rejected token
 * in brackets) and in words in the caption, so the pane needs no more lines
 * than the step detail it replaces. */
enum { ROW_CAPTION, ROW_TOKEN, ROW_Q, ROW_P, ROW_RATIO, ROW_CHECK, ROW_COUNT };
#define ROW_VERDICT ROW_CHECK

static const char *const labels[] = { "", "token", "q", "p", "p/q", "u" };

/* After a rejection: what replaced it, and the drafts never checked. */
static void
rejected_caption(struct tui_pen *p, const struct spec_step *s, const char *word)
{
	char lng[160], shrt[160];
	int unchecked = s->gamma - s->tested;

	snprintf(lng, sizeof lng, "rejected at %d: %s from the residual; %d not checked",
	    s->tested, word, unchecked);
	snprintf(shrt, sizeof shrt, "reject at %d: %s from residual", s->tested, word);
	tui_pen_choose(p, TUI_S_RESIDUAL, unchecked > 0 ? lng : shrt, shrt, NULL);
}

/* The verdict at tested position k in words: u against the bound, accepted
 * or rejected. */
static void
verdict_caption(struct tui_pen *p, const struct sim *sim, const struct spec_step *s, int k)
{
	const struct spec_token *t = &s->tok[k];
	int rej = t->outcome == SPEC_REJECTED;
	const char *name;
	double b = verify_u_bound(&sim->par.verify, t->p, t->q, &name);

	tui_pen_printf(p, TUI_S_STATE, "check %d: ", k + 1);
	if (name != NULL)	/* a rule without u: the verdict alone */
		tui_pen_printf(p, TUI_S_STATE, "u %.3f %s %s %.3f, ", t->u, rej ? ">=" : "<",
		    name, b);
	tui_pen_put(p, rej ? TUI_S_REJECTED : TUI_S_ACCEPTED, rej ? "reject" : "accept");
}

/* The caption of a check stage: the verdict asked for, or the sweep past the
 * rejection. */
static void
check_caption(struct tui_pen *p, const struct sim *sim, const struct spec_step *s,
    const struct slowmo_view *sm)
{
	if (sm->asking)
		tui_pen_printf(p, TUI_S_STATE, "check %d: accept or reject? (m: reveal)",
		    sm->reached);
	else if (sm->reached > s->tested)
		tui_pen_printf(p, TUI_S_STATE, "position %d: never checked (stopped at %d)",
		    sm->reached, s->tested);
	else
		verdict_caption(p, sim, s, sm->reached - 1);
}

/* The caption of the stage. */
static void
caption(struct tui_pen *p, const struct sim *sim, const struct spec_step *s,
    const struct slowmo_view *sm)
{
	const struct spec_token *last = &s->tok[s->ntok - 1];
	char buf[64];
	const char *a = source_label(&sim->src, last->id, buf, sizeof buf);

	if (sm->phase == SLOWMO_DRAFT)
		tui_pen_printf(p, TUI_S_STATE, "the draft proposes token %d of %d", sm->drafts,
		    s->gamma);
	else if (sm->phase == SLOWMO_SCORE)
		tui_pen_printf(p, TUI_S_STATE, "the target scores all %d in one forward",
		    s->gamma);
	else if (sm->phase == SLOWMO_CHECK)
		check_caption(p, sim, s, sm);
	else if (last->outcome == SPEC_RESIDUAL)
		rejected_caption(p, s, a);
	else
		tui_pen_printf(p, TUI_S_BONUS, "all %d accepted: bonus %s from p", s->gamma, a);
}

static const struct tui_table table = { LABEL_W, COL_W };

static void
check_cell(struct tui_pen *p, const struct sim *sim, int col, const struct spec_token *t)
{
	int rej = t->outcome == SPEC_REJECTED;
	const char *name;
	char buf[32];

	verify_u_bound(&sim->par.verify, t->p, t->q, &name);
	snprintf(buf, sizeof buf, "%.3f", t->u);
	tui_table_put(p, &table, ROW_CHECK, col, rej ? TUI_S_REJECTED : TUI_S_ACCEPTED,
	    name != NULL ? buf : rej ? "reject" : "accept");	/* no u: the word */
}

/* The scoring stage's figures of drafted position k: p and the test's bound
 * (p/q, or the rule's own), where the target scored it. */
static void
score_cells(struct tui_pen *p, const struct sim_entry *e, const struct stepview *sv,
    int k, int col)
{
	const char *name;
	char buf[32];
	double pk = sv != NULL ? sv->p_drafted[k] : -1.0, b;

	if (pk < 0.0)
		return;
	snprintf(buf, sizeof buf, "%.3f", pk);
	tui_table_put(p, &table, ROW_P, col, TUI_S_NORMAL, buf);
	b = verify_u_bound(&e->verify, pk, sv->q_drafted[k], &name);
	if (name == NULL)
		b = sv->q_drafted[k] > 0.0 ? pk / sv->q_drafted[k] : 0.0;
	snprintf(buf, sizeof buf, b < 100.0 ? "%.3f" : "%.0f", b);
	tui_table_put(p, &table, ROW_RATIO, col, TUI_S_NORMAL, buf);
}

/* Drafted position k in column col, as far as stage sm shows it. */
static void
draft_column(struct tui_pen *p, const struct sim *sim, const struct sim_entry *e,
    const struct stepview *sv, int k, int col, const struct slowmo_view *sm)
{
	const struct spec_step *s = &e->step;
	struct stepview_at at;
	char buf[64], text[80];
	const char *word;
	enum tui_style style = TUI_S_NORMAL;

	if (sm->checked > k)
		style = s->tok[k].outcome == SPEC_REJECTED ? TUI_S_REJECTED : TUI_S_ACCEPTED;
	else if (slowmo_unchecked(s, k) && sm->reached > k)
		style = TUI_S_DIM;
	word = source_label(&sim->src, s->drafted[k], buf, sizeof buf);
	if (style == TUI_S_REJECTED) {	/* the stream's cue, for monochrome too */
		snprintf(text, sizeof text, "[%s]", word);
		word = text;
	}
	tui_table_put(p, &table, ROW_TOKEN, col, style, word);
	if (sv != NULL) {
		snprintf(buf, sizeof buf, "%.3f", sv->q_drafted[k]);
		tui_table_put(p, &table, ROW_Q, col, TUI_S_NORMAL, buf);
	}
	if (sm->scored)
		score_cells(p, e, sv, k, col);
	if (slowmo_unchecked(s, k)) {
		if (sm->reached > k)
			tui_table_put(p, &table, ROW_VERDICT, col, TUI_S_DIM, "unchkd");
		return;
	}
	stepview_at(s, k, &at);
	if (sm->checked > k)
		check_cell(p, sim, col, at.drafted);
	else if (sm->asking && sm->reached == k + 1)
		tui_table_put(p, &table, ROW_CHECK, col, TUI_S_STATE, "?");
}

static void
draw_slowmo(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_entry *e = v->slowmo_entry;
	const struct spec_step *s;
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct slowmo_view sm;
	char title[96], shrt[96], buf[64];
	int last, stage, ncols = (getmaxx(w) - TUI_BOX_W - LABEL_W + 2) / COL_W, first = 0, k, i;

	if (e == NULL)
		return;
	s = &e->step;
	slowmo_at(s, v->slowmo_stage, v->slowmo_ask, &sm);
	last = slowmo_stages(s);
	stage = v->slowmo_stage < last ? v->slowmo_stage : last;
	snprintf(title, sizeof title, "slow motion: step %" PRIu64 ", stage %d/%d%s",
	    e->number, stage, last, v->slowmo_auto ? "" : ", m: next");
	snprintf(shrt, sizeof shrt, "slow motion: step %" PRIu64 ", stage %d/%d", e->number,
	    stage, last);
	tui_box(w, v->term, tui_text_width(title) + TUI_BOX_W + 2 <= getmaxx(w) ? title :
	    shrt, NULL);
	caption(&p, sim, s, &sm);
	for (i = ROW_TOKEN; i <= ROW_CHECK; i++) {
		const char *bound;

		verify_u_bound(&sim->par.verify, 1.0, 1.0, &bound);
		tui_pen_at(&p, TUI_BOX_Y + i, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, i == ROW_RATIO && bound != NULL ? bound : labels[i]);
	}
	k = sm.drafts + sm.ended;	/* columns in use, the bonus's included */
	if (k > ncols)
		first = k - ncols;
	for (k = first; k < sm.drafts && k - first < ncols; k++)
		draft_column(&p, sim, e, sim_entry_view(sim, e), k, k - first, &sm);
	if (sm.ended && s->tok[s->ntok - 1].outcome == SPEC_BONUS && s->gamma - first < ncols) {
		const struct spec_token *t = &s->tok[s->ntok - 1];

		tui_table_put(&p, &table, ROW_TOKEN, s->gamma - first, TUI_S_BONUS, "+");
		tui_pen_put(&p, TUI_S_BONUS, source_label(&sim->src, t->id, buf, sizeof buf));
		tui_table_put(&p, &table, ROW_VERDICT, s->gamma - first, TUI_S_BONUS, "bonus");
	}
	if (sm.ended && s->tok[s->ntok - 1].outcome == SPEC_RESIDUAL &&
	    s->tested - 1 - first >= 0 && s->tested - 1 - first < ncols) {
		const char *word = source_label(&sim->src, s->tok[s->ntok - 1].id, buf,
		    sizeof buf);
		int col = s->tested - 1 - first;

		tui_table_put(&p, &table, ROW_VERDICT, col, TUI_S_NORMAL, "      ");
		tui_table_put(&p, &table, ROW_VERDICT, col, TUI_S_RESIDUAL, "");
		tui_pen_put(&p, TUI_S_RESIDUAL, tui_glyphs(v->term)->arrow);
		tui_pen_put_cut(&p, TUI_S_RESIDUAL, word);
	}
}

const struct tui_pane_def tui_pane_slowmo = {
	"slow motion", TUI_P_DETAIL, { ROW_COUNT + TUI_BOX_H, 0 }, draw_slowmo, TUI_A_SLOWMO, TUI_R_ALL,
	"one step in stages: draft, score, check, finish",
};
