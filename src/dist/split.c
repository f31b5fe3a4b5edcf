/* split.c: sampling, overlap and scaled residual of floor-plus-sparse distributions. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "util/rng.h"
#include "dist/split.h"
#include "util/xalloc.h"

#define OUTSIDE_TRIES 64	/* floor draws before the exact scan takes over */

double
split_extra(const struct split_dist *d, size_t w)
{
	size_t i = d->nlist > 0 ? d->find(d->where, (uint32_t)w) : SPLIT_NONE;

	return i == SPLIT_NONE ? 0.0 : d->extra[i];
}

/* Off the list P(w) = scale floor(w) falls short of scale floor(top) by a
 * relative 1e-12 (top alone), more than rounding can close, so the answer is the
 * top or on the list. (When scale floor(top) is so small that it is subnormal,
 * the list holds nearly all the mass and its largest entry wins by far.) */
size_t
split_argmax(const struct split_dist *d)
{
	size_t best = d->floor->top.token, i;
	double top = split_prob(d, best);

	if (!d->floor->top.alone || (d->signed_extra && split_extra(d, best) < 0.0))
		return SPLIT_NONE;
	if (!(top > 0.0))
		top = -1.0;
	for (i = 0; i < d->nlist; i++) {
		size_t w = d->list[i];
		double pw = d->scale * d->floor->w[w] + d->extra[i];

		if (pw > 0.0 && (pw > top || (pw == top && w < best))) {
			top = pw;
			best = w;
		}
	}
	return best;
}

/* The listed token at which the running sum of the positive extras first
 * exceeds u; else the last positive one (rounding), or SPLIT_NONE. */
static size_t
list_pick(const struct split_dist *d, double u)
{
	double acc = 0.0;
	size_t i, last = SPLIT_NONE;

	for (i = 0; i < d->nlist; i++)
		if (d->extra[i] > 0.0) {
			acc += d->extra[i];
			last = d->list[i];
			if (u < acc)
				break;
		}
	return last;
}

/* split_sample for signed extras, by rejection from the floor plus the positive
 * extras (which weigh every token at least its P): expected draws 1 plus the
 * negative extras' mass. */
static size_t
sample_signed(const struct split_dist *d, struct rng *rng)
{
	double floor_mass = d->scale * d->floor->sum, pos = 0.0, u, e;
	size_t i, w;

	for (i = 0; i < d->nlist; i++)
		if (d->extra[i] > 0.0)
			pos += d->extra[i];
	for (;;) {
		u = rng_uniform(rng) * (pos + floor_mass);
		if (u < pos || !(floor_mass > 0.0)) {
			if ((w = list_pick(d, u)) != SPLIT_NONE)
				return w;
			continue;
		}
		w = split_floor_pick(d->floor, (u - pos) / d->scale);
		if ((e = split_extra(d, w)) >= 0.0)
			return w;
		if (rng_uniform(rng) * d->scale * d->floor->w[w] <
		    d->scale * d->floor->w[w] + e)
			return w;
	}
}

size_t
split_sample(const struct split_dist *d, struct rng *rng)
{
	double floor_mass = d->scale * d->floor->sum;
	double u;
	size_t w;

	if (d->signed_extra)
		return sample_signed(d, rng);
	u = rng_uniform(rng) * (d->extra_sum + floor_mass);
	if (u < d->extra_sum || !(floor_mass > 0.0)) {
		if ((w = list_pick(d, u)) != SPLIT_NONE)
			return w;	/* (or rounding left u past the list's sum) */
		return split_floor_pick(d->floor, u / (d->extra_sum + floor_mass) *
		    d->floor->sum);
	}
	return split_floor_pick(d->floor, (u - d->extra_sum) / d->scale);
}

int
split_pair(const struct split_dist *p, const struct split_dist *q)
{
	return split_floors_pair(p->floor, q->floor);
}

static int
same_lists(const struct split_dist *p, const struct split_dist *q)
{
	return p->list == q->list && p->nlist == q->nlist;
}

/* Whether w is off both distributions' non-zero extras: there p and q are their
 * scaled floors and nothing else. */
static int
outside(const struct split_dist *p, const struct split_dist *q, size_t w)
{
	size_t i;

	if (same_lists(p, q)) {
		i = p->nlist > 0 ? p->find(p->where, (uint32_t)w) : SPLIT_NONE;
		return i == SPLIT_NONE || (p->extra[i] == 0.0 && q->extra[i] == 0.0);
	}
	return split_extra(p, w) == 0.0 && split_extra(q, w) == 0.0;
}

/* A pair with p weighed by a: a p and q are what the residual compares. */
struct pair {
	const struct split_dist *p, *q;
	double a;
	double ap;		/* a * p->scale */
};

static struct pair
pair_of(const struct split_dist *p, const struct split_dist *q, double a)
{
	return (struct pair){ p, q, a, a * p->scale };
}

/* A token's values under a pair: a p and q there, and their floor parts. */
struct at {
	size_t w;
	double p, q;		/* a p(w), q(w) */
	double fp, fq;		/* a p->scale * p's floor(w), q->scale * q's floor(w) */
};

typedef int (*visit_fn)(const struct at *t, void *arg);

static inline int
visit_token(const struct pair *pr, size_t w, double pe, double qe, visit_fn visit,
    void *arg)
{
	struct at t;

	t.w = w;
	t.fp = pr->ap * pr->p->floor->w[w];
	t.fq = pr->q->scale * pr->q->floor->w[w];
	t.p = t.fp + pr->a * pe;
	t.q = t.fq + qe;
	return visit(&t, arg);
}

/* Calls visit once for every token with a non-zero extra in p or q, in a fixed
 * order, until it returns non-zero; returns that token, or SPLIT_NONE. */
static size_t
each_listed(const struct pair *pr, visit_fn visit, void *arg)
{
	const struct split_dist *p = pr->p, *q = pr->q;
	int same = same_lists(p, q);
	size_t i, w;

	for (i = 0; i < p->nlist; i++) {
		double qe = same ? q->extra[i] : 0.0;

		w = p->list[i];
		if (p->extra[i] == 0.0 && qe == 0.0)
			continue;
		if (!same)
			qe = split_extra(q, w);
		if (visit_token(pr, w, p->extra[i], qe, visit, arg))
			return w;
	}
	for (i = 0; !same && i < q->nlist; i++) {
		w = q->list[i];
		if (q->extra[i] != 0.0 && split_extra(p, w) == 0.0 &&
		    visit_token(pr, w, 0.0, q->extra[i], visit, arg))
			return w;
	}
	return SPLIT_NONE;
}

static double
min2(double x, double y)
{
	return x < y ? x : y;
}

static int
add_overlap(const struct at *t, void *arg)
{
	*(double *)arg += min2(t->p, t->q) - min2(t->fp, t->fq);
	return 0;
}

double
split_overlap(const struct split_dist *p, const struct split_dist *q)
{
	struct pair pr = pair_of(p, q, 1.0);
	double sum, fix = 0.0;
	const double *fp, *fq;
	size_t i;

	if (p->floor->base != NULL && q->floor->base == NULL)
		return split_overlap(q, p);	/* symmetric: the plain floor first */
	sum = split_floors_min(p->floor, p->scale, q->floor, q->scale);
	fp = p->floor->w;
	fq = q->floor->w;

	if (same_lists(p, q)) {		/* the common case, inline */
		for (i = 0; i < p->nlist; i++) {
			double a = p->scale * fp[p->list[i]], b = q->scale * fq[p->list[i]];

			fix += min2(a + p->extra[i], b + q->extra[i]) - min2(a, b);
		}
	} else {
		each_listed(&pr, add_overlap, &fix);
	}
	sum += fix;
	return sum < 0.0 ? 0.0 : sum > 1.0 ? 1.0 : sum;
}

/* The residual over the listed tokens: its mass, the floors' own excess there,
 * the last token with a positive residual, and the running mass to stop past. */
struct walk {
	double target;
	double mass;
	double floor_excess;
	size_t last;
};

static int
walk_token(const struct at *t, void *arg)
{
	struct walk *wk = arg;
	double r = t->p - t->q;

	if (t->fp > t->fq)
		wk->floor_excess += t->fp - t->fq;
	if (!(r > 0.0))
		return 0;
	wk->mass += r;
	wk->last = t->w;
	return wk->target < wk->mass;
}

/* Walks the listed tokens; returns the one at which the running residual first
 * exceeds target, or SPLIT_NONE. */
static size_t
residual_walk(const struct pair *pr, double target, struct walk *wk)
{
	*wk = (struct walk){ target, 0.0, 0.0, SPLIT_NONE };
	return each_listed(pr, walk_token, wk);
}

static int
mark_listed(const struct at *t, void *arg)
{
	((unsigned char *)arg)[t->w] = 1;
	return 0;
}

/* The floors' excess max(0, a fp(w) - b fq(w)) at token w. */
static double
floor_excess_at(const struct pair *pr, size_t w)
{
	double e = pr->ap * pr->p->floor->w[w] - pr->q->scale * pr->q->floor->w[w];

	return e > 0.0 ? e : 0.0;
}

/* A token from the floors' excess restricted to the tokens outside both lists:
 * by rejection while it is cheap, else by one exact scan; SPLIT_NONE when nothing
 * is left outside. */
static size_t
sample_outside(const struct pair *pr, struct rng *rng, double excess)
{
	const struct split_dist *p = pr->p, *q = pr->q;
	double total = 0.0, u, acc = 0.0;
	size_t w, last = SPLIT_NONE, n = p->floor->vocab;
	unsigned char *listed;
	int tries;

	for (tries = 0; tries < OUTSIDE_TRIES; tries++) {
		w = split_floors_excess_pick(p->floor, pr->ap, q->floor, q->scale,
		    rng_uniform(rng) * excess);
		if (outside(p, q, w) && floor_excess_at(pr, w) > 0.0)
			return w;
	}
	listed = xcalloc(n, 1);
	each_listed(pr, mark_listed, listed);
	for (w = 0; w < n; w++)
		total += listed[w] ? 0.0 : floor_excess_at(pr, w);
	u = rng_uniform(rng) * total;
	for (w = 0; w < n && last == SPLIT_NONE; w++) {
		double e = listed[w] ? 0.0 : floor_excess_at(pr, w);

		acc += e;
		if (e > 0.0 && u < acc)
			last = w;
	}
	for (w = n; last == SPLIT_NONE && w-- > 0; )
		if (!listed[w] && floor_excess_at(pr, w) > 0.0)
			last = w;	/* rounding left u past the end */
	free(listed);
	return last;
}

/* The residual's mass: the listed tokens' (walked into wk) plus the floors'
 * outside the lists; *excess gets the floors' excess over every token. */
static double
residual_mass(const struct pair *pr, struct walk *wk, double *excess)
{
	double off;

	*excess = split_floors_excess(pr->p->floor, pr->ap, pr->q->floor,
	    pr->q->scale);
	residual_walk(pr, INFINITY, wk);
	off = *excess - wk->floor_excess;
	return wk->mass + (off > 0.0 ? off : 0.0);
}

double
split_residual_mass(const struct split_dist *p, const struct split_dist *q, double a)
{
	struct pair pr = pair_of(p, q, a);
	struct walk wk;
	double excess;

	return residual_mass(&pr, &wk, &excess);
}

size_t
split_sample_residual(const struct split_dist *p, const struct split_dist *q,
    double a, struct rng *rng, double *mass)
{
	struct pair pr = pair_of(p, q, a);
	double excess, u;
	struct walk wk;
	size_t w;

	*mass = residual_mass(&pr, &wk, &excess);
	if (!(*mass > 0.0))
		return split_sample(p, rng);
	u = rng_uniform(rng) * *mass;
	if (u < wk.mass) {
		w = residual_walk(&pr, u, &wk);
		return w != SPLIT_NONE ? w : wk.last;
	}
	w = excess > 0.0 ? sample_outside(&pr, rng, excess) : SPLIT_NONE;
	if (w != SPLIT_NONE)
		return w;
	return wk.last != SPLIT_NONE ? wk.last : split_sample(p, rng);
}

/* split_prob at every token: the scaled floor, then the list's tokens (a pass,
 * where a lookup a token cost a binary search each). */
void
split_densify(const struct split_dist *d, double *out)
{
	const double *fw = d->floor->w;
	size_t w, i;

	for (w = 0; w < d->floor->vocab; w++)
		out[w] = d->scale * fw[w];
	for (i = 0; i < d->nlist; i++)
		out[d->list[i]] = d->scale * fw[d->list[i]] + d->extra[i];
}
