/* test_split.c: floor-plus-sparse distributions against their dense forms. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "chisq.h"
#include "dist.h"
#include "rng.h"
#include "split.h"
#include "tap.h"

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

struct where {
	const uint32_t *list;
	size_t n;
};

/* One distribution: built in place, never copied (d points into it). */
struct fix {
	struct where wh;
	double extra[V];
	struct split_dist d;
};

static size_t
find(const void *where, uint32_t w)
{
	const struct where *wh = where;
	size_t i;

	for (i = 0; i < wh->n; i++)
		if (wh->list[i] == w)
			return i;
	return SPLIT_NONE;
}

static void
floor_init(struct split_floor *f, const double *w, double *cdf)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < V; i++)
		cdf[i] = sum += w[i];
	*f = (struct split_floor){ .vocab = V, .w = w, .cdf = cdf, .sum = sum };
}

/* fmass of the distribution on the floor, the rest on list as raw's proportions. */
static void
fix_init(struct fix *x, const struct split_floor *f, const uint32_t *list, size_t n,
    double fmass, const double *raw)
{
	double sum = 0.0;
	size_t i;

	for (i = 0; i < n; i++)
		sum += raw[i];
	x->wh = (struct where){ list, n };
	x->d = (struct split_dist){ f, fmass / f->sum, list, x->extra, n, 0.0, find, &x->wh };
	for (i = 0; i < n; i++) {
		x->extra[i] = sum > 0.0 ? raw[i] * ((1.0 - fmass) / sum) : 0.0;
		x->d.extra_sum += x->extra[i];
	}
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
	split_sample_residual(&p->d, &q->d, &r, &mass);
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

static void
chisq_check(const unsigned long long *count, const double *prob, double total,
    const char *what)
{
	double expect[V];
	struct chisq_result c;
	size_t w;

	for (w = 0; w < V; w++)
		expect[w] = DRAWS * prob[w] / total;
	c = chisq_test(count, expect, V);
	tap_ok(c.p_value > 0.001, "%s: chi2 %.2f df %d p %.4f", what, c.statistic, c.df,
	    c.p_value);
}

static void
test_sample(const struct fix *p, uint64_t seed, const char *what)
{
	unsigned long long count[V] = { 0 };
	double dp[V];
	struct rng r;
	long i;

	rng_seed(&r, seed, 0);
	for (i = 0; i < DRAWS; i++)
		count[split_sample(&p->d, &r)]++;
	split_densify(&p->d, dp);
	chisq_check(count, dp, 1.0, what);
}

/* Draws of the residual against norm(max(0, p - q)), none where it is 0, and the
 * reported mass; when that mass is 0, draws against p itself. */
static void
test_residual_draws(const struct fix *p, const struct fix *q, uint64_t seed,
    const char *what)
{
	unsigned long long count[V] = { 0 }, stray = 0;
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
		count[split_sample_residual(&p->d, &q->d, &r, &mass)]++;
	if (want > 0.0) {
		chisq_check(count, res, want, what);
		for (w = 0; w < V; w++)
			if (res[w] == 0.0) {
				zeros++;
				stray += count[w];
			}
		tap_ok(zeros > 0 && stray == 0, "%s: %d zero-residual tokens, %llu draws there",
		    what, zeros, stray);
		tap_near(mass, want, 1e-14, what);
	} else {
		tap_near(mass, 0.0, 0.0, what);
		chisq_check(count, dp, 1.0, what);
	}
}

static void
test_sampling(void)
{
	static const double raw_tp[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
	static const double raw_tq[] = { 0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 2 };
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

int
main(void)
{
	floor_init(&fl, floor_w, floor_cdf);
	floor_init(&tight, tight_w, tight_cdf);
	make_fixtures();
	test_prob_extra_densify();
	test_overlap_residual();
	test_sampling();
	test_floor_pick();
	return tap_done();
}
