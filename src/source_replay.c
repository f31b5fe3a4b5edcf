/* source_replay.c: distribution pairs streamed from a checked file. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "pdist.h"
#include "readfile.h"
#include "replay_parse.h"
#include "source.h"
#include "source_replay.h"
#include "tokenize.h"
#include "xalloc.h"

/* Read-only after open; shared by a source and its clones. */
struct shared {
	int refs;
	char *path;
	size_t vocab;
	size_t pairs;
	char **label;		/* vocab entries, or NULL without labels */
	char *arena;
	char *describe;
	char *title;		/* "replay FILE", the header's name */
};

struct replay {
	struct shared *sh;
	FILE *f;
	char *buf;		/* getline's */
	size_t cap;
	struct replay_line line;
	double *p, *q;
};

static void
shared_release(struct shared *sh)
{
	if (sh == NULL || --sh->refs > 0)
		return;
	free(sh->path);
	free(sh->describe);
	free(sh->title);
	free(sh->label);
	free(sh->arena);
	free(sh);
}

static void
report(char *err, size_t errlen, const char *path, const struct replay_error *e)
{
	if (e->line == 0)
		snprintf(err, errlen, "%s: %s", path, e->msg);
	else if (e->column == 0)
		snprintf(err, errlen, "%s:%zu: %s", path, e->line, e->msg);
	else
		snprintf(err, errlen, "%s:%zu:%zu: %s", path, e->line, e->column, e->msg);
}

static size_t
chomp(char *s, ssize_t n)
{
	size_t len = (size_t)n;

	if (len > 0 && s[len - 1] == '\n')
		len--;
	return len;
}

/* Check the whole file; on success sh->vocab and sh->pairs describe it. */
static int
scan_file(FILE *f, struct shared *sh, char *err, size_t errlen)
{
	struct replay_scan sc;
	struct replay_error e;
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc = 0;

	replay_scan_init(&sc);
	while (rc == 0 && (n = getline(&buf, &cap, f)) != -1)
		rc = replay_scan_line(&sc, buf, chomp(buf, n), &e);
	if (rc == 0 && ferror(f)) {
		snprintf(err, errlen, "%s: %s", sh->path, strerror(errno));
		rc = -2;
	}
	if (rc == 0)
		rc = replay_scan_finish(&sc, &e);
	if (rc == -1)
		report(err, errlen, sh->path, &e);
	sh->vocab = sc.vocab;
	sh->pairs = sc.dists / 2;
	replay_scan_free(&sc);
	free(buf);
	return rc == 0 ? 0 : -1;
}

#define LABEL_MAX_BYTES 48	/* longer labels are cut, between characters */

/* A label for the screen: control characters and bytes that are not UTF-8
 * become '?', and a label longer than LABEL_MAX_BYTES ends at the last whole
 * character that fits. */
static void
clean_label(char *s, size_t len)
{
	size_t i = 0, n;
	unsigned long cp;

	while (i < len) {
		n = tokenize_utf8(s, len, i, &cp);
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			memset(s + i, '?', n == 0 ? 1 : n);
			n = n == 0 ? 1 : n;
		}
		if (i + n > LABEL_MAX_BYTES) {
			s[i] = '\0';
			return;
		}
		i += n;
	}
}

static size_t
count_lines(const char *text, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += text[i] == '\n';
	return n + (len > 0 && text[len - 1] != '\n');
}

/* Point label[i] at line i of the arena, cut and cleaned. */
static void
split_labels(struct shared *sh, size_t len)
{
	char *s = sh->arena, *end = s + len;
	size_t i;

	for (i = 0; i < sh->vocab; i++) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl != NULL ? (size_t)(nl - s) : (size_t)(end - s);

		if (n > 0 && s[n - 1] == '\r')
			n--;
		s[n] = '\0';
		clean_label(s, n);
		sh->label[i] = s;
		s = nl != NULL ? nl + 1 : end;
	}
}

static int
load_labels(struct shared *sh, const char *path, char *err, size_t errlen)
{
	size_t len, n;

	if ((sh->arena = readfile_all(path, &len, err, errlen)) == NULL)
		return -1;
	n = count_lines(sh->arena, len);
	if (n > sh->vocab) {
		snprintf(err, errlen, "%s:%zu: one label too many: %s has a vocabulary of "
		    "%zu tokens, one label per line", path, sh->vocab + 1, sh->path,
		    sh->vocab);
		return -1;
	}
	if (n < sh->vocab) {
		snprintf(err, errlen, "%s: %zu labels, but %s has a vocabulary of %zu "
		    "tokens (one label per line)", path, n, sh->path, sh->vocab);
		return -1;
	}
	sh->label = xcalloc(sh->vocab, sizeof *sh->label);
	split_labels(sh, len);
	return 0;
}

/* A reader of the checked file; NULL (errno set) when it cannot be opened again. */
static struct replay *
replay_new(struct shared *sh)
{
	struct replay *r;
	FILE *f = fopen(sh->path, "r");

	if (f == NULL)
		return NULL;
	r = xcalloc(1, sizeof *r);
	r->f = f;
	r->sh = sh;
	sh->refs++;
	replay_line_init(&r->line);
	r->p = xcalloc(sh->vocab, sizeof *r->p);
	r->q = xcalloc(sh->vocab, sizeof *r->q);
	return r;
}

/* The next distribution line, starting over at the end of the file; its length,
 * or -1 when a whole pass finds none (the file changed under us). */
static ssize_t
next_dist(struct replay *r)
{
	int rewound = 0;
	ssize_t n;

	for (;;) {
		if ((n = getline(&r->buf, &r->cap, r->f)) == -1) {
			if (rewound++ || fseek(r->f, 0, SEEK_SET) != 0)
				return -1;
			continue;
		}
		n = (ssize_t)chomp(r->buf, n);
		if (replay_is_dist(r->buf, (size_t)n))
			return n;
	}
}

/* Parse the next distribution into out; keeps out as it was when the file no
 * longer reads as it did when it was checked. */
static void
read_dist(struct replay *r, double *out, int want)
{
	struct replay_error e;
	size_t vocab;
	ssize_t n = next_dist(r);

	if (n < 0 || !want)
		return;
	if (replay_parse_line(r->buf, (size_t)n, &r->line, &vocab, &e) != REPLAY_DIST)
		return;
	if (r->line.sparse ? r->line.e[r->line.max_at].id < r->sh->vocab :
	    r->line.n == r->sh->vocab)
		replay_line_dense(&r->line, out, r->sh->vocab);
}

static void
replay_begin(void *self, struct rng *rng, int need_draft)
{
	struct replay *r = self;

	(void)rng;
	read_dist(r, r->p, 1);
	read_dist(r, r->q, need_draft);
}

static void
replay_dists(void *self, const int *drafted, int k, struct pdist *p, struct pdist *q)
{
	struct replay *r = self;

	(void)drafted;
	(void)k;
	if (p != NULL)
		*p = pdist_dense(r->p, r->sh->vocab);
	if (q != NULL)
		*q = pdist_dense(r->q, r->sh->vocab);
}

static const char *
replay_label(const void *self, int id)
{
	const struct shared *sh = ((const struct replay *)self)->sh;

	if (sh->label == NULL || id < 0 || (size_t)id >= sh->vocab ||
	    sh->label[id][0] == '\0')
		return NULL;
	return sh->label[id];
}

static void *
replay_clone(const void *self)
{
	return replay_new(((const struct replay *)self)->sh);
}

static void
replay_destroy(void *self)
{
	struct replay *r = self;

	fclose(r->f);
	free(r->buf);
	free(r->p);
	free(r->q);
	replay_line_free(&r->line);
	shared_release(r->sh);
	free(r);
}

static const char *
replay_describe(const void *self)
{
	return ((const struct replay *)self)->sh->describe;
}

static const struct source_ops replay_ops = {
	.begin = replay_begin,
	.dists = replay_dists,
	.commit = NULL,
	.set_noise = NULL,
	.label = replay_label,
	.clone = replay_clone,
	.destroy = replay_destroy,
	.describe = replay_describe,
	.pair_fixed_in_step = 1,
};

/* Check the file (and labels) into sh. */
static int
check_inputs(struct shared *sh, const char *labels, char *err, size_t errlen)
{
	struct stat st;
	FILE *f;
	int rc;

	/* stat first: opening a FIFO would block, and a pipe cannot be read twice */
	if (stat(sh->path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file (a replay is read twice: "
		    "save it to a file first)", sh->path);
		return -1;
	}
	if ((f = fopen(sh->path, "r")) == NULL) {
		snprintf(err, errlen, "%s: %s", sh->path, strerror(errno));
		return -1;
	}
	rc = scan_file(f, sh, err, errlen);
	fclose(f);
	if (rc == 0 && labels != NULL)
		rc = load_labels(sh, labels, err, errlen);
	return rc;
}

int
source_replay_open(struct source *src, const char *path, const char *labels,
    char *err, size_t errlen)
{
	struct shared *sh = xcalloc(1, sizeof *sh);

	memset(src, 0, sizeof *src);
	sh->path = xstrdup(path);
	sh->refs = 1;
	if (check_inputs(sh, labels, err, errlen) != 0) {
		shared_release(sh);
		return -1;
	}
	sh->describe = xasprintf("replay %s: %zu step%s per cycle, vocab %zu%s%s",
	    path, sh->pairs, sh->pairs == 1 ? "" : "s", sh->vocab,
	    labels != NULL ? ", labels " : "", labels != NULL ? labels : "");
	src->ops = &replay_ops;
	src->vocab = sh->vocab;
	src->kind = "replay";
	sh->title = xasprintf("replay %s", source_base_name(path));
	src->title = sh->title;
	src->self = replay_new(sh);
	shared_release(sh);
	if (src->self == NULL) {
		snprintf(err, errlen, "%s: cannot open it again (%s)", path,
		    strerror(errno));
		return -1;
	}
	return 0;
}
