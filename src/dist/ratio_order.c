/* ratio_order.c: a pair's tokens by ratio, kept and checked (ratio_order.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/ratio_order.h"
#include "util/xalloc.h"

/* A token's key in the form by: the form's order is the keys' rising one. */
static uint64_t
key_of(enum ratio_order_by by, double p, double q)
{
	if (by == RATIO_ORDER_P_OVER_Q)
		return radix_key(dist_ratio(p, q));
	return ~radix_key(p > 0.0 ? q / p : HUGE_VAL);
}

/* Sort the non-zero tokens of (p, q) by the form by. */
static void
sort_by(struct ratio_order *o, const double *p, const double *q, size_t n,
    enum ratio_order_by by)
{
	size_t y, m = 0;

	if (n > o->cap) {
		o->it = xreallocarray(o->it, 2 * n, sizeof *o->it);
		o->cap = n;
	}
	for (y = 0; y < n; y++)
		if (p[y] != 0.0 || q[y] != 0.0)
			o->it[m++] = (struct radix_item){ key_of(by, p[y], q[y]), y };
	radix_sort(o->it, o->it + n, m);
	o->n = n;
	o->m = m;
}

/* Whether the kept order is the stable order of (p, q) in the form by: its
 * tokens non-zero, keys rising, equal keys in token order, and no non-zero
 * token left out. Its keys become by's as far as it read. */
static int
in_order(struct ratio_order *o, const double *p, const double *q, size_t n,
    enum ratio_order_by by)
{
	struct radix_item *it = o->it;
	size_t j, y, nonzero = 0;

	if (o->n != n)
		return 0;
	for (j = 0; j < o->m; j++) {
		double px = p[it[j].i], qx = q[it[j].i];

		if (px == 0.0 && qx == 0.0)
			return 0;
		it[j].key = key_of(by, px, qx);
		if (j > 0 && (it[j - 1].key > it[j].key ||
		    (it[j - 1].key == it[j].key && it[j - 1].i > it[j].i)))
			return 0;
	}
	for (y = 0; y < n; y++)	/* the order holds o->m distinct tokens */
		nonzero += p[y] != 0.0 || q[y] != 0.0;
	return nonzero == o->m;
}

const struct radix_item *
ratio_order_get(struct ratio_order *o, const double *p, const double *q, size_t n,
    enum ratio_order_by by, size_t *m)
{
	*m = 0;
	if (n == 0)
		return o->it;
	if (!in_order(o, p, q, n, by))
		sort_by(o, p, q, n, by);
	*m = o->m;
	return o->it;
}

void
ratio_order_free(struct ratio_order *o)
{
	free(o->it);
	memset(o, 0, sizeof *o);
}
