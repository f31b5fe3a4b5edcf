/* lesson_parser.c: what every directive's parser does with the parse in
 * progress: errors at its line, words, numbers, texts, new items, figures. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson_parser.h"
#include "lesson/lesson_keys.h"
#include "sim/figures.h"
#include "util/number.h"
#include "util/xalloc.h"

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

/* The options in force at the line being parsed: the last set line's, else
 * the command line's. */
static const struct options *
options_in_force(const struct parser *ps)
{
	int i;

	for (i = ps->ls->n - 1; i >= 0; i--)
		if (ps->ls->item[i].op == LESSON_SET)
			return ps->ls->item[i].opt;
	return &ps->ls->start;
}

/* The figure a key names: a key only some runs write, under the options in
 * force (lesson_keys.h), else a scalar row of the figures table, or a row its
 * writers write as one number. */
int
lesson_find_figure(struct parser *ps, const char *key, struct lesson_item *it)
{
	const char *needs;
	int i, rc;

	if ((rc = lesson_keys_find(key, options_in_force(ps), it, &needs)) < 0)
		return lesson_fail(ps, "figure '%s' is in the report only of %s", key, needs);
	if (rc > 0)
		return 0;
	for (i = 0; i < nfigures; i++)
		if (figures[i].key != NULL && strcmp(figures[i].key, key) == 0) {
			if ((figures[i].kind == FIGURE_ARRAY || figures[i].kind ==
			    FIGURE_NESTED) && figures[i].value == NULL)
				return lesson_fail(ps, "figure '%s' is not one number", key);
			it->figure = &figures[i];
			return 0;
		}
	return lesson_fail(ps, "no figure '%s' in the figures table (the JSON keys of"
	    " --batch --json)", key);
}
