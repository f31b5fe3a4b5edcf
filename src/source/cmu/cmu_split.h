/* cmu_split.h: a cmu node's split pair (split.h): the target's and the draft's
 * views of the model at one context, each a floor of cmu_floors.h scaled by
 * backoff weights plus extras on the context's listed successors, one list
 * for both so that the pair is walked once.
 *
 * After a heavy word v both views lie over v's own floor and list the
 * trigrams of u v alone; elsewhere they lie over the unigram and list v's
 * bigrams, which hold the trigrams of u v (sphinx_trie.h): the list is the
 * model's own, each view is built only when it is asked for, and a view of
 * order 2, which depends on v alone there, comes from the cache of
 * cmu_rows.h. */
#ifndef SPECDEC_CMU_SPLIT_H
#define SPECDEC_CMU_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split.h"

#define CMU_SPLIT_P 1		/* the target's view */
#define CMU_SPLIT_Q 2		/* the draft's view */

struct cmu_floors;
struct cmu_rows;
struct sphinx_trie;

/* The model and the views' orders (1 to 3) of a source. */
struct cmu_model {
	const struct sphinx_trie *lm;
	const uint8_t *heavy_of;	/* cmu_floor_sets' */
	int target_order, draft_order;
};

/* A node's pair and the buffers it is built in (zeroed at first, kept from
 * step to step). */
struct cmu_split {
	uint32_t *list;
	double *ep, *eq;
	size_t cap;
	const uint32_t *at;	/* the list in use: list, or the model's */
	size_t n;
	struct split_dist p, q;
};

/* Builds into sp at least the views in want (CMU_SPLIT_P | CMU_SPLIT_Q) after
 * the last words ctx[0..n) (n <= 2), over the floors fl, taking order-2 views
 * from rows (NULL: no cache); returns the views built. A view built earlier
 * this step stays as it is when another is built later. */
int cmu_split_build(const struct cmu_model *m, const struct cmu_floors *fl,
    struct cmu_rows *rows, const uint32_t *ctx, size_t n, int want,
    struct cmu_split *sp);

/* Free sp's buffers. */
void cmu_split_free(struct cmu_split *sp);

#endif
