/* replay_store.h: a replay file's distributions, checked and parsed once and
 * held in memory (the format is in replay_parse.h). Pure: the file's text comes
 * in a buffer, so a fuzzer or a unit test can drive it.
 *
 * Each distribution line is kept normalised (weight / sum: the values its dense
 * vector holds) in the smaller of two forms: dense, a vector of vocab doubles (8
 * bytes a token), or sparse, its entries as an id and a weight each (12 bytes an
 * entry, one per id, repeated ids merged). A dense line is always dense; a
 * sparse line read before the vocabulary size is known stays sparse. With 16
 * bytes of index a line, a store takes min(8 V, 12 entries) + 16 bytes per
 * distribution line. */
#ifndef SPECDEC_REPLAY_STORE_H
#define SPECDEC_REPLAY_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "source/replay/replay_parse.h"

struct replay_span {
	size_t w;		/* where a distribution starts in w */
	size_t id;		/* where its ids start in id (none: it is dense) */
};

struct replay_store {
	size_t vocab;
	size_t dists;		/* distribution lines, in pairs: target, then draft */
	struct replay_span *at;	/* dists + 1 spans; the last one ends the arrays */
	double *w;
	uint32_t *id;
	size_t at_cap, w_cap, id_cap;
	uint64_t bytes;		/* what at, w and id hold */
};

/* One distribution as stored: dense (vocab probabilities), or n entries with
 * distinct ids id[i], ascending, and probabilities w[i]; every other token
 * has 0. */
struct replay_dist {
	const double *dense;	/* NULL when sparse */
	const uint32_t *id;
	const double *w;
	size_t n;
};

/* Check text[0..len), the file's contents, line by line as replay_scan does,
 * keeping each distribution. The text and the store together may take at most
 * max bytes: the parse stops at the line that would go past that. 0 with the
 * file in st (free it with replay_store_free), or -1 with err as
 * replay_scan_line and replay_scan_finish give it, or naming the line where the
 * memory ran past max; st then holds nothing. */
int replay_store_parse(struct replay_store *st, const char *text, size_t len,
    uint64_t max, struct replay_error *err);

void replay_store_free(struct replay_store *st);

/* Distribution i (0 to dists - 1) into d; it points into st. */
void replay_store_get(const struct replay_store *st, size_t i, struct replay_dist *d);

/* out (vocab entries) = d as a dense vector. */
void replay_dist_dense(const struct replay_dist *d, double *out, size_t vocab);

#endif
