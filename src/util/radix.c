/* radix.c: a stable sort by 64-bit keys (radix.h). */
#include "config.h"

#include <string.h>

#include "util/radix.h"

#define RADIX_BITS 8
#define RADIX_BUCKETS (1 << RADIX_BITS)
#define RADIX_PASSES (64 / RADIX_BITS)
#define RADIX_SMALL 48		/* up to this many items: insertion */
#define SPLIT_BITS_MAX 12	/* at most 2^12 buckets a split: their
				 * bounds in the level-1 cache */
#define SPLIT_AGAIN 16		/* a range of more items is split again */
#define SPLIT_DEPTH 3		/* splits within splits, then digits */
#define SPLIT_STACK (1 << SPLIT_BITS_MAX)	/* bucket bounds on the stack: 32 KB */

/* The n items of src sorted into dst (which may be src), by insertion. */
static void
insertion(const struct radix_item *src, struct radix_item *dst, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct radix_item x = src[i];
		size_t j = i;

		for (; j > 0 && dst[j - 1].key > x.key; j--)
			dst[j] = dst[j - 1];
		dst[j] = x;
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

/* Least significant digit first: eight stable passes, whatever the keys. */
static void
by_digits(struct radix_item *it, struct radix_item *tmp, size_t n)
{
	size_t count[RADIX_PASSES][RADIX_BUCKETS];
	struct radix_item *src = it, *dst = tmp;
	int d;

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

/* The shift that maps span (> 0) onto fewer than 2^bits buckets. */
static int
split_shift(uint64_t span, int bits)
{
	int len = 0;

	while (len < 64 && (span >> len) != 0)
		len++;
	return len > bits ? len - bits : 0;
}

static void sort_at(struct radix_item *it, struct radix_item *tmp, size_t n, int depth);

/* One stable pass into equal ranges of key between the least and the
 * largest key (lo < hi), then one insertion pass over the whole, which moves
 * an item only within its range: near linear for keys spread over their
 * range (ratios of two distributions are). A range that holds many keys is
 * sorted first on its own (split again; past SPLIT_DEPTH by digits). */
static void
split(struct radix_item *it, struct radix_item *tmp, size_t n, uint64_t lo,
    uint64_t hi, int depth)
{
	size_t at[SPLIT_STACK + 1], nb, i, b;
	int bits = 1, shift;

	while (bits < SPLIT_BITS_MAX && ((size_t)1 << bits) < n)
		bits++;
	shift = split_shift(hi - lo, bits);
	nb = (size_t)((hi - lo) >> shift) + 1;
	memset(at, 0, (nb + 1) * sizeof *at);
	for (i = 0; i < n; i++)
		at[((it[i].key - lo) >> shift) + 1]++;
	for (b = 0; b < nb; b++)
		at[b + 1] += at[b];
	for (i = 0; i < n; i++)
		tmp[at[(it[i].key - lo) >> shift]++] = it[i];
	for (b = 0, i = 0; b < nb; i = at[b++])	/* at[b]: the end of range b */
		if (at[b] - i > SPLIT_AGAIN)
			sort_at(tmp + i, it + i, at[b] - i, depth + 1);
	insertion(tmp, it, n);
}

static void
sort_at(struct radix_item *it, struct radix_item *tmp, size_t n, int depth)
{
	uint64_t lo, hi;
	size_t i;

	if (n <= (depth == 0 ? RADIX_SMALL : SPLIT_AGAIN)) {
		insertion(it, it, n);
		return;
	}
	lo = hi = it[0].key;
	for (i = 1; i < n; i++) {
		lo = it[i].key < lo ? it[i].key : lo;
		hi = it[i].key > hi ? it[i].key : hi;
	}
	if (lo == hi)
		return;		/* one key: already in order */
	if (depth >= SPLIT_DEPTH)
		by_digits(it, tmp, n);
	else
		split(it, tmp, n, lo, hi, depth);
}

void
radix_sort(struct radix_item *it, struct radix_item *tmp, size_t n)
{
	sort_at(it, tmp, n, 0);
}
