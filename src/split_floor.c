/* split_floor.c: floors, plain and factored, and sums over a pair of them. */
#include "config.h"

#include <assert.h>

#include "split.h"

/* The first index i in [lo, hi) with x[i + 1] > t over non-decreasing x; hi - 1
 * when there is none. */
static size_t
first_above(const double *x, size_t lo, size_t hi, double t)
{
	size_t last = hi - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t < x[mid + 1])
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo < last ? lo : last;
}

size_t
split_floor_pick(const struct split_floor *floor, double t)
{
	size_t lo = 0, hi = floor->vocab - 1;

	if (floor->base != NULL)
		return floor->by_factor[first_above(floor->cum_w, 0, floor->vocab, t)];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t < floor->cdf[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* How many tokens of a factored floor have factor < t: the length of the
 * prefix, in factor order, where b * factor < a for t = a / b. */
static size_t
factors_below(const struct split_floor *fq, double a, double b)
{
	size_t lo = 0, hi = fq->vocab;

	if (!(b > 0.0))
		return a > 0.0 ? fq->vocab : 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (b * fq->factor[fq->by_factor[mid]] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

double
split_floors_min(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b)
{
	size_t k, n = fq->vocab;

	assert(fq == fp || fq->base == fp);	/* a pair */
	if (fq == fp)
		return (a < b ? a : b) * fp->sum;
	k = factors_below(fq, a, b);
	return b * fq->cum_w[k] + a * (fq->cum_base[n] - fq->cum_base[k]);
}

double
split_floors_excess(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b)
{
	double excess;
	size_t k;

	assert(fq == fp || fq->base == fp);
	if (fq == fp)
		return a > b ? (a - b) * fp->sum : 0.0;
	k = factors_below(fq, a, b);
	excess = a * fq->cum_base[k] - b * fq->cum_w[k];
	return excess > 0.0 ? excess : 0.0;
}

size_t
split_floors_excess_pick(const struct split_floor *fp, double a,
    const struct split_floor *fq, double b, double t)
{
	size_t lo = 0, hi, k;

	assert(fq == fp || fq->base == fp);
	if (fq == fp)
		return split_floor_pick(fp, a > b ? t / (a - b) : 0.0);
	hi = k = factors_below(fq, a, b);
	if (k == 0)
		return fq->by_factor[0];
	while (lo < hi) {	/* the running excess rises along the prefix */
		size_t mid = lo + (hi - lo) / 2;

		if (t < a * fq->cum_base[mid + 1] - b * fq->cum_w[mid + 1])
			hi = mid;
		else
			lo = mid + 1;
	}
	return fq->by_factor[lo < k ? lo : k - 1];
}
