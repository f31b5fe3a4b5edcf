/* ot_ceiling.h: min over prefixes T of the tokens by q/p falling of
 * p(T) + 1 - q(T)^k, the optimal-transport ceiling of k i.i.d. drafts
 * (verify/tree_ceiling.h, docs/theory.md), without sorting the vocabulary.
 * Only tokens with q/p >= 1/k can end the least prefix (a token below adds
 * p(x) - ((c + q(x))^k - c^k) >= p(x) - k q(x) > 0). One pass over the
 * vocabulary puts those into ranges of q/p, 2^RANGE_BITS of them over 16
 * octaves above 1/k (ratios past that share the last; the range read off
 * the ratio's bits), with their sums and a list of their tokens; the
 * prefixes made of whole ranges give an upper bound, and a range whose
 * lower bound (its start's p, its end's q) is not below it cannot hold the
 * least prefix. Only the tokens of the other ranges are sorted, and their
 * prefixes tried. The value is the least
 * over every prefix up to rounding: the sums run range by range, not token
 * by token, so it may differ from the sorted walk's in the last bits. */
#ifndef SPECDEC_OT_CEILING_H
#define SPECDEC_OT_CEILING_H

#include <stddef.h>
#include <stdint.h>

#include "util/radix.h"

/* A range of q/p: its sums, the sums before it, its first token. */
struct ot_range {
	double p, q, p_before, q_before;
	size_t first;
};

/* Room kept between calls; a zeroed struct is empty. */
struct ot_ceiling_work {
	struct radix_item *it;	/* room to sort the tokens left (2 cap) */
	size_t *next;		/* by token: the next of its range (cap) */
	size_t cap;		/* tokens of room */
	struct ot_range *range;	/* by range */
};

/* The ceiling for the dense pair (p, q) over n tokens with k >= 1 drafts. */
double ot_ceiling(const double *p, const double *q, size_t n, int k,
    struct ot_ceiling_work *w);

/* Release w's storage; it is empty and zeroed after. */
void ot_ceiling_free(struct ot_ceiling_work *w);

#endif
