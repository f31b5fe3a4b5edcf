/* qcache.h: the n-gram source's cache of dense rows (one cache for the draft,
 * one for the target). A dense draft row
 * depends only on the draft's context (its last order - 1 tokens, fewer at the
 * start of a text) and the noise row it is multiplied by, so the cache keeps
 * the QCACHE_ROWS most recently used rows by both and hands out pointers into
 * them. Rows handed out since the last qcache_step are never evicted: they stay
 * valid, and unchanged, until the next one. */
#ifndef SPECDEC_QCACHE_H
#define SPECDEC_QCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "dist/pdist.h"

#define QCACHE_ROWS 64		/* rows kept at most */
#define QCACHE_BYTES (16u << 20)	/* and at most this much memory in rows */

struct ngram_factor;
struct ngram_model;
struct ngram_scratch;
struct qcache;

/* How many rows of vocab entries a cache keeps: QCACHE_ROWS, or fewer for a
 * large vocabulary, within QCACHE_BYTES. A source uses a cache only when this is
 * more than a step can pin. */
int qcache_capacity(size_t vocab);

/* An empty cache of rows of vocab entries; which (1 to 3) sets it apart from
 * the other caches of one source in the rows' names. */
struct qcache *qcache_new(size_t vocab, unsigned which);
void qcache_free(struct qcache *qc);	/* NULL is fine */

/* A step begins: rows handed out before may be evicted from now on. */
void qcache_step(struct qcache *qc);

/* The dense row ngram_dist(draft, ctx, n, f) (f NULL for no factors; its key
 * names the row), from the cache or built into it with scratch s, as a dense
 * handle (pdist.h) of vocab entries: named (nonzero, the same while the row
 * stays in the cache, never given to another row of this cache; a source's
 * caches have different which, so its names are its own, and another
 * source's, its reference clone's say, are not: never mix two sources'
 * names), and with the row's block sums, which its first draw fills and keep
 * while the row stays (so a row drawn from again costs a binary search). */
struct pdist qcache_row(struct qcache *qc, const struct ngram_model *draft,
    const uint32_t *ctx, size_t n, const struct ngram_factor *f,
    struct ngram_scratch *s);

/* The bytes of block sums a cache keeps beside its rows at most. */
uint64_t qcache_blocks_bytes(size_t vocab);

/* Rows asked for so far, and how many of them came from the cache. */
void qcache_stats(const struct qcache *qc, uint64_t *lookups, uint64_t *hits);

#endif
