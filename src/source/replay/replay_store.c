/* replay_store.c: a replay file's distributions, parsed once into memory. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memlimit.h"
#include "source/replay/replay_store.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define DENSE_BYTES 8		/* a token of a dense distribution */
#define SPARSE_BYTES 12		/* an entry of a sparse one: id and weight */

/* *p grown to hold need elements of size bytes (doubling), its capacity in *cap. */
static void *
grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap;

	if (need <= n)
		return p;
	while (n < need)
		n = n == 0 ? 1024 : 2 * n;
	*cap = n;
	return xreallocarray(p, n, size);
}

/* w / sum, +0 for a zero weight (as 0 + w / sum: the dense vector's value). */
static double
normal(double w, double sum)
{
	double v = w / sum;

	return v == 0.0 ? 0.0 : v;
}

static int
over_limit(const struct replay_store *st, uint64_t max, struct replay_error *err)
{
	char lim[MEMLIMIT_WORDS];

	memlimit_format(max, lim, sizeof lim);
	err->column = 0;
	snprintf(err->msg, sizeof err->msg, "the file and its first %zu distributions "
	    "need more memory than the input limit of %s (set " MEMLIMIT_ENV " to raise "
	    "it)", st->dists + 1, lim);
	return -1;
}

/* The bytes l takes in its form; *dense set when that is dense. */
static uint64_t
line_bytes(const struct replay_line *l, size_t vocab, int *dense)
{
	uint64_t d = (uint64_t)vocab * DENSE_BYTES, s = (uint64_t)l->n * SPARSE_BYTES;

	*dense = !l->sparse || (vocab != 0 && d <= s);
	return *dense ? (l->sparse ? d : (uint64_t)l->n * DENSE_BYTES) : s;
}

static void
put_dense(struct replay_store *st, const struct replay_line *l, size_t vocab)
{
	double *w = st->w + st->at[st->dists].w;
	size_t i;

	if (l->sparse) {
		memset(w, 0, vocab * sizeof *w);
		for (i = 0; i < l->n; i++)
			w[l->e[i].id] = normal(l->e[i].w, l->sum);
		return;
	}
	for (i = 0; i < l->n; i++)
		w[i] = normal(l->e[i].w, l->sum);
}

static int
by_id(const void *a, const void *b)
{
	uint32_t x = ((const struct replay_entry *)a)->id;
	uint32_t y = ((const struct replay_entry *)b)->id;

	return x < y ? -1 : x > y;
}

/* The entries in ascending id (the order a sparse handle walks, sparse.h). */
static void
put_sparse(struct replay_store *st, const struct replay_line *l)
{
	const struct replay_span *a = &st->at[st->dists];
	struct replay_entry *e;
	size_t i;

	if (l->n == 0)
		return;
	e = xreallocarray(NULL, l->n, sizeof *e);
	memcpy(e, l->e, l->n * sizeof *e);
	qsort(e, l->n, sizeof *e, by_id);
	for (i = 0; i < l->n; i++) {
		st->id[a->id + i] = e[i].id;
		st->w[a->w + i] = normal(e[i].w, l->sum);
	}
	free(e);
}

/* Keep the line the scanner has just checked, within max bytes with the text's
 * used. */
static int
keep(struct replay_store *st, const struct replay_line *l, size_t vocab,
    uint64_t used, uint64_t max, struct replay_error *err)
{
	int dense;
	uint64_t need = st->bytes + line_bytes(l, vocab, &dense) + sizeof *st->at;
	size_t nw = dense ? (l->sparse ? vocab : l->n) : l->n, ni = dense ? 0 : l->n;
	struct replay_span *a;

	if (need > max || used > max - need)
		return over_limit(st, max, err);
	st->at = grow(st->at, &st->at_cap, st->dists + 2, sizeof *st->at);
	a = &st->at[st->dists];
	st->w = grow(st->w, &st->w_cap, a->w + nw, sizeof *st->w);
	st->id = grow(st->id, &st->id_cap, a->id + ni, sizeof *st->id);
	if (dense)
		put_dense(st, l, vocab);
	else
		put_sparse(st, l);
	a[1].w = a->w + nw;
	a[1].id = a->id + ni;
	st->dists++;
	st->bytes = need;
	return 0;
}

/* Give back what doubling left over. */
static void
shrink(struct replay_store *st)
{
	struct replay_span end = st->at[st->dists];

	if (end.id > 0)
		st->id = xreallocarray(st->id, end.id, sizeof *st->id);
	st->w = xreallocarray(st->w, end.w, sizeof *st->w);
	st->at = xreallocarray(st->at, st->dists + 1, sizeof *st->at);
	st->at_cap = st->dists + 1;
	st->w_cap = end.w;
	st->id_cap = end.id;
}

/* Each line of text through the scanner, its distributions into st. */
static int
scan_text(struct replay_store *st, struct replay_scan *sc, const char *text,
    size_t len, uint64_t max, struct replay_error *err)
{
	size_t pos = 0, end, dists;
	const char *nl;

	while (pos < len) {
		nl = memchr(text + pos, '\n', len - pos);
		end = nl != NULL ? (size_t)(nl - text) : len;
		dists = sc->dists;
		if (replay_scan_line(sc, text + pos, end - pos, err) != 0)
			return -1;
		if (sc->dists != dists &&
		    keep(st, &sc->cur, sc->vocab, len, max, err) != 0) {
			err->line = sc->line;
			return -1;
		}
		pos = end + 1;
	}
	return replay_scan_finish(sc, err);
}

int
replay_store_parse(struct replay_store *st, const char *text, size_t len,
    uint64_t max, struct replay_error *err)
{
	struct replay_scan sc;
	size_t bom = utf8_bom(text, len);
	int rc;

	text += bom;	/* a byte-order mark is skipped */
	len -= bom;
	memset(st, 0, sizeof *st);
	st->at = grow(NULL, &st->at_cap, 1, sizeof *st->at);
	st->at[0].w = st->at[0].id = 0;
	replay_scan_init(&sc);
	rc = scan_text(st, &sc, text, len, max, err);
	st->vocab = sc.vocab;
	replay_scan_free(&sc);
	if (rc != 0) {
		replay_store_free(st);
		return -1;
	}
	shrink(st);
	return 0;
}

void
replay_store_free(struct replay_store *st)
{
	free(st->at);
	free(st->w);
	free(st->id);
	memset(st, 0, sizeof *st);
}

void
replay_store_get(const struct replay_store *st, size_t i, struct replay_dist *d)
{
	const struct replay_span *a = &st->at[i];

	if (a[1].id == a->id) {
		d->dense = st->w + a->w;
		d->id = NULL;
		d->w = NULL;
		d->n = st->vocab;
		return;
	}
	d->dense = NULL;
	d->id = st->id + a->id;
	d->w = st->w + a->w;
	d->n = a[1].id - a->id;
}

void
replay_dist_dense(const struct replay_dist *d, double *out, size_t vocab)
{
	size_t i;

	if (d->dense != NULL) {
		memcpy(out, d->dense, vocab * sizeof *out);
		return;
	}
	memset(out, 0, vocab * sizeof *out);
	for (i = 0; i < d->n; i++)
		out[d->id[i]] = d->w[i];
}
