/* ratio_tables.h: the losslessness test's ratio order kept for the dense pairs
 * that come back. pdist_ratio_cdf on a dense pair is a pass over the
 * vocabulary for every emitted token; on the n-gram source a few pairs (rows of
 * its caches, named by it: pdist.h) serve most dense positions, and on a replay
 * its few lines serve all of them. For a pair of named dense rows seen
 * RATIO_TABLES_AFTER times, a table of the CDF of every token is built once (a
 * sort of the vocabulary by the ratio p/q, ties by id, and a running sum), and
 * each later token costs one lookup. Up to RATIO_TABLES_KEPT pairs are kept,
 * one still being counted replaced before one with a table, else the least
 * recently used: memory is at most that many vectors of the vocabulary (none
 * above RATIO_TABLES_VOCAB_MAX), flat in the number of steps. The values equal pdist_ratio_cdf's
 * up to the rounding of a sum taken in another order. */
#ifndef SPECDEC_RATIO_TABLES_H
#define SPECDEC_RATIO_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "dist/pdist.h"

#define RATIO_TABLES_KEPT 8	/* tables kept */
#define RATIO_TABLES_AFTER 16	/* uses of a pair before its table is built */
#define RATIO_TABLES_VOCAB_MAX 262144	/* no tables above: 8 of 2 MiB at most */

struct ratio_tables;

struct ratio_tables *ratio_tables_new(void);
void ratio_tables_free(struct ratio_tables *t);	/* NULL is fine */

/* pdist_ratio_cdf_many(p, q, xs, m, out) from a table: 1 when served, 0 when
 * the pair is not named dense rows or has no table yet (the use is counted);
 * the caller then computes it. */
int ratio_tables_cdf(struct ratio_tables *t, const struct pdist *p,
    const struct pdist *q, const size_t *xs, int m, double *out);

/* Whether ratio_tables_cdf(t, p, q, ...) would serve the pair if asked now (a
 * table built, or built at this use), without counting a use: work that only
 * its pass would need can then be skipped. 0 when t is NULL. */
int ratio_tables_would_serve(const struct ratio_tables *t, const struct pdist *p,
    const struct pdist *q);

/* Tables built so far, and lookups served from them. */
void ratio_tables_stats(const struct ratio_tables *t, uint64_t *built,
    uint64_t *served);

#endif
