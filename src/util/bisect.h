/* bisect.h: the one binary search of the program, over running sums or over
 * any predicate that is false on a prefix of [0, n) and true on the rest.
 * Inline, so that a caller's predicate compiles into its loop. */
#ifndef SPECDEC_BISECT_H
#define SPECDEC_BISECT_H

#include <stddef.h>
#include <stdint.h>

/* The first i in [0, n) at which past(i, arg) holds, n when none. past must be
 * false on a prefix and true on the rest; where rounding breaks that, the
 * answer is one of the places where it turns true. */
static inline size_t
bisect(size_t n, int (*past)(size_t i, const void *arg), const void *arg)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (past(mid, arg))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

struct bisect_sums_at {
	const double *sum;
	double t;
};

static inline int
bisect_sums_past(size_t i, const void *arg)
{
	const struct bisect_sums_at *at = arg;

	return at->t < at->sum[i];
}

/* Over the running sums sum[0..n) (non-decreasing, n >= 1): the first i with
 * t < sum[i], the index of the draw t in [0, sum[n - 1]); n - 1 when rounding
 * leaves t at or past the end. */
static inline size_t
bisect_sums(const double *sum, size_t n, double t)
{
	struct bisect_sums_at at = { sum, t };
	size_t i = bisect(n, bisect_sums_past, &at);

	return i < n ? i : n - 1;
}

struct bisect_ids_at {
	const uint32_t *id;
	uint64_t x;
};

static inline int
bisect_ids_past(size_t i, const void *arg)
{
	const struct bisect_ids_at *at = arg;

	return at->id[i] >= at->x;
}

/* Over ids[0..n) ascending: the index of x, or n when x is not listed. */
static inline size_t
bisect_find_id(const uint32_t *id, size_t n, uint64_t x)
{
	struct bisect_ids_at at = { id, x };
	size_t i = bisect(n, bisect_ids_past, &at);

	return i < n && id[i] == x ? i : n;
}

#endif
