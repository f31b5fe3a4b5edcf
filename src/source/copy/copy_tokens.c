/* copy_tokens.c: a prompt's text into token ids (source_copy.h). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/copy/source_copy.h"
#include "source/source.h"
#include "util/xalloc.h"

struct word {
	const char *w;
	int id;
};

static int
word_cmp(const void *a, const void *b)
{
	return strcmp(((const struct word *)a)->w, ((const struct word *)b)->w);
}

/* The source's words, sorted; NULL for a source of ids. */
static struct word *
word_index(const struct source *src)
{
	struct word *ws;
	size_t i;

	if (!source_has_words(src) || src->ops->label == NULL)
		return NULL;
	ws = xreallocarray(NULL, src->vocab, sizeof *ws);
	for (i = 0; i < src->vocab; i++) {
		const char *l = src->ops->label(src->self, (int)i);

		ws[i] = (struct word){ l != NULL ? l : "", (int)i };
	}
	qsort(ws, src->vocab, sizeof *ws, word_cmp);
	return ws;
}

/* The id of the token t (a word of ws, else a decimal id), or -1. */
static int
token_id(const struct source *src, const struct word *ws, const char *t)
{
	char *end;
	unsigned long v;

	if (ws != NULL) {
		struct word key = { t, 0 }, *hit = bsearch(&key, ws, src->vocab,
		    sizeof *ws, word_cmp);

		if (hit != NULL)
			return hit->id;
	}
	if (*t < '0' || *t > '9')
		return -1;
	errno = 0;
	v = strtoul(t, &end, 10);
	return *end == '\0' && errno == 0 && v < src->vocab ? (int)v : -1;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

int
source_copy_tokens(const struct source *src, const char *text, size_t len,
    const char *name, int **out, size_t *n, size_t *unknown, char *err, size_t errlen)
{
	const char *nul = memchr(text, '\0', len);
	struct word *ws;
	char *buf;
	size_t i = 0, cap = 0;

	if (nul != NULL) {
		snprintf(err, errlen, "%s: binary input (a NUL byte at offset %zu); "
		    "give text: words or token ids separated by spaces", name,
		    (size_t)(nul - text));
		return -1;
	}
	ws = word_index(src);
	buf = xreallocarray(NULL, len + 1, 1);
	*out = NULL;
	*n = *unknown = 0;
	while (i < len) {
		size_t j = 0;
		int id;

		while (i < len && is_space(text[i]))
			i++;
		while (i < len && !is_space(text[i]))
			buf[j++] = text[i++];
		if (j == 0)
			break;
		buf[j] = '\0';
		if ((id = token_id(src, ws, buf)) < 0) {
			(*unknown)++;
			continue;
		}
		if (*n == cap) {
			cap = cap * 2 + 64;
			*out = xreallocarray(*out, cap, sizeof **out);
		}
		(*out)[(*n)++] = id;
	}
	free(buf);
	free(ws);
	return 0;
}
