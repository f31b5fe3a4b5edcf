/* radix.h: a stable sort of items by a 64-bit key, for orders of whole
 * vocabularies that a step needs (the tree's optimal-transport ceiling,
 * SpecTr's ratio sums): a least-significant-digit radix sort, linear in the
 * items, where a comparison sort of 50,000 doubles costs a step twenty times
 * a chain's. Items with equal keys keep their given order, so the result is
 * the one any stable comparison sort by the same order gives, bit for bit. */
#ifndef SPECDEC_RADIX_H
#define SPECDEC_RADIX_H

#include <stddef.h>
#include <stdint.h>

struct radix_item {
	uint64_t key;
	size_t i;		/* the caller's: an index, say */
};

/* A key whose unsigned order is x's order among doubles (no NaN): -0 and +0
 * are equal, infinities at the ends. Its complement sorts x falling. */
uint64_t radix_key(double x);

/* Sort the n items by ascending key, stably; tmp holds n items (unused for a
 * few items, sorted by insertion). */
void radix_sort(struct radix_item *it, struct radix_item *tmp, size_t n);

#endif
