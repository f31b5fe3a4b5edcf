/* lesson_parse.c: a lesson script's lines into items, every reference resolved
 * (options through the option table, figures through the figures table). */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_table.h"
#include "lesson/lesson.h"
#include "lesson/lesson_parse.h"
#include "sim/figures.h"
#include "util/number.h"
#include "util/xalloc.h"

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

int
lesson_fail(struct parser *ps, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(ps->err, ps->errlen, "%s:%d: ", ps->name, ps->line);
	if (n < 0 || (size_t)n >= ps->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* The first word of *s into word (at most LESSON_WORD_MAX - 1 bytes); *s moves past it
 * and the blanks after. */
void
lesson_next_word(const char **s, char *word)
{
	size_t n = 0;

	while (**s != '\0' && !isspace((unsigned char)**s)) {
		if (n < LESSON_WORD_MAX - 1)
			word[n++] = **s;
		(*s)++;
	}
	word[n] = '\0';
	while (isspace((unsigned char)**s))
		(*s)++;
}

void *
lesson_grow(void *array, int n, int *nalloc, size_t size)
{
	if (n < *nalloc)
		return array;
	*nalloc = *nalloc < 8 ? 8 : *nalloc + *nalloc / 2;
	return xreallocarray(array, (size_t)*nalloc, size);
}

struct lesson_item *
lesson_add_item(struct parser *ps, enum lesson_op op)
{
	struct lesson *ls = ps->ls;
	struct lesson_item *it;

	ls->item = lesson_grow(ls->item, ls->n, &ls->nalloc, sizeof *ls->item);
	it = &ls->item[ls->n++];
	memset(it, 0, sizeof *it);
	it->op = op;
	it->line = ps->line;
	return it;
}

/* Text of a caption, question or explanation: not empty, not too long. */
int
lesson_take_text(struct parser *ps, const char *what, const char *s, char **out)
{
	if (*s == '\0')
		return lesson_fail(ps, "%s needs its text", what);
	if (strlen(s) >= LESSON_TEXT_MAX)
		return lesson_fail(ps, "%s longer than %d bytes", what, LESSON_TEXT_MAX - 1);
	*out = xstrdup(s);
	return 0;
}

int
lesson_real_word(const char *word, double *out)
{
	const char *why;

	if (number_check(word, strlen(word), 0, &why) != 0)
		return 0;
	*out = strtod(word, NULL);
	return 1;
}

int
lesson_seconds_word(const char *word, double *out)
{
	size_t n = strlen(word);
	char num[LESSON_WORD_MAX];

	if (n < 2 || word[n - 1] != 's')
		return 0;
	memcpy(num, word, n - 1);
	num[n - 1] = '\0';
	return lesson_real_word(num, out) && *out >= 0.0 &&
	    *out <= LESSON_WAIT_S_MAX;
}

/* The figure a key names: a scalar row of the figures table. */
int
lesson_find_figure(struct parser *ps, const char *key, const struct figure **out)
{
	int i;

	for (i = 0; i < nfigures; i++)
		if (figures[i].key != NULL && strcmp(figures[i].key, key) == 0) {
			if (figures[i].kind == FIGURE_ARRAY || figures[i].kind == FIGURE_NESTED)
				return lesson_fail(ps, "figure '%s' is not one number", key);
			*out = &figures[i];
			return 0;
		}
	return lesson_fail(ps, "no figure '%s' in the figures table (the JSON keys of"
	    " --batch --json)", key);
}


/* title, chapter, caption, pause, wait, keys, check. */
static int
parse_simple(struct parser *ps, const char *op, const char *rest)
{
	struct lesson_item *it;
	char word[LESSON_WORD_MAX];
	double x;

	if (strcmp(op, "title") == 0) {
		if (ps->ls->title != NULL)
			return lesson_fail(ps, "a second title");
		return lesson_take_text(ps, "title", rest, &ps->ls->title);
	}
	if (strcmp(op, "chapter") == 0)
		return lesson_take_text(ps, "chapter", rest, &lesson_add_item(ps, LESSON_CHAPTER)->text);
	if (strcmp(op, "pause") == 0) {
		if (*rest != '\0')
			return lesson_fail(ps, "pause takes nothing after it");
		lesson_add_item(ps, LESSON_PAUSE);
		return 0;
	}
	if (strcmp(op, "caption") == 0) {
		const char *s = rest;

		it = lesson_add_item(ps, LESSON_CAPTION);
		lesson_next_word(&s, word);
		if (lesson_seconds_word(word, &x)) {
			it->seconds = x;
			rest = s;
		}
		return lesson_take_text(ps, "caption", rest, &it->text);
	}
	if (strcmp(op, "wait") == 0)
		return lesson_parse_wait(ps, rest);
	if (strcmp(op, "keys") == 0)
		return lesson_parse_keys(ps, rest);
	if (strcmp(op, "check") == 0)
		return lesson_parse_check(ps, rest);
	return lesson_fail(ps, "unknown directive '%s' (title, set, unset, pair, chapter, caption,"
	    " keys, wait, pause, ask, check)", op);
}

/* One line, without its newline. */
static int
parse_line(struct parser *ps, const char *line)
{
	char op[LESSON_WORD_MAX];
	const char *s = line;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '\0' || *s == '#')
		return 0;
	lesson_next_word(&s, op);
	if (lesson_is_ask_part(op))
		return lesson_parse_ask_part(ps, op, s);
	if (ps->ask != NULL && lesson_finish_ask(ps) != 0)
		return -1;
	if (strcmp(op, "ask") == 0)
		return lesson_parse_ask(ps, s);
	if (strcmp(op, "set") == 0 || strcmp(op, "unset") == 0)
		return lesson_parse_set(ps, s, op[0] == 'u');
	if (strcmp(op, "pair") == 0)
		return lesson_parse_pair(ps, s);
	return parse_simple(ps, op, s);
}

/* The line's end, the trailing blanks and a carriage return cut. */
static void
cut_line(char *line)
{
	size_t n = strlen(line);

	while (n > 0 && isspace((unsigned char)line[n - 1]))
		line[--n] = '\0';
}

static int
parse_text(struct parser *ps, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl;
	char *line;
	int rc = 0;

	while (rc == 0 && p < end) {
		ps->line++;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (memchr(p, '\0', (size_t)(nl - p)) != NULL)
			return lesson_fail(ps, "a NUL byte: not a text file");
		line = xmalloc((size_t)(nl - p) + 1);
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		cut_line(line);
		rc = parse_line(ps, line);
		free(line);
		p = nl + 1;
	}
	if (rc == 0 && ps->ask != NULL)
		rc = lesson_finish_ask(ps);
	return rc;
}

int
lesson_parse(struct lesson *ls, const char *name, const char *text, size_t len,
    const struct options *base, char *err, size_t errlen)
{
	struct parser ps = { .ls = ls, .base = base, .name = name, .err = err,
	    .errlen = errlen };
	int rc, i;

	memset(ls, 0, sizeof *ls);
	ls->name = xstrdup(name);
	ls->start = *base;
	rc = parse_text(&ps, text, len);
	for (i = 0; i < ps.nset; i++)
		free(ps.set_value[i]);
	if (rc == 0 && ls->title == NULL) {
		ps.line = 1;
		rc = lesson_fail(&ps, "no title line");
	}
	if (rc == 0 && ls->n == 0)
		rc = lesson_fail(&ps, "nothing to do");
	if (rc != 0)
		lesson_free(ls);
	return rc;
}

void
lesson_free(struct lesson *ls)
{
	int i, k;

	for (i = 0; i < ls->n; i++) {
		struct lesson_item *it = &ls->item[i];

		free(it->text);
		free(it->explain);
		for (k = 0; k < it->nchoices; k++)
			free(it->choice[k].text);
		if (it->argv != NULL)
			for (k = 0; it->argv[k] != NULL; k++)
				free(it->argv[k]);
		free(it->argv);
		free(it->opt);
	}
	for (i = 0; i < ls->ntemp; i++) {
		unlink(ls->temp[i]);
		free(ls->temp[i]);
	}
	free(ls->temp);
	free(ls->item);
	free(ls->title);
	free(ls->name);
	memset(ls, 0, sizeof *ls);
}
