/* test_pdist.c: the distribution handle's operations on every form and every
 * mix of forms, against dense brute force.
 *
 * The fixtures are dyadic (floor weights, scales, extras and factors are
 * multiples of powers of two), so every probability, every sum below and every
 * ratio's rounding are the same in any form: values are asserted to 1e-15
 * absolute (1e-13 for expected counts of several tokens' worth), the ratio
 * order exactly. Draws are checked by chi-square (p > 0.001 passes; each check
 * fails by chance once in a thousand runs at most, and the seeds are fixed). */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/chisq.h"
#include "dist/dist.h"
#include "lib/draws.h"
#include "dist/pdist.h"
#include "dist/ratio_tables.h"
#include "util/rng.h"
#include "util/xalloc.h"
#include "dist/split.h"
#include "lib/split_fixture.h"
#include "lib/tap.h"

#define V 12
#define DRAWS 200000
#define TOL 1e-15

static const double floor_w[V] = { 1, 2, 0.5, 1.5, 1, 3, 0.25, 0.75, 2, 1, 1.5, 1.5 };
static const double factor[V] = { 1.5, 0.5, 2, 1, 0.75, 1.25, 1.5, 0.25, 3, 1, 0.625,
    1.75 };	/* ties: tokens 0 and 6, 3 and 9 */
static double floor_cdf[V], fw[V], cum_base[V + 1], cum_w[V + 1];
static uint32_t by[V];
static struct split_floor plain, factored;	/* sums 16 and 20.625 */

static const uint32_t list_b[] = { 5, 2, 9, 0, 7 }, list_c[] = { 2, 7, 11, 4 };
static const struct split_list wb = { list_b, 5 }, wc = { list_c, 4 };
/* p: 1/32 of the floor (0.5) + 0.5 on list_b */
static const double ep[] = { 0.25, 0.125, 0.0, 0.0625, 0.0625 };
/* q on list_b: 1/64 (0.25) + 0.75; q on list_c: 3/64 (0.75) + 0.25 */
static const double eq_b[] = { 0.0625, 0.25, 0.125, 0.25, 0.0625 };
static const double eq_c[] = { 0.125, 0.0, 0.0625, 0.0625 };
/* q on the factored floor: 1/32 (0.64453125) + 91/256 on list_b or list_c */
static const double ef_b[] = { 0.25, 0.0625, 0.0390625, 0.00390625, 0.0 };
static const double ef_c[] = { 0.25, 0.0625, 0.03125, 0.01171875 };

static struct split_dist sp, sq_b, sq_c, sf_b, sf_c;
static double dense_p[V], dense_q[V];

static void
make_fixtures(void)
{
	struct pdist h;

	split_fixture_plain(&plain, floor_w, floor_cdf, V);
	split_fixture_factored(&factored, &plain, factor, fw, by, cum_base, cum_w);
	sp = split_fixture_dist(&plain, 1.0 / 32, &wb, ep);
	sq_b = split_fixture_dist(&plain, 1.0 / 64, &wb, eq_b);
	sq_c = split_fixture_dist(&plain, 3.0 / 64, &wc, eq_c);
	sf_b = split_fixture_dist(&factored, 1.0 / 32, &wb, ef_b);
	sf_c = split_fixture_dist(&factored, 1.0 / 32, &wc, ef_c);
	h = pdist_split(&sp);
	pdist_densify(&h, dense_p);
	h = pdist_split(&sf_c);
	pdist_densify(&h, dense_q);
}

/* A pair under test, with its dense brute-force vectors. */
struct pair {
	const char *what;
	struct pdist p, q;
	double P[V], Q[V];
};

static void
pair_init(struct pair *t, const char *what, struct pdist p, struct pdist q)
{
	t->what = what;
	t->p = p;
	t->q = q;
	pdist_densify(&p, t->P);
	pdist_densify(&q, t->Q);
}

/* The hand-computed p (split.h's test vector) against prob and densify. */
static void
test_prob(void)
{
	static const double want[V] = { 0.09375, 0.0625, 0.140625, 0.046875, 0.03125,
	    0.34375, 0.0078125, 0.0859375, 0.0625, 0.03125, 0.046875, 0.046875 };
	struct pdist s = pdist_split(&sp), d = pdist_dense(want, V);
	double worst = 0.0, sum = 0.0;
	size_t x;

	for (x = 0; x < V; x++) {
		worst = fmax(worst, fabs(pdist_prob(&s, x) - want[x]));
		worst = fmax(worst, fabs(dense_p[x] - want[x]));
		worst = fmax(worst, fabs(pdist_prob(&d, x) - want[x]));
		sum += dense_p[x];
	}
	tap_ok(worst <= TOL && sum == 1.0, "prob and densify, split and dense, match the "
	    "hand vector: worst %.3g, sum %.17g", worst, sum);
	tap_ok(s.vocab == V && d.vocab == V, "handles know the vocabulary");
}

static void
test_same(void)
{
	struct pdist a = pdist_split(&sp), b = pdist_split(&sp), c = pdist_split(&sq_b);
	struct pdist d = pdist_dense(dense_p, V), e = pdist_dense(dense_p, V);
	struct pdist f = pdist_dense(dense_q, V);

	tap_ok(pdist_same(&a, &b) && pdist_same(&d, &e), "same storage, same form: same");
	tap_ok(!pdist_same(&a, &c) && !pdist_same(&d, &f) && !pdist_same(&a, &d),
	    "other storage or another form: not the same");
}

/* Overlap and the scaled residual's mass against sums over the dense vectors. */
static void
check_sums(const struct pair *t)
{
	static const double as[] = { 1.0, 0.75, 0.5, 0.0625 };
	double want = 0.0, got = pdist_overlap(&t->p, &t->q), worst = 0.0;
	size_t x, k;

	for (x = 0; x < V; x++)
		want += fmin(t->P[x], t->Q[x]);
	tap_ok(fabs(got - want) <= TOL && fabs(pdist_overlap(&t->q, &t->p) - got) <= TOL,
	    "%s: overlap %.17g, want %.17g, the same either way round", t->what, got,
	    want);
	for (k = 0; k < sizeof as / sizeof as[0]; k++) {
		for (want = 0.0, x = 0; x < V; x++)
			want += fmax(0.0, as[k] * t->P[x] - t->Q[x]);
		worst = fmax(worst, fabs(pdist_residual_mass(&t->p, &t->q, as[k]) - want));
	}
	tap_ok(worst <= TOL, "%s: scaled residual mass at a = 1, 0.75, 0.5, 0.0625:"
	    " worst gap %.3g", t->what, worst);
}

/* Draws from norm(max(0, a p - q)) (from p when that is empty), and the mass
 * reported with them. */
static void
check_residual_draws(const struct pair *t, double a, uint64_t seed)
{
	uint64_t count[V] = { 0 };
	double res[V], scratch[V], mass = -1.0, want = 0.0, worst = 0.0;
	char what[128];
	struct rng r;
	size_t x;
	long i;

	for (x = 0; x < V; x++)
		want += res[x] = fmax(0.0, a * t->P[x] - t->Q[x]);
	rng_seed(&r, seed, 0);
	for (i = 0; i < DRAWS; i++) {
		count[pdist_sample_residual(&t->p, &t->q, a, &r, scratch, &mass)]++;
		worst = fmax(worst, fabs(mass - want));
	}
	snprintf(what, sizeof what, "%s, a %g", t->what, a);
	tap_ok(worst <= TOL, "%s: residual mass %.17g reported with every draw", what,
	    want);
	if (want > 0.0)
		draws_check(count, res, want, V, what);
	else
		draws_check(count, t->P, 1.0, V, what);
}

/* ratio_cdf of every token against the brute-force order, and the transform
 * u = ratio_cdf(x) + w p(x) for x ~ p uniform on [0, 1) (20 bins). */
static void
check_ratio_cdf(const struct pair *t, uint64_t seed)
{
	uint64_t bins[20] = { 0 };
	double worst = 0.0, even[20];
	struct chisq_result c;
	struct rng r;
	size_t x, y;
	long i;

	for (x = 0; x < V; x++) {
		double rx = dist_ratio(t->P[x], t->Q[x]), want = 0.0;

		for (y = 0; y < V; y++) {
			double ry = dist_ratio(t->P[y], t->Q[y]);

			if (ry < rx || (ry == rx && y < x))
				want += t->P[y];
		}
		worst = fmax(worst, fabs(pdist_ratio_cdf(&t->p, &t->q, x) - want));
	}
	tap_ok(worst <= TOL, "%s: ratio_cdf of all %d tokens = brute force (worst %.3g)",
	    t->what, V, worst);
	rng_seed(&r, seed, 0);
	for (i = 0; i < DRAWS; i++) {
		x = pdist_sample(&t->p, &r);
		y = (size_t)(20.0 * (pdist_ratio_cdf(&t->p, &t->q, x) +
		    rng_uniform(&r) * pdist_prob(&t->p, x)));
		bins[y < 20 ? y : 19]++;
	}
	for (y = 0; y < 20; y++)
		even[y] = DRAWS / 20.0;
	c = chisq_test(bins, even, 20);
	tap_ok(c.p_value > 0.001, "%s: ratio-order transform of draws from p is uniform "
	    "(chi2 %.2f on %d df, p %.4f)", t->what, c.statistic, c.df, c.p_value);
}

static void
check_pair(const struct pair *t, uint64_t seed)
{
	check_sums(t);
	check_residual_draws(t, 1.0, seed);
	check_residual_draws(t, 0.75, seed + 1);
	check_residual_draws(t, 0.5, seed + 2);
	check_residual_draws(t, 0.0625, seed + 3);
	check_ratio_cdf(t, seed + 4);
}

static void
test_pairs(void)
{
	const struct {
		const char *what;
		struct pdist p, q;
	} pairs[] = {
		{ "dense pair", pdist_dense(dense_p, V), pdist_dense(dense_q, V) },
		{ "split pair, one floor, one list", pdist_split(&sp), pdist_split(&sq_b) },
		{ "split pair, one floor, lists partly shared", pdist_split(&sp),
		    pdist_split(&sq_c) },
		{ "split pair, factored q, one list", pdist_split(&sp), pdist_split(&sf_b) },
		{ "split pair, factored q, lists partly shared", pdist_split(&sp),
		    pdist_split(&sf_c) },
		{ "split p over the factored floor, q plain (generic path)",
		    pdist_split(&sf_c), pdist_split(&sp) },
		{ "dense p, split q (generic path)", pdist_dense(dense_p, V),
		    pdist_split(&sf_b) },
		{ "split p, dense q (generic path)", pdist_split(&sq_c),
		    pdist_dense(dense_q, V) },
		{ "p against itself, split", pdist_split(&sp), pdist_split(&sp) },
	};
	struct pair t;
	size_t i;

	for (i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		pair_init(&t, pairs[i].what, pairs[i].p, pairs[i].q);
		check_pair(&t, 100 + 10 * i);
	}
}

static void
test_samples(void)
{
	struct pdist h;

	h = pdist_dense(dense_p, V);
	draws_sample(&h, 11, DRAWS, "sample, dense");
	h = pdist_split(&sp);
	draws_sample(&h, 12, DRAWS, "sample, split");
	h = pdist_split(&sf_c);
	draws_sample(&h, 13, DRAWS, "sample, split over a factored floor");
}

/* The iterator visits the support in ascending id with each token's p. */
static void
check_iter(const struct pdist *p, const char *what)
{
	struct pdist_iter it;
	size_t want = 0, seen = 0;
	int ok = 1;

	pdist_iter_start(&it, p);
	while (pdist_iter_next(&it)) {
		while (want < V && pdist_prob(p, want) == 0.0)
			want++;
		ok &= it.token == want && it.prob == pdist_prob(p, want);
		want++;
		seen++;
	}
	for (; want < V; want++)
		ok &= pdist_prob(p, want) == 0.0;
	tap_ok(ok, "%s: the iterator gives the %zu tokens of the support in order", what,
	    seen);
}

static void
test_iter(void)
{
	static const double holes[V] = { 0.5, 0, 0.25, 0, 0, 0.125, 0, 0, 0, 0, 0,
	    0.125 };
	struct pdist h;

	h = pdist_dense(holes, V);
	check_iter(&h, "dense with zeros");
	h = pdist_split(&sp);
	check_iter(&h, "split");
	h = pdist_split(&sf_b);
	check_iter(&h, "split over a factored floor");
}

/* Expected counts over a mix of forms and floors against the sum of n p. */
static void
test_counts(void)
{
	static const double holes[V] = { 0.5, 0, 0.25, 0, 0, 0.125, 0, 0, 0, 0, 0,
	    0.125 };
	struct pdist d[7];
	double n[7] = { 2, 1, 3, 1, 4, 1, 2 }, want[V] = { 0 }, got[V], worst = 0.0;
	struct pdist_counts c;
	size_t x;
	int i;

	d[0] = pdist_split(&sp);
	d[1] = pdist_dense(dense_p, V);
	d[2] = pdist_split(&sf_b);	/* another floor, kept apart from the first */
	d[3] = pdist_dense(holes, V);
	d[4] = pdist_split(&sq_c);
	d[5] = pdist_dense(dense_q, V);
	d[6] = pdist_dense(holes, V);
	for (i = 0; i < 7; i++)
		for (x = 0; x < V; x++)
			want[x] += 2.0 * n[i] * pdist_prob(&d[i], x);
	pdist_counts_init(&c, V);
	pdist_counts_add(&c, d, n, 7);
	pdist_counts_add(&c, d, n, 3);
	pdist_counts_add(&c, d + 3, n + 3, 4);
	pdist_counts_values(&c, got);
	for (x = 0; x < V; x++) {
		worst = fmax(worst, fabs(got[x] - want[x]));
		worst = fmax(worst, fabs(pdist_counts_at(&c, x) - want[x]));
	}
	tap_ok(worst <= 1e-13, "expected counts of 4 dense and 3 split targets over two "
	    "floors, added at once and in parts: worst gap %.3g", worst);
	pdist_counts_clear(&c);
	pdist_counts_values(&c, got);
	for (worst = 0.0, x = 0; x < V; x++)
		worst = fmax(worst, fabs(got[x]));
	tap_ok(worst == 0.0 && c.nfloors == 0, "cleared counts are all 0");
	pdist_counts_free(&c);
}

/* The kept ratio orders (ratio_tables.h): not served for unnamed handles, nor
 * before RATIO_TABLES_AFTER uses; then every token's value is pdist_ratio_cdf's;
 * a pair under new names gets its own table, not the old one's values. */
static void
test_ratio_tables(void)
{
	struct ratio_tables *t = ratio_tables_new();
	struct pdist p = pdist_dense(dense_p, V), q = pdist_dense(dense_q, V);
	struct pdist np = pdist_dense_named(dense_p, V, 5), nq = pdist_dense_named(dense_q, V, 6);
	struct pdist swp = pdist_dense_named(dense_q, V, 7), swq = pdist_dense_named(dense_p, V, 8);
	size_t xs[V];
	double out[V], worst = 0.0;
	uint64_t built, served;
	int i, early = 0;
	size_t x;

	for (x = 0; x < V; x++)
		xs[x] = x;
	tap_ok(!ratio_tables_cdf(t, &p, &q, xs, V, out), "unnamed dense rows: not served");
	for (i = 1; i < RATIO_TABLES_AFTER; i++)
		early += ratio_tables_cdf(t, &np, &nq, xs, V, out);
	tap_ok(early == 0, "named rows: computed by the caller for the first %d uses",
	    RATIO_TABLES_AFTER - 1);
	tap_ok(ratio_tables_cdf(t, &np, &nq, xs, V, out), "served from use %d on",
	    RATIO_TABLES_AFTER);
	for (x = 0; x < V; x++)
		worst = fmax(worst, fabs(out[x] - pdist_ratio_cdf(&p, &q, x)));
	tap_ok(worst <= 1e-15, "every token's value is pdist_ratio_cdf's (worst %.3g)", worst);
	for (i = 0; i < RATIO_TABLES_AFTER; i++)
		ratio_tables_cdf(t, &swp, &swq, xs, V, out);
	for (x = 0, worst = 0.0; x < V; x++)
		worst = fmax(worst, fabs(out[x] - pdist_ratio_cdf(&swp, &swq, x)));
	tap_ok(worst <= 1e-15, "the swapped pair under new names: its own values (worst %.3g)",
	    worst);
	for (i = 0; i < 3 * RATIO_TABLES_KEPT; i++) {	/* pairs seen once */
		struct pdist op = pdist_dense_named(dense_p, V, 100 + 2 * (uint64_t)i);
		struct pdist oq = pdist_dense_named(dense_q, V, 101 + 2 * (uint64_t)i);

		early += ratio_tables_cdf(t, &op, &oq, xs, V, out);
	}
	tap_ok(early == 0 && ratio_tables_cdf(t, &np, &nq, xs, V, out),
	    "%d pairs seen once do not push a built table out", 3 * RATIO_TABLES_KEPT);
	ratio_tables_stats(t, &built, &served);
	tap_ok(built == 2 && served == 3, "two tables built, three lookups served (%llu, %llu)",
	    (unsigned long long)built, (unsigned long long)served);
	ratio_tables_free(t);
}

#define SMALL_V_MAX 64	/* the largest vocabulary test_ratio_small draws */

/* Random pair over n tokens with the cases the ratio order has to settle:
 * q = 0 (ratio +infinity) on every 7th token, p = 0 on every 11th, and ratios
 * that tie (q = p / 2, p or 2 p, and p's weights from four values). */
static void
small_pair(struct rng *r, size_t n, double *p, double *q)
{
	static const double w[] = { 0.25, 1.0, 1.0, 3.0 }, f[] = { 0.5, 1.0, 2.0 };
	double sum_p = 0.0, sum_q = 0.0;
	size_t y;

	for (y = 0; y < n; y++) {
		p[y] = y % 11 == 3 ? 0.0 : w[rng_next(r) % 4];
		q[y] = y % 7 == 5 ? 0.0 : p[y] * f[rng_next(r) % 3] + (y % 11 == 3);
		sum_p += p[y];
		sum_q += q[y];
	}
	for (y = 0; y < n; y++) {
		p[y] /= sum_p;
		q[y] /= sum_q;
	}
}

/* The ratio CDF's pass for small vocabularies (up to 8 tokens at once, up to
 * V 64) against the general one (9 tokens or more at once), bit for bit, and
 * against the brute-force order (its sums in another order, so to rounding: these
 * fixtures are not dyadic), at vocabularies that are and are not
 * multiples of four, for groups of 1 to 8 tokens in every order. */
static void
test_ratio_small(void)
{
	static const size_t sizes[] = { 5, 20, 61, 64 };
	double p[SMALL_V_MAX], q[SMALL_V_MAX], general[9], small[8], worst = 0.0;
	struct rng r;
	size_t xs[9], k, y;
	int same = 1, cases = 0, m, j, t;

	rng_seed(&r, 2126, 0);
	for (k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		size_t n = sizes[k];
		struct pdist dp = pdist_dense(p, n), dq = pdist_dense(q, n);

		for (t = 0; t < 40; t++) {
			small_pair(&r, n, p, q);
			for (j = 0; j < 9; j++)
				xs[j] = rng_next(&r) % n;
			pdist_ratio_cdf_many(&dp, &dq, xs, 9, general);
			for (m = 1; m <= 8; m++) {
				pdist_ratio_cdf_many(&dp, &dq, xs + 9 - m, m, small);
				same &= memcmp(small, general + 9 - m, (size_t)m *
				    sizeof *small) == 0;
				cases++;
			}
			for (j = 0; j < 9; j++) {
				double rx = dist_ratio(p[xs[j]], q[xs[j]]), want = 0.0;

				for (y = 0; y < n; y++) {
					double ry = dist_ratio(p[y], q[y]);

					if (ry < rx || (ry == rx && y < xs[j]))
						want += p[y];
				}
				worst = fmax(worst, fabs(general[j] - fmin(want, 1.0)));
			}
		}
	}
	tap_ok(same, "ratio CDF, V 5 to 64: groups of 1 to 8 tokens (small pass) = "
	    "the same tokens among 9 (general pass), bit for bit (%d groups)", cases);
	tap_ok(worst <= 1e-14, "ratio CDF, V 5 to 64: the brute-force order, to the "
	    "rounding of 64 sums (1e-14; worst %.3g)", worst);
}

/* The overlap and one token's ratio CDF in one pass (pdist_overlap_ratio_cdf)
 * against pdist_overlap and pdist_ratio_cdf, bit for bit, for every token of
 * random pairs (small_pair's zeros and ties, and q = p) at odd vocabularies
 * below and above the small pass's 64, and not multiples of four. */
static void
test_overlap_ratio(void)
{
	static const size_t sizes[] = { 5, 9, 67, 1003 };
	struct rng r;
	size_t k, x;
	int same = 1, cases = 0, t;

	rng_seed(&r, 2127, 0);
	for (k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		size_t n = sizes[k];
		double *p = xreallocarray(NULL, n, sizeof *p);
		double *q = xreallocarray(NULL, n, sizeof *q);
		struct pdist dp = pdist_dense(p, n), dq = pdist_dense(q, n);

		for (t = 0; t < 6; t++) {
			small_pair(&r, n, p, q);
			if (t == 5)	/* q = p: the overlap 1, every ratio 1 */
				memcpy(q, p, n * sizeof *q);
			for (x = 0; x < n; x += n > 100 ? 1 + rng_next(&r) % 13 : 1) {
				double cdf, ov = pdist_overlap_ratio_cdf(&dp, &dq, x, &cdf);
				double want_ov = pdist_overlap(&dp, &dq);
				double want_cdf = pdist_ratio_cdf(&dp, &dq, x);

				same &= memcmp(&ov, &want_ov, sizeof ov) == 0 &&
				    memcmp(&cdf, &want_cdf, sizeof cdf) == 0;
				cases++;
			}
		}
		free(p);
		free(q);
	}
	tap_ok(same, "overlap and ratio CDF in one pass = the two passes, bit for bit "
	    "(V 5, 9, 67, 1003; %d tokens)", cases);
	tap_ok(pdist_fuses_ratio(&(struct pdist){ .form = PDIST_DENSE, .vocab = 65 },
	    &(struct pdist){ .form = PDIST_DENSE, .vocab = 65 }) &&
	    !pdist_fuses_ratio(&(struct pdist){ .form = PDIST_DENSE, .vocab = 64 },
	    &(struct pdist){ .form = PDIST_DENSE, .vocab = 64 }),
	    "one pass for dense pairs above V 64, not at 64");
}

/* ratio_tables_would_serve against what ratio_tables_cdf then does: a named
 * pair is served from its RATIO_TABLES_AFTER-th use on, and the question
 * counts no use. */
static void
test_would_serve(void)
{
	struct ratio_tables *t = ratio_tables_new();
	struct pdist np = pdist_dense(dense_p, V), nq = pdist_dense(dense_q, V);
	double out[1];
	size_t x = 3;
	int i, agree = 1;

	np.name = 41;
	nq.name = 42;
	for (i = 1; i <= RATIO_TABLES_AFTER + 1; i++) {
		int would = ratio_tables_would_serve(t, &np, &nq);

		agree &= would == ratio_tables_would_serve(t, &np, &nq) &&
		    would == ratio_tables_cdf(t, &np, &nq, &x, 1, out) &&
		    would == (i >= RATIO_TABLES_AFTER);
	}
	tap_ok(agree, "would_serve: 0 for the first %d uses, then 1, as the lookups",
	    RATIO_TABLES_AFTER - 1);
	nq.name = 0;
	tap_ok(!ratio_tables_would_serve(t, &np, &nq) &&
	    !ratio_tables_would_serve(NULL, &np, &np), "would_serve: 0 unnamed or no tables");
	ratio_tables_free(t);
}

/* The lowest token of the largest value of a dense vector: the brute force. */
static size_t
dense_argmax(const double *v)
{
	size_t x, best = 0;

	for (x = 1; x < V; x++)
		if (v[x] > v[best])
			best = x;
	return best;
}

/* pdist_argmax on split d against the brute force; fast: whether the list and
 * the floor's top decide it (split_argmax). */
static void
check_argmax(const struct split_dist *d, size_t want, int fast, const char *what)
{
	struct pdist h = pdist_split(d);
	double dense[V];
	size_t got = pdist_argmax(&h);

	pdist_densify(&h, dense);
	tap_ok(got == want && dense_argmax(dense) == want &&
	    (split_argmax(d) != SPLIT_NONE) == fast,
	    "argmax, %s: token %zu (want %zu, %s)", what, got, want,
	    fast ? "from the list and the floor's top" : "by a walk");
}

static void
test_argmax(void)
{
	static const double tied_w[V] = { 1, 3, 0.5, 1.5, 1, 3, 0.25, 0.75, 2, 1, 1.5,
	    1.5 };
	static const double only_c[] = { 0.25, 0.125, 0.5, 0.125 };
	static const double tie_c[] = { 0.078125, 0, 0, 0 };
	static double tied_cdf[V];
	static struct split_floor tied;
	struct split_dist d;
	struct pdist h = pdist_dense(dense_q, V);

	tap_ok(plain.top.token == 5 && plain.top.alone && factored.top.token == 8 &&
	    factored.top.alone, "floor tops: plain 5, factored 8, each alone");
	tap_eq((long long)pdist_argmax(&h), (long long)dense_argmax(dense_q),
	    "argmax of a dense vector");
	check_argmax(&sp, 5, 1, "the floor's top on the list");
	check_argmax(&sq_c, 2, 1, "a list token beats the floor's top off the list");
	check_argmax(&sf_c, 2, 1, "a list token beats a factored floor's top");
	d = split_fixture_dist(&plain, 1.0 / 8, &wc, tie_c);
	check_argmax(&d, 5, 1, "the floor's top off the list wins");
	d = split_fixture_dist(&factored, 1.0 / 8, &wc, tie_c);
	check_argmax(&d, 8, 1, "a factored floor's top off the list wins");
	d = split_fixture_dist(&plain, 0.0, &wc, only_c);
	check_argmax(&d, 11, 1, "no floor (scale 0): the list alone");
	d = split_fixture_dist(&plain, 1.0 / 32, &wc, tie_c);
	check_argmax(&d, 2, 1, "a list token tied with the floor's top: the lower id");
	split_fixture_plain(&tied, tied_w, tied_cdf, V);
	d = split_fixture_dist(&tied, 1.0 / 32, &wc, only_c);
	check_argmax(&d, 11, 0, "a floor whose top is tied, list wins");
	d = split_fixture_dist(&tied, 1.0 / 8, &wc, tie_c);
	check_argmax(&d, 1, 0, "a floor whose top is tied, the floor wins");
	tap_ok(!tied.top.alone && tied.top.token == 1, "a tied floor's top: 1, not alone");
	tap_ok(!split_floor_top(NULL, 0).alone, "an empty floor's top is not alone");
}

int
main(void)
{
	make_fixtures();
	test_ratio_tables();
	test_ratio_small();
	test_overlap_ratio();
	test_would_serve();
	test_prob();
	test_same();
	test_samples();
	test_pairs();
	test_iter();
	test_counts();
	test_argmax();
	return tap_done();
}
