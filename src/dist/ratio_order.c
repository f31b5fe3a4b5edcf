/* ratio_order.c: a pair's tokens by ratio, kept for the pair (ratio_order.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/ratio_order.h"
#include "util/xalloc.h"

/* Token y's key in the form by: the form's order is the keys' rising one. */
static uint64_t
key_of(enum ratio_order_by by, double p, double q)
{
	if (by == RATIO_ORDER_P_OVER_Q)
		return radix_key(dist_ratio(p, q));
	return ~radix_key(p > 0.0 ? q / p : HUGE_VAL);
}

/* Keep (p, q) as o's pair, with no order yet. */
static void
keep_pair(struct ratio_order *o, const double *p, const double *q, size_t n)
{
	if (n > o->cap) {
		o->pq = xreallocarray(o->pq, 2 * n, sizeof *o->pq);
		o->it = xreallocarray(o->it, 2 * n, sizeof *o->it);
		o->cap = n;
	}
	memcpy(o->pq, p, n * sizeof *p);
	memcpy(o->pq + n, q, n * sizeof *q);
	o->n = n;
	memset(o->valid, 0, sizeof o->valid);
}

static int
holds(const struct ratio_order *o, const double *p, const double *q, size_t n)
{
	return o->n == n && n > 0 && memcmp(o->pq, p, n * sizeof *p) == 0 &&
	    memcmp(o->pq + n, q, n * sizeof *q) == 0;
}

/* Sort the tokens by the form by. */
static void
sort_by(struct ratio_order *o, const double *p, const double *q, enum ratio_order_by by)
{
	size_t y, m = 0;

	for (y = 0; y < o->n; y++)
		if (p[y] != 0.0 || q[y] != 0.0)
			o->it[m++] = (struct radix_item){ key_of(by, p[y], q[y]), y };
	radix_sort(o->it, o->it + o->n, m);
	o->m = m;
}

/* Whether the kept order is also the stable order of the form by: keys
 * rising, equal keys in token order. The keys become by's. */
static int
in_order(struct ratio_order *o, const double *p, const double *q, enum ratio_order_by by)
{
	struct radix_item *it = o->it;
	size_t j;

	for (j = 0; j < o->m; j++)
		it[j].key = key_of(by, p[it[j].i], q[it[j].i]);
	for (j = 1; j < o->m; j++)
		if (it[j - 1].key > it[j].key ||
		    (it[j - 1].key == it[j].key && it[j - 1].i > it[j].i))
			return 0;
	return 1;
}

const struct radix_item *
ratio_order_get(struct ratio_order *o, const double *p, const double *q, size_t n,
    enum ratio_order_by by, size_t *m)
{
	int f, other = 0;

	*m = 0;
	if (n == 0)
		return o->it;
	if (!holds(o, p, q, n))
		keep_pair(o, p, q, n);
	if (o->valid[by]) {
		*m = o->m;
		return o->it;
	}
	for (f = 0; f < RATIO_ORDER_FORMS; f++)
		other |= o->valid[f];
	if (!other || !in_order(o, p, q, by)) {
		sort_by(o, p, q, by);
		memset(o->valid, 0, sizeof o->valid);
	}
	o->valid[by] = 1;
	*m = o->m;
	return o->it;
}

void
ratio_order_free(struct ratio_order *o)
{
	free(o->pq);
	free(o->it);
	memset(o, 0, sizeof *o);
}
