/* lesson_pair.c: a lesson's pair line, one fixed pair of distributions written
 * out as a replay file (and its labels as a labels file), then set as
 * --replay (and --labels) like any option: "pair P... / Q... [/ LABEL...]". */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson/lesson_pair.h"
#include "lesson/lesson_parser.h"
#include "lesson/lesson_set.h"
#include "util/xalloc.h"

#define PAIR_MAX 64		/* tokens of a lesson's pair */

/* One part of the line, up to "/" or its end: its words. */
struct part {
	char word[PAIR_MAX][LESSON_WORD_MAX];
	int n;
};

/* The next part of *s into p; 0, or -1 when it has too many words. */
static int
next_part(const char **s, struct part *p)
{
	char w[LESSON_WORD_MAX];

	p->n = 0;
	for (;;) {
		lesson_next_word(s, w);
		if (w[0] == '\0' || strcmp(w, "/") == 0)
			return 0;
		if (p->n == PAIR_MAX)
			return -1;
		snprintf(p->word[p->n++], LESSON_WORD_MAX, "%s", w);
	}
}

/* A new temporary file holding text; its name, kept by the lesson to be
 * removed with it, or NULL with errno set. */
static char *
temp_file(struct lesson *ls, const char *text)
{
	const char *dir = getenv("TMPDIR");
	char *path = xasprintf("%s/specdec-lesson-XXXXXX", dir != NULL && *dir != '\0' ?
	    dir : "/tmp");
	size_t len = strlen(text);
	int fd = mkstemp(path), e;

	if (fd < 0 || write(fd, text, len) != (ssize_t)len || close(fd) != 0) {
		e = errno;
		if (fd >= 0)
			unlink(path);
		free(path);
		errno = e;
		return NULL;
	}
	ls->temp = lesson_grow(ls->temp, ls->ntemp, &ls->ntemp_alloc, sizeof *ls->temp);
	ls->temp[ls->ntemp++] = path;
	return path;
}

/* The words of p on one line, each checked as a weight when whose names the
 * distribution they are ("the target's"), and their sum as the replay file's
 * reader checks it: here, so that the message names the lesson's line, not
 * the file made for it. */
static char *
join(struct parser *ps, const struct part *p, const char *sep, const char *whose)
{
	char *text = xstrdup(""), *more;
	double x, sum = 0.0;
	int i;

	for (i = 0; i < p->n; i++) {
		if (whose != NULL && (!lesson_real_word(p->word[i], &x) || x < 0.0)) {
			free(text);
			lesson_fail(ps, "pair: '%s' is not a weight (a number >= 0)", p->word[i]);
			return NULL;
		}
		sum += whose != NULL ? x : 0.0;
		more = xasprintf("%s%s%s", text, p->word[i], sep);
		free(text);
		text = more;
	}
	if (whose != NULL && !(isfinite(sum) && sum > 0.0)) {
		free(text);
		lesson_fail(ps, "pair: %s weights %s", whose, sum > 0.0 ? "sum to infinity" :
		    "are all zero");
		return NULL;
	}
	return text;
}

/* Set option name to a temporary file of text. */
static int
set_temp(struct parser *ps, const char *name, const char *text)
{
	char *path = temp_file(ps->ls, text), *rest;
	int rc;

	if (path == NULL)
		return lesson_fail(ps, "pair: cannot write a temporary file: %s",
		    strerror(errno));
	rest = xasprintf("%s %s", name, path);
	rc = lesson_parse_set(ps, rest, 0);
	free(rest);
	return rc;
}

/* An option set so far that only the stub takes: the pair's replay would
 * refuse it, so the line says which to unset; NULL when none is set. */
static const char *
stub_only_set(const struct parser *ps)
{
	static const char *const stub_only[] = { "target-alpha", "preset", NULL };
	int i, k;

	for (i = 0; i < ps->nset; i++)
		for (k = 0; stub_only[k] != NULL; k++)
			if (strcmp(ps->set_row[i]->name, stub_only[k]) == 0)
				return stub_only[k];
	return NULL;
}

int
lesson_parse_pair(struct parser *ps, const char *rest)
{
	struct part *p = xcalloc(3, sizeof *p);
	char *target = NULL, *draft = NULL, *labels = NULL, *file;
	const char *stub = stub_only_set(ps);
	int rc = -1;

	if (stub != NULL)
		lesson_fail(ps, "pair: --%s applies to the stub alone; 'unset %s' before the"
		    " pair", stub, stub);
	else if (next_part(&rest, &p[0]) != 0 || next_part(&rest, &p[1]) != 0 ||
	    next_part(&rest, &p[2]) != 0 || *rest != '\0')
		lesson_fail(ps, "pair: at most %d tokens, in three parts at most", PAIR_MAX);
	else if (p[0].n < 2 || p[1].n != p[0].n || (p[2].n != 0 && p[2].n != p[0].n))
		lesson_fail(ps, "pair P... / Q... [/ LABEL...]: as many weights in each part,"
		    " at least 2 (and as many labels)");
	else if ((target = join(ps, &p[0], " ", "the target's")) != NULL &&
	    (draft = join(ps, &p[1], " ", "the draft's")) != NULL &&
	    (labels = join(ps, &p[2], "\n", NULL)) != NULL) {
		file = xasprintf("# a lesson's pair\n%s\n%s\n", target, draft);
		rc = set_temp(ps, "replay", file);
		free(file);
		if (rc == 0 && p[2].n > 0)
			rc = set_temp(ps, "labels", labels);
	}
	free(target);
	free(draft);
	free(labels);
	free(p);
	return rc;
}
