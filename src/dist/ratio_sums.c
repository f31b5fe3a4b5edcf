/* ratio_sums.c: pairs of weights sorted by their ratio, for sum min(q, p/rho). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/ratio_sums.h"
#include "util/xalloc.h"

#define SMALL_SET 64		/* sorted by insertion up to this size */

struct ratio_item {
	double r, p, q;
	size_t i;
};

/* By ratio, equal ratios in their given order (a stable sort, whatever
 * qsort is). */
static int
by_ratio(const void *a, const void *b)
{
	const struct ratio_item *x = a, *y = b;

	if (x->r != y->r)
		return x->r < y->r ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

static void
sort_items(struct ratio_item *it, size_t n)
{
	size_t i;

	if (n > SMALL_SET) {
		qsort(it, n, sizeof *it, by_ratio);
		return;
	}
	for (i = 1; i < n; i++) {	/* insertion: no allocation, few moves */
		struct ratio_item x = it[i];
		size_t j = i;

		for (; j > 0 && it[j - 1].r > x.r; j--)
			it[j] = it[j - 1];
		it[j] = x;
	}
}

void
ratio_sums_make(struct ratio_sums *s, const double *p, const double *q, size_t n)
{
	struct ratio_item *it = xreallocarray(NULL, n > 0 ? n : 1, sizeof *it);
	size_t i;

	size_t m = 0;

	for (i = 0; i < n; i++)	/* a pair of zeros adds 0 to every sum: left out */
		if (p[i] != 0.0 || q[i] != 0.0)
			it[m++] = (struct ratio_item){ q[i] > 0.0 ? p[i] / q[i] : HUGE_VAL,
			    p[i], q[i], i };
	n = m;
	s->n = n;
	s->r = xreallocarray(NULL, 3 * n + 2, sizeof *s->r);
	s->p_below = s->r + n;
	s->q_from = s->p_below + n + 1;
	sort_items(it, n);
	s->p_below[0] = 0.0;
	for (i = 0; i < n; i++) {
		s->r[i] = it[i].r;
		s->p_below[i + 1] = s->p_below[i] + it[i].p;
	}
	s->q_from[n] = 0.0;
	for (i = n; i-- > 0;)
		s->q_from[i] = s->q_from[i + 1] + it[i].q;
	free(it);
}

double
ratio_sums_beta(const struct ratio_sums *s, double rho)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {	/* the first ratio >= rho */
		size_t mid = lo + (hi - lo) / 2;

		if (s->r[mid] < rho)
			lo = mid + 1;
		else
			hi = mid;
	}
	return s->q_from[lo] + s->p_below[lo] / rho;
}

void
ratio_sums_free(struct ratio_sums *s)
{
	free(s->r);
	s->r = NULL;
	s->n = 0;
}
