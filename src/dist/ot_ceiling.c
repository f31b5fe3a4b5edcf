/* ot_ceiling.c: the optimal-transport ceiling by ranges of q/p (ot_ceiling.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/ot_ceiling.h"
#include "util/xalloc.h"

#define RANGE_BITS_MIN 6
#define RANGE_BITS_MAX 12
#define RANGE_MAX (1 << RANGE_BITS_MAX)
#define RANGE_OCTAVE_BITS 4	/* 2^4 octaves of q/p above 1/k */

/* The ranges of one call: their number and the shift from the bits of q/p
 * above those of 1/k onto a range. */
struct ranges {
	double lo;		/* 1/k: the head's q/p are at least it */
	uint64_t lo_bits;
	size_t n;
	int shift;
};

/* A token's key: rising as q/p falls, p = 0 first (util/radix.h). */
static uint64_t
key_of(double p, double q)
{
	return ~radix_key(p > 0.0 ? q / p : HUGE_VAL);
}

/* About the head's size: the tokens with k q > p, a pass without a
 * division. Pairs of zeros do not count, so that a pair over the union of
 * sparse lists gets the ranges, and the bits, of the dense one. */
static size_t
head_size(const double *p, const double *q, size_t n, int k)
{
	const double kd = k;
	size_t y, m = 0;

	for (y = 0; y < n; y++)
		m += q[y] * kd > p[y];
	return m;
}

/* More ranges for more tokens in the head (m): about one for every four. */
static void
ranges_for(struct ranges *r, size_t m, int k)
{
	int bits = RANGE_BITS_MIN;

	while (bits < RANGE_BITS_MAX && ((size_t)4 << bits) < m)
		bits++;
	r->n = (size_t)1 << bits;
	r->shift = 52 - (bits - RANGE_OCTAVE_BITS);
	r->lo = 1.0 / k;
	memcpy(&r->lo_bits, &r->lo, sizeof r->lo_bits);
}

/* The range of a head ratio (ratio >= 1/k, +inf for p = 0), rising as the
 * ratio falls: the order of positive doubles is their bits' order. */
static size_t
range_of_ratio(const struct ranges *r, double ratio)
{
	uint64_t bits, d;

	memcpy(&bits, &ratio, sizeof bits);
	d = (bits - r->lo_bits) >> r->shift;
	return r->n - 1 - (d < r->n - 1 ? (size_t)d : r->n - 1);
}

/* The range of a head key (key_of). */
static size_t
range_of(const struct ranges *r, uint64_t key)
{
	uint64_t bits = ~key & ~(UINT64_C(1) << 63);
	double ratio;

	memcpy(&ratio, &bits, sizeof ratio);
	return range_of_ratio(r, ratio);
}

/* Room for the tokens (n at most) and for sorting part of them. */
static void
make_room(struct ot_ceiling_work *w, size_t n)
{
	if (w->range == NULL)
		w->range = xreallocarray(NULL, RANGE_MAX, sizeof *w->range);
	if (n > w->cap) {
		w->it = xreallocarray(w->it, 2 * n, sizeof *w->it);
		w->next = xreallocarray(w->next, n, sizeof *w->next);
		w->cap = n;
	}
}

/* 1 - min(c, 1)^k added to a p sum: a prefix's value. */
static double
value(double pt, double qt, int k)
{
	double c = qt < 1.0 ? qt : 1.0, ck = 1.0;
	int j;

	for (j = 0; j < k; j++)	/* k is small: no pow */
		ck *= c;
	return pt + 1.0 - ck;
}

/* One pass over the tokens: each range's sums and list of tokens (first,
 * then next by token, rising; SIZE_MAX ends it). A pair of zeros (0/0 is not
 * a number) and a ratio below 1/k stay out, so that a pair over the union of
 * sparse lists gives the dense bits. */
static void
fill_ranges(const double *p, const double *q, size_t n, const struct ranges *r,
    struct ot_ceiling_work *w)
{
	struct ot_range *g = w->range;
	size_t b, y;

	for (b = 0; b < r->n; b++)
		g[b] = (struct ot_range){ .first = SIZE_MAX };
	for (y = n; y-- > 0;) {
		double ratio = q[y] / p[y];	/* +inf for p = 0 < q */

		if (!(ratio >= r->lo))
			continue;
		b = range_of_ratio(r, ratio);
		g[b].p += p[y];
		g[b].q += q[y];
		w->next[y] = g[b].first;
		g[b].first = y;
	}
}

/* The lesser of two values (no NaN here). */
static double
least(double a, double b)
{
	return b < a ? b : a;
}

/* The least value over the prefixes of whole ranges (the empty one: 1);
 * each range's sums before it kept, and its list emptied where its lower
 * bound is not below that least value (or it holds one token, a whole
 * range), so that the tokens of the lists left are the ones to sort. */
static double
walk_ranges(const struct ranges *r, int k, struct ot_ceiling_work *w)
{
	struct ot_range *g = w->range;
	double pt = 0.0, qt = 0.0, best = 1.0;
	size_t b;

	for (b = 0; b < r->n; b++) {
		g[b].p_before = pt;
		g[b].q_before = qt;
		pt += g[b].p;
		qt += g[b].q;
		best = least(best, value(pt, qt, k));
	}
	for (b = 0; b < r->n; b++)
		if (g[b].first == SIZE_MAX || w->next[g[b].first] == SIZE_MAX ||
		    value(g[b].p_before, g[b].q_before + g[b].q, k) >= best)
			g[b].first = SIZE_MAX;
	return best;
}

/* The tokens of the ranges left, with their keys, into out and sorted by
 * key (tmp: room for as many); their number. */
static size_t
sort_left(const double *p, const double *q, const struct ranges *r,
    const struct ot_ceiling_work *w, struct radix_item *out, struct radix_item *tmp)
{
	size_t b, y, c = 0;

	for (b = 0; b < r->n; b++)
		for (y = w->range[b].first; y != SIZE_MAX; y = w->next[y])
			out[c++] = (struct radix_item){ key_of(p[y], q[y]), y };
	radix_sort(out, tmp, c);
	return c;
}

double
ot_ceiling(const double *p, const double *q, size_t n, int k, struct ot_ceiling_work *w)
{
	struct ranges r;
	double best, pt = 0.0, qt = 0.0;
	size_t i, c, at = RANGE_MAX;

	if (n == 0)
		return 1.0;
	make_room(w, n);
	ranges_for(&r, head_size(p, q, n, k), k);
	fill_ranges(p, q, n, &r, w);
	best = walk_ranges(&r, k, w);
	c = sort_left(p, q, &r, w, w->it, w->it + n);
	for (i = 0; i < c; i++) {
		size_t y = w->it[i].i, b = range_of(&r, w->it[i].key);

		if (b != at) {	/* a new range: its sums before */
			at = b;
			pt = w->range[b].p_before;
			qt = w->range[b].q_before;
		}
		pt += p[y];
		qt += q[y];
		best = least(best, value(pt, qt, k));
	}
	return best;
}

void
ot_ceiling_free(struct ot_ceiling_work *w)
{
	free(w->it);
	free(w->range);
	free(w->next);
	memset(w, 0, sizeof *w);
}
