/* tui_lesson.c: a lesson script driving the live view, and its caption band. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson_chapter.h"
#include "lesson/lesson_run.h"
#include "sim/sim.h"
#include "tui/tui_lesson.h"
#include "tui/tui_text.h"
#include "util/xalloc.h"
#include "view/tui_hide.h"

#define BAND_LINES_MAX 12	/* text lines of the band, borders excluded */
#define BAND_LINE_MAX 512

/* Where the script stands. */
enum phase {
	PH_RUN,		/* the next item can run */
	PH_HOLD,	/* a caption's hold or wait S s: until due */
	PH_STEPS,	/* wait N steps: until the sim has run them */
	PH_KEYS,	/* pressing keys at their pace */
	PH_PAUSE,	/* until Enter */
	PH_ASK,		/* until a choice's key */
	PH_ANSWERED,	/* the answer judged; until Enter */
	PH_END,
};

struct tui_lesson {
	struct lesson ls;
	struct tui_lesson_host host;
	int next;			/* the next item */
	enum phase ph;
	double due;
	uint64_t target;		/* PH_STEPS: the step count to reach */
	const struct lesson_item *item;	/* the item that holds the script */
	int key_at;			/* PH_KEYS: keys pressed so far */
	int keys_now;			/* PH_KEYS: Enter asked for the rest at once */
	const char *chapter;
	int chapter_no;
	const char *caption;
	const char *show;		/* the pane kept in view, or NULL */
	const struct lesson_item *check;	/* the last check, until the next caption */
	struct lesson_verdict check_v;
	int answer;			/* PH_ANSWERED: the choice given */
	struct lesson_verdict ask_v;
	int go_to;			/* a chapter to go to, or 0 */
};

/* The band's text: lines with a style each. */
struct band {
	char text[BAND_LINES_MAX][BAND_LINE_MAX];
	enum tui_style style[BAND_LINES_MAX];
	int n;
	int width;
};

struct tui_lesson *
tui_lesson_new(struct lesson *ls, const struct tui_lesson_host *host)
{
	struct tui_lesson *l = xcalloc(1, sizeof *l);

	l->ls = *ls;
	l->host = *host;
	memset(ls, 0, sizeof *ls);
	return l;
}

void
tui_lesson_free(struct tui_lesson *l)
{
	if (l == NULL)
		return;
	lesson_free(&l->ls);
	free(l);
}

/* The recording's marker for a chapter: "N. heading". */
static void
begin_chapter(struct tui_lesson *l, const struct lesson_item *it)
{
	char label[LESSON_TEXT_MAX + 16];

	l->chapter = it->text;
	l->chapter_no++;
	l->caption = NULL;
	l->show = NULL;
	l->check = NULL;
	snprintf(label, sizeof label, "%d. %s", l->chapter_no, it->text);
	if (l->host.marker != NULL)
		l->host.marker(l->host.ctx, label);
}

/* Start item it; -1 when a set line cannot open its source. */
static int
start_item(struct tui_lesson *l, const struct lesson_item *it, double now, char *err,
    size_t errlen)
{
	l->item = it;
	switch (it->op) {
	case LESSON_SET:
		if (l->host.set(l->host.ctx, it, err, errlen) == 0)
			return 0;
		lesson_locate(&l->ls, it, err, errlen);
		return -1;
	case LESSON_CHAPTER:
		begin_chapter(l, it);
		break;
	case LESSON_CAPTION:
		l->caption = it->text;
		l->check = NULL;
		if (it->seconds > 0.0) {
			l->ph = PH_HOLD;
			l->due = now + it->seconds;
		}
		break;
	case LESSON_KEYS:
		l->ph = PH_KEYS;
		l->key_at = 0;
		l->keys_now = 0;
		l->due = now + it->seconds;
		break;
	case LESSON_WAIT_STEPS:
		sim_release(l->host.sim);	/* as the headless run does */
		l->target = l->host.sim->steps_total + it->steps;
		l->host.run(l->host.ctx, it->steps);
		l->ph = PH_STEPS;
		break;
	case LESSON_WAIT_SECONDS:
		l->ph = PH_HOLD;
		l->due = now + it->seconds;
		break;
	case LESSON_PAUSE:
		l->ph = PH_PAUSE;
		break;
	case LESSON_ASK:
		l->ph = PH_ASK;
		if (l->host.show != NULL && tui_hide_pane(it->figure->key) != NULL)
			l->host.show(l->host.ctx, tui_hide_pane(it->figure->key));
		break;
	case LESSON_CHECK:
		l->check = it;
		lesson_judge(it, l->host.sim, &l->check_v);
		break;
	case LESSON_SHOW:
		l->show = it->text;
		if (l->host.show != NULL)
			l->host.show(l->host.ctx, it->text);
		break;
	case LESSON_TITLE:
		break;
	}
	return 0;
}

/* Whether the phase is over by now; *wake gets when to look again (0: none). */
static int
phase_over(struct tui_lesson *l, double now, double *wake)
{
	*wake = 0.0;
	switch (l->ph) {
	case PH_RUN:
		return 1;
	case PH_HOLD:
		*wake = l->due;
		return now >= l->due;
	case PH_STEPS:
		return l->host.sim->steps_total >= l->target;
	case PH_KEYS:
		if (now < l->due) {
			*wake = l->due;
			return 0;
		}
		while (l->key_at < l->item->nkeys) {
			l->host.key(l->host.ctx, l->item->keys[l->key_at++]);
			l->due = now + l->item->seconds;
			*wake = l->due;
			if (!l->keys_now)
				return 0;
		}
		return 1;
	default:
		return 0;
	}
}

void
tui_lesson_goto(struct tui_lesson *l, int n)
{
	int last = lesson_nchapters(&l->ls);

	l->go_to = n < 1 ? 1 : n > last ? last : n;
}

int
tui_lesson_chapter(const struct tui_lesson *l)
{
	return l->go_to > 0 ? l->go_to : l->chapter_no;
}

int
tui_lesson_chapters(const struct tui_lesson *l)
{
	return lesson_nchapters(&l->ls);
}

/* The run started again at chapter go_to's line, the script there. */
static int
go_to_chapter(struct tui_lesson *l, char *err, size_t errlen)
{
	int n = l->go_to, at = lesson_chapter_item(&l->ls, n);

	l->go_to = 0;
	if (at < 0)
		return 0;	/* a lesson without chapters */
	if (l->host.restart(l->host.ctx, &l->ls, at, err, errlen) != 0)
		return -1;
	l->next = at;
	l->ph = PH_RUN;
	l->chapter_no = n - 1;	/* the chapter's line counts itself */
	l->chapter = NULL;
	l->caption = NULL;
	l->check = NULL;
	return 0;
}

double
tui_lesson_update(struct tui_lesson *l, double now, int *moved, char *err,
    size_t errlen)
{
	double wake;

	*moved = 0;
	if (l->go_to > 0) {
		if (go_to_chapter(l, err, errlen) != 0)
			return -1.0;
		*moved = 1;
	}
	for (;;) {
		if (!phase_over(l, now, &wake))
			return wake;
		*moved = 1;	/* an item starts or the script ends: a new band */
		l->ph = PH_RUN;
		if (l->next >= l->ls.n) {
			l->ph = PH_END;
			return 0.0;
		}
		if (start_item(l, &l->ls.item[l->next++], now, err, errlen) != 0)
			return -1.0;
	}
}

static int
is_enter(int ch)
{
	return ch == '\n' || ch == '\r' || ch == KEY_ENTER;
}

int
tui_lesson_key(struct tui_lesson *l, int ch, double now)
{
	int i;

	if (l->ph == PH_ASK)
		for (i = 0; i < l->item->nchoices; i++)
			if (ch == l->item->choice[i].key) {
				l->answer = i;
				lesson_judge(l->item, l->host.sim, &l->ask_v);
				l->ph = PH_ANSWERED;
				return 1;
			}
	if (!is_enter(ch))
		return 0;
	if (l->ph == PH_PAUSE || l->ph == PH_ANSWERED || l->ph == PH_HOLD)
		l->ph = PH_RUN;
	else if (l->ph == PH_STEPS && l->host.hurry != NULL)
		l->host.hurry(l->host.ctx);
	else if (l->ph == PH_KEYS) {
		l->keys_now = 1;
		l->due = now;
	}
	return 1;
}

/* Add text to the band, broken at spaces into lines of its width. */
static void
band_wrap(struct band *b, enum tui_style style, const char *text)
{
	char line[BAND_LINE_MAX], word[BAND_LINE_MAX];
	const char *s = text;
	size_t n;

	line[0] = '\0';
	while (*s != '\0' && b->n < BAND_LINES_MAX) {
		n = strcspn(s, " ");
		snprintf(word, sizeof word, "%.*s", (int)n, s);
		s += n + (s[n] == ' ');
		if (line[0] != '\0' && tui_text_width(line) + 1 + tui_text_width(word) > b->width) {
			snprintf(b->text[b->n], BAND_LINE_MAX, "%s", line);
			b->style[b->n++] = style;
			line[0] = '\0';
		}
		if (line[0] != '\0')
			strncat(line, " ", sizeof line - strlen(line) - 1);
		strncat(line, word, sizeof line - strlen(line) - 1);
	}
	if (line[0] != '\0' && b->n < BAND_LINES_MAX) {
		snprintf(b->text[b->n], BAND_LINE_MAX, "%s", line);
		b->style[b->n++] = style;
	}
}

static void
band_printf(struct band *b, enum tui_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
band_printf(struct band *b, enum tui_style style, const char *fmt, ...)
{
	char text[BAND_LINE_MAX * 2];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	band_wrap(b, style, text);
}

/* How the figure shows on screen, for "look at it there". */
static const char *
screen_name(const struct figure *f)
{
	return f->screen != NULL ? f->screen : f->key;
}

static void
band_check(struct band *b, const struct tui_lesson *l)
{
	const struct lesson_item *c = l->check;
	const struct lesson_verdict *v = &l->check_v;

	if (!v->have) {
		band_printf(b, TUI_S_FAIL, "check %s: no steps to measure it on yet",
		    screen_name(c->figure));
		return;
	}
	band_printf(b, v->pass ? TUI_S_PASS : TUI_S_FAIL, "check: %s = %.4g, the claim %g"
	    " +- %g%s%s: %s", screen_name(c->figure), v->value, c->want, c->tol,
	    c->text != NULL ? ", " : "", c->text != NULL ? c->text : "",
	    v->pass ? "holds" : "does NOT hold here");
}

static void
band_ask(struct band *b, const struct tui_lesson *l)
{
	const struct lesson_item *it = l->item;
	int i;

	band_printf(b, TUI_S_STATE, "? %s", it->text);
	for (i = 0; i < it->nchoices; i++)
		band_printf(b, TUI_S_NORMAL, "  %c) %s", it->choice[i].key, it->choice[i].text);
	band_printf(b, TUI_S_DIM, "press a choice's key");
}

static void
band_answered(struct band *b, const struct tui_lesson *l)
{
	const struct lesson_item *it = l->item;
	const struct lesson_choice *right = &it->choice[it->answer];
	const struct lesson_verdict *v = &l->ask_v;

	if (l->answer == it->answer)
		band_printf(b, TUI_S_PASS, "right: %c) %s", right->key, right->text);
	else
		band_printf(b, TUI_S_FAIL, "not quite: the answer is %c) %s", right->key,
		    right->text);
	if (it->explain != NULL)
		band_wrap(b, TUI_S_NORMAL, it->explain);
	if (v->have)
		band_printf(b, TUI_S_MEASURED, "settled by %s = %.4g on this run%s%s%s%s",
		    it->figure->key, v->value, it->figure->screen != NULL ? " (" : "",
		    it->figure->screen != NULL ? it->figure->screen : "",
		    it->figure->screen != NULL ? " on help page 2)" : "", v->pass ? "" :
		    "; not the stated answer's range: the figures moved with your keys");
	band_printf(b, TUI_S_DIM, "Enter: go on");
}

/* The scripted keys, the one pressed last in reverse. */
static void
band_keys(struct band *b, const struct tui_lesson *l)
{
	char line[BAND_LINE_MAX];
	int k;

	snprintf(line, sizeof line, "keys:");
	for (k = 0; k < l->item->nkeys; k++) {
		strncat(line, k + 1 == l->key_at ? " [" : " ", sizeof line - strlen(line) - 1);
		strncat(line, lesson_key_name(l->item->keys[k]), sizeof line - strlen(line) - 1);
		if (k + 1 == l->key_at)
			strncat(line, "]", sizeof line - strlen(line) - 1);
	}
	band_wrap(b, TUI_S_KEY, line);
}

static void
band_fill(struct band *b, const struct tui_lesson *l)
{
	if (l->ph == PH_ASK) {
		band_ask(b, l);
		return;
	}
	if (l->ph == PH_ANSWERED) {
		band_answered(b, l);
		return;
	}
	if (l->caption != NULL)
		band_wrap(b, TUI_S_NORMAL, l->caption);
	if (l->check != NULL)
		band_check(b, l);
	if (l->ph == PH_KEYS)
		band_keys(b, l);
	else if (l->ph == PH_STEPS)
		band_printf(b, TUI_S_DIM, "running %llu steps (Enter: at full speed)",
		    (unsigned long long)l->item->steps);
	else if (l->ph == PH_PAUSE)
		band_printf(b, TUI_S_DIM, "Enter: go on");
	else if (l->ph == PH_END)
		band_printf(b, TUI_S_DIM, "the end of the lesson: q quits");
}

/* The band's text at the screen's width, and the lines it takes (0: none). */
static int
band_make(struct band *b, const struct tui_lesson *l)
{
	int h;

	memset(b, 0, sizeof *b);
	b->width = COLS - 4;
	band_fill(b, l);
	h = b->n + 2;
	if (h > LINES / 2)
		h = LINES / 2;
	return h < 3 ? 0 : h;
}

int
tui_lesson_band_lines(const struct tui_lesson *l)
{
	struct band b;

	return band_make(&b, l);
}

const char *
tui_lesson_show(const struct tui_lesson *l)
{
	const char *ask = l->ph == PH_ASK || l->ph == PH_ANSWERED ?
	    tui_hide_pane(l->item->figure->key) : NULL;

	return ask != NULL ? ask : l->show;
}

unsigned
tui_lesson_hidden(const struct tui_lesson *l)
{
	return l->ph == PH_ASK ? tui_hide_marks(l->item->figure->key) : 0;
}

void
tui_lesson_draw(struct tui_lesson *l, const struct tui_term *term)
{
	struct band b;
	char title[LESSON_TEXT_MAX * 2 + 32];
	WINDOW *w;
	int h = band_make(&b, l), i;

	if (h == 0 || (w = newwin(h, COLS, LINES - 1 - h, 0)) == NULL)
		return;
	if (l->chapter != NULL)
		snprintf(title, sizeof title, "%s: %d. %s", l->ls.title, l->chapter_no,
		    l->chapter);
	else
		snprintf(title, sizeof title, "%s", l->ls.title);
	tui_box(w, term, title, l->chapter != NULL ? l->chapter : NULL);
	for (i = 0; i < b.n && i < h - 2; i++) {
		struct tui_pen p = tui_pen_make(w, term, 1 + i, 2, COLS - 2);

		tui_pen_put(&p, b.style[i], b.text[i]);
	}
	wnoutrefresh(w);
	delwin(w);
}
