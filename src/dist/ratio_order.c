/* ratio_order.c: a pair's tokens by ratio, kept and checked (ratio_order.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/ratio_order.h"
#include "util/xalloc.h"

/* Neighbours further apart than this many doubles in one form are in
 * strict order in the other, when their ratios are safe: in [2^-1000,
 * 2^1000], so that neither the ratio nor its inverse is subnormal or
 * infinite. */
#define ORDER_NEAR 64
#define ORDER_SAFE_EXP 1000

/* A token's key in the form by: the form's order is the keys' rising one. */
static uint64_t
key_of(enum ratio_order_by by, double p, double q)
{
	if (by == RATIO_ORDER_P_OVER_Q)
		return radix_key(dist_ratio(p, q));
	return ~radix_key(p > 0.0 ? q / p : HUGE_VAL);
}

/* Sort the non-zero tokens of (p, q) by the form by, and keep the pair. */
static void
sort_by(struct ratio_order *o, const double *p, const double *q, size_t n,
    enum ratio_order_by by)
{
	size_t y, m = 0;

	if (n > o->cap) {
		o->it = xreallocarray(o->it, 2 * n, sizeof *o->it);
		o->pq = xreallocarray(o->pq, 2 * n, sizeof *o->pq);
		o->cap = n;
	}
	for (y = 0; y < n; y++)
		if (p[y] != 0.0 || q[y] != 0.0)
			o->it[m++] = (struct radix_item){ key_of(by, p[y], q[y]), y };
	radix_sort(o->it, o->it + n, m);
	memcpy(o->pq, p, n * sizeof *p);
	memcpy(o->pq + n, q, n * sizeof *q);
	o->n = n;
	o->m = m;
	o->by = by;
}

/* Whether neighbours j - 1 and j of the kept order are in the stable order
 * of the form by: by's keys rising, ties in token order. */
static int
pair_in_order(const struct ratio_order *o, size_t j, enum ratio_order_by by)
{
	const double *p = o->pq, *q = o->pq + o->n;
	size_t a = o->it[j - 1].i, b = o->it[j].i;
	uint64_t ka = key_of(by, p[a], q[a]), kb = key_of(by, p[b], q[b]);

	return ka < kb || (ka == kb && a < b);
}

/* Whether the kept order, the stable one of the kept pair in the kept
 * form, is the stable order in the other form by too. Both forms order the
 * exact ratios, rounded, so they differ only where one rounds two ratios
 * to one value: neighbours more than ORDER_NEAR doubles apart in the kept
 * form, both ratios normal with a normal inverse, are in strict order in
 * either form (four apart suffices); the others are checked in the form
 * by. */
static int
other_form_holds(const struct ratio_order *o, enum ratio_order_by by)
{
	uint64_t a = key_of(o->by, 1.0, ldexp(1.0, ORDER_SAFE_EXP)),
	    b = key_of(o->by, 1.0, ldexp(1.0, -ORDER_SAFE_EXP));
	uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
	const struct radix_item *it = o->it;
	size_t j;

	for (j = 1; j < o->m; j++) {
		uint64_t k0 = it[j - 1].key, k1 = it[j].key;

		if (k1 - k0 > ORDER_NEAR && k0 >= lo && k1 <= hi)
			continue;
		if (!pair_in_order(o, j, by))
			return 0;
	}
	return 1;
}

/* Whether (p, q) over n tokens is the kept pair, bit for bit. */
static int
same_pair(const struct ratio_order *o, const double *p, const double *q, size_t n)
{
	return o->n == n && memcmp(o->pq, p, n * sizeof *p) == 0 &&
	    memcmp(o->pq + n, q, n * sizeof *q) == 0;
}

const struct radix_item *
ratio_order_get(struct ratio_order *o, const double *p, const double *q, size_t n,
    enum ratio_order_by by, size_t *m)
{
	*m = 0;
	if (n == 0)
		return o->it;
	if (!same_pair(o, p, q, n) || (by != o->by && !other_form_holds(o, by)))
		sort_by(o, p, q, n, by);
	*m = o->m;
	return o->it;
}

void
ratio_order_free(struct ratio_order *o)
{
	free(o->it);
	free(o->pq);
	memset(o, 0, sizeof *o);
}
