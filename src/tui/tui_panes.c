/* tui_panes.c: the panes of the live view, drawn from the model. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "stats/checks.h"
#include "view/textplot.h"
#include "sim/sim.h"
#include "source/source.h"
#include "stats/theory.h"
#include "tui/tui_keys.h"
#include "tui/tui_panes.h"
#include "tui/tui_prose.h"
#include "tui/tui_text.h"

#define STREAM_LEGEND_LINES 1	/* the legend at the foot of the token stream */
#define STREAM_NUM_MIN_W 4	/* columns of a step number, at least */
#define HIST_LABEL_W 9		/* "steps by" / "tok/step" left of the histogram */
#define HIST_MIN_ROWS 2		/* bars and their labels */
#define CURVE_LEGEND_LINES 2	/* above the curves */
#define CURVE_GAMMA_MIN 8	/* the curve spans gamma 1 to at least this */

/* The fixed-alpha curves: the plot draws them and the legend names them. */
static const struct textplot_curve curve_refs[] = {
	{ 0.3, ":", ":", TEXTPLOT_S_USER },
	{ 0.5, "+", "+", TEXTPLOT_S_USER + 1 },
	{ 0.7, "x", "\u00d7", TEXTPLOT_S_USER + 2 },
	{ 0.9, "o", "o", TEXTPLOT_S_USER + 3 },
};
#define CURVE_REFS ((int)(sizeof curve_refs / sizeof curve_refs[0]))
#define CURVE_MEASURED (TEXTPLOT_S_USER + CURVE_REFS)	/* the measured alpha's curve */
_Static_assert(TUI_S_CURVE + CURVE_REFS == TUI_S_COUNT, "a style for each fixed-alpha curve");

enum tui_style
tui_outcome_style(enum spec_outcome o)
{
	switch (o) {
	case SPEC_ACCEPTED:
		return TUI_S_ACCEPTED;
	case SPEC_REJECTED:
		return TUI_S_REJECTED;
	case SPEC_RESIDUAL:
		return TUI_S_RESIDUAL;
	case SPEC_BONUS:
		return TUI_S_BONUS;
	}
	return TUI_S_NORMAL;
}

const char *
tui_token_text(const struct sim *sim, const struct spec_token *t, const struct tui_glyphs *g,
    char *buf, size_t len)
{
	char id[32];
	const char *word = source_label(&sim->src, t->id, id, sizeof id);

	switch (t->outcome) {
	case SPEC_REJECTED:
		snprintf(buf, len, "[%s]", word);
		break;
	case SPEC_RESIDUAL:
		snprintf(buf, len, "%s%s", g->arrow, word);
		break;
	case SPEC_BONUS:
		snprintf(buf, len, "+%s", word);
		break;
	default:
		snprintf(buf, len, "%s", word);
		break;
	}
	return buf;
}

/* A rate in steps/s: whole numbers from 10 up, 2 significant digits below. */
static const char *
rate_text(char *buf, size_t len, double r)
{
	snprintf(buf, len, r >= 10.0 ? "%.0f" : "%.2g", r);
	return buf;
}

/* The run state, long (wide) or short: the rate asked for, and the rate achieved
 * when it falls short (or is max). */
static const char *
state_text(const struct tui_view *v, int wide, char *buf, size_t len)
{
	const char *run = wide ? "running " : "";
	char got[32], want[32];

	rate_text(got, sizeof got, v->measured_rate);
	rate_text(want, sizeof want, v->rate);
	if (v->paused)
		snprintf(buf, len, "paused");
	else if (v->rate <= 0.0 && !v->measured)
		snprintf(buf, len, "%smax", run);
	else if (v->rate <= 0.0)
		snprintf(buf, len, wide ? "running max (%s steps/s)" : "max %s/s", got);
	else if (v->short_of_rate)
		snprintf(buf, len, "%s%s of %s steps/s", run, got, want);
	else
		snprintf(buf, len, "%s%s step%s/s", run, want, v->rate == 1.0 ? "" : "s");
	return buf;
}

/* The rule's parameters that its entry shows in the header, after both
 * forms of the rule's field. */
static void
header_params(const struct verify_params *v, char *rule, size_t len, char *rshort,
    size_t slen)
{
	const struct verify_entry *e = verify_entry(v->rule);
	char tmp[64];
	int k;

	for (k = 0; k < VERIFY_PARAMS_MAX && e->params[k].option != NULL; k++) {
		if (e->params[k].header == NULL)
			continue;
		snprintf(tmp, sizeof tmp, " %s=%.2f", e->params[k].header,
		    verify_param_value(v, &e->params[k]));
		strncat(rule, tmp, len - strlen(rule) - 1);
		strncat(rshort, tmp, slen - strlen(rshort) - 1);
	}
}

/* The header: the program, the source, the parameters, the run state and the
 * step; on a narrow screen the least needed fields shorten or go first. */
void
tui_draw_header(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_line(w, v->term);
	char src[128], gamma[32], noise[32], vocab[48], seed[48], state[160], shrt[160];
	char step[48], tmp[128], rule[96], rshort[64];
	enum verify_rule r = sim->par.verify.rule;
	struct tui_field f[] = {
		{ "specdec", NULL, TUI_S_TITLE, 0 },
		{ src, NULL, TUI_S_NORMAL, 2 },
		{ gamma, NULL, TUI_S_NORMAL, 0 },
		{ noise, NULL, TUI_S_NORMAL, 1 },
		{ vocab, NULL, TUI_S_NORMAL, 3 },
		{ seed, NULL, TUI_S_NORMAL, 4 },
		{ rule, rshort, TUI_S_NORMAL, 2 },
		{ state, shrt, TUI_S_STATE, 0 },
		{ step, NULL, TUI_S_NORMAL, 0 },
	};

	werase(w);
	snprintf(src, sizeof src, "  %s", sim->src.title != NULL ? sim->src.title :
	    sim->src.kind);
	snprintf(gamma, sizeof gamma, "  %s=%d", g->gamma, sim->par.gamma);
	noise[0] = '\0';
	if (source_has_noise(&sim->src))
		snprintf(noise, sizeof noise, "  noise=%.2f", sim->par.noise);
	snprintf(rule, sizeof rule, "  verifier=%s", verify_label(r));
	snprintf(rshort, sizeof rshort, "  %s", verify_entry(r)->name);
	header_params(&sim->par.verify, rule, sizeof rule, rshort, sizeof rshort);
	if (sim->par.schedule != SCHEDULE_CONSTANT) {
		snprintf(tmp, sizeof tmp, "  %s", schedule_name(sim->par.schedule));
		strncat(rule, tmp, sizeof rule - strlen(rule) - 1);
		strncat(rshort, tmp, sizeof rshort - strlen(rshort) - 1);
	}
	snprintf(vocab, sizeof vocab, "  V=%zu", sim->src.vocab);
	snprintf(seed, sizeof seed, "  seed=%" PRIu64, sim->par.seed);
	snprintf(state, sizeof state, "   %s", state_text(v, 1, tmp, sizeof tmp));
	snprintf(shrt, sizeof shrt, "  %s", state_text(v, 0, tmp, sizeof tmp));
	snprintf(step, sizeof step, "   step %" PRIu64, sim->steps_total);
	tui_pen_fields(&p, f, (int)(sizeof f / sizeof f[0]));
}

/* One step's tokens as the stream shows them, with the columns each takes
 * (a space follows all but a rejected draft, which its residual follows). */
struct row_tokens {
	int n, tail;		/* tokens; the first of the step's ending */
	int width[SPEC_GAMMA_MAX + 1];
	char text[SPEC_GAMMA_MAX + 1][96];
};

static void
row_tokens(struct row_tokens *r, const struct sim *sim, const struct spec_step *step,
    const struct tui_glyphs *g)
{
	int i;

	r->n = step->ntok;
	for (i = 0; i < r->n; i++) {
		tui_token_text(sim, &step->tok[i], g, r->text[i], sizeof r->text[i]);
		r->width[i] = tui_text_width(r->text[i]) + (step->tok[i].outcome != SPEC_REJECTED);
	}
	r->tail = r->n > 0 ? r->n - 1 : 0;
	if (r->n >= 2 && step->tok[r->n - 2].outcome == SPEC_REJECTED)
		r->tail = r->n - 2;
}

static int
sum_width(const struct row_tokens *r, int from, int to)
{
	int w = 0;

	for (; from < to; from++)
		w += r->width[from];
	return w;
}

/* How many accepted tokens to keep from the front (*head) and from just before
 * the ending (*back) in room columns, leaving ellw for the ellipsis; all of them
 * when the row fits. */
static void
row_split(const struct row_tokens *r, int room, int ellw, int *head, int *back)
{
	int h = 0, b = 0, used = 0;

	*head = r->tail;
	*back = 0;
	if (sum_width(r, 0, r->n) - 1 <= room)	/* the last space may fall off */
		return;
	room -= sum_width(r, r->tail, r->n) + ellw;
	while (h < r->tail && used + r->width[h] <= room / 2)
		used += r->width[h++];
	while (r->tail - b - 1 >= h && used + r->width[r->tail - b - 1] <= room)
		used += r->width[r->tail - ++b];
	while (h < r->tail - b && used + r->width[h] <= room)
		used += r->width[h++];
	*head = h;
	*back = b;
}

static void
put_row_tokens(struct tui_pen *p, const struct spec_step *step, const struct row_tokens *r,
    int from, int to)
{
	for (; from < to; from++) {
		tui_pen_put(p, tui_outcome_style(step->tok[from].outcome), r->text[from]);
		if (step->tok[from].outcome != SPEC_REJECTED)
			tui_pen_put(p, TUI_S_NORMAL, " ");
	}
}

/* Columns a row needs left before it gives room to its step's gamma mark. */
#define GAMMA_MARK_MIN_ROOM 24

/* One step's row: its number, then (under a schedule) its gamma, then each token in its outcome's style. A row too
 * long for the pane loses the middle of its accepted run, never its ending (the
 * rejected draft and residual, or the bonus). */
static void
draw_step_row(struct tui_pen *p, const struct sim *sim, const struct sim_entry *e, int numw,
    int selected, const struct tui_glyphs *g)
{
	struct row_tokens r;
	int head, back, room;

	tui_pen_printf(p, selected ? TUI_S_SELECTED : TUI_S_DIM, "%*" PRIu64, numw, e->number);
	tui_pen_put(p, TUI_S_NORMAL, " ");
	if (sim->par.schedule != SCHEDULE_CONSTANT && p->right - p->x > GAMMA_MARK_MIN_ROOM)
		tui_pen_printf(p, TUI_S_DIM, "%s%-2d ", g->gamma, e->step.gamma);
	row_tokens(&r, sim, &e->step, g);
	room = p->right - p->x;
	row_split(&r, room, tui_text_width(g->more) + 1, &head, &back);	/* and a space */
	put_row_tokens(p, &e->step, &r, 0, head);
	if (head + back < r.tail) {
		tui_pen_put(p, TUI_S_DIM, g->more);
		tui_pen_put(p, TUI_S_NORMAL, " ");
	}
	put_row_tokens(p, &e->step, &r, r.tail - back, r.n);
}

static void
draw_legend(struct tui_pen *p, const struct tui_glyphs *g)
{
	tui_pen_put(p, TUI_S_ACCEPTED, "accepted");
	tui_pen_put(p, TUI_S_NORMAL, " ");
	tui_pen_put(p, TUI_S_REJECTED, "[rejected]");
	tui_pen_put(p, TUI_S_RESIDUAL, g->arrow);
	tui_pen_put(p, TUI_S_RESIDUAL, "residual");
	tui_pen_put(p, TUI_S_NORMAL, " ");
	tui_pen_put(p, TUI_S_BONUS, "+bonus");
}

/* The steps back from the newest of the stream's bottom row, when it has rows
 * rows and the selected step is to be in view. */
static size_t
stream_scroll(int rows, size_t selected)
{
	return rows > 0 && selected >= (size_t)rows ? selected - (size_t)rows + 1 : 0;
}

int
tui_stream_step_at(const struct tui_rect *pane, size_t selected, int y, int x, size_t *back)
{
	int rows = pane->h - TUI_BOX_H - STREAM_LEGEND_LINES, row = y - pane->y - TUI_BOX_Y;

	if (x <= pane->x || x >= pane->x + pane->w - 1 || row < 0 || row >= rows)
		return 0;
	*back = stream_scroll(rows, selected) + (size_t)(rows - 1 - row);
	return 1;
}

void
tui_draw_stream(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int rows = getmaxy(w) - TUI_BOX_H - STREAM_LEGEND_LINES, row, numw;
	size_t scroll, i;
	char num[32];

	if (v->text_mode) {
		tui_draw_prose(w, sim, v);
		return;
	}
	tui_box(w, v->term, "token stream", NULL);
	numw = snprintf(num, sizeof num, "%" PRIu64, sim->steps_total);
	numw = numw < STREAM_NUM_MIN_W ? STREAM_NUM_MIN_W : numw;
	scroll = stream_scroll(rows, v->selected);
	for (row = rows - 1, i = scroll; row >= 0; row--, i++) {
		const struct sim_entry *e = sim_recent(sim, i);

		if (e == NULL)
			break;
		tui_pen_at(&p, TUI_BOX_Y + row, TUI_BOX_X);
		draw_step_row(&p, sim, e, numw, v->paused && i == v->selected, g);
	}
	if (sim->ring_len == 0) {
		tui_pen_at(&p, TUI_BOX_Y, TUI_BOX_X);
		tui_pen_put(&p, TUI_S_DIM, "no steps yet: space runs, n steps once");
	}
	tui_pen_at(&p, getmaxy(w) - TUI_BOX_Y - STREAM_LEGEND_LINES, TUI_BOX_X);
	draw_legend(&p, g);
}

/* x with prec decimals into buf, or the no-data glyph when there is no data. */
static const char *
figure(char *buf, size_t len, int prec, double x, int have, const struct tui_glyphs *g)
{
	if (have)
		snprintf(buf, len, "%.*f", prec, x);
	else
		snprintf(buf, len, "%s", g->none);
	return buf;
}

static void
stats_counts(struct tui_pen *p, const struct sim *sim)
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
	snprintf(seg, sizeof seg, "  segment %u", sim->segment);
	snprintf(sg, sizeof sg, " seg %u", sim->segment);
	tui_pen_fields(p, f, 3);
}

static void
stats_alphas(struct tui_pen *p, const struct sim *sim, const struct tui_view *v,
    int have)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	const char *name = verify_beta_label(sim->par.verify.rule);	/* its own */
	char a[32], b[32], lng[160], shrt[160], tiny[160];

	figure(a, sizeof a, 3, v->fig->alpha_hat, have, g);
	figure(b, sizeof b, 3, v->fig->alpha_overlap, have, g);
	snprintf(lng, sizeof lng, "%s %s accepted/tested  %s %s %s", g->alpha_hat, a,
	    g->alpha, b, name);
	snprintf(shrt, sizeof shrt, "%s %s  %s %s %s", g->alpha_hat, a, g->alpha, b, name);
	snprintf(tiny, sizeof tiny, "%s %s  %s %s", g->alpha_hat, a, name, b);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, tiny);
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
 * sample sizes, and the batch check's verdict, each field whole or not at all. */
static void
stats_tv_line(struct tui_pen *p, const struct tui_view *v, int have)
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

	if (!have) {
		tui_pen_printf(p, TUI_S_NORMAL, "TV %s  %s p %s", g->none, g->chi2, g->none);
		return;
	}
	snprintf(tv, sizeof tv, "TV %.3g", f->tv);
	noise_text(nz, sizeof nz, f->tv_noise);
	snprintf(noise, sizeof noise, " (chance %s)", nz);
	snprintf(nshort, sizeof nshort, " (~%s)", nz);
	snprintf(check, sizeof check, "  <=%.3g ", f->tv_null.limit);
	snprintf(chi, sizeof chi, "  %s p %s", g->chi2, chi2_text(cp, sizeof cp, &f->chi2, g));
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
};
_Static_assert(STATS_MEAN == TUI_STATS_FIGURE_ROWS, "the layout gives the figures their rows");

/* Inner rows from which the per-step mean shows: it and the histogram each get
 * one more than the layout's least. */
#define STATS_MEAN_FROM (TUI_STATS_FIGURE_ROWS + 1 + TUI_STATS_HIST_ROWS + 1)

/* Under a schedule, the tok/step line ends with the mean gamma. */
static void
stats_tok_scheduled(struct tui_pen *p, const struct sim_figures *f, int have,
    const struct tui_glyphs *g, const char *a, const char *b)
{
	char m[32], lng[160], shrt[160];

	figure(m, sizeof m, 2, f->gamma_mean, have, g);
	snprintf(lng, sizeof lng, "tok/step %s  closed %s  mean %s %s", a, b, g->gamma, m);
	snprintf(shrt, sizeof shrt, "tok/step %s  mean %s %s", a, g->gamma, m);
	tui_pen_choose(p, TUI_S_NORMAL, lng, shrt, NULL);
}

static void
stats_tok_line(struct tui_pen *p, const struct sim *sim, const struct sim_figures *f,
    int have, const struct tui_glyphs *g, int closed)
{
	char a[32], b[32], lng[160], shrt[160];

	figure(a, sizeof a, 2, f->tok_per_step, have, g);
	figure(b, sizeof b, 2, f->closed_form, have, g);
	if (sim->par.schedule != SCHEDULE_CONSTANT) {
		stats_tok_scheduled(p, f, have, g, a, closed ? b : "-");
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
stats_mean_line(struct tui_pen *p, const struct sim *sim, const struct sim_figures *f,
    int have, const struct tui_glyphs *g)
{
	char a[32], b[32];

	figure(a, sizeof a, 2, f->closed_form_per_step, have, g);
	figure(b, sizeof b, 0, sim->stats.max_tok_per_step, have, g);
	tui_pen_printf(p, TUI_S_NORMAL, "per-step mean %s  max %s of %d", a, b,
	    sim_gamma_cap(sim) + 1);
}

/* The figures above the histogram, in rows inner rows; returns the rows used. */
static int
stats_figures(struct tui_pen *p, const struct sim *sim, const struct tui_view *v, int rows)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	int have = sim->stats.steps > 0;

	tui_pen_at(p, TUI_BOX_Y + STATS_COUNTS, TUI_BOX_X);
	stats_counts(p, sim);
	tui_pen_at(p, TUI_BOX_Y + STATS_ALPHAS, TUI_BOX_X);
	stats_alphas(p, sim, v, have);
	tui_pen_at(p, TUI_BOX_Y + STATS_TOK, TUI_BOX_X);
	stats_tok_line(p, sim, v->fig, have, g,
	    verify_has(sim->par.verify.rule, VERIFY_F_CLOSED_BETA));
	tui_pen_at(p, TUI_BOX_Y + STATS_TV, TUI_BOX_X);
	stats_tv_line(p, v, have);
	if (rows < STATS_MEAN_FROM)
		return STATS_MEAN;
	tui_pen_at(p, TUI_BOX_Y + STATS_MEAN, TUI_BOX_X);
	stats_mean_line(p, sim, v->fig, have, g);
	return STATS_MEAN + 1;
}

/* The style a plot cell of style s is drawn in. */
static enum tui_style
grid_style(int s)
{
	if (s >= CURVE_MEASURED)
		return TUI_S_MEASURED;
	if (s >= TEXTPLOT_S_USER)
		return TUI_S_CURVE + (s - TEXTPLOT_S_USER);
	return s == TEXTPLOT_S_MARK ? TUI_S_MARK : s == TEXTPLOT_S_BAR ? TUI_S_BAR :
	    s == TEXTPLOT_S_CEILING ? TUI_S_DIM : TUI_S_NORMAL;
}

void
tui_draw_grid(WINDOW *w, const struct textplot_grid *grid, int y, int x, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_make(w, v->term, y, x, x + grid->w);
	int r, c;

	for (r = 0; r < grid->h; r++)
		for (c = 0; c < grid->w; c++) {
			const struct textplot_cell *cell = textplot_at(grid, c, r);

			tui_pen_at(&p, y + r, x + c);
			tui_pen_put(&p, grid_style(cell->style), cell->ch);
		}
}

/* The losslessness test's p-value in the label column above "steps by": one
 * row ("PIT 0.43") or, with room, two ("lossless", "p 0.4321"); a dash while
 * untestable, the fail colour below the check's level. */
static void
stats_lossless(struct tui_pen *p, const struct lossless_result *r, int y, int rows)
{
	const struct tui_glyphs *g = tui_glyphs(p->term);
	enum tui_style style = r->testable && r->p_value < CHECKS_LOSSLESS_P ?
	    TUI_S_FAIL : TUI_S_NORMAL;
	char val[32];

	if (r->testable)
		snprintf(val, sizeof val, "%.*f", rows > 3 ? 4 : 2, r->p_value);
	else
		snprintf(val, sizeof val, "%s", g->none);
	tui_pen_at(p, y, TUI_BOX_X);
	if (rows > 3) {
		tui_pen_put(p, TUI_S_DIM, "lossless");
		tui_pen_at(p, y + 1, TUI_BOX_X);
		tui_pen_put(p, TUI_S_DIM, "p ");
	} else
		tui_pen_put(p, TUI_S_DIM, "PIT ");
	tui_pen_put(p, style, val);
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
	tui_draw_grid(w, &grid, y, TUI_BOX_X + HIST_LABEL_W, v);
	textplot_free(&grid);
	stats_lossless(&p, &v->fig->lossless, y, rows);
	tui_pen_at(&p, y + rows - 2, TUI_BOX_X);
	tui_pen_put(&p, TUI_S_DIM, "steps by");
	tui_pen_at(&p, y + rows - 1, TUI_BOX_X);
	tui_pen_put(&p, TUI_S_DIM, "tok/step");
}

void
tui_draw_stats(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int used;

	tui_box(w, v->term, "statistics", NULL);
	used = stats_figures(&p, sim, v, getmaxy(w) - TUI_BOX_H);
	stats_histogram(w, sim, v, TUI_BOX_Y + used);
}

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

	snprintf(hat, sizeof hat, " %s %s  ", g->alpha_hat,
	    figure(a, sizeof a, 2, v->fig->alpha_hat, have, g));
	snprintf(now, sizeof now, " %s%s  ", v->term->utf8 ? "now " : "",
	    figure(b, sizeof b, 2, v->fig->tok_per_step, have, g));
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
		tui_pen_put(p, grid_style(curve_refs[i].style),
		    v->term->utf8 ? curve_refs[i].utf8 : curve_refs[i].ascii);
		tui_pen_printf(p, TUI_S_NORMAL, " %s  ",
		    textplot_alpha_label(a, sizeof a, curve_refs[i].alpha));
	}
	tui_pen_at(p, TUI_BOX_Y + 1, TUI_BOX_X);	/* the second legend line */
	curve_legend_marks(p, v, have);
}

void
tui_draw_curve(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct textplot_curve curves[CURVE_REFS + 1];
	struct tui_pen p = tui_pen_boxed(w, v->term);
	struct textplot_curves spec;
	struct textplot_grid grid;
	int have = sim->stats.steps > 0;
	char title[64];

	snprintf(title, sizeof title, "E[tok/step] vs %s", g->gamma);
	tui_box(w, v->term, title, NULL);
	curve_legend(&p, sim, v);
	memcpy(curves, curve_refs, sizeof curve_refs);
	curves[CURVE_REFS].alpha = v->fig->alpha_hat;
	curves[CURVE_REFS].ascii = curves[CURVE_REFS].utf8 = g->measured;
	curves[CURVE_REFS].style = CURVE_MEASURED;
	spec.gamma_max = sim->par.gamma > CURVE_GAMMA_MIN ? sim->par.gamma : CURVE_GAMMA_MIN;
	spec.curve = curves;
	spec.ncurves = have ? CURVE_REFS + 1 : CURVE_REFS;
	spec.ceiling = 1;
	spec.mark_gamma = have ? sim->par.gamma : 0;
	spec.mark_value = v->fig->tok_per_step;
	if (textplot_init(&grid, getmaxx(w) - TUI_BOX_W, getmaxy(w) - TUI_BOX_H - CURVE_LEGEND_LINES,
	    v->term->utf8) != 0)
		return;
	textplot_tok_curves(&grid, &spec);
	tui_draw_grid(w, &grid, TUI_BOX_Y + CURVE_LEGEND_LINES, TUI_BOX_X, v);
	textplot_free(&grid);
}

/* The lines of the cost model, top down. */
enum cost_row {
	COST_PRICES,
	COST_RATES,
	COST_SPEEDUP,
	COST_ROWS,
};
_Static_assert(COST_ROWS == TUI_COST_ROWS, "the layout gives the cost model its rows");

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

/* The measured speedup as a bar scaled to max(best, measured, 1), with a tick at
 * 1x; a slowdown says so in words and in the failing style. */
static void
cost_speedup(struct tui_pen *p, const struct sim_figures *f, const struct tui_view *v, int have)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	double top = f->optimal_speedup > f->speedup_measured ? f->optimal_speedup :
	    f->speedup_measured;
	int slow = have && f->speedup_measured < 1.0, barw, x0, tick;
	char bar[256], best[64], x[32];

	top = top > 1.0 ? top : 1.0;
	if (!have) {
		tui_pen_printf(p, TUI_S_NORMAL, "speedup %s (no data yet)", g->none);
		return;
	}
	tui_pen_printf(p, slow ? TUI_S_FAIL : TUI_S_NORMAL, "%s %sx ",
	    slow ? "slowdown" : "speedup", sig3(x, sizeof x, f->speedup_measured));
	if (!f->speculate)
		snprintf(best, sizeof best, " don't speculate (1.00x)");
	else
		snprintf(best, sizeof best, " best %s %d%s (%sx)", g->gamma,
		    f->optimal_gamma, f->optimal_at_limit ? "+" : "",
		    sig3(x, sizeof x, f->optimal_speedup));
	barw = p->right - p->x - tui_text_width(best);
	barw = barw > 0 ? barw : 0;
	textplot_hbar(bar, sizeof bar, f->speedup_measured / top, barw, v->term->utf8);
	x0 = p->x;
	tui_pen_put(p, slow ? TUI_S_FAIL : TUI_S_BAR, bar);
	tui_pen_put(p, TUI_S_NORMAL, best);
	if (barw < 2)
		return;
	tick = (int)((double)barw / top + 0.5) - 1;
	tui_pen_at(p, p->y, x0 + (tick < 0 ? 0 : tick));
	tui_pen_put(p, TUI_S_MARK, g->one_x);
}

void
tui_draw_cost(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_figures *f = v->fig;
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int have = sim->stats.steps > 0;
	char tm[32], dm[32], c[32], k[32], tr[32], sr[32], lng[160], shrt[160];

	tui_box(w, v->term, "cost model", NULL);
	tui_pen_at(&p, TUI_BOX_Y + COST_PRICES, TUI_BOX_X);
	sig3(tm, sizeof tm, sim->par.target_ms);
	sig3(dm, sizeof dm, sim->par.draft_ms);
	sig3(c, sizeof c, f->cost_ratio);
	sig3(k, sizeof k, f->verify_cost);
	snprintf(lng, sizeof lng, "T %s ms/fwd  D %s ms/token  c=D/T %s  k %s", tm, dm, c,
	    k);
	snprintf(shrt, sizeof shrt, "T %s ms  D %s ms/tok  c %s  k %s", tm, dm, c, k);
	tui_pen_choose(&p, TUI_S_NORMAL, lng, shrt, NULL);
	tui_pen_at(&p, TUI_BOX_Y + COST_RATES, TUI_BOX_X);
	sig3(tr, sizeof tr, f->target_rate);
	if (have)
		sig3(sr, sizeof sr, f->spec_rate);
	else
		snprintf(sr, sizeof sr, "%s", g->none);
	snprintf(lng, sizeof lng, "tok/s  target-only %s  speculative %s", tr, sr);
	snprintf(shrt, sizeof shrt, "tok/s: target %s  spec %s", tr, sr);
	tui_pen_choose(&p, TUI_S_NORMAL, lng, shrt, NULL);
	tui_pen_at(&p, TUI_BOX_Y + COST_SPEEDUP, TUI_BOX_X);
	cost_speedup(&p, f, v, have);
}

/* Whether key i goes in the key bar for this source. */
static int
keybar_offers(int i, const struct sim *sim)
{
	char why[160];

	return tui_keys[i].bar_name != NULL && tui_keys_why_not(&tui_keys[i], sim->src.kind,
	    source_has_noise(&sim->src), why, sizeof why) == NULL;
}

/* The key bar: the keys that do something for this source, or the status
 * message while there is one. */
void
tui_draw_keybar(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_line(w, v->term);
	const char *gap = "  ";
	char entry[128];
	int i, width = p.x;

	werase(w);
	if (v->status != NULL) {
		tui_pen_put_cut(&p, TUI_S_STATE, v->status);
		return;
	}
	for (i = 0; i < tui_nkeys; i++)
		if (keybar_offers(i, sim)) {
			snprintf(entry, sizeof entry, "%s %s%s", tui_keys[i].bar_name,
			    tui_keys[i].bar_help, gap);
			width += tui_text_width(entry);
		}
	if (width > p.right)
		gap = " ";
	for (i = 0; i < tui_nkeys; i++) {
		if (!keybar_offers(i, sim))
			continue;
		tui_pen_put(&p, TUI_S_KEY, tui_keys[i].bar_name);
		tui_pen_printf(&p, TUI_S_NORMAL, " %s%s", tui_keys[i].bar_help, gap);
	}
}

static int
help_text_width(int i)
{
	return tui_text_width(tui_keys[i].help);
}

void
tui_help_place(int cols, int lines, struct tui_help_layout *h)
{
	tui_layout_help(cols, lines, tui_nkeys, help_text_width, tui_keys_help_rows, h);
}

void
tui_draw_help(WINDOW *w, const struct tui_help_layout *h, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int i, x, y;

	tui_box(w, v->term, "keys", NULL);
	for (i = 0; i < tui_nkeys && i < h->ncols * h->rows; i++) {
		x = h->col_x[i / h->rows];
		y = h->top + i % h->rows;
		tui_pen_at(&p, y, x);
		tui_pen_put(&p, TUI_S_TITLE, tui_keys[i].name);
		tui_pen_at(&p, y, x + TUI_HELP_NAME_W);
		tui_pen_put_cut(&p, TUI_S_NORMAL, tui_keys[i].help);
	}
	tui_pen_at(&p, getmaxy(w) - 1, TUI_BOX_X);	/* on the bottom border */
	tui_pen_put(&p, TUI_S_DIM, " ? again: what the figures mean; any other key closes ");
}

void
tui_draw_small(WINDOW *w, int need_cols, int need_lines)
{
	char msg[64], now[64];
	int cols = getmaxx(w), lines = getmaxy(w);

	snprintf(msg, sizeof msg, "terminal too small (need %dx%d)", need_cols, need_lines);
	snprintf(now, sizeof now, "now %dx%d; q quits", cols, lines);
	werase(w);
	mvwaddnstr(w, lines / 2 - (lines > 1), (cols - (int)strlen(msg)) / 2 > 0 ?
	    (cols - (int)strlen(msg)) / 2 : 0, msg, cols);
	if (lines > 1)
		mvwaddnstr(w, lines / 2, (cols - (int)strlen(now)) / 2 > 0 ?
		    (cols - (int)strlen(now)) / 2 : 0, now, cols);
}
