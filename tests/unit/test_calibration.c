/* test_calibration.c: the draft's calibration (stats/calibration.h), draft
 * score against acceptance over top-k trees. With q = p a node's score is the
 * target's probability of its path, so every bin's mean exact acceptance is
 * its mean score (to rounding), on three pairs (one whose pair changes with
 * the depth) and dynamic and static trees; the realised share accepted lies
 * within 6 standard errors of it. With q != p it bends, by a value worked by
 * hand; a tree whose rule draws its drafts (specinfer) adds nothing; the bins'
 * edges. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "lib/tree_fixture.h"
#include "source/source.h"
#include "stats/calibration.h"
#include "util/rng.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"
#include "verify/verify_tree.h"

struct run {
	struct tree_fixture_run f;
	struct calibration cal;
};

/* steps of tree spec under rule on the pair (p, q), odd depths (op, oq) when
 * op is set, into r->cal. */
static void
run_steps(struct run *r, const char *rule, const char *spec, const double *p,
    const double *q, const double *op, const double *oq, size_t n, int steps)
{
	struct verify_params par = tree_fixture_rule(rule);
	struct tree_shape shape;
	char err[256];
	int i;

	memset(&r->cal, 0, sizeof r->cal);
	tree_fixture_run_open(&r->f, p, q, op, oq, n, 5);
	tree_shape_parse(spec, &shape, err, sizeof err);
	for (i = 0; i < steps; i++) {
		tree_fixture_run_step(&r->f, &par, &shape);
		calibration_add(&r->cal, &r->f.tree);
	}
	tree_fixture_run_close(&r->f);
}

/* q = p: each bin's exact acceptance is its score; realised within 6 SE. */
static void
identity(const char *name, const char *spec, const double *p, const double *op, size_t n)
{
	struct run r;
	struct calibration_bin b;
	double worst = 0.0, worst_z = 0.0;
	int i, bins = 0;

	run_steps(&r, "topk", spec, p, p, op, op, n, 3000);
	for (i = 0; i < CALIBRATION_BINS; i++) {
		calibration_get(&r.cal, i, &b);
		if (b.nodes == 0)
			continue;
		bins++;
		worst = fmax(worst, fabs(b.expected - b.score));
		worst_z = fmax(worst_z, fabs(b.accepted - b.expected) /
		    sqrt(fmax(b.expected * (1.0 - b.expected), 1e-6) / (double)b.nodes));
	}
	tap_ok(bins >= 2 && worst <= 1e-12, "%s, %s: q = p gives the identity in %d bins:"
	    " |exact - score| <= %.2g", name, spec, bins, worst);
	tap_ok(worst_z < 6.0, "%s, %s: realised acceptance within %.2f SE of it", name,
	    spec, worst_z);
}

static void
test_identity(void)
{
	static const double a[] = { .6, .3, .1 }, b[] = { .4, .3, .2, .1 },
	    c[] = { .25, .25, .5, 0 }, d[] = { .7, .1, .1, .1 };
	static const char *const specs[] = { "dynamic:2,3,6", "dynamic:3,4,12",
		"dynamic:1,5,6", "3,2,1" };
	size_t s;

	for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
		identity("(.6 .3 .1)", specs[s], a, NULL, 3);
		identity("(.4 .3 .2 .1)", specs[s], b, NULL, 4);
		identity("by depth", specs[s], c, d, 4);
	}
}

/* q != p: p = (.6, .3, .1), q = (.3, .6, .1). dynamic:1,1,2 drafts q's top
 * token, 1, scored .6, which the target accepts with p(1) = .3: the bin
 * .6-.7 holds every step's node with exact acceptance .3. */
static void
test_bends(void)
{
	static const double p[] = { .6, .3, .1 }, q[] = { .3, .6, .1 };
	struct calibration_bin b;
	struct run r;

	run_steps(&r, "topk", "dynamic:1,1,2", p, q, NULL, NULL, 3, 2000);
	calibration_get(&r.cal, 6, &b);
	tap_ok(b.nodes == 2000 && fabs(b.score - .6) < 1e-12 && fabs(b.expected - .3) < 1e-12,
	    "q != p: bin .6-.7 has %llu nodes, score %.4f, exact %.4f (.6 and .3)",
	    (unsigned long long)b.nodes, b.score, b.expected);
	tap_ok(fabs(b.accepted - .3) < 6 * sqrt(.21 / 2000), "realised %.4f near .3",
	    b.accepted);
	run_steps(&r, "specinfer", "2,1", p, q, NULL, NULL, 3, 100);
	tap_ok(calibration_nodes(&r.cal) == 0, "specinfer draws its drafts: no calibration");
}

static void
test_bins(void)
{
	tap_ok(calibration_bin_of(0.0) == 0 && calibration_bin_of(0.0999) == 0 &&
	    calibration_bin_of(0.1) == 1 && calibration_bin_of(0.95) == 9 &&
	    calibration_bin_of(1.0) == 9 && calibration_bin_of(-1.0) == 0,
	    "bins of 0.1 over [0, 1], 1 in the last");
}

int
main(void)
{
	test_bins();
	test_identity();
	test_bends();
	return tap_done();
}
