/* split_fixture.h: split distributions built by hand for tests (split.h): a
 * token list with a linear lookup, and plain and factored floors over given
 * weights. Everything points at the caller's arrays. */
#ifndef SPECDEC_SPLIT_FIXTURE_H
#define SPECDEC_SPLIT_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split.h"

struct split_list {
	const uint32_t *list;
	size_t n;
};

/* Where w sits in the split_list where, or SPLIT_NONE: a split_dist's find. */
size_t split_fixture_find(const void *where, uint32_t w);

/* A distribution scale * f + extra on list l (extra_sum summed from extra). */
struct split_dist split_fixture_dist(const struct split_floor *f, double scale,
    const struct split_list *l, const double *extra);

/* A plain floor over w (vocab entries), its running sums written into cdf. */
void split_fixture_plain(struct split_floor *f, const double *w, double *cdf,
    size_t vocab);

/* The floor base times factor (each > 0): its weights into w, its tokens in
 * ascending factor order (ties by id) into by, and the running sums of base and
 * of w in that order into cum_base and cum_w (vocab + 1 entries each). */
void split_fixture_factored(struct split_floor *f, const struct split_floor *base,
    const double *factor, double *w, uint32_t *by, double *cum_base, double *cum_w);

#endif
