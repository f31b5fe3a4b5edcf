/* lesson_parser.h: the parse in progress and the helpers every directive's
 * parser shares (lesson_parser.c). The lines go from lesson_parse.c to the
 * directives' parsers (lesson_set.c, lesson_pair.c, lesson_ask.c), and each
 * of those uses these: no parser calls back into lesson_parse.c. Private to
 * src/lesson/. */
#ifndef SPECDEC_LESSON_PARSER_H
#define SPECDEC_LESSON_PARSER_H

#include <stddef.h>

#include "cli/cli_table.h"
#include "lesson/lesson.h"

#define LESSON_SET_MAX 64	/* options a lesson may set at once */
#define LESSON_WORD_MAX 64	/* bytes of one word, its NUL included */

/* The parse in progress. */
struct parser {
	struct lesson *ls;
	const struct options *base;
	const char *name;
	int line;
	char *err;
	size_t errlen;
	const struct cli_option *set_row[LESSON_SET_MAX];	/* the lesson's options
								 * so far */
	char *set_value[LESSON_SET_MAX];
	int nset;
	int nchanges;		/* set items made so far */
	struct lesson_item *ask;	/* the ask whose lines follow, or NULL */
};

/* "NAME:LINE: message" into the error buffer; returns -1. */
int lesson_fail(struct parser *ps, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The first word of *s into word (LESSON_WORD_MAX bytes); *s moves past it and
 * the blanks after. */
void lesson_next_word(const char **s, char *word);

/* array, of n elements of size bytes in *nalloc allocated, with room for one
 * more: grown by half (at least to 8) when full, so that n additions copy
 * O(n) elements in all. */
void *lesson_grow(void *array, int n, int *nalloc, size_t size);

/* A new item of the lesson, zeroed, at the current line. */
struct lesson_item *lesson_add_item(struct parser *ps, enum lesson_op op);

/* A copy of text s into *out: not empty, under LESSON_TEXT_MAX bytes. */
int lesson_take_text(struct parser *ps, const char *what, const char *s, char **out);

/* word as a number of the program's grammar (number.h): 1, or 0 when it is not
 * one. */
int lesson_real_word(const char *word, double *out);

/* word as seconds written "Ns" (0..LESSON_WAIT_S_MAX): 1, or 0 when it is not. */
int lesson_seconds_word(const char *word, double *out);

/* The figure key names into it (figure, and fixed for a parameter of the
 * options in force): a scalar key of the JSON report of the run at this line. */
int lesson_find_figure(struct parser *ps, const char *key, struct lesson_item *it);

#endif
