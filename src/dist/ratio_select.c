/* ratio_select.c: sum min(q, p/rho) by ranges, then by partition, for a
 * bisection (ratio_select.h); the pass that takes the pairs runs on vector
 * lanes (ratio_select_body.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/ratio_select.h"
#include "util/simd.h"
#include "util/xalloc.h"

#define END_SLACK 1e-6	/* rho's place among the ranges this near an end: the end */

static void
make_room(struct ratio_select *s, size_t n)
{
	if (n <= s->cap)
		return;
	s->r = xreallocarray(s->r, 4 * n, sizeof *s->r);
	s->p = s->r + n;
	s->q = s->p + n;
	s->at = (uint32_t *)(s->q + n);
	s->cap = n;
}

/* The range of an active ratio r, in [1, top), scale as in the struct. */
static uint32_t
range_of(double scale, double r)
{
	double x = (r - 1.0) * scale;

	return x < RATIO_SELECT_RANGES - 1 ? (uint32_t)x : RATIO_SELECT_RANGES - 1;
}

#define KERN_BODY "dist/ratio_select_body.h"
#include "util/simd_kern.h"

/* The active pairs are those with ratio in [1, top); the sums at rho = 1
 * (every active pair at or above it) come with them. */
void
ratio_select_make(struct ratio_select *s, const double *p, const double *q,
    size_t n, double top, double *copy)
{
	double sums[2];
	size_t b;

	make_room(s, n);
	memset(s->ps, 0, sizeof s->ps);
	memset(s->qs, 0, sizeof s->qs);
	s->scale = top > 1.0 ? RATIO_SELECT_RANGES / (top - 1.0) : 0.0;
	DISPATCH(take_pairs, (s, p, q, n, top, sums, copy, copy != NULL ? copy + n : NULL));
	s->below = sums[0];
	s->above = sums[1];
	s->ranged = 1;
	s->lo = 0;
	s->hi = s->end = RATIO_SELECT_RANGES;
	s->keep = -1;
	s->rho = 1.0;
	s->sp = 0.0;
	s->sq = 0.0;
	for (b = 0; b < RATIO_SELECT_RANGES; b++)
		s->sq += s->qs[b];
}

/* rho as a range's end still apart (lo to hi), or 0 when it is not one. */
static size_t
end_of(const struct ratio_select *s, double rho)
{
	double x = (rho - 1.0) * s->scale, e = floor(x + 0.5);

	if (fabs(x - e) > END_SLACK || e <= (double)s->lo || e >= (double)s->hi)
		return 0;
	return (size_t)e;
}

/* The active pairs of the ranges left, moved up: from now on, by pairs. */
static void
gather(struct ratio_select *s)
{
	size_t i, m = 0, width = s->hi - s->lo;

	for (i = 0; i < s->n; i++) {	/* one unsigned test: no branch */
		s->r[m] = s->r[i];
		s->p[m] = s->p[i];
		s->q[m] = s->q[i];
		m += (size_t)s->at[i] - s->lo < width;
	}
	s->n = m;
	s->ranged = 0;
	s->keep = -1;
}

static double
ranged_beta(struct ratio_select *s, double rho, size_t end)
{
	size_t b;

	s->sp = s->sq = 0.0;
	for (b = s->lo; b < end; b++)
		s->sp += s->ps[b];
	for (b = end; b < s->hi; b++)
		s->sq += s->qs[b];
	s->rho = rho;
	s->end = end;
	return (s->above + s->sq) + (s->below + s->sp) / rho;
}

/* One pass: the pairs on the kept side moved up, their sums at rho taken. */
double
ratio_select_beta(struct ratio_select *s, double rho)
{
	double sp = 0.0, sq = 0.0, at = s->rho, *ra, *pa, *qa;
	size_t i, n, m = 0, end;
	int side = s->keep;

	if (side < 0 && rho == at)
		return (s->above + s->sq) + (s->below + s->sp) / rho;
	if (s->ranged && (end = end_of(s, rho)) != 0)
		return ranged_beta(s, rho, end);
	if (s->ranged)
		gather(s);
	side = s->keep;
	n = s->n;
	ra = s->r;
	pa = s->p;
	qa = s->q;
	for (i = 0; i < n; i++) {	/* masks, not branches: p and q times 0 or 1 */
		double r = ra[i], pi = pa[i], qi = qa[i];
		int in = (side < 0) | ((r < at) == side), lt = r < rho;

		ra[m] = r;
		pa[m] = pi;
		qa[m] = qi;
		m += (size_t)in;
		sp += pi * (double)(in & lt);
		sq += qi * (double)(in & !lt);
	}
	s->n = m;
	s->keep = -1;
	s->rho = rho;
	s->sp = sp;
	s->sq = sq;
	return (s->above + sq) + (s->below + sp) / rho;
}

void
ratio_select_keep(struct ratio_select *s, int below)
{
	if (below)
		s->above += s->sq;
	else
		s->below += s->sp;
	if (!s->ranged) {
		s->keep = below != 0;
		return;
	}
	if (below)
		s->hi = s->end;
	else
		s->lo = s->end;
	s->rho = -1.0;	/* no pass to skip */
}

double
ratio_select_beta1(const double *p, const double *q, size_t n)
{
	return DISPATCH(beta1, (p, q, n));
}

void
ratio_select_free(struct ratio_select *s)
{
	free(s->r);
	memset(s, 0, sizeof *s);
}
