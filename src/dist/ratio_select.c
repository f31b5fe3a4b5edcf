/* ratio_select.c: sum min(q, p/rho) by ranges, then by partition, for a
 * bisection (ratio_select.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/ratio_select.h"
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

/* The pairs with ratio in [1, top) into s's active ones and its ranges'
 * sums; the sum of p below them into sums[0], of q above into sums[1]; p
 * and q copied to cp and cq (in the one pass that reads them) when cp is
 * not NULL. */
static void
take_pairs(struct ratio_select *s, const double *p, const double *q, size_t n,
    double top, double *sums, double *cp, double *cq)
{
	double *ra = s->r, *pa = s->p, *qa = s->q, *ps = s->ps, *qs = s->qs;
	double below = 0.0, above = 0.0, scale = s->scale;
	uint32_t *at = s->at;
	size_t y, m = 0;

	for (y = 0; y < n; y++) {
		double py = p[y], qy = q[y], r;
		uint32_t b;

		if (cp != NULL) {
			cp[y] = py;
			cq[y] = qy;
		}
		if (py < qy) {	/* exactly when p/q < 1 */
			below += py;
			continue;
		}
		if ((r = dist_ratio(py, qy)) >= top) {
			above += qy;
			continue;
		}
		b = range_of(scale, r);
		ra[m] = r;
		pa[m] = py;
		qa[m] = qy;
		at[m++] = b;
		ps[b] += py;
		qs[b] += qy;
	}
	s->n = m;
	sums[0] = below;
	sums[1] = above;
}

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
	take_pairs(s, p, q, n, top, sums, copy, copy != NULL ? copy + n : NULL);
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
	size_t i, m = 0;

	for (i = 0; i < s->n; i++) {
		s->r[m] = s->r[i];
		s->p[m] = s->p[i];
		s->q[m] = s->q[i];
		m += s->at[i] >= s->lo && s->at[i] < s->hi;
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
	for (i = 0; i < n; i++) {
		double r = ra[i], pi = pa[i], qi = qa[i];
		int in = side < 0 || (r < at) == side, lt = r < rho;

		ra[m] = r;
		pa[m] = pi;
		qa[m] = qi;
		m += in;
		sp += in && lt ? pi : 0.0;
		sq += in && !lt ? qi : 0.0;
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
	double below = 0.0, above = 0.0;
	size_t y;

	for (y = 0; y < n; y++) {
		double py = p[y], qy = q[y];

		if (py < qy)
			below += py;
		else
			above += qy;
	}
	return above + below;
}

void
ratio_select_free(struct ratio_select *s)
{
	free(s->r);
	memset(s, 0, sizeof *s);
}
