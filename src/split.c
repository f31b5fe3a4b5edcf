/* split.c: sampling, overlap and residual of floor-plus-sparse distributions. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "rng.h"
#include "split.h"

#define NO_TOKEN ((size_t)-1)
#define OUTSIDE_TRIES 64	/* floor draws before the exact scan takes over */

size_t
split_floor_pick(const struct split_floor *floor, double t)
{
	size_t lo = 0, hi = floor->vocab - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t < floor->cdf[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

double
split_extra(const struct split_dist *d, size_t w)
{
	size_t i = d->nlist > 0 ? d->find(d->where, (uint32_t)w) : SPLIT_NONE;

	return i == SPLIT_NONE ? 0.0 : d->extra[i];
}

size_t
split_sample(const struct split_dist *d, struct rng *rng)
{
	double floor_mass = d->scale * d->floor->sum;
	double u = rng_uniform(rng) * (d->extra_sum + floor_mass), acc = 0.0;
	size_t i, last = NO_TOKEN;

	if (u < d->extra_sum || !(floor_mass > 0.0)) {
		for (i = 0; i < d->nlist; i++) {
			if (d->extra[i] > 0.0) {
				acc += d->extra[i];
				last = d->list[i];
				if (u < acc)
					return last;
			}
		}
		if (last != NO_TOKEN)
			return last;	/* rounding left u past the list's sum */
		return split_floor_pick(d->floor, u / (d->extra_sum + floor_mass) *
		    d->floor->sum);
	}
	return split_floor_pick(d->floor, (u - d->extra_sum) / d->scale);
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

/* Calls visit(token, p there, q there, arg) once for every token with a non-zero
 * extra in p or q, in a fixed order, until visit returns non-zero; returns that
 * token, or NO_TOKEN. */
typedef int (*visit_fn)(size_t w, double pw, double qw, void *arg);

static size_t
each_listed(const struct split_dist *p, const struct split_dist *q, visit_fn visit,
    void *arg)
{
	const double *f = p->floor->w;
	size_t i, w;

	if (same_lists(p, q)) {
		for (i = 0; i < p->nlist; i++) {
			if (p->extra[i] == 0.0 && q->extra[i] == 0.0)
				continue;
			w = p->list[i];
			if (visit(w, p->scale * f[w] + p->extra[i],
			    q->scale * f[w] + q->extra[i], arg))
				return w;
		}
		return NO_TOKEN;
	}
	for (i = 0; i < p->nlist; i++) {
		w = p->list[i];
		if (p->extra[i] != 0.0 &&
		    visit(w, p->scale * f[w] + p->extra[i], split_prob(q, w), arg))
			return w;
	}
	for (i = 0; i < q->nlist; i++) {
		w = q->list[i];
		if (q->extra[i] != 0.0 && split_extra(p, w) == 0.0 &&
		    visit(w, p->scale * f[w], q->scale * f[w] + q->extra[i], arg))
			return w;
	}
	return NO_TOKEN;
}

static double
min2(double x, double y)
{
	return x < y ? x : y;
}

/* The overlap's excess over its floor part, token by token. */
struct overlap_sum {
	const double *f;
	double m;		/* min of the two scales */
	double sum;
};

static int
add_overlap(size_t w, double pw, double qw, void *arg)
{
	struct overlap_sum *o = arg;

	o->sum += min2(pw, qw) - o->m * o->f[w];
	return 0;
}

double
split_overlap(const struct split_dist *p, const struct split_dist *q)
{
	struct overlap_sum o = { p->floor->w, min2(p->scale, q->scale), 0.0 };
	const double *f = p->floor->w;
	double sum;
	size_t i;

	if (same_lists(p, q)) {		/* the common case, inline */
		o.sum = 0.0;
		for (i = 0; i < p->nlist; i++) {
			double fw = f[p->list[i]];

			o.sum += min2(p->scale * fw + p->extra[i], q->scale * fw +
			    q->extra[i]) - o.m * fw;
		}
	} else {
		each_listed(p, q, add_overlap, &o);
	}
	sum = o.m * p->floor->sum + o.sum;
	return sum < 0.0 ? 0.0 : sum > 1.0 ? 1.0 : sum;
}

/* The residual over the listed tokens: its mass, the floor's mass there, the last
 * token with a positive residual, and the running mass to stop past. */
struct walk {
	const double *f;
	double target;
	double mass;
	double floor_mass;
	size_t last;
};

static int
walk_token(size_t w, double pw, double qw, void *arg)
{
	struct walk *wk = arg;
	double r = pw - qw;

	wk->floor_mass += wk->f[w];
	if (!(r > 0.0))
		return 0;
	wk->mass += r;
	wk->last = w;
	return wk->target < wk->mass;
}

/* Walks the listed tokens; returns the one at which the running residual first
 * exceeds target, or NO_TOKEN. */
static size_t
residual_walk(const struct split_dist *p, const struct split_dist *q, double target,
    struct walk *wk)
{
	*wk = (struct walk){ p->floor->w, target, 0.0, 0.0, NO_TOKEN };
	return each_listed(p, q, walk_token, wk);
}

static int
mark_listed(size_t w, double pw, double qw, void *arg)
{
	(void)pw;
	(void)qw;
	((unsigned char *)arg)[w] = 1;
	return 0;
}

/* A token from the floor restricted to the tokens outside both lists: by
 * rejection while it is cheap, else by one exact scan; NO_TOKEN when no floor
 * mass is left outside (or no memory for the scan). */
static size_t
sample_outside(const struct split_dist *p, const struct split_dist *q,
    struct rng *rng)
{
	const struct split_floor *fl = p->floor;
	double total = 0.0, u, acc = 0.0;
	size_t w, last = NO_TOKEN;
	unsigned char *listed;
	int tries;

	for (tries = 0; tries < OUTSIDE_TRIES; tries++) {
		w = split_floor_pick(fl, rng_uniform(rng) * fl->sum);
		if (outside(p, q, w))
			return w;
	}
	if ((listed = calloc(fl->vocab, 1)) == NULL)
		return NO_TOKEN;
	each_listed(p, q, mark_listed, listed);
	for (w = 0; w < fl->vocab; w++)
		total += listed[w] ? 0.0 : fl->w[w];
	u = rng_uniform(rng) * total;
	for (w = 0; w < fl->vocab && last == NO_TOKEN; w++) {
		acc += listed[w] ? 0.0 : fl->w[w];
		if (!listed[w] && u < acc)
			last = w;
	}
	for (w = fl->vocab; last == NO_TOKEN && w-- > 0; )
		if (!listed[w])
			last = w;	/* rounding left u past the end */
	free(listed);
	return last;
}

size_t
split_sample_residual(const struct split_dist *p, const struct split_dist *q,
    struct rng *rng, double *mass)
{
	double excess = p->scale > q->scale ? p->scale - q->scale : 0.0, off, u;
	struct walk wk;
	size_t w;

	residual_walk(p, q, INFINITY, &wk);
	off = excess * (p->floor->sum - wk.floor_mass);
	if (!(off > 0.0))
		off = 0.0;
	*mass = wk.mass + off;
	if (!(*mass > 0.0))
		return split_sample(p, rng);
	u = rng_uniform(rng) * *mass;
	if (u < wk.mass) {
		w = residual_walk(p, q, u, &wk);
		return w != NO_TOKEN ? w : wk.last;
	}
	w = sample_outside(p, q, rng);
	if (w != NO_TOKEN)
		return w;
	return wk.last != NO_TOKEN ? wk.last : split_sample(p, rng);
}

void
split_densify(const struct split_dist *d, double *out)
{
	size_t w;

	for (w = 0; w < d->floor->vocab; w++)
		out[w] = split_prob(d, w);
}
