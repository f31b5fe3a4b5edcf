/* pdist.c: the distribution handle's operations, by form, with a generic path
 * for pairs of forms that have no fast one. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/pdist.h"
#include "util/simd.h"
#include "util/rng.h"
#include "dist/sparse.h"
#include "dist/split.h"
#include "util/xalloc.h"

struct pdist
pdist_split(const struct split_dist *s)
{
	struct pdist d = { PDIST_SPLIT, s->floor->vocab, { .split = s }, 0, NULL, NULL };

	return d;
}

struct pdist
pdist_sparse_named(const struct sparse_dist *s, uint64_t name)
{
	struct pdist d = { PDIST_SPARSE, s->vocab, { .sparse = s }, name, NULL, NULL };

	return d;
}

int
pdist_sparse_same(const struct sparse_dist *a, const struct sparse_dist *b)
{
	return a->w == b->w && a->n == b->n;
}

double
pdist_prob_other(const struct pdist *p, size_t x)
{
	if (p->form == PDIST_SPLIT)
		return split_prob(p->u.split, x);
	return sparse_prob(p->u.sparse, x);
}

size_t
pdist_sample(const struct pdist *p, struct rng *rng)
{
	if (p->form == PDIST_SPLIT)
		return split_sample(p->u.split, rng);
	if (p->form == PDIST_SPARSE)
		return rng_categorical_sparse(rng, p->u.sparse->id, p->u.sparse->w,
		    p->u.sparse->n, p->vocab, 1.0);
	if (p->cum != NULL)
		return rng_categorical_cum(rng, p->cum, p->u.dense, p->vocab);
	if (p->blocks != NULL) {
		if (!p->blocks->filled)
			rng_blocks_fill(p->blocks, p->u.dense, p->vocab);
		return rng_categorical_blocks(rng, p->u.dense, p->vocab, p->blocks, 1.0);
	}
	return rng_categorical(rng, p->u.dense, p->vocab, 1.0);
}

size_t
pdist_argmax(const struct pdist *p)
{
	struct pdist_iter it;
	size_t best = p->form == PDIST_SPLIT ? split_argmax(p->u.split) : SPLIT_NONE;
	double top = -1.0;

	if (best != SPLIT_NONE)
		return best;
	if (p->form == PDIST_SPARSE)
		return sparse_argmax(p->u.sparse);
	best = 0;
	pdist_iter_start(&it, p);
	while (pdist_iter_next(&it))
		if (it.prob > top) {
			top = it.prob;
			best = it.token;
		}
	return best;
}

void
pdist_densify(const struct pdist *p, double *out)
{
	size_t k;

	if (p->form == PDIST_SPLIT)
		split_densify(p->u.split, out);
	else if (p->form == PDIST_SPARSE) {
		memset(out, 0, p->vocab * sizeof *out);
		for (k = 0; k < p->u.sparse->n; k++)
			out[p->u.sparse->id[k]] = p->u.sparse->w[k];
	} else
		memcpy(out, p->u.dense, p->vocab * sizeof *out);
}

static int
both_dense(const struct pdist *p, const struct pdist *q)
{
	return p->form == PDIST_DENSE && q->form == PDIST_DENSE;
}

static int
both_sparse(const struct pdist *p, const struct pdist *q)
{
	return p->form == PDIST_SPARSE && q->form == PDIST_SPARSE;
}

/* A split pair with p on the plain floor (the fast paths' condition). */
static int
split_pair_of(const struct pdist *p, const struct pdist *q)
{
	return p->form == PDIST_SPLIT && q->form == PDIST_SPLIT &&
	    split_pair(p->u.split, q->u.split);
}

double
pdist_overlap(const struct pdist *p, const struct pdist *q)
{
	double sum = 0.0;
	size_t x;

	if (both_dense(p, q))
		return dist_overlap(p->u.dense, q->u.dense, p->vocab);
	if (both_sparse(p, q))
		return sparse_overlap(p->u.sparse, q->u.sparse);
	if (split_pair_of(p, q) || split_pair_of(q, p))
		return split_overlap(p->u.split, q->u.split);
	for (x = 0; x < p->vocab; x++) {
		double a = pdist_prob(p, x), b = pdist_prob(q, x);

		sum += a < b ? a : b;
	}
	return sum < 0.0 ? 0.0 : sum > 1.0 ? 1.0 : sum;
}

/* max(0, a p(x) - q(x)) */
static double
excess_at(const struct pdist *p, const struct pdist *q, double a, size_t x)
{
	double d = a * pdist_prob(p, x) - pdist_prob(q, x);

	return d > 0.0 ? d : 0.0;
}

double
pdist_residual_mass(const struct pdist *p, const struct pdist *q, double a)
{
	double mass = 0.0;
	size_t x;

	if (both_dense(p, q))
		return dist_residual_mass(p->u.dense, a, q->u.dense, p->vocab);
	if (both_sparse(p, q))
		return sparse_excess(p->u.sparse, a, q->u.sparse, NULL);
	if (split_pair_of(p, q))
		return split_residual_mass(p->u.split, q->u.split, a);
	for (x = 0; x < p->vocab; x++)
		mass += excess_at(p, q, a, x);
	return mass;
}

size_t
pdist_sample_residual(const struct pdist *p, const struct pdist *q, double a,
    struct rng *rng, double *scratch, double *mass)
{
	size_t x, n = p->vocab;

	if (split_pair_of(p, q))
		return split_sample_residual(p->u.split, q->u.split, a, rng, mass);
	if (both_sparse(p, q)) {	/* the residual on p's entries, in scratch */
		const struct sparse_dist *sp = p->u.sparse;

		*mass = sparse_excess(sp, a, q->u.sparse, scratch);
		if (*mass > 0.0)
			return rng_categorical_sparse(rng, sp->id, scratch, sp->n, n, *mass);
		return pdist_sample(p, rng);
	}
	if (both_dense(p, q)) {
		const double *ap = p->u.dense;

		if (a != 1.0) {		/* a p first, then the residual in place */
			for (x = 0; x < n; x++)
				scratch[x] = a * ap[x];
			ap = scratch;
		}
		*mass = dist_residual(ap, q->u.dense, scratch, n);
	} else {
		*mass = 0.0;
		for (x = 0; x < n; x++)
			*mass += scratch[x] = excess_at(p, q, a, x);
	}
	if (*mass > 0.0)
		return rng_categorical(rng, scratch, n, *mass);
	return pdist_sample(p, rng);
}

#define KERN_BODY "dist/pdist_body.h"
#include "util/simd_kern.h"

#define RATIO_SMALL_MAX PDIST_RATIO_SMALL_MAX

/* The double just below r, for r >= 0 or +infinity (nextafter towards -inf). */
static double
just_below(double r)
{
	uint64_t bits;

	if (r == 0.0)
		return -0x1p-1074;
	memcpy(&bits, &r, sizeof bits);
	bits--;
	memcpy(&r, &bits, sizeof r);
	return r;
}

/* xs[0..m-1] in ascending order into sorted (m is at most PDIST_MANY_MAX). */
static void
sort_tokens(const size_t *xs, int m, size_t *sorted)
{
	int i, j;

	for (i = 0; i < m; i++) {
		for (j = i; j > 0 && sorted[j - 1] > xs[i]; j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = xs[i];
	}
}

/* The ratio CDFs' end, after the four-token blocks: out[j] += p[y] for the last
 * n % 4 tokens y before xs[j], one at a time in order, then capped at 1. */
static inline void
ratio_tail(const double *p, const double *q, size_t n, const size_t *xs, int m,
    const double *r, double *out)
{
	size_t y;
	int j;

	for (y = n - n % 4; y < n; y++) {
		double key = dist_ratio(p[y], q[y]);

		for (j = 0; j < m; j++)
			if (key < r[j] || (key == r[j] && y < xs[j]))
				out[j] += p[y];
	}
	for (j = 0; j < m; j++)
		out[j] = out[j] < 1.0 ? out[j] : 1.0;
}

/* The ratio CDF of m tokens xs[0..m-1] on two dense vectors in one pass over the
 * vocabulary, four tokens a lane (pdist_body.h): the same ratios and order as
 * the generic path below (cross-multiplying instead of dividing would break
 * exact ties by rounding, and the order must be total), so the same value up to
 * the rounding of a sum in another order. A token's ratio is computed once
 * whatever m; each tested token then costs a comparison and an addition per
 * four tokens of the vocabulary. */
static void
dense_ratio_cdf_many(const double *p, const double *q, size_t n, const size_t *xs,
    int m, double *out)
{
	double r[PDIST_MANY_MAX], below[PDIST_MANY_MAX];
	size_t sorted[PDIST_MANY_MAX];
	int j;

	for (j = 0; j < m; j++) {
		r[j] = dist_ratio(p[xs[j]], q[xs[j]]);
		below[j] = just_below(r[j]);
	}
	if (n <= RATIO_SMALL_MAX && m <= RATIO_GROUP) {
		DISPATCH(ratio_small, (p, q, n, xs, m, r, below, out));
	} else {
		sort_tokens(xs, m, sorted);
		DISPATCH(ratio_before, (p, q, n, xs, sorted, m, r, below, out));
	}
	ratio_tail(p, q, n, xs, m, r, out);
}

static double
dense_ratio_cdf(const double *p, const double *q, size_t n, size_t x)
{
	double cdf;

	dense_ratio_cdf_many(p, q, n, &x, 1, &cdf);
	return cdf;
}

double
pdist_overlap_ratio_cdf(const struct pdist *p, const struct pdist *q, size_t x,
    double *cdf)
{
	const double *pd = p->u.dense, *qd = q->u.dense;
	size_t i, n = p->vocab;
	double r = dist_ratio(pd[x], qd[x]), rest = 0.0, sum;

	sum = DISPATCH(overlap_ratio, (pd, qd, n, x, r, just_below(r), cdf));
	for (i = n - n % 4; i < n; i++)	/* dist_body.h's overlap, its tail */
		rest += pd[i] < qd[i] ? pd[i] : qd[i];
	sum += rest;
	ratio_tail(pd, qd, n, &x, 1, &r, cdf);
	return sum < 1.0 ? sum : 1.0;	/* dist_overlap's cap */
}

void
pdist_ratio_cdf_many(const struct pdist *p, const struct pdist *q, const size_t *xs,
    int m, double *out)
{
	int j;

	if (both_dense(p, q) && m <= PDIST_MANY_MAX) {
		dense_ratio_cdf_many(p->u.dense, q->u.dense, p->vocab, xs, m, out);
		return;
	}
	if (both_sparse(p, q)) {
		sparse_ratio_cdf_many(p->u.sparse, q->u.sparse, xs, m, out);
		return;
	}
	for (j = 0; j < m; j++)
		out[j] = pdist_ratio_cdf(p, q, xs[j]);
}

double
pdist_ratio_cdf(const struct pdist *p, const struct pdist *q, size_t x)
{
	double r, cdf = 0.0;
	size_t y;

	if (split_pair_of(p, q))
		return split_ratio_cdf(p->u.split, q->u.split, x);
	if (both_dense(p, q))
		return dense_ratio_cdf(p->u.dense, q->u.dense, p->vocab, x);
	if (both_sparse(p, q)) {
		sparse_ratio_cdf_many(p->u.sparse, q->u.sparse, &x, 1, &cdf);
		return cdf;
	}
	r = dist_ratio(pdist_prob(p, x), pdist_prob(q, x));
	for (y = 0; y < p->vocab; y++) {
		double py = pdist_prob(p, y), key = dist_ratio(py, pdist_prob(q, y));

		if (key < r || (key == r && y < x))
			cdf += py;
	}
	return cdf < 1.0 ? cdf : 1.0;
}

void
pdist_iter_start(struct pdist_iter *it, const struct pdist *p)
{
	it->p = p;
	it->next = 0;
}

/* The next entry of a sparse list with p(x) > 0 (it->next counts entries). */
static int
sparse_iter_next(struct pdist_iter *it)
{
	const struct sparse_dist *d = it->p->u.sparse;

	while (it->next < d->n) {
		size_t k = it->next++;

		if (d->w[k] > 0.0) {
			it->token = d->id[k];
			it->prob = d->w[k];
			return 1;
		}
	}
	return 0;
}

int
pdist_iter_next(struct pdist_iter *it)
{
	if (it->p->form == PDIST_SPARSE)
		return sparse_iter_next(it);
	while (it->next < it->p->vocab) {
		size_t x = it->next++;
		double px = pdist_prob(it->p, x);

		if (px > 0.0) {
			it->token = x;
			it->prob = px;
			return 1;
		}
	}
	return 0;
}
