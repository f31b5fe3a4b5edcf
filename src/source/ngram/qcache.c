/* qcache.c: dense draft rows by context and noise row, least recently used out. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "source/ngram/ngram.h"
#include "source/ngram/qcache.h"
#include "util/rng.h"
#include "util/xalloc.h"

#define QCACHE_BUCKETS 128	/* a power of two */
#define CTX_MAX (NGRAM_ORDER_MAX - 1)

/* A dense draft row, named by the draft's own context and the key of its noise
 * row. */
struct qrow {
	uint32_t ctx[CTX_MAX];
	size_t n;
	uint64_t fkey;		/* the noise row's key, 0 without noise */
	uint64_t hash;
	uint64_t used;		/* the step that last handed it out */
	int next;		/* the next row in its bucket, -1 ends the chain */
	uint64_t name;		/* its values' name (pdist.h), new each time it is built */
	double *q;
	struct rng_blocks blocks;	/* q's block sums, once drawn from */
};

struct qcache {
	size_t vocab;
	struct qrow row[QCACHE_ROWS];
	int head[QCACHE_BUCKETS];	/* first row of each bucket, -1 = none */
	int nrows;
	uint64_t step;
	uint64_t lookups, hits;
	uint64_t built;		/* rows built so far */
	int cap;		/* rows kept: qcache_capacity(vocab) */
	unsigned which;		/* 1 or 2: the cache's part of each name */
};

int
qcache_capacity(size_t vocab)
{
	size_t rows = QCACHE_BYTES / (vocab * sizeof(double) + 1);

	return rows < QCACHE_ROWS ? (int)rows : QCACHE_ROWS;
}

struct qcache *
qcache_new(size_t vocab, unsigned which)
{
	struct qcache *qc = xcalloc(1, sizeof *qc);
	int i;

	qc->vocab = vocab;
	qc->which = which & 3;
	qc->cap = qcache_capacity(vocab);
	for (i = 0; i < QCACHE_BUCKETS; i++)
		qc->head[i] = -1;
	qc->step = 1;
	return qc;
}

void
qcache_free(struct qcache *qc)
{
	int i;

	for (i = 0; qc != NULL && i < qc->nrows; i++) {
		free(qc->row[i].q);
		free(qc->row[i].blocks.run);
	}
	free(qc);
}

void
qcache_step(struct qcache *qc)
{
	qc->step++;
}

static uint64_t
qcache_hash(const uint32_t *ctx, size_t n)
{
	uint64_t h = n;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ ctx[i]) * 0x9e3779b97f4a7c15ULL;
	return h ^ h >> 29;
}

/* A row for a new context: a fresh one while there is room, else the least
 * recently used, taken out of its bucket. */
static struct qrow *
qcache_victim(struct qcache *qc)
{
	struct qrow *r;
	int i, v = 0, *link;

	if (qc->nrows < qc->cap) {
		r = &qc->row[qc->nrows++];
		r->q = xreallocarray(NULL, qc->vocab, sizeof *r->q);
		r->blocks.run = xreallocarray(NULL, RNG_BLOCKS(qc->vocab),
		    sizeof *r->blocks.run);
		return r;
	}
	for (i = 1; i < qc->cap; i++)
		if (qc->row[i].used < qc->row[v].used)
			v = i;
	r = &qc->row[v];
	link = &qc->head[r->hash & (QCACHE_BUCKETS - 1)];
	while (*link != v)
		link = &qc->row[*link].next;
	*link = r->next;
	return r;
}

uint64_t
qcache_blocks_bytes(size_t vocab)
{
	return (uint64_t)qcache_capacity(vocab) * RNG_BLOCKS(vocab) * sizeof(double);
}

struct pdist
qcache_row(struct qcache *qc, const struct ngram_model *draft, const uint32_t *ctx,
    size_t n, const struct ngram_factor *f, struct ngram_scratch *s)
{
	size_t kn = n < (size_t)draft->order - 1 ? n : (size_t)draft->order - 1;
	const uint32_t *key = ctx + n - kn;
	uint64_t fkey = f != NULL ? f->key : 0;
	uint64_t h = qcache_hash(key, kn) ^ fkey * 0xff51afd7ed558ccdULL;
	struct qrow *r;
	int i, *head;

	qc->lookups++;
	head = &qc->head[h & (QCACHE_BUCKETS - 1)];
	for (i = *head; i >= 0; i = qc->row[i].next) {
		r = &qc->row[i];
		if (r->hash == h && r->n == kn && r->fkey == fkey &&
		    memcmp(r->ctx, key, kn * sizeof *key) == 0) {
			qc->hits++;
			r->used = qc->step;
			return pdist_dense_blocks(r->q, qc->vocab, r->name, &r->blocks);
		}
	}
	r = qcache_victim(qc);
	memcpy(r->ctx, key, kn * sizeof *key);
	r->n = kn;
	r->fkey = fkey;
	r->hash = h;
	r->used = qc->step;
	r->next = *head;
	*head = (int)(r - qc->row);
	ngram_dist(draft, ctx, n, f, r->q, s);
	r->name = ++qc->built << 2 | qc->which;
	r->blocks.filled = 0;
	return pdist_dense_blocks(r->q, qc->vocab, r->name, &r->blocks);
}

void
qcache_stats(const struct qcache *qc, uint64_t *lookups, uint64_t *hits)
{
	*lookups = qc != NULL ? qc->lookups : 0;
	*hits = qc != NULL ? qc->hits : 0;
}
