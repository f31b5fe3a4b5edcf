/* tui_pane_prose.c: the token stream's text mode, for a source of words (the
 * ngram and cmu sources): the emitted text read as prose, each word in its
 * outcome's style with its sign (->residual, +bonus), wrapped to the pane (a
 * model's end of sentence as a paragraph mark that ends its line), the
 * newest words at the bottom; the --prompt the text goes on from on the first
 * row. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"
#include "tui/tui_tokens.h"

#define PROSE_LEGEND_LINES 1
#define PROSE_ROWS_MAX 512	/* rows of text laid out, at most */
#define PROSE_WORD_MAX 96	/* bytes of one word with its cue */

/* A place in the recent steps: steps back from the newest, and a token of it. */
struct prose_it {
	const struct sim *sim;
	size_t back;
	int i;
};

/* The next emitted token (rejected drafts are not in the text), or NULL. */
static const struct spec_token *
prose_next(struct prose_it *it)
{
	const struct sim_entry *e;

	while ((e = sim_recent(it->sim, it->back)) != NULL) {
		if (it->i < e->step.ntok) {
			const struct spec_token *t = &e->step.tok[it->i++];

			if (t->outcome != SPEC_REJECTED)
				return t;
		} else if (it->back == 0) {
			return NULL;
		} else {
			it->back--;
			it->i = 0;
		}
	}
	return NULL;
}

/* Where to start so that the words of the steps from there fill at least
 * rows x width columns (each word takes two at the least), or the oldest kept. */
static struct prose_it
prose_start(const struct sim *sim, int rows, int width)
{
	struct prose_it it = { sim, 0, 0 };
	const struct sim_entry *e;
	long need = (long)rows * width / 2 + 1, words = 0;

	while ((e = sim_recent(sim, it.back)) != NULL && words < need) {
		words += e->step.emitted;
		it.back++;
	}
	it.back -= it.back > 0;
	return it;
}

#define PROSE_END "</s>"	/* a model's end of sentence (the cmu source's) */

/* The token as the prose shows it (tui_token_text's, with its sign), the end
 * of a sentence as a paragraph mark: a pilcrow, or | in ASCII. Returns whether
 * it is one, after which the text goes on on a new line. */
static int
prose_word(const struct prose_it *it, const struct spec_token *t,
    const struct tui_glyphs *g, const struct tui_view *v, char *buf, size_t len)
{
	size_t n = strlen(tui_token_text(it->sim, t, g, buf, len)), e = strlen(PROSE_END);

	if (n < e || strcmp(buf + n - e, PROSE_END) != 0)
		return 0;
	snprintf(buf + n - e, len - (n - e), "%s", v->term->utf8 ? "\u00b6" : "|");
	return 1;
}

/* Whether the token goes on without a space before it: accepted punctuation. */
static int
prose_attached(const struct spec_token *t, const char *text)
{
	return t->outcome == SPEC_ACCEPTED && strchr(",.;:!?)", text[0]) != NULL &&
	    text[0] != '\0';
}

/* Lay the words out in width columns; the places where the last rows lines
 * begin into start (a ring of rows); returns the number of lines. */
static long
prose_layout(struct prose_it it, int width, struct prose_it *start, int rows,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	const struct spec_token *t;
	struct prose_it before = it;
	char buf[PROSE_WORD_MAX];
	long lines = 0;
	int x = 0, w, para;

	while ((t = prose_next(&it)) != NULL) {
		para = prose_word(&it, t, g, v, buf, sizeof buf);
		w = tui_text_width(buf) + !prose_attached(t, buf);
		if (lines == 0 || (x > 0 && x + w > width)) {
			start[lines % rows] = before;
			lines++;
			x = 0;
		}
		x = para ? width : x + w;	/* a paragraph mark ends its line */
		before = it;
	}
	return lines;
}

/* Draw rows lines from place it on, in width columns from the pane's text row
 * top. */
static void
prose_draw(WINDOW *w, struct prose_it it, int top, int rows, int width,
    const struct tui_view *v)
{
	const struct tui_glyphs *g = tui_glyphs(v->term);
	struct tui_pen p = tui_pen_boxed(w, v->term);
	const struct spec_token *t;
	char buf[PROSE_WORD_MAX];
	int row = 0, x = 0, tw, attached, para;

	while (row < rows && (t = prose_next(&it)) != NULL) {
		para = prose_word(&it, t, g, v, buf, sizeof buf);
		attached = prose_attached(t, buf);
		tw = tui_text_width(buf) + !attached;
		if (x > 0 && x + tw > width) {
			if (++row >= rows)
				break;
			x = 0;
		}
		tui_pen_at(&p, TUI_BOX_Y + top + row, TUI_BOX_X + x - (attached && x > 0));
		tui_pen_put_cut(&p, tui_outcome_style(t->outcome), buf);
		x = para ? width : x + tw;
	}
}

static void
draw_prose(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	static struct prose_it start[PROSE_ROWS_MAX];
	int rows = getmaxy(w) - TUI_BOX_H - PROSE_LEGEND_LINES;
	int width = getmaxx(w) - TUI_BOX_W;
	struct tui_pen p = tui_pen_boxed(w, v->term);
	int top = 0;
	long lines;

	tui_box(w, v->term, "text (e: steps)", "text");
	if (v->prompt != NULL && rows > 1) {	/* the prompt the text goes on from */
		tui_pen_put(&p, TUI_S_DIM, "prompt: ");
		tui_pen_put_cut(&p, TUI_S_NORMAL, v->prompt);
		tui_pen_at(&p, TUI_BOX_Y + 1, TUI_BOX_X);
		top = 1;
		rows--;
	}
	rows = rows < PROSE_ROWS_MAX ? rows : PROSE_ROWS_MAX;
	if (rows > 0 && width > 0 && sim->ring_len > 0) {
		lines = prose_layout(prose_start(sim, rows, width), width, start, rows, v);
		if (lines > 0)
			prose_draw(w, start[(lines > rows ? lines - rows : 0) % rows], top, rows,
			    width, v);
	} else if (sim->ring_len == 0) {
		tui_pen_put(&p, TUI_S_DIM, "no text yet: space runs, n steps once");
	}
	tui_pen_at(&p, getmaxy(w) - TUI_BOX_Y - PROSE_LEGEND_LINES, TUI_BOX_X);
	tui_tokens_legend(&p, tui_glyphs(v->term), 0);
}

const struct tui_pane_def tui_pane_prose = {
	"text", TUI_P_STREAM, { 0, 0 }, draw_prose, TUI_A_TEXT, TUI_R_ALL,
	"ngram, cmu: the prompt, then the words as prose",
};
