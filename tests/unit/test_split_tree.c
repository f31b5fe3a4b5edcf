/* test_split_tree.c: the split form's operations for the tree rules against
 * the dense vectors they stand for, on random split distributions and pairs:
 * the floor's falling order, the top k (the same ids in the same order as a
 * sort of the dense vector done here), and SpecTr's beta(rho) = sum min(q,
 * p / rho) (within 1e-13 of the sum over the dense vectors, also done here). */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "dist/dist.h"
#include "dist/pdist.h"
#include "dist/ratio_sums.h"
#include "dist/split.h"
#include "dist/sparse.h"
#include "dist/split_minsum.h"
#include "dist/topk.h"
#include "lib/split_fixture.h"
#include "lib/tap.h"
#include "util/rng.h"

#define VMAX 120
#define CASES 400
#define KMAX 9
#define BETA_TOL 1e-13

/* A random case: a plain floor, a factored floor over it, and three
 * distributions (two on the plain floor, one on the factored), built in
 * place. */
struct dist_fix {
	uint32_t list[VMAX];
	double extra[VMAX];
	struct split_list wh;
	struct split_dist d;
};

struct cas {
	size_t vocab;
	double w[VMAX], cdf[VMAX];
	double factor[VMAX], gw[VMAX], cum_base[VMAX + 1], cum_w[VMAX + 1];
	uint32_t by[VMAX];
	struct split_floor plain, fact;
	struct dist_fix a, b, c;
};

static struct rng rng;

static size_t
below(size_t n)
{
	return (size_t)(rng_uniform(&rng) * (double)n);
}

/* Weights from a few values, so that many tie, some a rounding apart (their
 * scaled values may tie though the weights do not). */
static double
weight(void)
{
	static const double pick[] = { 1, 2, 3, 0.5, 0.75, 5, 1.25 };
	double x = pick[below(7)];

	switch (below(4)) {
	case 0:
		return nextafter(x, 0.0);
	case 1:
		return x * (0.5 + rng_uniform(&rng));
	default:
		return x;
	}
}

/* d over floor f: a random list, extras of both signs (P >= 0: a negative
 * extra at most takes the floor's part, sometimes all of it), the floor's
 * mass fmass (0 at times: every token off the list is 0), normalised. */
static void
make_dist(struct dist_fix *x, const struct split_floor *f, int same_list_as_prev,
    const struct dist_fix *prev)
{
	double fmass = below(8) == 0 ? 0.0 : 0.05 + 0.9 * rng_uniform(&rng);
	double scale = fmass / f->sum, total;
	int signed_ok = below(3) == 0;
	size_t i, n, v = f->vocab;

	if (same_list_as_prev) {
		x->wh = prev->wh;
		n = prev->wh.n;
	} else {
		n = below(v + 1);
		for (i = 0; i < n; i++) {	/* a random subset, in random order */
			uint32_t t;
			size_t j;

			do {
				t = (uint32_t)below(v);
				for (j = 0; j < i && x->list[j] != t; j++)
					;
			} while (j < i);
			x->list[i] = t;
		}
		x->wh = (struct split_list){ x->list, n };
	}
	total = fmass;
	for (i = 0; i < n; i++) {
		double fpart = scale * f->w[x->wh.list[i]];

		switch (below(5)) {
		case 0:
			x->extra[i] = 0.0;
			break;
		case 1:
			x->extra[i] = signed_ok ? -fpart * (below(2) ? 1.0 : rng_uniform(&rng)) :
			    0.0;
			break;
		default:
			x->extra[i] = below(3) == 0 ? 0.01 : rng_uniform(&rng) * 0.2;
		}
		total += x->extra[i];
	}
	if (!(total > 0.0)) {	/* nothing left: the floor alone */
		for (i = 0; i < n; i++)
			x->extra[i] = 0.0;
		scale = 1.0 / f->sum;
		total = 1.0;
	}
	for (i = 0; i < n; i++)
		x->extra[i] /= total;
	x->d = split_fixture_dist(f, scale / total, &x->wh, x->extra);
}

static void
make_case(struct cas *c)
{
	size_t i;

	c->vocab = 1 + below(below(4) == 0 ? 8 : VMAX);
	for (i = 0; i < c->vocab; i++) {
		c->w[i] = weight();
		c->factor[i] = below(3) == 0 ? 1.0 : 0.25 + 2.0 * rng_uniform(&rng);
	}
	split_fixture_plain(&c->plain, c->w, c->cdf, c->vocab);
	split_fixture_factored(&c->fact, &c->plain, c->factor, c->gw, c->by, c->cum_base,
	    c->cum_w);
	make_dist(&c->a, &c->plain, 0, NULL);
	make_dist(&c->b, &c->plain, below(2), &c->a);
	make_dist(&c->c, &c->fact, 0, NULL);
}

static void
free_case(struct cas *c)
{
	split_floor_forget(&c->plain);
	split_floor_forget(&c->fact);
}

/* The reference order: value falling, ties by id, by a sort of the dense
 * vector. */
static const double *sort_values;

static int
by_value_then_id(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (sort_values[x] != sort_values[y])
		return sort_values[x] < sort_values[y] ? 1 : -1;
	return (x > y) - (x < y);
}

static void
reference_order(const double *v, size_t n, size_t *ids)
{
	size_t i;

	for (i = 0; i < n; i++)
		ids[i] = i;
	sort_values = v;
	qsort(ids, n, sizeof *ids, by_value_then_id);
}

/* Top k of h for every k up to KMAX (and the whole vocabulary), in its form
 * and dense, against the reference; 1 when all agree. */
static int
handle_topk_agrees(const struct pdist *h)
{
	double dense[VMAX];
	size_t ids[VMAX], n = h->vocab;
	int got[VMAX], got_dense[VMAX], k, i;

	pdist_densify(h, dense);
	reference_order(dense, n, ids);
	for (k = 1; k <= (int)n; k = k < KMAX ? k + 1 : (int)n + (k == (int)n)) {
		pdist_topk(h, k, got);
		dist_topk(dense, n, k, got_dense);
		for (i = 0; i < k; i++)
			if (got[i] != (int)ids[i] || got_dense[i] != (int)ids[i])
				return 0;
	}
	return 1;
}

static int
topk_agrees(const struct split_dist *d)
{
	struct pdist h = pdist_split(d);

	return handle_topk_agrees(&h);
}

/* Random sparse lines: entries at ascending ids, some 0, some tied. */
static void
test_topk_sparse(void)
{
	static const double pick[] = { 0.0, 0.1, 0.2, 0.05 };
	uint32_t id[VMAX];
	double w[VMAX];
	struct sparse_dist d;
	struct pdist h;
	int i, bad = 0;
	size_t y;

	for (i = 0; i < CASES; i++) {
		d = (struct sparse_dist){ 1 + below(below(4) == 0 ? 8 : VMAX), id, w, 0 };
		for (y = 0; y < d.vocab; y++)
			if (below(3) == 0) {
				id[d.n] = (uint32_t)y;
				w[d.n++] = below(2) ? pick[below(4)] : rng_uniform(&rng);
			}
		h = pdist_sparse_named(&d, 0);
		bad += !handle_topk_agrees(&h);
	}
	tap_eq(bad, 0, "top k of random sparse lines: the reference's ids and order");
}

static void
test_topk_random(void)
{
	int i, bad = 0, flat = 0;
	struct cas c;

	for (i = 0; i < CASES; i++) {
		make_case(&c);
		bad += !topk_agrees(&c.a.d) + !topk_agrees(&c.b.d) + !topk_agrees(&c.c.d);
		flat += c.a.d.scale == 0.0;
		free_case(&c);
	}
	tap_eq(bad, 0, "top k of random split distributions: the reference's ids and order");
	tap_ok(flat > 0, "the cases include a floor scaled by 0 (%d)", flat);
}

/* A flat floor (one weight) and one whose weights round to ties when scaled:
 * the lower ids win the ties, as in the dense vector. */
static void
test_topk_ties(void)
{
	static const uint32_t list[] = { 7, 3 };
	static double w[VMAX], cdf[VMAX];
	double extra[] = { 0.0, 0.0 }, dense[VMAX];
	struct split_list wh = { list, 2 };
	struct split_floor f;
	struct split_dist d;
	size_t ids[VMAX], i;
	int got[5], ok = 1;

	for (i = 0; i < VMAX; i++)
		w[i] = 1.0;
	split_fixture_plain(&f, w, cdf, VMAX);
	d = split_fixture_dist(&f, 1.0 / VMAX, &wh, extra);
	split_topk(&d, 5, got);
	tap_ok(got[0] == 0 && got[1] == 1 && got[2] == 2 && got[3] == 3 && got[4] == 4,
	    "flat floor: the lowest ids, listed or not (%d %d %d %d %d)", got[0], got[1],
	    got[2], got[3], got[4]);
	split_floor_forget(&f);
	/* Rising weights, each a rounding above the last: scaled, neighbours tie,
	 * and the lower id (the lighter weight) comes first. */
	for (i = 0; i < VMAX; i++)
		w[i] = i == 0 ? 1.9 : nextafter(w[i - 1], 2.0);
	split_fixture_plain(&f, w, cdf, VMAX);
	d = split_fixture_dist(&f, 0.5 / f.sum, &wh, extra);
	split_densify(&d, dense);
	reference_order(dense, VMAX, ids);
	split_topk(&d, 5, got);
	for (i = 0; i < 5; i++)
		ok &= got[i] == (int)ids[i];
	tap_ok(ok && ids[0] < VMAX - 1, "weights a rounding apart: the reference's ids, "
	    "ties to the lighter lower id (%zu %zu %zu %zu %zu)", ids[0], ids[1], ids[2],
	    ids[3], ids[4]);
	split_floor_forget(&f);
}

static void
test_floor_desc(void)
{
	const uint32_t *desc, *again;
	int ok = 1, seen[VMAX] = { 0 };
	struct cas c;
	size_t i;

	make_case(&c);
	desc = split_floor_desc(&c.fact);
	again = split_floor_desc(&c.fact);
	for (i = 0; i < c.vocab; i++) {
		seen[desc[i]]++;
		if (i > 0)
			ok &= c.gw[desc[i - 1]] > c.gw[desc[i]] ||
			    (c.gw[desc[i - 1]] == c.gw[desc[i]] && desc[i - 1] < desc[i]);
	}
	for (i = 0; i < c.vocab; i++)
		ok &= seen[i] == 1;
	tap_ok(ok, "the floor's order: every token once, weight falling, ties by id");
	tap_ok(desc == again, "the order is made once and kept with the floor");
	split_floor_forget(&c.fact);
	tap_ok(atomic_load(&c.fact.desc) == NULL, "forgotten, the floor holds none");
	free_case(&c);
}

/* sum_w min(q(w), p(w) / rho) over the dense vectors. */
static double
dense_beta(const struct split_dist *p, const struct split_dist *q, double rho)
{
	double dp[VMAX], dq[VMAX], s = 0.0;
	size_t w;

	split_densify(p, dp);
	split_densify(q, dq);
	for (w = 0; w < p->floor->vocab; w++)
		s += fmin(dq[w], dp[w] / rho);
	return s;
}

/* The worst error of split_minsum_beta on (p, q) over a few rho; -1 when the
 * pair was refused. */
static double
beta_error(const struct split_dist *p, const struct split_dist *q)
{
	static const double rhos[] = { 1.0, 1.25, 1.5, 2.0, 3.7, 5.0, 8.0 };
	struct pdist hp = pdist_split(p), hq = pdist_split(q);
	struct split_minsum m;
	double worst = 0.0, want;
	size_t i;

	if (!split_minsum_make(&m, &hp, &hq))
		return -1.0;
	for (i = 0; i < sizeof rhos / sizeof rhos[0]; i++) {
		want = fmin(1.0, fmax(0.0, dense_beta(p, q, rhos[i])));
		worst = fmax(worst, fabs(split_minsum_beta(&m, rhos[i]) - want));
	}
	split_minsum_free(&m);
	return worst;
}

static void
test_beta_random(void)
{
	double worst = 0.0, e;
	int i, refused = 0;
	struct cas c;

	for (i = 0; i < CASES; i++) {
		make_case(&c);
		e = beta_error(&c.a.d, &c.b.d);	/* one floor, same or other list */
		refused += e < 0.0;
		worst = fmax(worst, e);
		e = beta_error(&c.a.d, &c.c.d);	/* q factored over p's floor */
		refused += e < 0.0;
		worst = fmax(worst, e);
		e = beta_error(&c.c.d, &c.b.d);	/* p factored over q's floor */
		refused += e < 0.0;
		worst = fmax(worst, e);
		free_case(&c);
	}
	tap_eq(refused, 0, "every pair over related floors has a split beta");
	tap_ok(worst <= BETA_TOL, "split beta(rho) within %g of the dense sum: worst %.3g",
	    BETA_TOL, worst);
}

static void
test_beta_unrelated(void)
{
	struct cas c, d;
	struct pdist hp, hq;
	struct split_minsum m;
	double dense[VMAX];
	size_t i;

	make_case(&c);
	make_case(&d);
	for (i = 0; i < c.vocab; i++)	/* another plain floor, the same vocabulary */
		d.w[i] = 1.0 + (double)i;
	split_fixture_plain(&d.plain, d.w, d.cdf, c.vocab);
	make_dist(&d.a, &d.plain, 0, NULL);
	hp = pdist_split(&c.a.d);
	hq = pdist_split(&d.a.d);
	tap_ok(!split_minsum_make(&m, &hp, &hq), "two unrelated floors: no split beta");
	hq = pdist_dense(dense, c.vocab);
	tap_ok(!split_minsum_make(&m, &hp, &hq), "a dense q: no split beta");
	free_case(&c);
	free_case(&d);
}

/* ratio_sums on a hand case: p = (1/2, 1/3, 1/6), q = (1/6, 1/2, 1/3): at rho
 * = 1 the overlap 1/6 + 1/3 + 1/6 = 2/3; at rho = 2, 1/6 + 1/6 + 1/12 = 5/12. */
static void
test_ratio_sums_hand(void)
{
	static const double p[] = { 1.0 / 2, 1.0 / 3, 1.0 / 6 };
	static const double q[] = { 1.0 / 6, 1.0 / 2, 1.0 / 3 };
	struct ratio_sums s;

	ratio_sums_make(&s, p, q, 3, NULL);
	tap_near(ratio_sums_beta(&s, 1.0), 2.0 / 3, 1e-15, "beta(1) of the worked pair");
	tap_near(ratio_sums_beta(&s, 2.0), 5.0 / 12, 1e-15, "beta(2) of the worked pair");
	ratio_sums_free(&s);
}

int
main(void)
{
	rng_seed(&rng, 19, 0);
	test_floor_desc();
	test_topk_ties();
	test_topk_random();
	test_topk_sparse();
	test_beta_random();
	test_beta_unrelated();
	test_ratio_sums_hand();
	return tap_done();
}
