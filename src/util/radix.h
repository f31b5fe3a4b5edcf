/* radix.h: a stable sort of items by a 64-bit key, for orders of whole
 * vocabularies that a step needs (the tree's optimal-transport ceiling,
 * SpecTr's ratio sums). One pass puts the items into equal ranges of key
 * between the least and the largest (ratios of two distributions spread
 * over them), each range is sorted by insertion, or split again when it
 * holds many; keys that defeat the ranges go to a least-significant-digit
 * radix sort. Linear in the items for spread keys, at worst three splits
 * and eight digit passes; a comparison sort of 50,000 doubles costs a step
 * twenty times a chain's. Items with equal keys keep their given order, so the
 * result is the one any stable comparison sort by the same order gives, bit
 * for bit. */
#ifndef SPECDEC_RADIX_H
#define SPECDEC_RADIX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct radix_item {
	uint64_t key;
	size_t i;		/* the caller's: an index, say */
};

/* A key whose unsigned order is x's order among doubles (no NaN): -0 and +0
 * are equal, infinities at the ends. Its complement sorts x falling. */
static inline uint64_t
radix_key(double x)
{
	uint64_t b;

	if (x == 0.0)
		x = 0.0;	/* -0 as +0 */
	memcpy(&b, &x, sizeof b);
	return b >> 63 ? ~b : b | (UINT64_C(1) << 63);
}

/* Sort the n items by ascending key, stably; tmp holds n items (unused for a
 * few items, sorted by insertion). */
void radix_sort(struct radix_item *it, struct radix_item *tmp, size_t n);

#endif
