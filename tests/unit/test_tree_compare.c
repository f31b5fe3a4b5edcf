/* test_tree_compare.c: the best static top-k shape of N nodes and depth at
 * most STEPS (stats/tree_compare.h), against an enumeration written here:
 * every ordered tree of N - 1 nodes under the root as its preorder depth
 * sequence (d1 = 1, d(i+1) <= d(i) + 1, every d <= STEPS), a node's rank the
 * number of earlier siblings, its value the product of a(rank) along its
 * path; the best shape's mean over the steps of 1 + the sum of its values.
 * On three pairs of steps and seven settings of N and STEPS the program's
 * best equals the enumerated one to 1e-12; the oracle (p = q =
 * (.6, .3, .1), N 6, depth 3: 2.656); the chains of N - 1 drafts. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "lib/tap.h"
#include "stats/tree_compare.h"

#define DMAX 16

/* The value of the shape of depth sequence d (n nodes) at a. */
static double
shape_value(const int *d, int n, const double *a)
{
	double val[DMAX + 1] = { 1.0 }, sum = 0.0;
	int count[DMAX + 2] = { 0 }, i;

	for (i = 0; i < n; i++) {
		int r = count[d[i]]++;

		val[d[i]] = val[d[i] - 1] * a[r];
		count[d[i] + 1] = 0;
		sum += val[d[i]];
	}
	return sum;
}

struct search {
	int n, depth, nsteps, shapes;
	const double *const *a;
	int d[DMAX];
	double best;
};

/* Every depth sequence from position i on. */
static void
enumerate(struct search *s, int i)
{
	int dd, k;

	if (i == s->n) {
		double v = 0.0;

		for (k = 0; k < s->nsteps; k++)
			v += shape_value(s->d, s->n, s->a[k]);
		v /= s->nsteps;
		s->best = v > s->best ? v : s->best;
		s->shapes++;
		return;
	}
	for (dd = 1; dd <= (i == 0 ? 1 : s->d[i - 1] + 1) && dd <= s->depth; dd++) {
		s->d[i] = dd;
		enumerate(s, i + 1);
	}
}

static void
against(const char *name, const double *const *a, int nsteps, int n, int depth)
{
	struct search s = { .n = n - 1, .depth = depth, .nsteps = nsteps, .a = a };
	struct tree_compare c = { 0 };
	struct tree_compare_result r;
	int k;

	enumerate(&s, 0);
	tree_compare_start(&c, n, depth);
	for (k = 0; k < nsteps; k++)
		tree_compare_add(&c, a[k], 0.5);
	tree_compare_result(&c, &r);
	tap_ok(fabs(r.best_static - (1.0 + s.best)) < 1e-12, "%s, N %d, depth <= %d: best "
	    "static %.6f, enumerated %.6f over %d shapes", name, n, depth, r.best_static,
	    1.0 + s.best, s.shapes);
	tree_compare_free(&c);
}

static void
test_enumeration(void)
{
	/* a(r): the target's probability of q's r-th token, per step */
	static const double same[] = { .6, .3, .1, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	    flip[] = { .3, .6, .1, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
	    wide[] = { .2, .35, .15, .1, .1, .05, .05, 0, 0, 0, 0, 0 },
	    flat[] = { .25, .25, .25, .25, 0, 0, 0, 0, 0, 0, 0, 0 };
	static const double *const one[] = { same }, *const two[] = { flip, wide },
	    *const three[] = { wide, flat, same };
	static const int settings[][2] = { { 2, 1 }, { 4, 2 }, { 6, 3 }, { 7, 2 },
		{ 8, 5 }, { 10, 3 }, { 11, 10 } };
	size_t i;

	for (i = 0; i < sizeof settings / sizeof settings[0]; i++) {
		against("p = q = (.6 .3 .1)", one, 1, settings[i][0], settings[i][1]);
		against("two steps, q's top not p's", two, 2, settings[i][0], settings[i][1]);
		against("three steps", three, 3, settings[i][0], settings[i][1]);
	}
}

static void
test_oracle_and_chains(void)
{
	static const double a[] = { .6, .3, .1, 0, 0 };
	struct tree_compare c = { 0 };
	struct tree_compare_result r;

	tree_compare_start(&c, 6, 3);
	tree_compare_add(&c, a, 0.7);
	tree_compare_result(&c, &r);
	tap_ok(fabs(r.best_static - 2.656) < 1e-12, "the issue's oracle: N 6, depth <= 3:"
	    " %.6f (a, aa, b, aaa, ab)", r.best_static);
	tap_ok(fabs(r.argmax_chain - 2.38336) < 1e-12, "argmax chain of 5: 1 + .6 + ... +"
	    " .6^5 = %.6f", r.argmax_chain);
	tap_ok(fabs(r.sampled_chain - (1 - pow(.7, 6)) / .3) < 1e-12,
	    "sampled chain of 5 at overlap .7: (1 - .7^6) / .3 = %.6f", r.sampled_chain);
	tree_compare_clear(&c);
	tap_ok(!tree_compare_result(&c, &r) && r.best_static == 0.0, "cleared: no figures");
	tree_compare_start(&c, TREE_COMPARE_N_MAX + 1, 3);
	tree_compare_add(&c, a, 0.7);
	tap_ok(!tree_compare_result(&c, &r), "N above %d: off", TREE_COMPARE_N_MAX);
	tree_compare_free(&c);
}

int
main(void)
{
	test_enumeration();
	test_oracle_and_chains();
	return tap_done();
}
