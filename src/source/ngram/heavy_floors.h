/* heavy_floors.h: the n-gram source's floors for contexts with many successors.
 * After a token v with a long successor list, the target's distribution is its
 * lower-order row after v alone, scaled, plus the few successors of the last
 * two tokens (ngram_split_over), and a draft of order 2 or less is a function
 * of v alone. So each such v gets a pair of floors, built once with a pass and
 * a sort over the vocabulary: F, the target's row after v (plain, with running
 * sums), and G, the draft's row after v as F times per-token factors
 * (split_floor.h). The target over F and the draft over G are a split pair,
 * whose sampler operations cost the short list and a logarithm of the
 * vocabulary. At most HEAVY_FLOORS pairs are kept, never evicted: the floors
 * stay valid, and unchanged, while the cache lives. */
#ifndef SPECDEC_HEAVY_FLOORS_H
#define SPECDEC_HEAVY_FLOORS_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split_floor.h"

#define HEAVY_FLOORS 8		/* pairs kept at most */

struct ngram_model;
struct ngram_scratch;

struct heavy_pair {
	uint32_t v;
	struct split_floor f;	/* the target after v alone */
	struct split_floor g;	/* the draft after v, factored over f */
};

struct heavy_floors {
	size_t vocab;
	int n;
	struct heavy_pair *pair[HEAVY_FLOORS];
};

void heavy_floors_init(struct heavy_floors *h, size_t vocab);
void heavy_floors_free(struct heavy_floors *h);

/* The pair of floors after v for target (untempered, order 2 or more) and draft
 * (order 2 or less, the same vocabulary), built on first use with scratch s;
 * NULL when v is new and HEAVY_FLOORS pairs are held already. */
const struct heavy_pair *heavy_floors_get(struct heavy_floors *h,
    const struct ngram_model *target, const struct ngram_model *draft, uint32_t v,
    struct ngram_scratch *s);

#endif
