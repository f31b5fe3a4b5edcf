/* split_ratio.c: the ratio order of a split pair, for the probability integral
 * transform (pdist_ratio_cdf). */
#include "config.h"

#include "dist/dist.h"
#include "dist/split.h"

/* Sums over the tokens on either list that come before (r, x): of p at their
 * own ratio, and of p's floor at their floor ratio (what the floors' sum over
 * every token counted for them, to be taken back). */
struct before {
	const struct split_dist *p, *q;
	double r;
	size_t x;
	double own;
	double floor;
};

static int
precedes(double key, size_t y, double r, size_t x)
{
	return key < r || (key == r && y < x);
}

static void
add_listed(struct before *b, size_t y, double pe, double qe)
{
	const struct split_dist *p = b->p, *q = b->q;
	double fp = p->floor->w[y];
	double py = p->scale * fp + pe, qy = q->scale * q->floor->w[y] + qe;

	if (precedes(dist_ratio(py, qy), y, b->r, b->x))
		b->own += py;
	if (precedes(split_floors_ratio(p->floor, p->scale, q->floor, q->scale, y), y,
	    b->r, b->x))
		b->floor += fp;
}

static int
on_list(const struct split_dist *d, size_t w)
{
	return d->nlist > 0 && d->find(d->where, (uint32_t)w) != SPLIT_NONE;
}

/* add_listed over one list that p and q share on one floor, where the floor
 * ratio is the same at every token (a / b): the same sums, in the same order,
 * without a call a token. */
static void
walk_one_floor(struct before *b)
{
	const struct split_dist *p = b->p, *q = b->q;
	const double *w = p->floor->w;
	double fr = split_floors_ratio(p->floor, p->scale, q->floor, q->scale, 0);
	int all = fr < b->r, tied = fr == b->r;
	size_t i;

	for (i = 0; i < p->nlist; i++) {
		size_t y = p->list[i];
		double fp = w[y], py = p->scale * fp + p->extra[i];
		double qy = q->scale * fp + q->extra[i];

		if (precedes(dist_ratio(py, qy), y, b->r, b->x))
			b->own += py;
		if (all || (tied && y < b->x))
			b->floor += fp;
	}
}

/* Every token on either list once: p's, then q's that p does not hold. */
static void
walk_lists(struct before *b)
{
	const struct split_dist *p = b->p, *q = b->q;
	int same = p->list == q->list && p->nlist == q->nlist;
	size_t i;

	if (same && p->floor == q->floor) {
		walk_one_floor(b);
		return;
	}
	for (i = 0; i < p->nlist; i++)
		add_listed(b, p->list[i], p->extra[i],
		    same ? q->extra[i] : split_extra(q, p->list[i]));
	for (i = 0; !same && i < q->nlist; i++)
		if (!on_list(p, q->list[i]))
			add_listed(b, q->list[i], 0.0, q->extra[i]);
}

double
split_ratio_cdf(const struct split_dist *p, const struct split_dist *q, size_t x)
{
	struct before b = { p, q, 0.0, x, 0.0, 0.0 };
	double cdf;

	if (on_list(p, x) || on_list(q, x))
		b.r = dist_ratio(split_prob(p, x), split_prob(q, x));
	else
		b.r = split_floors_ratio(p->floor, p->scale, q->floor, q->scale, x);
	walk_lists(&b);
	cdf = b.own + p->scale * (split_floors_before(p->floor, p->scale, q->floor,
	    q->scale, b.r, x) - b.floor);
	return cdf < 0.0 ? 0.0 : cdf > 1.0 ? 1.0 : cdf;
}
