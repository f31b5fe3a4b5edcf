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

/* The ranges of one call: their number and the shift from a key's distance
 * to the bound onto a range. */
struct ranges {
	uint64_t cut;		/* the key of q/p = 1/k; the head's keys are at most it */
	size_t n;
	int shift;
};

/* A token's key: rising as q/p falls, p = 0 first (util/radix.h). */
static uint64_t
key_of(double p, double q)
{
	return ~radix_key(p > 0.0 ? q / p : HUGE_VAL);
}

/* More ranges for more tokens in the head (m): about one for every four. */
static void
ranges_for(struct ranges *r, size_t m)
{
	int bits = RANGE_BITS_MIN;

	while (bits < RANGE_BITS_MAX && ((size_t)4 << bits) < m)
		bits++;
	r->n = (size_t)1 << bits;
	r->shift = 52 - (bits - RANGE_OCTAVE_BITS);
}

/* The range of a head key, rising with the key (q/p falling). */
static size_t
range_of(const struct ranges *r, uint64_t key)
{
	uint64_t d = (r->cut - key) >> r->shift;

	return r->n - 1 - (d < r->n - 1 ? (size_t)d : r->n - 1);
}

/* Room for the head's tokens (n at most) and for sorting part of them. */
static void
make_room(struct ot_ceiling_work *w, size_t n)
{
	if (w->sums == NULL) {
		w->sums = xreallocarray(NULL, 4 * RANGE_MAX, sizeof *w->sums);
		w->count = xreallocarray(NULL, RANGE_MAX, sizeof *w->count);
	}
	if (n > w->cap) {
		w->it = xreallocarray(w->it, 3 * n, sizeof *w->it);
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

/* The head's tokens with their keys, in token order: pairs of zeros left
 * out, so that a pair over the union of sparse lists gives the dense bits.
 * Their number. */
static size_t
head_items(const double *p, const double *q, size_t n, uint64_t cut,
    struct radix_item *it)
{
	size_t y, m = 0;

	for (y = 0; y < n; y++) {
		uint64_t key;

		if (p[y] == 0.0 && q[y] == 0.0)
			continue;
		if ((key = key_of(p[y], q[y])) <= cut)
			it[m++] = (struct radix_item){ key, y };
	}
	return m;
}

/* Each range's sums and tokens. */
static void
fill_ranges(const double *p, const double *q, const struct radix_item *it, size_t m,
    const struct ranges *r, struct ot_ceiling_work *w)
{
	double *ps = w->sums, *qs = w->sums + RANGE_MAX;
	size_t i;

	memset(ps, 0, r->n * sizeof *ps);
	memset(qs, 0, r->n * sizeof *qs);
	memset(w->count, 0, r->n * sizeof *w->count);
	for (i = 0; i < m; i++) {
		size_t b = range_of(r, it[i].key);

		ps[b] += p[it[i].i];
		qs[b] += q[it[i].i];
		w->count[b]++;
	}
}

/* The least value over the prefixes of whole ranges (the empty one: 1);
 * each range's sums before it kept, and its count set to 0 where its lower
 * bound is not below that least value (or it holds one token, a whole
 * range), so that the tokens of the ranges left are the ones to sort. */
static double
walk_ranges(const struct ranges *r, int k, struct ot_ceiling_work *w)
{
	double *ps = w->sums, *qs = ps + RANGE_MAX, *pb = qs + RANGE_MAX,
	    *qb = pb + RANGE_MAX, pt = 0.0, qt = 0.0, best = 1.0;
	size_t b;

	for (b = 0; b < r->n; b++) {
		pb[b] = pt;
		qb[b] = qt;
		pt += ps[b];
		qt += qs[b];
		best = fmin(best, value(pt, qt, k));
	}
	for (b = 0; b < r->n; b++)
		if (w->count[b] < 2 || value(pb[b], qb[b] + qs[b], k) >= best)
			w->count[b] = 0;
	return best;
}

/* The items of the ranges left, copied to out and sorted by key (tmp: room
 * for as many); their number. */
static size_t
sort_left(const struct radix_item *it, size_t m, const struct ranges *r,
    const struct ot_ceiling_work *w, struct radix_item *out, struct radix_item *tmp)
{
	size_t i, c = 0;

	for (i = 0; i < m; i++)
		if (w->count[range_of(r, it[i].key)] != 0)
			out[c++] = it[i];
	radix_sort(out, tmp, c);
	return c;
}

double
ot_ceiling(const double *p, const double *q, size_t n, int k, struct ot_ceiling_work *w)
{
	struct ranges r;
	const double *pb, *qb;
	double best, pt = 0.0, qt = 0.0;
	size_t i, m, c, at = RANGE_MAX;
	struct radix_item *left;

	if (n == 0)
		return 1.0;
	make_room(w, n);
	pb = w->sums + 2 * RANGE_MAX;
	qb = pb + RANGE_MAX;
	r.cut = key_of(1.0, 1.0 / k);
	m = head_items(p, q, n, r.cut, w->it);
	ranges_for(&r, m);
	fill_ranges(p, q, w->it, m, &r, w);
	best = walk_ranges(&r, k, w);
	left = w->it + m;
	c = sort_left(w->it, m, &r, w, left, left + m);
	for (i = 0; i < c; i++) {
		size_t y = left[i].i, b = range_of(&r, left[i].key);

		if (b != at) {	/* a new range: its sums before */
			at = b;
			pt = pb[b];
			qt = qb[b];
		}
		pt += p[y];
		qt += q[y];
		best = fmin(best, value(pt, qt, k));
	}
	return best;
}

void
ot_ceiling_free(struct ot_ceiling_work *w)
{
	free(w->it);
	free(w->sums);
	free(w->count);
	memset(w, 0, sizeof *w);
}
