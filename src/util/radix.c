/* radix.c: a stable sort by 64-bit keys (radix.h). */
#include "config.h"

#include <string.h>

#include "util/radix.h"

#define RADIX_BITS 8
#define RADIX_BUCKETS (1 << RADIX_BITS)
#define RADIX_PASSES (64 / RADIX_BITS)
#define RADIX_SMALL 64		/* up to this many items: insertion */

uint64_t
radix_key(double x)
{
	uint64_t b;

	if (x == 0.0)
		x = 0.0;	/* -0 as +0 */
	memcpy(&b, &x, sizeof b);
	return b >> 63 ? ~b : b | (UINT64_C(1) << 63);
}

static void
insertion(struct radix_item *it, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++) {
		struct radix_item x = it[i];
		size_t j = i;

		for (; j > 0 && it[j - 1].key > x.key; j--)
			it[j] = it[j - 1];
		it[j] = x;
	}
}

/* Every pass's digit counts in one read of the items. */
static void
count_digits(const struct radix_item *it, size_t n,
    size_t count[RADIX_PASSES][RADIX_BUCKETS])
{
	size_t i;
	int d;

	memset(count, 0, RADIX_PASSES * sizeof *count);
	for (i = 0; i < n; i++)
		for (d = 0; d < RADIX_PASSES; d++)
			count[d][(it[i].key >> (d * RADIX_BITS)) & (RADIX_BUCKETS - 1)]++;
}

/* One stable pass by digit d from src into dst, with its counts. */
static void
scatter(const struct radix_item *src, struct radix_item *dst, size_t n, int d,
    const size_t count[RADIX_BUCKETS])
{
	size_t at[RADIX_BUCKETS], sum = 0, i;
	int b;

	for (b = 0; b < RADIX_BUCKETS; b++) {
		at[b] = sum;
		sum += count[b];
	}
	for (i = 0; i < n; i++)
		dst[at[(src[i].key >> (d * RADIX_BITS)) & (RADIX_BUCKETS - 1)]++] = src[i];
}

void
radix_sort(struct radix_item *it, struct radix_item *tmp, size_t n)
{
	size_t count[RADIX_PASSES][RADIX_BUCKETS];
	struct radix_item *src = it, *dst = tmp;
	int d;

	if (n <= RADIX_SMALL) {
		insertion(it, n);
		return;
	}
	count_digits(it, n, count);
	for (d = 0; d < RADIX_PASSES; d++) {
		struct radix_item *t;

		if (count[d][(it[0].key >> (d * RADIX_BITS)) & (RADIX_BUCKETS - 1)] == n)
			continue;	/* every key has this digit: the pass moves nothing */
		scatter(src, dst, n, d, count[d]);
		t = src;
		src = dst;
		dst = t;
	}
	if (src != it)
		memcpy(it, src, n * sizeof *it);
}
