/* lesson_ask.c: the lines of a lesson that name numbers: ask with its choice,
 * answer, figure and explain lines; check; wait; keys, and the keys' names. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson_ask.h"
#include "lesson/lesson_parser.h"
#include "util/xalloc.h"

static const char *const ask_parts[] = { "choice", "answer", "figure", "explain", NULL };

int
lesson_is_ask_part(const char *op)
{
	int i;

	for (i = 0; ask_parts[i] != NULL; i++)
		if (strcmp(op, ask_parts[i]) == 0)
			return 1;
	return 0;
}

int
lesson_parse_ask(struct parser *ps, const char *rest)
{
	struct lesson_item *it = lesson_add_item(ps, LESSON_ASK);

	it->answer = -1;
	ps->ask = it;
	ps->ls->nasks++;
	return lesson_take_text(ps, "ask", rest, &it->text);
}

/* A range into the closed [lo, hi]: "<X" (below X), ">X" (above X), "=X"
 * (X itself) or "X..Y" (from X up to Y, Y excluded), so that the bins 2..3 and
 * 3..4 do not overlap. */
static int
parse_range(const char *w, double *lo, double *hi)
{
	char a[LESSON_WORD_MAX];
	const char *dots = strstr(w, "..");

	*lo = -HUGE_VAL;
	*hi = HUGE_VAL;
	if (w[0] == '=' && lesson_real_word(w + 1, lo)) {
		*hi = *lo;
		return 1;
	}
	if (w[0] == '<' && lesson_real_word(w + 1, hi)) {
		*hi = nextafter(*hi, -HUGE_VAL);	/* below X, X excluded */
		return 1;
	}
	if (w[0] == '>' && lesson_real_word(w + 1, lo)) {
		*lo = nextafter(*lo, HUGE_VAL);
		return 1;
	}
	if (dots == NULL || (size_t)(dots - w) >= sizeof a)
		return 0;
	memcpy(a, w, (size_t)(dots - w));
	a[dots - w] = '\0';
	if (!lesson_real_word(a, lo) || !lesson_real_word(dots + 2, hi) || !(*lo < *hi))
		return 0;
	*hi = nextafter(*hi, -HUGE_VAL);
	return 1;
}

static int
parse_choice(struct parser *ps, struct lesson_item *it, const char *rest)
{
	struct lesson_choice *c;
	char key[LESSON_WORD_MAX], range[LESSON_WORD_MAX];
	int i;

	if (it->nchoices == LESSON_CHOICES_MAX)
		return lesson_fail(ps, "more than %d choices", LESSON_CHOICES_MAX);
	lesson_next_word(&rest, key);
	lesson_next_word(&rest, range);
	if (strlen(key) != 1 || !isalnum((unsigned char)key[0]))
		return lesson_fail(ps, "a choice's key is one letter or digit, not '%s'", key);
	for (i = 0; i < it->nchoices; i++)
		if (it->choice[i].key == key[0])
			return lesson_fail(ps, "choice %s given twice", key);
	c = &it->choice[it->nchoices];
	if (!parse_range(range, &c->lo, &c->hi))
		return lesson_fail(ps, "choice %s: '%s' is not a range (<X, >X, =X or X..Y)", key,
		    range);
	c->key = key[0];
	if (lesson_take_text(ps, "choice", rest, &c->text) != 0)
		return -1;
	it->nchoices++;
	return 0;
}

int
lesson_parse_ask_part(struct parser *ps, const char *op, const char *rest)
{
	struct lesson_item *it = ps->ask;
	int i;

	if (it == NULL)
		return lesson_fail(ps, "%s outside an ask", op);
	if (strcmp(op, "choice") == 0)
		return parse_choice(ps, it, rest);
	if (strcmp(op, "figure") == 0)
		return it->figure != NULL ? lesson_fail(ps, "a second figure") :
		    lesson_find_figure(ps, rest, it);
	if (strcmp(op, "explain") == 0) {
		char *more;

		if (it->explain == NULL)
			return lesson_take_text(ps, "explain", rest, &it->explain);
		more = xasprintf("%s %s", it->explain, rest);
		free(it->explain);
		it->explain = more;
		return strlen(more) < 2 * LESSON_TEXT_MAX ? 0 :
		    lesson_fail(ps, "explanation longer than %d bytes", 2 * LESSON_TEXT_MAX);
	}
	for (i = 0; i < it->nchoices; i++)	/* answer */
		if (strlen(rest) == 1 && it->choice[i].key == rest[0]) {
			it->answer = i;
			return 0;
		}
	return lesson_fail(ps, "answer '%s' is none of the choices above it", rest);
}

/* Whether choices a and b share a value. */
static int
overlap(const struct lesson_choice *a, const struct lesson_choice *b)
{
	return a->lo <= b->hi && b->lo <= a->hi;
}

int
lesson_finish_ask(struct parser *ps)
{
	struct lesson_item *it = ps->ask;
	int save = ps->line, i, k;

	ps->ask = NULL;
	ps->line = it->line;
	if (it->nchoices < 2)
		return lesson_fail(ps, "an ask needs at least two choices");
	if (it->answer < 0)
		return lesson_fail(ps, "an ask needs its answer line");
	if (it->figure == NULL)
		return lesson_fail(ps, "an ask needs the figure that settles it");
	for (i = 0; i < it->nchoices; i++)
		for (k = i + 1; k < it->nchoices; k++)
			if (overlap(&it->choice[i], &it->choice[k]))
				return lesson_fail(ps, "choices %c and %c overlap",
				    it->choice[i].key, it->choice[k].key);
	ps->line = save;
	return 0;
}

int
lesson_parse_check(struct parser *ps, const char *rest)
{
	struct lesson_item *it = lesson_add_item(ps, LESSON_CHECK);
	char key[LESSON_WORD_MAX], want[LESSON_WORD_MAX], tol[LESSON_WORD_MAX];

	lesson_next_word(&rest, key);
	lesson_next_word(&rest, want);
	lesson_next_word(&rest, tol);
	if (lesson_find_figure(ps, key, it) != 0)
		return -1;
	if (!lesson_real_word(want, &it->want))
		return lesson_fail(ps, "check %s: '%s' is not a number", key, want);
	if (!lesson_real_word(tol, &it->tol) || it->tol < 0.0)
		return lesson_fail(ps, "check %s: the tolerance '%s' is not a number >= 0", key,
		    tol);
	ps->ls->nchecks++;
	if (*rest != '\0')
		return lesson_take_text(ps, "check's note", rest, &it->text);
	return 0;
}

int
lesson_parse_wait(struct parser *ps, const char *rest)
{
	char num[LESSON_WORD_MAX], unit[LESSON_WORD_MAX];
	struct lesson_item *it;
	double x;

	lesson_next_word(&rest, num);
	lesson_next_word(&rest, unit);
	if (*rest == '\0' && unit[0] == '\0' && lesson_real_word(num, &x))
		return lesson_fail(ps, "wait %s: of what? 'wait %s steps' or 'wait %s s'", num,
		    num, num);
	if (*rest == '\0' && unit[0] == '\0' && lesson_seconds_word(num, &x))
		return lesson_fail(ps, "wait %s: seconds take a space, 'wait %.*s s'", num,
		    (int)strlen(num) - 1, num);
	if (*rest != '\0' || !lesson_real_word(num, &x) || x < 0.0)
		return lesson_fail(ps, "wait N steps, or wait S s");
	if (strcmp(unit, "steps") == 0 || strcmp(unit, "step") == 0) {
		if (x != floor(x) || x < 1 || x > LESSON_WAIT_STEPS_MAX)
			return lesson_fail(ps, "wait: steps are a whole number, 1..%d",
			    LESSON_WAIT_STEPS_MAX);
		it = lesson_add_item(ps, LESSON_WAIT_STEPS);
		it->steps = (uint64_t)x;
		return 0;
	}
	if (strcmp(unit, "s") != 0)
		return lesson_fail(ps, "wait: '%s' is not steps or s", unit);
	if (x > LESSON_WAIT_S_MAX)
		return lesson_fail(ps, "wait: at most %g s", LESSON_WAIT_S_MAX);
	lesson_add_item(ps, LESSON_WAIT_SECONDS)->seconds = x;
	return 0;
}

static const char *const key_names[] = {
	[LESSON_KEY_STEP] = "n", [LESSON_KEY_SLOWMO] = "m", [LESSON_KEY_ASK] = "M",
	[LESSON_KEY_PANE] = "p", [LESSON_KEY_TEXT] = "e", [LESSON_KEY_LEFT] = "Left",
	[LESSON_KEY_RIGHT] = "Right", [LESSON_KEY_UP] = "Up", [LESSON_KEY_DOWN] = "Down",
};
#define NKEYS ((int)(sizeof key_names / sizeof key_names[0]))

const char *
lesson_key_name(enum lesson_key k)
{
	return (int)k >= 0 && (int)k < NKEYS ? key_names[k] : "?";
}

/* The key a name stands for, or -1. */
static int
key_of(const char *name)
{
	int k;

	for (k = LESSON_KEY_STEP; k <= LESSON_KEY_DOWN; k++)
		if (strcmp(name, lesson_key_name((enum lesson_key)k)) == 0)
			return k;
	return -1;
}

int
lesson_parse_keys(struct parser *ps, const char *rest)
{
	struct lesson_item *it = lesson_add_item(ps, LESSON_KEYS);
	char w[LESSON_WORD_MAX];
	int k;

	it->seconds = LESSON_PACE_S;
	lesson_next_word(&rest, w);
	if (lesson_seconds_word(w, &it->seconds))
		lesson_next_word(&rest, w);
	for (; w[0] != '\0'; lesson_next_word(&rest, w)) {
		if ((k = key_of(w)) < 0)
			return lesson_fail(ps, "keys: '%s' is not a key a lesson may press (n m M"
			    " p e Left Right Up Down; set changes parameters)", w);
		if (it->nkeys == LESSON_KEYS_MAX)
			return lesson_fail(ps, "more than %d keys on one line",
			    LESSON_KEYS_MAX);
		it->keys[it->nkeys++] = (enum lesson_key)k;
	}
	return it->nkeys > 0 ? 0 : lesson_fail(ps, "keys needs at least one key");
}
