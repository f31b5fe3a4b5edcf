/* tui_pane_stream.c: the token stream: one row per step, newest at the bottom,
 * each token in its outcome's style with its sign, the legend at the foot. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "sim/sim.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"
#include "tui/tui_tokens.h"

#define STREAM_LEGEND_LINES 1	/* the legend at the foot of the token stream */
#define STREAM_NUM_MIN_W 4	/* columns of a step number, at least */
#define STREAM_ROWS_MIN 2	/* step rows, at the least */
#define STREAM_COLS_MIN 40	/* the legend, and a step of a few tokens */

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

/* After a copy drafter's step, where its draft came from, in the room left:
 * "copied: match 3 at 120", "copied@120" or "@120", or that it found none. */
static void
put_copy_note(struct tui_pen *p, const struct sim_copy *c)
{
	char lng[64], mid[32], shrt[32];

	if (c->n == 0) {
		tui_pen_choose(p, TUI_S_DIM, "no draft: no match", "no draft", NULL);
		return;
	}
	snprintf(lng, sizeof lng, "copied: match %d at %ld", c->match_length, c->match_at);
	snprintf(mid, sizeof mid, "copied@%ld", c->match_at);
	snprintf(shrt, sizeof shrt, "@%ld", c->match_at);
	tui_pen_choose(p, TUI_S_DIM, lng, mid, shrt);
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
	if (e->copy.on)
		put_copy_note(p, &e->copy);
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

static void
draw_stream(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int rows = getmaxy(w) - TUI_BOX_H - STREAM_LEGEND_LINES, row, numw;
	size_t scroll, i;
	char num[32];

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
	tui_tokens_legend(&p, g, 1);
}

const struct tui_pane_def tui_pane_stream = {
	"token stream", TUI_P_STREAM,
	{ STREAM_ROWS_MIN + STREAM_LEGEND_LINES + TUI_BOX_H, STREAM_COLS_MIN }, draw_stream,
	TUI_A_NONE, TUI_R_ALL, "one row per step, tokens in outcome colour and sign",
};
