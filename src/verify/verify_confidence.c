/* verify_confidence.c: a chain step's expected tokens under the confidence
 * schedule, given where drafting stopped (docs/theory.md, "Draft-length
 * schedules"). The stop depends on the token drawn, so a draft kept before the
 * stop is a draw of q restricted to {q >= T} and the draft that stopped it one
 * of q restricted to {q < T}: each has the rule's acceptance on its own part of
 * q, not the acceptance over all of q. */
#include "config.h"

#include "dist/pdist.h"
#include "verify/verify.h"

/* The rule's acceptance of a draft drawn from q restricted to each side of t:
 * a[0] on {q >= t}, a[1] on {q < t} (0 on a side q gives no mass). */
static void
side_acceptance(const struct verify_entry *e, const struct verify_params *par,
    const struct pdist *p, const struct pdist *q, double t, double a[2])
{
	double acc[2] = { 0.0, 0.0 }, mass[2] = { 0.0, 0.0 };
	struct pdist_iter it;

	pdist_iter_start(&it, q);
	while (pdist_iter_next(&it)) {
		int low = it.prob < t;

		mass[low] += it.prob;
		acc[low] += e->accepted_one(par, pdist_prob(p, it.token), it.prob);
	}
	a[0] = mass[0] > 0.0 ? acc[0] / mass[0] : 0.0;
	a[1] = mass[1] > 0.0 ? acc[1] / mass[1] : 0.0;
}

void
verify_confidence_expect(const struct verify_params *par, struct spec_step *step,
    const struct spec_targets *targets)
{
	const struct verify_entry *e = verify_entry(par->rule);
	double a[2], run = 1.0, sum = 1.0;
	int k;

	if (!(par->draft_confidence > 0.0) || step->gamma < 1 || step->nodes > 0 ||
	    e->step != NULL || e->hooks.draft != NULL || e->accepted_one == NULL)
		return;
	side_acceptance(e, par, &targets->p[0], &targets->q[0], par->draft_confidence, a);
	for (k = 0; k < step->gamma; k++) {
		double qx = pdist_prob(&targets->q[k], (size_t)step->drafted[k]);

		run *= a[qx < par->draft_confidence];
		sum += run;
	}
	step->expect_tok = sum;
}
