/* lesson_parse.c: a lesson script's lines into items, every reference resolved
 * (options through the option table, figures through the figures table): each
 * line goes to its directive's parser (lesson_set.c, lesson_pair.c,
 * lesson_ask.c), which share the parse's state (lesson_parser.c). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson/lesson.h"
#include "lesson/lesson_ask.h"
#include "lesson/lesson_pair.h"
#include "lesson/lesson_parser.h"
#include "lesson/lesson_set.h"
#include "lesson/lesson_show.h"
#include "util/xalloc.h"

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
		} else if (lesson_real_word(word, &x) && *s != '\0') {
			return lesson_fail(ps, "caption %s: a hold is written with its unit,"
			    " 'caption %ss %s'", word, word, s);
		}
		return lesson_take_text(ps, "caption", rest, &it->text);
	}
	if (strcmp(op, "wait") == 0)
		return lesson_parse_wait(ps, rest);
	if (strcmp(op, "keys") == 0)
		return lesson_parse_keys(ps, rest);
	if (strcmp(op, "check") == 0)
		return lesson_parse_check(ps, rest);
	if (strcmp(op, "show") == 0)
		return lesson_parse_show(ps, rest);
	return lesson_fail(ps, "unknown directive '%s' (title, set, unset, pair, chapter, caption,"
	    " show, keys, wait, pause, ask, check)", op);
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
