/* tui_panes.c: the panes of the live view, drawn from the model. */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "checks.h"
#include "plot.h"
#include "sim.h"
#include "source.h"
#include "theory.h"
#include "tui_keys.h"
#include "tui_panes.h"

#define HELP_NAME_W 10		/* key name column of the help overlay */
#define DETAIL_COL_W 7		/* one token's column in the step detail */
#define DETAIL_LABEL_W 6
#define HIST_LABEL_W 9
#define CURVE_GAMMA_MIN 8	/* the curve spans gamma 1 to at least this */

/* Words and signs that have a Unicode and an ASCII spelling. */
struct glyphs {
	const char *gamma, *alpha, *alpha_hat, *chi2, *arrow, *more;
	const char *measured, *mark, *ceiling;
	const char *cut;	/* ends a label clipped to its column */
	const char *none;	/* a figure with no data behind it yet */
	const char *one_x;	/* the 1x tick in the speedup bar */
};

static const struct glyphs glyphs_utf8 = {
	"\u03b3", "\u03b1", "\u03b1\u0302", "\u03c7\u00b2", "\u2192", "\u2026",
	"\u2022", "\u25c6", "\u00b7", "\u2026", "\u2013", "\u2502",
};
static const struct glyphs glyphs_ascii = {
	"gamma", "alpha", "alpha^", "chi2", "->", "...", "*", "@", ".", "~", "-", "|",
};

static const double curve_alphas[4] = { 0.3, 0.5, 0.7, 0.9 };
static const char *const curve_digits[4] = { "3", "5", "7", "9" };

/* A write position in a window, clipped at column right. */
struct pen {
	WINDOW *w;
	int y, x;
	int right;
	const struct tui_term *term;
};

static const struct glyphs *
glyphs_of(const struct tui_view *v)
{
	return v->term->utf8 ? &glyphs_utf8 : &glyphs_ascii;
}

/* Bytes of s that fit in maxw columns; *width gets the columns they take. */
static size_t
fit(const char *s, int maxw, int *width)
{
	mbstate_t st;
	size_t i = 0, n;
	wchar_t wc;
	int w = 0, cw;

	memset(&st, 0, sizeof st);
	while (s[i] != '\0') {
		n = mbrtowc(&wc, s + i, MB_CUR_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2) {
			memset(&st, 0, sizeof st);
			n = 1;
			cw = 1;
		} else if ((cw = wcwidth(wc)) < 0)
			cw = 1;
		if (w + cw > maxw)
			break;
		w += cw;
		i += n;
	}
	*width = w;
	return i;
}

static int
text_width(const char *s)
{
	int w;

	fit(s, 1 << 20, &w);
	return w;
}

static struct pen
pen_boxed(WINDOW *w, const struct tui_view *v)
{
	struct pen p = { w, 1, 2, getmaxx(w) - 2, v->term };

	return p;
}

static void
pen_at(struct pen *p, int y, int x)
{
	p->y = y;
	p->x = x;
}

static void
pen_put(struct pen *p, enum tui_style style, const char *s)
{
	int width;
	size_t n;

	if (p->x >= p->right)
		return;
	n = fit(s, p->right - p->x, &width);
	wattrset(p->w, p->term->attr[style]);
	if (n > 0)
		mvwaddnstr(p->w, p->y, p->x, s, (int)n);
	wattrset(p->w, A_NORMAL);
	p->x += width;
}

static void __attribute__((format(printf, 3, 4)))
pen_printf(struct pen *p, enum tui_style style, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	pen_put(p, style, buf);
}

/* Like pen_put, but a text that does not fit ends in the glyph cut where it was
 * clipped, so that a clipped word never passes for a shorter one. */
static void
pen_put_cut(struct pen *p, enum tui_style style, const char *s, const char *cut)
{
	char buf[256];
	int room = p->right - p->x, width;
	size_t n;

	if (room <= 0 || text_width(s) <= room) {
		pen_put(p, style, s);
		return;
	}
	n = fit(s, room - text_width(cut), &width);
	n = n < sizeof buf - 1 ? n : sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	pen_put(p, style, buf);
	pen_put(p, TUI_S_DIM, cut);
}

/* The first of the texts a, b, c (c may be NULL) that fits where the pen is, or
 * the last, clipped. */
static void
pen_choose(struct pen *p, enum tui_style style, const char *a, const char *b,
    const char *c)
{
	if (text_width(a) <= p->right - p->x)
		pen_put(p, style, a);
	else if (c == NULL || text_width(b) <= p->right - p->x)
		pen_put(p, style, b);
	else
		pen_put(p, style, c);
}

/* A border of Unicode line-drawing characters, or of ASCII ones; never the
 * terminal's alternate character set, which not every terminal (or capture)
 * renders. */
static void
draw_border(WINDOW *w, int utf8)
{
	const char *h = utf8 ? "\u2500" : "-", *vl = utf8 ? "\u2502" : "|";
	int y, x, mx = getmaxx(w) - 1, my = getmaxy(w) - 1;

	for (x = 1; x < mx; x++) {
		mvwaddstr(w, 0, x, h);
		mvwaddstr(w, my, x, h);
	}
	for (y = 1; y < my; y++) {
		mvwaddstr(w, y, 0, vl);
		mvwaddstr(w, y, mx, vl);
	}
	mvwaddstr(w, 0, 0, utf8 ? "\u250c" : "+");
	mvwaddstr(w, 0, mx, utf8 ? "\u2510" : "+");
	mvwaddstr(w, my, 0, utf8 ? "\u2514" : "+");
	mvwaddstr(w, my, mx, utf8 ? "\u2518" : "+");
}

/* The pane's border and its title, the long one when it fits. */
static void
pane_box2(WINDOW *w, const struct tui_view *v, const char *title, const char *shrt)
{
	struct pen p = { w, 0, 2, getmaxx(w) - 2, v->term };
	char a[160], b[160];

	werase(w);
	draw_border(w, v->term->utf8);
	snprintf(a, sizeof a, " %s ", title);
	snprintf(b, sizeof b, " %s ", shrt);
	pen_choose(&p, TUI_S_TITLE, a, b, NULL);
}

static void
pane_box(WINDOW *w, const struct tui_view *v, const char *title)
{
	pane_box2(w, v, title, title);
}

static enum tui_style
outcome_style(enum spec_outcome o)
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

/* A token with the cue that survives monochrome: [rejected], ->residual, +bonus. */
static const char *
token_text(const struct sim *sim, const struct spec_token *t, const struct glyphs *g,
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

void
tui_draw_header(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct glyphs *g = glyphs_of(v);
	struct pen p = { w, 0, 1, getmaxx(w), v->term };
	char params[160], state[128], step[48];
	int wide;

	werase(w);
	if (source_has_noise(&sim->src))
		snprintf(params, sizeof params, "%s=%d  noise=%.2f  V=%zu  seed=%" PRIu64,
		    g->gamma, sim->par.gamma, sim->par.noise, sim->src.vocab, sim->par.seed);
	else
		snprintf(params, sizeof params, "%s=%d  %s  V=%zu  seed=%" PRIu64, g->gamma,
		    sim->par.gamma, sim->src.kind, sim->src.vocab, sim->par.seed);
	state_text(v, 1, state, sizeof state);
	snprintf(step, sizeof step, "step %" PRIu64, sim->steps_total);
	wide = 7 + 2 + text_width(params) + 3 + text_width(state) + 3 +
	    text_width(step) <= p.right - p.x;
	if (!wide)
		state_text(v, 0, state, sizeof state);
	pen_put(&p, TUI_S_TITLE, "specdec");
	pen_printf(&p, TUI_S_NORMAL, "  %s%s", params, wide ? "   " : "  ");
	pen_put(&p, TUI_S_STATE, state);
	pen_printf(&p, TUI_S_NORMAL, "%s%s", wide ? "   " : "  ", step);
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
    const struct glyphs *g)
{
	int i;

	r->n = step->ntok;
	for (i = 0; i < r->n; i++) {
		token_text(sim, &step->tok[i], g, r->text[i], sizeof r->text[i]);
		r->width[i] = text_width(r->text[i]) + (step->tok[i].outcome != SPEC_REJECTED);
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
put_row_tokens(struct pen *p, const struct spec_step *step, const struct row_tokens *r,
    int from, int to)
{
	for (; from < to; from++) {
		pen_put(p, outcome_style(step->tok[from].outcome), r->text[from]);
		if (step->tok[from].outcome != SPEC_REJECTED)
			pen_put(p, TUI_S_NORMAL, " ");
	}
}

/* One step's row: its number, then each token in its outcome's style. A row too
 * long for the pane loses the middle of its accepted run, never its ending (the
 * rejected draft and residual, or the bonus). */
static void
draw_step_row(struct pen *p, const struct sim *sim, const struct sim_entry *e, int numw,
    int selected, const struct glyphs *g)
{
	struct row_tokens r;
	int head, back, room;

	pen_printf(p, selected ? TUI_S_SELECTED : TUI_S_DIM, "%*" PRIu64, numw, e->number);
	pen_put(p, TUI_S_NORMAL, " ");
	row_tokens(&r, sim, &e->step, g);
	room = p->right - p->x;
	row_split(&r, room, text_width(g->more) + 1, &head, &back);
	put_row_tokens(p, &e->step, &r, 0, head);
	if (head + back < r.tail) {
		pen_put(p, TUI_S_DIM, g->more);
		pen_put(p, TUI_S_NORMAL, " ");
	}
	put_row_tokens(p, &e->step, &r, r.tail - back, r.n);
}

static void
draw_legend(struct pen *p, const struct glyphs *g)
{
	pen_put(p, TUI_S_ACCEPTED, "accepted");
	pen_put(p, TUI_S_NORMAL, " ");
	pen_put(p, TUI_S_REJECTED, "[rejected]");
	pen_put(p, TUI_S_RESIDUAL, g->arrow);
	pen_put(p, TUI_S_RESIDUAL, "residual");
	pen_put(p, TUI_S_NORMAL, " ");
	pen_put(p, TUI_S_BONUS, "+bonus");
}

void
tui_draw_stream(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct glyphs *g = glyphs_of(v);
	struct pen p = pen_boxed(w, v);
	int rows = getmaxy(w) - 3, row, numw;
	size_t scroll, i;
	char num[32];

	pane_box(w, v, "token stream");
	numw = snprintf(num, sizeof num, "%" PRIu64, sim->steps_total);
	numw = numw < 4 ? 4 : numw;
	scroll = rows > 0 && v->selected >= (size_t)rows ? v->selected - (size_t)rows + 1 : 0;
	for (row = rows - 1, i = scroll; row >= 0; row--, i++) {
		const struct sim_entry *e = sim_recent(sim, i);

		if (e == NULL)
			break;
		pen_at(&p, 1 + row, 2);
		draw_step_row(&p, sim, e, numw, v->paused && i == v->selected, g);
	}
	if (sim->ring_len == 0) {
		pen_at(&p, 1, 2);
		pen_put(&p, TUI_S_DIM, "no steps yet: space runs, n steps once");
	}
	pen_at(&p, getmaxy(w) - 2, 2);
	draw_legend(&p, g);
}

static void
detail_number(struct pen *p, int col, double x, int shown)
{
	pen_at(p, p->y, 2 + DETAIL_LABEL_W + col * DETAIL_COL_W);
	if (!shown)
		pen_put(p, TUI_S_DIM, "-");
	else if (x > 0.0 && x < 0.001)
		pen_printf(p, TUI_S_NORMAL, "%.0e", x);	/* "4e-05": small p stays readable */
	else
		pen_printf(p, TUI_S_NORMAL, x < 100.0 ? "%.3f" : "%.0f", x);
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

/* Column col of the detail: the token, p, q, p/q, u and the verdict. */
static void
detail_column(struct pen *p, const struct sim *sim, const struct spec_token *t, int col,
    const struct glyphs *g)
{
	int tested = t->outcome == SPEC_ACCEPTED || t->outcome == SPEC_REJECTED;
	int x = 2 + DETAIL_LABEL_W + col * DETAIL_COL_W;
	char buf[96];

	int right = p->right;

	pen_at(p, 1, x);
	if (p->right > x + DETAIL_COL_W - 1)
		p->right = x + DETAIL_COL_W - 1;	/* a long word is clipped to its column */
	pen_put_cut(p, outcome_style(t->outcome), token_text(sim, t, g, buf, sizeof buf),
	    g->cut);
	p->right = right;
	p->y = 2;
	detail_number(p, col, t->p, 1);
	p->y = 3;
	detail_number(p, col, t->q, 1);
	p->y = 4;
	detail_number(p, col, t->q > 0.0 ? t->p / t->q : 0.0, tested && t->q > 0.0);
	p->y = 5;
	detail_number(p, col, t->u, tested);
	pen_at(p, 6, x);
	pen_put(p, outcome_style(t->outcome), verdict(t->outcome));
}

void
tui_draw_detail(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	static const char *const labels[] = { "token", "p", "q", "p/q", "u", "u<p/q" };
	const struct sim_entry *e = sim_recent(sim, v->paused ? v->selected : 0);
	const struct glyphs *g = glyphs_of(v);
	struct pen p = pen_boxed(w, v);
	int ncols = (getmaxx(w) - 4 - DETAIL_LABEL_W + 2) / DETAIL_COL_W, first = 0, i;
	char title[96], shrt[96];

	if (e == NULL) {
		pane_box(w, v, "step detail");
		return;
	}
	snprintf(title, sizeof title, "step %" PRIu64 "%s, residual mass %.3f", e->number,
	    v->paused ? "" : " (newest)", e->step.residual_mass);
	snprintf(shrt, sizeof shrt, "step %" PRIu64 ", residual mass %.3f", e->number,
	    e->step.residual_mass);
	pane_box2(w, v, title, shrt);
	for (i = 0; i < 6; i++) {
		pen_at(&p, 1 + i, 2);
		pen_put(&p, TUI_S_DIM, labels[i]);
	}
	if (e->step.ntok > ncols) {
		first = e->step.ntok - ncols;
		pen_at(&p, 1, 2);
		pen_put(&p, TUI_S_DIM, v->term->utf8 ? "token\u2026" : "tok...");
	}
	for (i = first; i < e->step.ntok && ncols > 0; i++)
		detail_column(&p, sim, &e->step.tok[i], i - first, g);
}

/* x with prec decimals into buf, or the no-data glyph when there is no data. */
static const char *
figure(char *buf, size_t len, int prec, double x, int have, const struct glyphs *g)
{
	if (have)
		snprintf(buf, len, "%.*f", prec, x);
	else
		snprintf(buf, len, "%s", g->none);
	return buf;
}

static void
stats_counts(struct pen *p, const struct sim *sim)
{
	const struct stats *st = &sim->stats;
	char lng[160], mid[160], shrt[160];

	snprintf(lng, sizeof lng, "steps %" PRIu64 "  tokens %" PRIu64 "  segment %u",
	    st->steps, st->tokens, sim->segment);
	snprintf(mid, sizeof mid, "steps %" PRIu64 " tokens %" PRIu64 " segment %u",
	    st->steps, st->tokens, sim->segment);
	snprintf(shrt, sizeof shrt, "steps %" PRIu64 " tok %" PRIu64 " seg %u", st->steps,
	    st->tokens, sim->segment);
	pen_choose(p, TUI_S_NORMAL, lng, mid, shrt);
}

static void
stats_alphas(struct pen *p, const struct tui_view *v, int have)
{
	const struct glyphs *g = glyphs_of(v);
	char a[32], b[32], lng[160], shrt[160], tiny[160];

	figure(a, sizeof a, 3, v->fig->alpha_hat, have, g);
	figure(b, sizeof b, 3, v->fig->alpha_overlap, have, g);
	snprintf(lng, sizeof lng, "%s %s accepted/tested  %s %s overlap", g->alpha_hat, a,
	    g->alpha, b);
	snprintf(shrt, sizeof shrt, "%s %s  %s %s overlap", g->alpha_hat, a, g->alpha, b);
	snprintf(tiny, sizeof tiny, "%s %s  overlap %s", g->alpha_hat, a, b);
	pen_choose(p, TUI_S_NORMAL, lng, shrt, tiny);
}

/* TV with the level chance alone gives it at these sample sizes, then the batch
 * check's verdict where there is room, then the chi-square p-value. */
static void
stats_tv_line(struct pen *p, const struct tui_view *v, int have)
{
	const struct sim_figures *f = v->fig;
	const struct glyphs *g = glyphs_of(v);
	char chi[64], lng[160], shrt[160];
	int room = p->right - p->x;

	if (!have) {
		pen_printf(p, TUI_S_NORMAL, "TV %s  %s p %s", g->none, g->chi2, g->none);
		return;
	}
	snprintf(chi, sizeof chi, "  %s p %.2f", g->chi2, f->chi2.p_value);
	snprintf(lng, sizeof lng, "TV %.3f (noise ~%.3f)", f->tv, f->tv_noise);
	snprintf(shrt, sizeof shrt, "TV %.3f noise ~%.3f", f->tv, f->tv_noise);
	if (text_width(lng) + 18 + text_width(chi) <= room) {
		pen_put(p, TUI_S_NORMAL, lng);
		pen_printf(p, TUI_S_NORMAL, "  check <%g ", CHECKS_TV_BOUND);
		pen_put(p, v->tv_pass ? TUI_S_PASS : TUI_S_FAIL, v->tv_pass ? "pass" : "fail");
	} else if (text_width(lng) + text_width(chi) <= room)
		pen_put(p, TUI_S_NORMAL, lng);
	else
		pen_put(p, TUI_S_NORMAL, shrt);
	pen_choose(p, TUI_S_NORMAL, chi, chi + 1, NULL);
}

/* The figures above the histogram; returns the rows used. */
static int
stats_figures(struct pen *p, const struct sim *sim, const struct tui_view *v, int rows)
{
	const struct sim_figures *f = v->fig;
	const struct glyphs *g = glyphs_of(v);
	int have = sim->stats.steps > 0;
	char a[32], b[32], lng[160], shrt[160];

	pen_at(p, 1, 2);
	stats_counts(p, sim);
	pen_at(p, 2, 2);
	stats_alphas(p, v, have);
	pen_at(p, 3, 2);
	figure(a, sizeof a, 2, f->tok_per_step, have, g);
	figure(b, sizeof b, 2, f->closed_form, have, g);
	snprintf(lng, sizeof lng, "tok/step %s  closed form %s", a, b);
	snprintf(shrt, sizeof shrt, "tok/step %s  closed %s", a, b);
	pen_choose(p, TUI_S_NORMAL, lng, shrt, NULL);
	pen_at(p, 4, 2);
	stats_tv_line(p, v, have);
	if (rows < 9)
		return 4;
	pen_at(p, 5, 2);
	figure(a, sizeof a, 2, f->closed_form_jensen, have, g);
	figure(b, sizeof b, 0, sim->stats.max_tok_per_step, have, g);
	pen_printf(p, TUI_S_NORMAL, "per-step mean %s  max %s of %d", a, b,
	    sim->par.gamma + 1);
	return 5;
}

/* Copy a plot grid into the window from (y, x), mapping plot styles to styles. */
static void
draw_grid(WINDOW *w, const struct plot_grid *grid, int y, int x, const struct tui_view *v)
{
	struct pen p = { w, y, x, x + grid->w, v->term };
	int r, c;

	for (r = 0; r < grid->h; r++)
		for (c = 0; c < grid->w; c++) {
			const struct plot_cell *cell = plot_at(grid, c, r);
			int s = cell->style;
			enum tui_style style = s >= PLOT_S_USER + 4 ? TUI_S_MEASURED :
			    s >= PLOT_S_USER ? TUI_S_CURVE + (s - PLOT_S_USER) :
			    s == PLOT_S_MARK ? TUI_S_MARK : s == PLOT_S_BAR ? TUI_S_BAR :
			    s == PLOT_S_CEILING ? TUI_S_DIM : TUI_S_NORMAL;

			pen_at(&p, y + r, x + c);
			pen_put(&p, style, cell->ch);
		}
}

static void
stats_histogram(WINDOW *w, const struct sim *sim, const struct tui_view *v, int y)
{
	double hist[SPEC_GAMMA_MAX + 1];
	struct plot_grid grid;
	struct pen p = pen_boxed(w, v);
	int rows = getmaxy(w) - 1 - y, i;

	if (rows < 2 || plot_init(&grid, getmaxx(w) - 4 - HIST_LABEL_W, rows,
	    v->term->utf8) != 0)
		return;
	for (i = 0; i <= sim->par.gamma; i++)
		hist[i] = (double)sim->stats.tok_hist[i];
	plot_vbars(&grid, hist, sim->par.gamma + 1);
	draw_grid(w, &grid, y, 2 + HIST_LABEL_W, v);
	plot_free(&grid);
	pen_at(&p, y + rows - 2, 2);
	pen_put(&p, TUI_S_DIM, "steps by");
	pen_at(&p, y + rows - 1, 2);
	pen_put(&p, TUI_S_DIM, "tok/step");
}

void
tui_draw_stats(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct pen p = pen_boxed(w, v);
	int used;

	pane_box(w, v, "statistics");
	used = stats_figures(&p, sim, v, getmaxy(w) - 2);
	stats_histogram(w, sim, v, 1 + used);
}

static void
curve_legend(struct pen *p, const struct sim *sim, const struct tui_view *v)
{
	const struct glyphs *g = glyphs_of(v);
	int i, have = sim->stats.steps > 0;
	char a[32], b[32];

	pen_at(p, 1, 2);
	for (i = 0; i < 4; i++) {
		pen_put(p, TUI_S_CURVE + i, curve_digits[i]);
		pen_put(p, TUI_S_NORMAL, " ");
	}
	pen_printf(p, TUI_S_NORMAL, " %s = .3 .5 .7 .9", g->alpha);
	pen_at(p, 2, 2);
	pen_put(p, TUI_S_MEASURED, g->measured);
	pen_printf(p, TUI_S_NORMAL, " %s %s  ", g->alpha_hat,
	    figure(a, sizeof a, 2, v->fig->alpha_hat, have, g));
	pen_put(p, TUI_S_MARK, g->mark);
	pen_printf(p, TUI_S_NORMAL, " %s%s  ", v->term->utf8 ? "now " : "",
	    figure(b, sizeof b, 2, v->fig->tok_per_step, have, g));
	pen_put(p, TUI_S_DIM, g->ceiling);
	pen_printf(p, TUI_S_NORMAL, " %s+1", g->gamma);
}

void
tui_draw_curve(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct glyphs *g = glyphs_of(v);
	struct plot_curve curves[5];
	struct plot_curves spec;
	struct plot_grid grid;
	int i, have = sim->stats.steps > 0;
	char title[64];

	snprintf(title, sizeof title, "E[tok/step] vs %s", g->gamma);
	pane_box(w, v, title);
	curve_legend(&(struct pen){ w, 1, 2, getmaxx(w) - 2, v->term }, sim, v);
	for (i = 0; i < 4; i++) {
		curves[i].alpha = curve_alphas[i];
		curves[i].ascii = curves[i].utf8 = curve_digits[i];
		curves[i].style = PLOT_S_USER + i;
	}
	curves[4].alpha = v->fig->alpha_hat;
	curves[4].ascii = curves[4].utf8 = g->measured;
	curves[4].style = PLOT_S_USER + 4;
	spec.gamma_max = sim->par.gamma > CURVE_GAMMA_MIN ? sim->par.gamma : CURVE_GAMMA_MIN;
	spec.curve = curves;
	spec.ncurves = have ? 5 : 4;
	spec.ceiling = 1;
	spec.mark_gamma = have ? sim->par.gamma : 0;
	spec.mark_value = v->fig->tok_per_step;
	if (plot_init(&grid, getmaxx(w) - 4, getmaxy(w) - 4, v->term->utf8) != 0)
		return;
	plot_tok_curves(&grid, &spec);
	draw_grid(w, &grid, 3, 2, v);
	plot_free(&grid);
}

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
cost_speedup(struct pen *p, const struct sim_figures *f, const struct tui_view *v, int have)
{
	const struct glyphs *g = glyphs_of(v);
	double top = f->optimal_speedup > f->speedup_measured ? f->optimal_speedup :
	    f->speedup_measured;
	int slow = have && f->speedup_measured < 1.0, barw, x0, tick;
	char bar[256], best[64], x[32];

	top = top > 1.0 ? top : 1.0;
	if (!have) {
		pen_printf(p, TUI_S_NORMAL, "speedup %s (no data yet)", g->none);
		return;
	}
	pen_printf(p, slow ? TUI_S_FAIL : TUI_S_NORMAL, "%s %sx ",
	    slow ? "slowdown" : "speedup", sig3(x, sizeof x, f->speedup_measured));
	snprintf(best, sizeof best, " best %s %d (%sx)", g->gamma, f->optimal_gamma,
	    sig3(x, sizeof x, f->optimal_speedup));
	barw = p->right - p->x - text_width(best);
	barw = barw > 0 ? barw : 0;
	plot_hbar(bar, sizeof bar, f->speedup_measured / top, barw, v->term->utf8);
	x0 = p->x;
	pen_put(p, slow ? TUI_S_FAIL : TUI_S_BAR, bar);
	pen_put(p, TUI_S_NORMAL, best);
	if (barw < 2)
		return;
	tick = (int)((double)barw / top + 0.5) - 1;
	pen_at(p, p->y, x0 + (tick < 0 ? 0 : tick));
	pen_put(p, TUI_S_MARK, g->one_x);
}

void
tui_draw_cost(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct sim_figures *f = v->fig;
	const struct glyphs *g = glyphs_of(v);
	struct pen p = pen_boxed(w, v);
	int have = sim->stats.steps > 0;
	char tm[32], dm[32], c[32], tr[32], sr[32], lng[160], shrt[160];

	pane_box(w, v, "cost model");
	sig3(tm, sizeof tm, sim->par.target_ms);
	sig3(dm, sizeof dm, sim->par.draft_ms);
	sig3(c, sizeof c, f->cost_ratio);
	snprintf(lng, sizeof lng, "T %s ms/fwd  D %s ms/token  c=D/T %s", tm, dm, c);
	snprintf(shrt, sizeof shrt, "T %s ms  D %s ms/tok  c %s", tm, dm, c);
	pen_choose(&p, TUI_S_NORMAL, lng, shrt, NULL);
	pen_at(&p, 2, 2);
	sig3(tr, sizeof tr, f->target_rate);
	if (have)
		sig3(sr, sizeof sr, f->spec_rate);
	else
		snprintf(sr, sizeof sr, "%s", g->none);
	snprintf(lng, sizeof lng, "tok/s  target-only %s  speculative %s", tr, sr);
	snprintf(shrt, sizeof shrt, "tok/s: target %s  spec %s", tr, sr);
	pen_choose(&p, TUI_S_NORMAL, lng, shrt, NULL);
	pen_at(&p, 3, 2);
	cost_speedup(&p, f, v, have);
}

void
tui_draw_keybar(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct pen p = { w, 0, 1, getmaxx(w), v->term };
	const char *gap = "  ";
	int i, width = 1;

	(void)sim;
	werase(w);
	for (i = 0; i < tui_nkeys; i++)
		if (tui_keys[i].bar_name != NULL)
			width += text_width(tui_keys[i].bar_name) +
			    text_width(tui_keys[i].bar_help) + 3;
	if (width > p.right)
		gap = " ";
	for (i = 0; i < tui_nkeys; i++) {
		if (tui_keys[i].bar_name == NULL)
			continue;
		pen_put(&p, TUI_S_KEY, tui_keys[i].bar_name);
		pen_printf(&p, TUI_S_NORMAL, " %s%s", tui_keys[i].bar_help, gap);
	}
}

int
tui_help_entry_width(void)
{
	int i, w, max = 0;

	for (i = 0; i < tui_nkeys; i++)
		if ((w = text_width(tui_keys[i].help)) > max)
			max = w;
	return HELP_NAME_W + max;
}

/* Columns that column c of the overlay (rows entries each) needs. */
static int
help_column_width(int c, int rows)
{
	int i, w, max = 0;

	for (i = c * rows; i < tui_nkeys && i < (c + 1) * rows; i++)
		if ((w = text_width(tui_keys[i].help)) > max)
			max = w;
	return HELP_NAME_W + max;
}

int
tui_help_width(int ncols)
{
	int rows = tui_keys_help_rows(ncols), c, w = 4 - 2;

	for (c = 0; c < ncols; c++)
		w += help_column_width(c, rows) + 2;
	return w;
}

void
tui_draw_help(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	int ncols = 1, rows, i, c, x = 2;
	struct pen p = { w, 0, 0, getmaxx(w) - 2, v->term };

	(void)sim;
	while (ncols < tui_nkeys && tui_keys_help_rows(ncols) + 4 > getmaxy(w))
		ncols++;
	rows = tui_keys_help_rows(ncols);
	pane_box(w, v, "keys");
	for (c = 0; c < ncols; x += help_column_width(c, rows) + 2, c++)
		for (i = c * rows; i < tui_nkeys && i < (c + 1) * rows; i++) {
			p.right = getmaxx(w) - 2;
			pen_at(&p, 2 + i % rows, x);
			pen_put(&p, TUI_S_TITLE, tui_keys[i].name);
			pen_at(&p, 2 + i % rows, x + HELP_NAME_W);
			pen_put_cut(&p, TUI_S_NORMAL, tui_keys[i].help, glyphs_of(v)->cut);
		}
	p.right = getmaxx(w) - 2;
	pen_at(&p, getmaxy(w) - 1, 2);
	pen_put(&p, TUI_S_DIM, " any key closes ");
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
