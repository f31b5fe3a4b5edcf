/* test_vocab_top.c: the two closed-form acceptances of a heterogeneous pair
 * (vocab_pair.h) and the cut of a draft to its top K words (cmu_vocab_top.h),
 * worked by hand.
 *   The issue's pair: target {a, b}, p = (.8, .2); draft {a, b, c},
 *     q = (.2, .3, .5): naive .2 + .2 + 0 = .4; q' = (.4, .6): tli
 *     min(.8, .4) + min(.2, .6) = .6.
 *   A top-2 draft of four words: unigram (.1, .4, .2, .3) keeps words 1 and
 *     3; q = (.25, .25, .25, .25) folds to (0, .25, 0, .25) and .5 on the
 *     draft's own token; p = (.1, .4, .2, .3, 0): naive 0 + .25 + 0 + .25 +
 *     0 = .5; q' = (0, .5, 0, .5): tli .4 + .3 = .7.
 *   Ties go to the lower id; K equal to the vocabulary keeps every word and
 *     leaves the draft's own token 0; a draft with no shared mass is q. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/pdist.h"
#include "source/cmu/cmu_vocab_top.h"
#include "verify/verify.h"
#include "verify/vocab_pair.h"
#include "../lib/tap.h"

static struct verify_params
params(size_t draft_only)
{
	struct verify_params par = verify_defaults();

	par.draft_only = draft_only;
	return par;
}

static void
check_pair(const char *what, const double *p, const double *q, size_t n,
    double naive, double tli)
{
	struct verify_params par = params(1);
	struct pdist hp = pdist_dense(p, n), hq = pdist_dense(q, n);
	struct vocab_pair v = vocab_pair_accept(&par, &hp, &hq);

	tap_ok(fabs(v.naive - naive) < 1e-12, "%s: naive %.4f, by hand %.4f", what,
	    v.naive, naive);
	tap_ok(fabs(v.tli - tli) < 1e-12, "%s: tli %.4f, by hand %.4f", what, v.tli, tli);
}

static void
check_issue_pair(void)
{
	static const double p[3] = { 0.8, 0.2, 0.0 }, q[3] = { 0.2, 0.3, 0.5 };

	check_pair("the issue's pair", p, q, 3, 0.4, 0.6);
}

static void
check_top_two(void)
{
	static const double uni[4] = { 0.1, 0.4, 0.2, 0.3 };
	static const double p[5] = { 0.1, 0.4, 0.2, 0.3, 0.0 };
	static const double folded[5] = { 0.0, 0.25, 0.0, 0.25, 0.5 };
	double q[5] = { 0.25, 0.25, 0.25, 0.25, -1.0 };
	unsigned char *top = cmu_vocab_top_mark(uni, 4, 2);
	int y, same = 1;

	tap_ok(!top[0] && top[1] && !top[2] && top[3], "top 2 of (.1 .4 .2 .3): words 1, 3");
	cmu_vocab_top_fold(top, 4, q);
	for (y = 0; y < 5; y++)
		same &= fabs(q[y] - folded[y]) < 1e-15;
	tap_ok(same, "q folds to (0 .25 0 .25) and .5 on the draft's own token");
	check_pair("top 2 of four words", p, q, 5, 0.5, 0.7);
	free(top);
}

static void
check_edges(void)
{
	static const double uni[3] = { 0.2, 0.4, 0.4 };
	static const double p[2] = { 1.0, 0.0 }, q[2] = { 0.0, 1.0 };
	double w[4] = { 0.2, 0.3, 0.5, -1.0 };
	unsigned char *top = cmu_vocab_top_mark(uni, 3, 1);

	tap_ok(top[1] && !top[2], "a tie goes to the lower id");
	free(top);
	top = cmu_vocab_top_mark(uni, 3, 3);
	cmu_vocab_top_fold(top, 3, w);
	tap_ok(w[3] == 0.0 && w[0] == 0.2, "K = the vocabulary: every word, 0 on its own");
	free(top);
	check_pair("no shared mass: q itself", p, q, 2, 0.0, 0.0);
}

int
main(void)
{
	check_issue_pair();
	check_top_two();
	check_edges();
	return tap_done();
}
