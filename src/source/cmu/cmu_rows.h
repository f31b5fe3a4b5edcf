/* cmu_rows.h: the cmu source's cache of bigram views by word. Where every
 * trigram of a context u v lies on v's bigram list (true of every trigram of
 * the CMU model), the context's split form lists exactly v's bigrams, and a view
 * of order 2 there (the draft by default) has the same normalised extras, scale
 * and sums after any u: they depend on v alone. The cache keeps them for the
 * most recently used words, within CMU_ROWS_BYTES of extras; the caller fills a
 * new entry (it knows the model). An entry handed out since the last
 * cmu_rows_step stays valid, and unchanged, until the next one. */
#ifndef SPECDEC_CMU_ROWS_H
#define SPECDEC_CMU_ROWS_H

#include <stddef.h>
#include <stdint.h>

#define CMU_ROWS_BYTES (8u << 20)	/* extras kept at most */

/* An order-2 view after word v over the cache's floor: what split_dist needs. */
struct cmu_row {
	double *extra;		/* one per bigram of v, normalised */
	double scale, extra_sum;
	int signed_extra;
};

struct cmu_rows;

/* An empty cache for words 0 .. vocab - 1. */
struct cmu_rows *cmu_rows_new(size_t vocab);
void cmu_rows_free(struct cmu_rows *c);	/* NULL is fine */

/* A step begins: entries handed out before may be evicted from now on. */
void cmu_rows_step(struct cmu_rows *c);

/* Every entry is stale (the floors changed): none is handed out again. */
void cmu_rows_clear(struct cmu_rows *c);

/* The entry of word v, whose list has n tokens; *fill is set when it is new
 * (its extra has room for n values, the rest is the caller's to set). NULL when
 * it does not fit beside the entries handed out this step. The pointer is good
 * until the next call; the extras, until a call after the next cmu_rows_step. */
struct cmu_row *cmu_rows_get(struct cmu_rows *c, uint32_t v, size_t n, int *fill);

/* Lookups so far, and how many found their entry. */
void cmu_rows_stats(const struct cmu_rows *c, uint64_t *lookups, uint64_t *hits);

#endif
