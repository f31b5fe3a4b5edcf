/* test_split.c: floor-plus-sparse distributions against their dense forms. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "dist/dist.h"
#include "lib/draws.h"
#include "dist/pdist.h"
#include "util/rng.h"
#include "dist/split.h"
#include "lib/split_fixture.h"
#include "lib/tap.h"

#define V 12
#define DRAWS 200000

/* Not uniform; dyadic so the hand-computed values below are exact. */
static const double floor_w[V] = { 1, 2, 0.5, 1.5, 1, 3, 0.25, 0.75, 2, 1, 1.5, 1.5 };
/* The same but for a light last token, the only one outside list_all. */
static const double tight_w[V] = { 1, 2, 0.5, 1.5, 1, 3, 0.25, 0.75, 2, 1, 1.5, 0.0625 };
static double floor_cdf[V], tight_cdf[V];
static struct split_floor fl, tight;

static const uint32_t list_b[] = { 5, 2, 9, 0, 7 };
static const uint32_t list_b_rev[] = { 7, 0, 9, 2, 5 };
static const uint32_t list_c[] = { 2, 7, 11, 4 };
static const uint32_t list_all[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
static const uint32_t list_all_copy[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
/* All but tokens 2 and 11, both of little floor excess in the case below. */
static const uint32_t list_most[] = { 0, 1, 3, 4, 5, 6, 7, 8, 9, 10 };
static const uint32_t list_most_copy[] = { 0, 1, 3, 4, 5, 6, 7, 8, 9, 10 };
/* Raw extras over list_all (raw_tq + 1 over list_most). */
static const double raw_tp[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
static const double raw_tq[] = { 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 2 };

/* One distribution: built in place, never copied (d points into it). */
struct fix {
	struct split_list wh;
	double extra[V];
	struct split_dist d;
};

/* fmass of the distribution on the floor, the rest on list as raw's proportions. */
static void
fix_init(struct fix *x, const struct split_floor *f, const uint32_t *list, size_t n,
    double fmass, const double *raw)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += raw[i];
	for (i = 0; i < n; i++)
		x->extra[i] = sum > 0.0 ? raw[i] * ((1.0 - fmass) / sum) : 0.0;
	x->wh = (struct split_list){ list, n };
	x->d = split_fixture_dist(f, fmass / f->sum, &x->wh, x->extra);
}

static void
test_prob_extra_densify(void)
{
	static const double raw[] = { 0.25, 0.125, 0.0, 0.0625, 0.0625 };
	/* w / 32 plus the extras: 5 +0.25, 2 +0.125, 9 +0, 0 +0.0625, 7 +0.0625. */
	static const double want[V] = { 0.09375, 0.0625, 0.140625, 0.046875, 0.03125,
	    0.34375, 0.0078125, 0.0859375, 0.0625, 0.03125, 0.046875, 0.046875 };
	double dense[V], worst = 0.0, sum = 0.0;
	struct fix t;
	size_t w;

	fix_init(&t, &fl, list_b, 5, 0.5, raw);
	split_densify(&t.d, dense);
	for (w = 0; w < V; w++) {
		worst = fmax(worst, fabs(dense[w] - want[w]));
		worst = fmax(worst, fabs(split_prob(&t.d, w) - want[w]));
		sum += dense[w];
	}
	tap_ok(worst <= 1e-15, "densify and prob match the hand vector: worst %.3g", worst);
	tap_near(sum, 1.0, 1e-15, "dense vector sums to 1");
	tap_near(split_extra(&t.d, 5), 0.25, 1e-15, "extra of listed token 5");
	tap_near(split_extra(&t.d, 9), 0.0, 0.0, "extra of listed token 9 with extra 0");
	tap_near(split_prob(&t.d, 9), 0.03125, 1e-15, "prob of listed token 9 with extra 0");
	tap_near(split_extra(&t.d, 3), 0.0, 0.0, "extra of token 3 off the list");
	tap_near(split_prob(&t.d, 3), 0.046875, 1e-15, "prob of token 3 off the list");
}

/* Overlap and residual mass against the dense functions. */
static void
check_pair(const struct fix *p, const struct fix *q, const char *what)
{
	double dp[V], dq[V], res[V], mass = -1.0, want;
	struct rng r;

	rng_seed(&r, 7, 0);
	split_densify(&p->d, dp);
	split_densify(&q->d, dq);
	want = dist_overlap(dp, dq, V);
	tap_ok(fabs(split_overlap(&p->d, &q->d) - want) <= 1e-14, "overlap, %s: %.17g want %.17g",
	    what, split_overlap(&p->d, &q->d), want);
	want = dist_residual(dp, dq, res, V);
	split_sample_residual(&p->d, &q->d, 1.0, &r, &mass);
	tap_ok(fabs(mass - want) <= 1e-14, "residual mass, %s: %.17g want %.17g", what,
	    mass, want);
}

static struct fix a_p, a_q, a_p2, b_q, e, twin;

static void
make_fixtures(void)
{
	static const double raw_ap[] = { 4, 1, 0, 2, 3 }, raw_aq[] = { 1, 3, 2, 0, 1 };
	static const double raw_ap2[] = { 0, 2, 1, 3, 0 }, raw_bq[] = { 3, 0, 2, 1 };
	static const double raw_twin[] = { 3, 2, 0, 1, 4 };

	fix_init(&a_p, &fl, list_b, 5, 0.3, raw_ap);
	fix_init(&a_q, &fl, list_b, 5, 0.5, raw_aq);
	fix_init(&a_p2, &fl, list_b, 5, 0.7, raw_ap2);
	fix_init(&b_q, &fl, list_c, 4, 0.4, raw_bq);
	fix_init(&e, &fl, NULL, 0, 1.0, NULL);
	fix_init(&twin, &fl, list_b_rev, 5, 0.3, raw_twin);	/* a_p, list reversed */
}

static void
test_overlap_residual(void)
{
	check_pair(&a_p, &a_q, "same list, p scale < q scale");
	check_pair(&a_q, &a_p, "same list, p scale > q scale");
	check_pair(&a_p, &b_q, "lists partly overlap, p scale < q scale");
	check_pair(&b_q, &a_p, "lists partly overlap, p scale > q scale");
	check_pair(&a_p2, &b_q, "lists partly overlap, p scale 0.7 > q scale 0.4");
	check_pair(&a_p, &e, "q list empty");
	check_pair(&e, &a_p, "p list empty");
	check_pair(&e, &e, "both lists empty");
}

/* Draws of split_sample (through its handle) against the dense form. */
static void
test_sample(const struct fix *p, uint64_t seed, const char *what)
{
	struct pdist h = pdist_split(&p->d);

	draws_sample(&h, seed, DRAWS, what);
}

/* Draws of the residual against norm(max(0, p - q)), none where it is 0, and the
 * reported mass; when that mass is 0, draws against p itself. */
static void
test_residual_draws(const struct fix *p, const struct fix *q, uint64_t seed,
    const char *what)
{
	uint64_t count[V] = { 0 }, stray = 0;
	double dp[V], dq[V], res[V], mass, want;
	struct rng r;
	int zeros = 0;
	long i;
	size_t w;

	split_densify(&p->d, dp);
	split_densify(&q->d, dq);
	want = dist_residual(dp, dq, res, V);
	rng_seed(&r, seed, 0);
	for (i = 0; i < DRAWS; i++)
		count[split_sample_residual(&p->d, &q->d, 1.0, &r, &mass)]++;
	if (want > 0.0) {
		draws_check(count, res, want, V, what);
		for (w = 0; w < V; w++)
			if (res[w] == 0.0) {
				zeros++;
				stray += count[w];
			}
		tap_ok(zeros > 0 && stray == 0, "%s: %d zero-residual tokens, %" PRIu64 " draws there",
		    what, zeros, stray);
		tap_near(mass, want, 1e-14, what);
	} else {
		tap_near(mass, 0.0, 0.0, what);
		draws_check(count, dp, 1.0, V, what);
	}
}

static void
test_sampling(void)
{
	struct fix t_p, t_q, t_q2;

	test_sample(&a_p, 11, "split_sample of p");
	test_sample(&b_q, 12, "split_sample of q");
	test_sample(&e, 13, "split_sample with an empty list");
	test_residual_draws(&a_p2, &b_q, 21, "residual draws, floor mass outside lists");
	test_residual_draws(&b_q, &a_p, 22, "residual draws, p scale > q scale");
	test_residual_draws(&a_p, &a_q, 23, "residual draws, same list, p scale < q scale");
	fix_init(&t_p, &tight, list_all, 11, 0.6, raw_tp);
	fix_init(&t_q, &tight, list_all, 11, 0.3, raw_tq);
	fix_init(&t_q2, &tight, list_all_copy, 11, 0.3, raw_tq);
	test_residual_draws(&t_p, &t_q, 24, "residual draws, lists cover all but token 11");
	test_residual_draws(&t_p, &t_q2, 25,
	    "residual draws, all but token 11, separate list copies");
	test_residual_draws(&a_p, &a_p, 26, "p against itself: mass 0, draws follow p");
	test_residual_draws(&a_p, &twin, 27, "p against its twin (list reversed)");
}

static void
test_floor_pick(void)
{
	/* cdf: 1 3 3.5 5 6 9 9.25 10 12 13 14.5 16 */
	tap_eq((long long)split_floor_pick(&fl, 0.0), 0, "floor_pick t = 0");
	tap_eq((long long)split_floor_pick(&fl, nextafter(1.0, 0.0)), 0,
	    "floor_pick just below cdf[0] = 1");
	tap_eq((long long)split_floor_pick(&fl, 1.0), 1, "floor_pick at cdf[0] = 1");
	tap_eq((long long)split_floor_pick(&fl, nextafter(3.5, 0.0)), 2,
	    "floor_pick just below cdf[2] = 3.5");
	tap_eq((long long)split_floor_pick(&fl, 3.5), 3, "floor_pick at cdf[2] = 3.5");
	tap_eq((long long)split_floor_pick(&fl, 9.1), 6, "floor_pick inside token 6");
	tap_eq((long long)split_floor_pick(&fl, nextafter(16.0, 0.0)), 11,
	    "floor_pick just below the total");
	tap_eq((long long)split_floor_pick(&fl, 16.0), 11, "floor_pick at the total");
	tap_eq((long long)split_floor_pick(&fl, 17.0), 11, "floor_pick past the total");
}

/* Factors over fl: ties (tokens 0 and 6 at 1.5, 3 and 9 at 1), both sides of 1;
 * dyadic, so the products and running sums below are exact. */
static const double factor[V] = { 1.5, 0.5, 2, 1, 0.75, 1.25, 1.5, 0.25, 3, 1, 0.625, 1.75 };

/* A factored floor: base's w times factor, tokens in ascending factor order. */
struct factored {
	double w[V], cum_base[V + 1], cum_w[V + 1];
	uint32_t by[V];
	struct split_floor f;
};

static struct factored ff, tight_ff;

static void
factored_init(struct factored *x, const struct split_floor *base)
{
	split_fixture_factored(&x->f, base, factor, x->w, x->by, x->cum_base, x->cum_w);
}

/* Scales (a, b) of the floors; the exact ones are dyadic. */
static const struct {
	double a, b;
	int exact;
} scales[] = { { 0.75, 0.5, 1 }, { 0.375, 0.5, 1 }, { 1.0, 0.25, 1 }, { 0.5, 0.5, 1 },
    { 0.5, 0.0, 1 }, { 0.0, 0.5, 1 }, { 0.0, 0.0, 1 }, { 0.7, 0.3, 0 }, { 0.3, 0.7, 0 } };
#define NSCALES (sizeof scales / sizeof scales[0])

static double
excess_at(const struct split_floor *fq, double a, double b, size_t w)
{
	return fmax(0.0, a * fl.w[w] - b * fq->w[w]);
}

/* The i-th token of fq's order: by factor when factored, else by token. */
static size_t
order_at(const struct split_floor *fq, size_t i)
{
	return fq->base != NULL ? fq->by_factor[i] : i;
}

/* The floors' min and excess sums over fl and fq against dense sums. */
static void
test_floors_sums(const struct split_floor *fq, const char *what)
{
	double wmin, wex, gmin, gex;
	size_t k, w;

	for (k = 0; k < NSCALES; k++) {
		double a = scales[k].a, b = scales[k].b;

		for (wmin = wex = 0.0, w = 0; w < V; w++) {
			wmin += fmin(a * fl.w[w], b * fq->w[w]);
			wex += excess_at(fq, a, b, w);
		}
		gmin = split_floors_min(&fl, a, fq, b);
		gex = split_floors_excess(&fl, a, fq, b);
		tap_ok(fabs(gmin - wmin) <= 1e-14 && fabs(gex - wex) <= 1e-14,
		    "floors_min/excess, %s, a %g b %g: %.17g %.17g want %.17g %.17g", what,
		    a, b, gmin, gex, wmin, wex);
	}
}

/* The token at which the running excess, in fq's order, first exceeds t. */
static size_t
brute_excess_pick(const struct split_floor *fq, double a, double b, double t)
{
	double acc = 0.0;
	size_t i;

	for (i = 0; i < V; i++) {
		acc += excess_at(fq, a, b, order_at(fq, i));
		if (acc > t)
			return order_at(fq, i);
	}
	return SIZE_MAX;
}

/* excess_pick at t on a grid and at (and just below) every running sum. */
static void
test_excess_pick(const struct split_floor *fq, const char *what)
{
	size_t k, i, j, w;

	for (k = 0; k < NSCALES; k++) {
		double a = scales[k].a, b = scales[k].b, ex, acc = 0.0, t[64 + 2 * V];
		int n = 0, wrong = 0, zero = 0;

		ex = split_floors_excess(&fl, a, fq, b);
		if (!scales[k].exact || !(ex > 0.0))
			continue;
		for (j = 0; j < 64; j++)
			t[n++] = ex * (double)j / 64.0;
		for (i = 0; i < V; i++) {
			acc += excess_at(fq, a, b, order_at(fq, i));
			if (acc < ex)
				t[n++] = acc;
			if (acc > 0.0 && acc <= ex)
				t[n++] = nextafter(acc, 0.0);
		}
		for (j = 0; j < (size_t)n; j++) {
			w = split_floors_excess_pick(&fl, a, fq, b, t[j]);
			wrong += w != brute_excess_pick(fq, a, b, t[j]);
			zero += w >= V || !(excess_at(fq, a, b, w) > 0.0);
		}
		tap_ok(wrong == 0 && zero == 0,
		    "excess_pick, %s, a %g b %g: %d t, %d wrong, %d on zero excess", what, a,
		    b, n, wrong, zero);
	}
}

static void
test_factored_pick(void)
{
	double t[2 * V + 52];
	size_t i, j, want;
	int n = 0, wrong = 0;

	for (i = 0; i <= V; i++) {
		t[n++] = ff.cum_w[i];
		if (i > 0)
			t[n++] = nextafter(ff.cum_w[i], 0.0);
	}
	for (j = 0; j < 50; j++)
		t[n++] = ff.f.sum * (double)j / 50.0;
	t[n++] = ff.f.sum + 1.0;
	for (j = 0; j < (size_t)n; j++) {
		for (i = 0; i < V - 1 && !(ff.cum_w[i + 1] > t[j]); i++)
			;
		want = ff.by[i];
		wrong += split_floor_pick(&ff.f, t[j]) != want;
	}
	tap_ok(wrong == 0, "floor_pick on a factored floor: %d t, %d wrong", n, wrong);
}

static void
test_factored(void)
{
	static const double raw_aq[] = { 1, 3, 2, 0, 1 }, raw_bq[] = { 3, 0, 2, 1 };
	struct fix q_b, q_c, q_e, t_p, t_q, m_p, m_q;

	factored_init(&ff, &fl);
	factored_init(&tight_ff, &tight);
	test_floors_sums(&ff.f, "factored");
	test_floors_sums(&fl, "plain");
	test_excess_pick(&ff.f, "factored");
	test_excess_pick(&fl, "plain");
	test_factored_pick();
	fix_init(&q_b, &ff.f, list_b, 5, 0.4, raw_aq);
	fix_init(&q_c, &ff.f, list_c, 4, 0.4, raw_bq);
	fix_init(&q_e, &ff.f, NULL, 0, 1.0, NULL);
	check_pair(&a_p, &q_b, "factored q, same list, p scale < q scale");
	check_pair(&a_p2, &q_b, "factored q, same list, p scale > q scale");
	check_pair(&twin, &q_b, "factored q, same tokens, different list");
	check_pair(&a_p, &q_c, "factored q, lists partly overlap");
	check_pair(&a_p2, &q_c, "factored q, lists partly overlap, p scale 0.7");
	check_pair(&a_p, &q_e, "factored q, q list empty");
	check_pair(&e, &q_b, "factored q, p list empty");
	check_pair(&e, &q_e, "factored q, both lists empty");
	tap_near(split_overlap(&q_c.d, &a_p.d), split_overlap(&a_p.d, &q_c.d), 0.0,
	    "overlap with the factored one first: the same");
	test_sample(&q_b, 14, "split_sample over a factored floor");
	test_sample(&q_e, 15, "split_sample over a factored floor, empty list");
	test_residual_draws(&a_p2, &q_c, 28,
	    "factored q: residual draws, floor mass outside lists");
	test_residual_draws(&a_p, &q_b, 29, "factored q: residual draws, same list");
	fix_init(&t_p, &tight, list_all, 11, 0.6, raw_tp);
	fix_init(&t_q, &tight_ff.f, list_all, 11, 0.3, raw_tq);
	test_residual_draws(&t_p, &t_q, 30, "factored q: residual draws, all but token 11");
	fix_init(&m_p, &tight, list_most, 10, 0.6, raw_tp);
	fix_init(&m_q, &tight_ff.f, list_most_copy, 10, 0.36, raw_tq + 1);
	test_residual_draws(&m_p, &m_q, 31,
	    "factored q: residual draws, all but tokens 2 and 11, separate lists");
}

/* Signed extras (a backoff model's listed word below its backed-off share):
 * floor (0.4, 0.3, 0.2, 0.1), scale 1.25, extra -0.25 on token 0 and +0 on
 * token 2 gives P = (0.25, 0.375, 0.25, 0.125) by hand. Draws follow it
 * (rejection), the argmax is token 1 though token 0 tops the floor, and the
 * overlap with the floor alone (P' = floor) is sum min = 0.25 + 0.3 + 0.2 +
 * 0.1 = 0.85. */
static void
test_signed(void)
{
	static const double w[4] = { 0.4, 0.3, 0.2, 0.1 };
	static const double want[4] = { 0.25, 0.375, 0.25, 0.125 };
	static const uint32_t tokens[2] = { 0, 2 };
	static const double extra[2] = { -0.25, 0.0 }, none[1] = { 0.0 };
	static const uint32_t none_tok[1] = { 3 };
	struct split_list l = { tokens, 2 }, l0 = { none_tok, 0 };
	struct split_floor f;
	struct split_dist d, q;
	struct pdist pd, pq;
	double cdf[4];
	uint64_t count[4] = { 0 };
	struct rng rng;
	int i;

	split_fixture_plain(&f, w, cdf, 4);
	d = split_fixture_dist(&f, 1.25, &l, extra);
	q = split_fixture_dist(&f, 1.0, &l0, none);
	tap_ok(d.signed_extra && !q.signed_extra, "a negative extra marks the distribution");
	pd = pdist_split(&d);
	pq = pdist_split(&q);
	for (i = 0; i < 4; i++)
		tap_near(pdist_prob(&pd, (size_t)i), want[i], 1e-15, "signed: P by hand");
	tap_eq((long long)pdist_argmax(&pd), 1, "signed: argmax 1, though 0 tops the floor");
	tap_near(pdist_overlap(&pd, &pq), 0.85, 1e-12, "signed: overlap with the floor");
	rng_seed(&rng, 5, 0);
	for (i = 0; i < 40000; i++)
		count[pdist_sample(&pd, &rng)]++;
	draws_check(count, want, 1.0, 4, "signed: 40,000 draws follow P (by rejection)");
}

int
main(void)
{
	split_fixture_plain(&fl, floor_w, floor_cdf, V);
	split_fixture_plain(&tight, tight_w, tight_cdf, V);
	make_fixtures();
	test_prob_extra_densify();
	test_overlap_residual();
	test_sampling();
	test_floor_pick();
	test_factored();
	test_signed();
	return tap_done();
}
