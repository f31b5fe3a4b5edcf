/* test_dist.c: softmax against libm, overlap, TV, residual, normalisation. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/dist.h"
#include "dist/ratio_order.h"
#include "util/radix.h"
#include "util/rng.h"
#include "lib/tap.h"

static void
test_softmax_matches_libm(void)
{
	double z[1000], p[1000], worst = 0.0, sum = 0.0, max = -INFINITY, total = 0.0;
	struct rng r;
	int i;

	rng_seed(&r, 1, 0);
	for (i = 0; i < 1000; i++) {
		z[i] = 8.0 * rng_normal(&r);
		max = z[i] > max ? z[i] : max;
	}
	dist_softmax(z, p, 1000);
	for (i = 0; i < 1000; i++)
		total += exp(z[i] - max);
	for (i = 0; i < 1000; i++) {
		double want = exp(z[i] - max) / total;

		if (want > 1e-300)
			worst = fmax(worst, fabs(p[i] - want) / want);
		sum += p[i];
	}
	tap_ok(worst < 1e-14, "softmax within 1e-14 relative of libm: worst %.3g", worst);
	tap_near(sum, 1.0, 1e-12, "softmax sums to 1");
}

static void
test_softmax_extremes(void)
{
	double z[3] = { 1000.0, -1000.0, 999.0 }, p[3];

	dist_softmax(z, p, 3);
	tap_ok(isfinite(p[0]) && isfinite(p[1]) && isfinite(p[2]),
	    "softmax of logits +-1000 stays finite");
	tap_near(p[0], 1.0 / (1.0 + exp(-1.0)), 1e-12, "softmax largest logit");
	tap_ok(p[1] >= 0.0 && p[1] < 1e-300, "softmax far-negative logit is ~0: %g", p[1]);
}

static void
test_overlap_tv_residual(void)
{
	const double p[4] = { 0.5, 0.2, 0.3, 0.0 };
	const double q[4] = { 0.25, 0.25, 0.25, 0.25 };
	double res[4];
	int i;

	tap_near(dist_overlap(p, q, 4), 0.25 + 0.2 + 0.25 + 0.0, 1e-15, "overlap");
	tap_near(dist_tv(p, q, 4), 0.5 * (0.25 + 0.05 + 0.05 + 0.25), 1e-15, "TV");
	tap_near(dist_overlap(p, q, 4) + dist_tv(p, q, 4), 1.0, 1e-15, "overlap = 1 - TV");
	tap_near(dist_residual(p, q, res, 4), 0.3, 1e-15, "residual mass = TV");
	tap_ok(res[0] == 0.25 && fabs(res[2] - 0.05) < 1e-15 && res[1] == 0.0 && res[3] == 0.0,
	    "residual vector max(0, p - q)");
	tap_near(dist_overlap(p, p, 4), 1.0, 1e-15, "overlap of p with itself");
	tap_near(dist_residual(p, p, res, 4), 0.0, 0.0,
	    "residual of p against itself is empty");
	/* 0.75 p - q = 0.125, -0.1, -0.025, -0.25 */
	tap_near(dist_residual_mass(p, 0.75, q, 4), 0.125, 0.0, "scaled residual mass");
	for (i = 0; i < 4; i++)
		res[i] = p[i];
	tap_near(dist_residual(res, q, res, 4), 0.3, 1e-15, "residual in place of p");
	tap_near(dist_residual_mass(p, 1.0, q, 4), dist_residual(p, q, res, 4), 0.0,
	    "residual mass without the vector, a = 1: the same bits");
}

static void
test_sum_ratio(void)
{
	const double x[7] = { 0.5, 0.25, 0.125, 1.0, 2.0, 4.0, 0.0625 };

	tap_near(dist_sum(x, 7), 7.9375, 0.0, "dist_sum of 7 dyadic values");
	tap_near(dist_sum(x, 0), 0.0, 0.0, "dist_sum of none");
	tap_near(dist_ratio(0.5, 0.25), 2.0, 0.0, "ratio p / q");
	tap_ok(isinf(dist_ratio(0.5, 0.0)) && isinf(dist_ratio(0.0, 0.0)),
	    "ratio with q = 0 is +infinity, p = 0 or not");
}

static void
test_tv_counts(void)
{
	const uint64_t a[3] = { 10, 0, 10 }, b[3] = { 0, 5, 5 }, none[3] = { 0 };

	tap_near(dist_tv_counts(a, b, 3), 0.5 * (0.5 + 0.5 + 0.0), 1e-15, "TV of count histograms");
	tap_near(dist_tv_counts(a, none, 3), 0.0, 0.0, "TV against an empty histogram is 0");
}

/* By value, equal values by index: the order a stable sort by value gives. */
static const double *radix_values;

static int
by_value_then_index(const void *a, const void *b)
{
	const struct radix_item *x = a, *y = b;
	double u = radix_values[x->i], v = radix_values[y->i];

	if (u != v)
		return u < v ? -1 : 1;
	return (x->i > y->i) - (x->i < y->i);
}

/* One kind of values for the sort's test: value i of n. */
static double
radix_value(int kind, size_t i, size_t n, struct rng *rng)
{
	static const double odd[] = { -0.0, 0.0, INFINITY, -INFINITY, 4.9e-324, -1.5,
	    1e300, 0.25 };
	double u = rng_uniform(rng);

	switch (kind) {
	case 0:	/* odd values, few distinct ones, small ones */
		return i % 3 == 0 ? odd[i / 3 % 8] : i % 3 == 1 ? floor(u * 7) / 8 :
		    u * 1e-3;
	case 1:	/* ratios of two noisy distributions: spread smoothly */
		return exp(0.3 * (u + rng_uniform(rng) - 1.0) * 4.0);
	case 2:	/* 1 + 2^-j: nearly all in the first range, split after split */
		return 1.0 + ldexp(1.0, -(int)(i % 53));
	case 3:	/* a cluster, its ends far off (zeros and infinities) */
		return i % 10 == 0 ? (i % 20 == 0 ? 0.0 : INFINITY) : 1.0 + u * 1e-12;
	default:	/* one value */
		return (double)n;
	}
}

/* radix_sort orders doubles as a stable comparison sort does, bit for bit in
 * the order: few distinct values (ties), both zeros, infinities, negatives,
 * subnormals, smooth spreads, keys that defeat splitting by range; below and
 * above the insertion size; falling by the key's complement. */
static void
test_radix_order(void)
{
	static const size_t sizes[] = { 5, 48, 49, 64, 65, 1000, 5000, 50000 };
	struct rng rng;
	size_t s, i;
	int kind;

	rng_seed(&rng, 11, 0);
	for (kind = 0; kind < 5; kind++)
	for (s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		size_t n = sizes[s], bad = 0, bad_down = 0;
		double *v = malloc(n * sizeof *v);
		struct radix_item *it = malloc(2 * n * sizeof *it), *want = malloc(n * sizeof *want);

		for (i = 0; i < n; i++)
			v[i] = radix_value(kind, i, n, &rng);
		radix_values = v;
		for (i = 0; i < n; i++)
			want[i] = it[i] = (struct radix_item){ radix_key(v[i]), i };
		qsort(want, n, sizeof *want, by_value_then_index);
		radix_sort(it, it + n, n);
		for (i = 0; i < n; i++)
			bad += it[i].i != want[i].i;
		for (i = 0; i < n; i++)	/* falling: the stable order reversed by value */
			it[i] = (struct radix_item){ ~radix_key(v[i]), i };
		radix_sort(it, it + n, n);
		for (i = 1; i < n; i++)
			bad_down += v[it[i - 1].i] < v[it[i].i] ||
			    (v[it[i - 1].i] == v[it[i].i] && it[i - 1].i > it[i].i);
		tap_ok(bad == 0 && bad_down == 0, "radix_sort of %zu doubles of kind %d: a "
		    "stable sort's order, rising and falling (%zu and %zu out of place)", n,
		    kind, bad, bad_down);
		free(v);
		free(it);
		free(want);
	}
}

/* Form f's key of token y, as ratio_order.h defines the form. */
static const double *order_p, *order_q;
static int order_form;

static double
order_ratio(size_t y)
{
	double p = order_p[y], q = order_q[y];

	if (order_form == RATIO_ORDER_P_OVER_Q)
		return dist_ratio(p, q);
	return -(p > 0.0 ? q / p : HUGE_VAL);	/* falling: rising in the negative */
}

static int
by_form_then_token(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	double u = order_ratio(x), v = order_ratio(y);

	if (u != v)
		return u < v ? -1 : 1;
	return (x > y) - (x < y);
}

/* Whether the n tokens of (p, q) in order it are form f's stable order. */
static int
is_form_order(const double *p, const double *q, size_t n, int f,
    const struct radix_item *it, size_t m)
{
	size_t *want = malloc(n * sizeof *want), y, k = 0;
	int ok;

	for (y = 0; y < n; y++)
		if (p[y] != 0.0 || q[y] != 0.0)
			want[k++] = y;
	order_p = p;
	order_q = q;
	order_form = f;
	qsort(want, k, sizeof *want, by_form_then_token);
	ok = k == m;
	for (y = 0; ok && y < m; y++)
		ok = want[y] == it[y].i;
	free(want);
	return ok;
}

/* ratio_order: each form's stable order, asked in either order on one kept
 * pair, where rounding ties p/q of two tokens but not q/p (or the other way):
 * the kept order checked and sorted anew; zeros and infinities; a new pair. */
static void
test_ratio_order(void)
{
	enum { N = 400 };
	double p[N], q[N];
	struct ratio_order o = { 0 };
	struct rng rng;
	size_t y, m, split = 0;
	int first, ok = 1;

	rng_seed(&rng, 5, 0);
	for (y = 0; y < N; y += 2) {	/* neighbours whose two orders differ */
		int tries;

		for (tries = 0; tries < 1000; tries++) {
			double rp, rq, cp, cq;

			p[y] = rng_uniform(&rng) + 1e-3;
			q[y] = rng_uniform(&rng) + 1e-3;
			p[y + 1] = nextafter(p[y], 1.0);
			q[y + 1] = tries % 2 ? q[y] : nextafter(q[y], 1.0);
			rp = p[y] / q[y];
			rq = p[y + 1] / q[y + 1];
			cp = q[y] / p[y];
			cq = q[y + 1] / p[y + 1];
			if ((rp <= rq) != (cp >= cq))	/* y first by p/q, not by q/p */
				break;
		}
		split += tries < 1000;
	}
	p[3] = q[3] = 0.0;
	p[5] = 0.0;
	q[7] = 0.0;
	tap_ok(split > 0, "ratio_order's pair: %zu neighbours in one order by p/q and "
	    "the other by q/p", split);
	for (first = 0; first < 2; first++) {
		const struct radix_item *it;

		p[N - 1] = first ? 0.5 : 0.25;	/* a new pair each round */
		it = ratio_order_get(&o, p, q, N, (enum ratio_order_by)first, &m);
		ok &= is_form_order(p, q, N, first, it, m);
		it = ratio_order_get(&o, p, q, N, (enum ratio_order_by)!first, &m);
		ok &= is_form_order(p, q, N, !first, it, m);
		it = ratio_order_get(&o, p, q, N, (enum ratio_order_by)first, &m);
		ok &= is_form_order(p, q, N, first, it, m);
	}
	tap_ok(ok && m == N - 1, "ratio_order: each form's stable order, either asked "
	    "first, the pair of zeros left out (%zu of %d)", m, N);
	ratio_order_free(&o);
}

/* Whether the kept order of (p, q) asked in form `kept`, then in the other,
 * is each form's stable order. */
static int
both_forms(const double *p, const double *q, size_t n, int kept)
{
	struct ratio_order o = { 0 };
	const struct radix_item *it;
	size_t m;
	int ok;

	it = ratio_order_get(&o, p, q, n, (enum ratio_order_by)kept, &m);
	ok = is_form_order(p, q, n, kept, it, m);
	it = ratio_order_get(&o, p, q, n, (enum ratio_order_by)!kept, &m);
	ok &= is_form_order(p, q, n, !kept, it, m);
	ratio_order_free(&o);
	return ok;
}

/* The check of the other form where it alone could miss: two tokens a
 * double apart in the kept form, tied in the other (so in token order
 * there, which the kept order reverses), far from any other token; two
 * tokens far apart in p/q whose q/p both overflow (a tie again). */
static void
test_ratio_order_near(void)
{
	double p[4] = { 0.1, 0.1, 0.3, 0.5 }, q[4] = { 0.4, 0.4, 0.2, 0.001 };
	struct rng rng;
	int kept, found = 0, ok = 1, tries;

	rng_seed(&rng, 9, 0);
	for (kept = 0; kept < 2; kept++) {
		for (tries = 0; tries < 100000; tries++) {
			double ca, cb, ka, kb;

			p[0] = 0.05 + 0.1 * rng_uniform(&rng);
			q[0] = 0.35 + 0.1 * rng_uniform(&rng);
			p[1] = nextafter(p[0], 0.0);
			q[1] = q[0];
			ka = kept ? q[0] / p[0] : p[0] / q[0];	/* the kept form's */
			kb = kept ? q[1] / p[1] : p[1] / q[1];
			ca = kept ? p[0] / q[0] : q[0] / p[0];	/* the other's */
			cb = kept ? p[1] / q[1] : q[1] / p[1];
			if (ca == cb && (kept ? ka < kb : kb < ka))
				break;	/* token 1 first when kept, a tie else */
		}
		found += tries < 100000;
		ok &= both_forms(p, q, 4, kept);
	}
	p[0] = 1e-310;
	p[1] = 1e-312;
	q[0] = q[1] = 0.5;
	ok &= both_forms(p, q, 4, RATIO_ORDER_P_OVER_Q);
	tap_ok(found == 2 && ok, "ratio_order: a tie in one form only, a double apart "
	    "or overflowed in the other, checked and sorted anew (%d of 2 found)", found);
}

int
main(void)
{
	test_softmax_matches_libm();
	test_softmax_extremes();
	test_overlap_tv_residual();
	test_sum_ratio();
	test_tv_counts();
	test_radix_order();
	test_ratio_order();
	test_ratio_order_near();
	return tap_done();
}
