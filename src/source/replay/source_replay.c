/* source_replay.c: distribution pairs from a file read and checked once. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memlimit.h"
#include "dist/pdist.h"
#include "dist/sparse.h"
#include "util/readfile.h"
#include "util/utf8.h"
#include "source/replay/replay_store.h"
#include "source/source.h"
#include "source/replay/source_replay.h"
#include "source/tokenize.h"
#include "util/xalloc.h"

/* Read-only after open; shared by a source and its clones. */
struct shared {
	int refs;
	char *path;
	size_t vocab;
	size_t pairs;
	struct replay_store store;
	char **label;		/* vocab entries, or NULL without labels */
	char *arena;
	char *describe;
	char *title;		/* "replay FILE", the header's name */
};

/* A dense vector a sparse distribution is served in: only the entries of the
 * one it held last are cleared. */
struct served {
	double *v;		/* vocab entries */
	const uint32_t *id;	/* the ids it holds, n of them */
	size_t n;
};

struct replay {
	struct shared *sh;
	size_t next;		/* the next step's target line */
	size_t line;		/* this step's */
	const double *p, *q;	/* this step's, dense, unless sparse */
	struct served sp, sq;
	int sparse;		/* this step's pair as its sparse lists */
	struct sparse_dist lp, lq;
};

static void
shared_release(struct shared *sh)
{
	if (sh == NULL || --sh->refs > 0)
		return;
	replay_store_free(&sh->store);
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

/* Read and check the whole file into sh->store, within the input memory limit. */
static int
load_file(struct shared *sh, char *err, size_t errlen)
{
	struct replay_error e;
	uint64_t max;
	size_t len;
	char *text;
	int rc;

	if (memlimit_get(&max, err, errlen) != 0 ||
	    (text = readfile_max(sh->path, max, &len, err, errlen)) == NULL)
		return -1;
	rc = replay_store_parse(&sh->store, text, len, max, &e);
	free(text);
	if (rc != 0) {
		report(err, errlen, sh->path, &e);
		return -1;
	}
	sh->vocab = sh->store.vocab;
	sh->pairs = sh->store.dists / 2;
	return 0;
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

/* Point label[i] at line i of the arena from byte from, cut and cleaned. */
static void
split_labels(struct shared *sh, size_t from, size_t len)
{
	char *s = sh->arena + from, *end = sh->arena + len;
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
	size_t len, n, bom;

	if ((sh->arena = readfile_all(path, &len, err, errlen)) == NULL)
		return -1;
	bom = utf8_bom(sh->arena, len);	/* a byte-order mark is skipped */
	n = count_lines(sh->arena + bom, len - bom);
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
	split_labels(sh, bom, len);
	return 0;
}

/* A reader of the file's pairs, from the first. */
static struct replay *
replay_new(struct shared *sh)
{
	struct replay *r = xcalloc(1, sizeof *r);

	r->sh = sh;
	sh->refs++;
	r->sp.v = xcalloc(sh->vocab, sizeof *r->sp.v);
	r->sq.v = xcalloc(sh->vocab, sizeof *r->sq.v);
	return r;
}

/* Distribution i as a dense vector: the stored one, or s holding it. */
static const double *
serve(const struct shared *sh, size_t i, struct served *s)
{
	struct replay_dist d;
	size_t k;

	replay_store_get(&sh->store, i, &d);
	if (d.dense != NULL)
		return d.dense;
	for (k = 0; k < s->n; k++)
		s->v[s->id[k]] = 0.0;
	for (k = 0; k < d.n; k++)
		s->v[d.id[k]] = d.w[k];
	s->id = d.id;
	s->n = d.n;
	return s->v;
}

/* Distribution i as its sparse list into l: 1, or 0 when it is stored dense. */
static int
list_of(const struct shared *sh, size_t i, struct sparse_dist *l)
{
	struct replay_dist d;

	replay_store_get(&sh->store, i, &d);
	l->vocab = sh->vocab;
	l->id = d.id;
	l->w = d.w;
	l->n = d.n;
	return d.dense == NULL;
}

/* A pair of sparse lines is handed out as lists (a step then costs their
 * entries), any other as dense vectors: the two of a pair share one form. */
static void
replay_begin(void *self, struct rng *rng, int need_draft)
{
	struct replay *r = self;
	size_t i = r->next;

	(void)rng;
	r->line = i;
	r->sparse = list_of(r->sh, i, &r->lp) &&
	    (!need_draft || list_of(r->sh, i + 1, &r->lq));
	if (!r->sparse) {
		r->p = serve(r->sh, i, &r->sp);
		if (need_draft)
			r->q = serve(r->sh, i + 1, &r->sq);
	}
	r->next = i + 2 < r->sh->store.dists ? i + 2 : 0;
}

static void
replay_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	struct replay *r = self;

	(void)node;
	if (r->sparse) {	/* named by their line, p's the one before q's */
		if (p != NULL)
			*p = pdist_sparse_named(&r->lp, r->line + 1);
		if (q != NULL)
			*q = pdist_sparse_named(&r->lq, r->line + 2);
		return;
	}
	if (p != NULL)
		*p = pdist_dense_named(r->p, r->sh->vocab, r->line + 1);
	if (q != NULL)
		*q = pdist_dense_named(r->q, r->sh->vocab, r->line + 2);
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

	free(r->sp.v);
	free(r->sq.v);
	shared_release(r->sh);
	free(r);
}

static const char *
replay_describe(const void *self)
{
	return ((const struct replay *)self)->sh->describe;
}

/* A file of one pair: every step replays it. */
static int
replay_fixed_pair(const void *self, double *p, double *q)
{
	const struct shared *sh = ((const struct replay *)self)->sh;
	struct replay_dist d;

	if (sh->pairs != 1)
		return 0;
	replay_store_get(&sh->store, 0, &d);
	replay_dist_dense(&d, p, sh->vocab);
	replay_store_get(&sh->store, 1, &d);
	replay_dist_dense(&d, q, sh->vocab);
	return 1;
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
	.fixed_pair = replay_fixed_pair,
	.pair_fixed_in_step = 1,
};

/* The file (and labels) into sh. */
static int
check_inputs(struct shared *sh, const char *labels, char *err, size_t errlen)
{
	if (load_file(sh, err, errlen) != 0)
		return -1;
	return labels != NULL ? load_labels(sh, labels, err, errlen) : 0;
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
	return 0;
}
