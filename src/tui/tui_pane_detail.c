/* tui_pane_detail.c: the step detail, one column per token of a step: p, q, the
 * bound the rule's test compares u with, u and the verdict, then the drafts the
 * step never checked; drawn from the model. A tree step's detail is its nodes
 * in test order (tui_detail_tree.c). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_detail_tree.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"
#include "tui/tui_tokens.h"

#define DETAIL_LABEL_W 6	/* the step detail's row labels, and a space */
#define DETAIL_COL_W 7		/* one token's column in the step detail */
#define DETAIL_COL_GAP 2	/* of that, blank after the widest number (the last
				 * column needs none) */

/* The rows of the step detail, one column per token. */
enum detail_row {
	DETAIL_TOKEN,
	DETAIL_P,
	DETAIL_Q,
	DETAIL_RATIO,
	DETAIL_U,
	DETAIL_VERDICT,
	DETAIL_ROWS,
};

static const char *const detail_labels[DETAIL_ROWS] = {
	"token", "p", "q", "p/q", "u", "u<p/q",
};

/* The columns' width in this frame: DETAIL_COL_W, or wider where the step's
 * words are longer and the pane has room for them all (draw_detail sets it). */
static int detail_col_w = DETAIL_COL_W;

static int
detail_x(int col)
{
	return TUI_BOX_X + DETAIL_LABEL_W + col * detail_col_w;
}

static void
detail_number(struct tui_pen *p, enum detail_row row, int col, double x, int shown)
{
	tui_pen_at(p, TUI_BOX_Y + row, detail_x(col));
	if (!shown)
		tui_pen_put(p, TUI_S_DIM, "-");
	else if (x > 0.0 && x < 0.001)
		tui_pen_printf(p, TUI_S_NORMAL, "%.0e", x);	/* "4e-05": small p stays readable */
	else
		tui_pen_printf(p, TUI_S_NORMAL, x < 100.0 ? "%.3f" : "%.0f", x);
}

static const char *
verdict(enum spec_outcome o)
{
	switch (o) {
	case SPEC_ACCEPTED:
		return "accept";
	case SPEC_REJECTED:
		return "reject";
	case SPEC_RESIDUAL:
		return "resid";
	case SPEC_BONUS:
		return "bonus";
	}
	return "";
}

/* The detail's ratio cell of the replacement token: the probability it was
 * drawn with under the rule (verify_replacement_prob), marked r; "-" where the
 * step does not keep enough to tell. */
static void
detail_residual_prob(struct tui_pen *p, const struct verify_params *rule,
    const struct spec_step *s, int i, int col)
{
	double r = verify_replacement_prob(rule, s, i);

	tui_pen_at(p, TUI_BOX_Y + DETAIL_RATIO, detail_x(col));
	if (r < 0.0)
		tui_pen_put(p, TUI_S_DIM, "-");
	else
		tui_pen_printf(p, TUI_S_RESIDUAL, r > 0.0 && r < 0.001 ? "r%.0e" : "r%.3f", r);
}

/* The labels of the ratio and verdict rows under the step's rule: "p/q" and
 * "u<p/q"; "p/Lq" and "test" (lenient); "p/q" and "test" for a rule whose test
 * draws no u (verify_u_bound). */
static const char *
detail_label(const struct verify_params *rule, enum detail_row row, char *buf, size_t len)
{
	const char *bound;

	if (row != DETAIL_RATIO && row != DETAIL_VERDICT)
		return detail_labels[row];
	verify_u_bound(rule, 1.0, 1.0, &bound);
	if (row == DETAIL_RATIO)
		snprintf(buf, len, "%s", bound != NULL ? bound : "p/q");
	else	/* "u<p/Lq" would not fit the label's 5 columns */
		snprintf(buf, len, "%s", bound != NULL && strcmp(bound, "p/q") == 0 ?
		    "u<p/q" : "test");
	return buf;
}

/* Whether the rule decides with a uniform u. */
static int
uses_u(const struct verify_params *rule)
{
	const char *bound;

	verify_u_bound(rule, 1.0, 1.0, &bound);
	return bound != NULL;
}

/* Column col of the detail: token i of step s with p, q (none for a bonus: it
 * comes from p alone), p/q (the residual probability for a residual), u and the
 * verdict. */
static void
detail_column(struct tui_pen *p, const struct sim *sim, const struct sim_entry *e, int i,
    int col, const struct tui_glyphs *g)
{
	const struct spec_step *s = &e->step;
	const struct spec_token *t = &s->tok[i];
	int tested = t->outcome == SPEC_ACCEPTED || t->outcome == SPEC_REJECTED;
	int x = detail_x(col), right = p->right;
	char buf[96];

	tui_pen_at(p, TUI_BOX_Y + DETAIL_TOKEN, x);
	if (p->right > x + detail_col_w - 1)
		p->right = x + detail_col_w - 1;	/* a long word is clipped to its column */
	tui_pen_put_cut(p, tui_outcome_style(t->outcome), tui_token_text(sim, t, g, buf, sizeof buf));
	p->right = right;
	detail_number(p, DETAIL_P, col, t->p, 1);
	detail_number(p, DETAIL_Q, col, t->q, t->outcome != SPEC_BONUS);
	if (t->outcome == SPEC_RESIDUAL) {
		detail_residual_prob(p, &e->verify, s, i, col);
	} else {
		const char *bound;
		double b = verify_u_bound(&e->verify, t->p, t->q, &bound);

		if (bound == NULL)	/* no u: p/q, for information */
			b = t->q > 0.0 ? t->p / t->q : 0.0;
		detail_number(p, DETAIL_RATIO, col, b, tested && t->q > 0.0);
	}
	detail_number(p, DETAIL_U, col, t->u, tested && uses_u(&e->verify));
	tui_pen_at(p, TUI_BOX_Y + DETAIL_VERDICT, x);
	tui_pen_put(p, tui_outcome_style(t->outcome), verdict(t->outcome));
}

/* Column col of the detail: draft k of step s, drafted but never checked because
 * a draft before it was rejected (the wasted work), dimmed. */
static void
detail_unchecked(struct tui_pen *p, const struct sim *sim, const struct spec_step *s,
    int k, int col, const struct tui_glyphs *g)
{
	struct spec_token t = { .id = s->drafted[k], .outcome = SPEC_ACCEPTED };
	int x = detail_x(col), right = p->right, row;
	char buf[96];

	tui_pen_at(p, TUI_BOX_Y + DETAIL_TOKEN, x);
	if (p->right > x + detail_col_w - 1)
		p->right = x + detail_col_w - 1;
	tui_pen_put_cut(p, TUI_S_DIM, tui_token_text(sim, &t, g, buf, sizeof buf));
	p->right = right;
	for (row = DETAIL_P; row < DETAIL_VERDICT; row++)
		detail_number(p, (enum detail_row)row, col, 0.0, 0);
	tui_pen_at(p, TUI_BOX_Y + DETAIL_VERDICT, x);
	tui_pen_put(p, TUI_S_DIM, "unchkd");
}

/* The drafts after a rejection, where the step ended before them. */
static int
detail_unchecked_count(const struct spec_step *s)
{
	return s->accepted < s->tested && s->tested < s->gamma ? s->gamma - s->tested : 0;
}

int
tui_detail_selected(const struct spec_step *s, int position)
{
	if (position >= 0 && position < s->ntok)
		return position;
	return s->ntok > 1 && s->tok[s->ntok - 1].outcome == SPEC_BONUS ? s->ntok - 2 :
	    s->ntok - 1;
}

/* The 1-based position in the text of token i: a residual takes the place of the
 * rejected draft before it. */
static int
detail_position(const struct spec_step *s, int i)
{
	return s->tok[i].outcome == SPEC_RESIDUAL ? i : i + 1;
}

/* The box's title: the step, and the residual mass at the selected position
 * (1 - overlap, where a rejected draft would be replaced from), or the bonus. */
static void
detail_box(WINDOW *w, const struct sim_entry *e, int sel, const struct tui_view *v)
{
	const struct spec_step *s = &e->step;
	const struct spec_token *t = &s->tok[sel];
	char title[128], shrt[128], what[64], at[32];
	double mass = s->resid[t->outcome == SPEC_RESIDUAL && sel > 0 ? sel - 1 : sel];

	snprintf(at, sizeof at, "at pos %d", detail_position(s, sel));
	if (t->outcome == SPEC_BONUS)
		snprintf(what, sizeof what, "bonus from p %s", at);
	else
		snprintf(what, sizeof what, "residual mass %.3f %s", mass, at);
	snprintf(title, sizeof title, "step %" PRIu64 "%s, %s", e->number,
	    v->paused ? "" : " (newest)", what);
	if (t->outcome == SPEC_BONUS)
		snprintf(shrt, sizeof shrt, "step %" PRIu64 ", bonus %s", e->number, at);
	else
		snprintf(shrt, sizeof shrt, "step %" PRIu64 ", resid %.3f %s", e->number, mass,
		    at);
	tui_box(w, v->term, title, shrt);
}

/* Each shown column's position in the text on the bottom border, the
 * selected one marked. */
static void
detail_numbers(WINDOW *w, const struct spec_step *s, int first, int ncols, int sel,
    const struct tui_view *v)
{
	const struct tui_table t = { DETAIL_LABEL_W, detail_col_w };
	int num[SPEC_GAMMA_MAX + 1], i;

	for (i = 0; i < s->ntok; i++)
		num[i] = detail_position(s, i);
	tui_table_numbers(w, v->term, &t, "pos", num, s->ntok, first, ncols, s->ntok, sel);
}

/* The width of the step's columns: each word with a blank after it, at the
 * least DETAIL_COL_W, at the most what lets every column show in avail. */
static int
detail_width(const struct sim *sim, const struct spec_step *s, int avail,
    const struct tui_glyphs *g)
{
	struct spec_token t = { .outcome = SPEC_ACCEPTED };
	int n = s->ntok + detail_unchecked_count(s), want = DETAIL_COL_W, i, tw;
	char buf[96];

	for (i = 0; i < n; i++) {
		if (i < s->ntok)
			tui_token_text(sim, &s->tok[i], g, buf, sizeof buf);
		else {
			t.id = s->drafted[s->tested + i - s->ntok];
			tui_token_text(sim, &t, g, buf, sizeof buf);
		}
		tw = tui_text_width(buf) + 1;
		want = tw > want ? tw : want;
	}
	if (n * want > avail)
		want = avail / (n > 0 ? n : 1);
	return want > DETAIL_COL_W ? want : DETAIL_COL_W;
}

static void
draw_detail(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_entry *e = sim_recent(sim, v->paused ? v->selected : 0);
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int avail = getmaxx(w) - TUI_BOX_W - DETAIL_LABEL_W + DETAIL_COL_GAP;
	int ncols, first, sel, i, k;

	if (e == NULL || e->step.ntok == 0) {
		tui_box(w, v->term, "step detail", NULL);
		return;
	}
	if (e->tree.n > 1) {	/* a tree step: its nodes in test order */
		tui_detail_tree(w, sim, e, v);
		return;
	}
	detail_col_w = detail_width(sim, &e->step, avail, g);
	ncols = avail / detail_col_w;
	sel = tui_detail_selected(&e->step, v->token);
	detail_box(w, e, sel, v);
	for (i = 0; i < DETAIL_ROWS; i++) {
		char buf[16];

		tui_pen_at(&p, TUI_BOX_Y + i, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, detail_label(&e->verify, (enum detail_row)i, buf,
		    sizeof buf));
	}
	ncols = ncols > 0 ? ncols : 1;
	first = e->step.ntok - ncols > 0 ? e->step.ntok - ncols : 0;
	first = sel < first ? sel : first;
	if (first > 0) {
		tui_pen_at(&p, TUI_BOX_Y + DETAIL_TOKEN, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, v->term->utf8 ? "token\u2026" : "tok...");
	}
	for (i = first; i < e->step.ntok && i < first + ncols; i++)
		detail_column(&p, sim, e, i, i - first, g);
	for (k = 0; k < detail_unchecked_count(&e->step) && i - first < ncols; k++, i++)
		detail_unchecked(&p, sim, &e->step, e->step.tested + k, i - first, g);
	detail_numbers(w, &e->step, first, ncols, sel, v);
}

const struct tui_pane_def tui_pane_detail = {
	"step detail", TUI_P_DETAIL, { DETAIL_ROWS + TUI_BOX_H, 0 }, draw_detail, TUI_A_NONE, TUI_R_ALL,
	"one step, token by token: p, q, p/q, u, the verdict",
};
