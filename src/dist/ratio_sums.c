/* ratio_sums.c: pairs of weights sorted by their ratio, for sum min(q, p/rho). */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/dist.h"
#include "dist/ratio_order.h"
#include "dist/ratio_sums.h"
#include "util/xalloc.h"

void
ratio_sums_make(struct ratio_sums *s, const double *p, const double *q, size_t n,
    struct ratio_order *o)
{
	struct ratio_order own = { 0 };
	const struct radix_item *it;
	size_t i, m;

	it = ratio_order_get(o != NULL ? o : &own, p, q, n, RATIO_ORDER_P_OVER_Q, &m);
	s->n = m;
	s->r = xreallocarray(NULL, 3 * m + 2, sizeof *s->r);
	s->p_below = s->r + m;
	s->q_from = s->p_below + m + 1;
	s->p_below[0] = 0.0;
	for (i = 0; i < m; i++) {
		s->r[i] = dist_ratio(p[it[i].i], q[it[i].i]);
		s->p_below[i + 1] = s->p_below[i] + p[it[i].i];
	}
	s->q_from[m] = 0.0;
	for (i = m; i-- > 0;)
		s->q_from[i] = s->q_from[i + 1] + q[it[i].i];
	ratio_order_free(&own);
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
