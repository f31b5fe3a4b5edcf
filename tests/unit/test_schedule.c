/* test_schedule.c: the heuristic schedule's rule, and the threshold schedule's
 * drafting: never a draft with q(x) below P, the draft length's law, 0-draft steps
 * as plain decoding, and the output still following p. */
#include "config.h"

#include "stats/chisq.h"
#include "lib/fixed_source.h"
#include "util/rng.h"
#include "verify/schedule.h"
#include "source/source.h"
#include "verify/spec.h"
#include "lib/tap.h"

#define V 4
#define STEPS 40000
#define CAP 5

static void
test_heuristic_rule(void)
{
	tap_eq(schedule_heuristic_next(5, 5, SPEC_GAMMA_MAX), 7, "all accepted: +2");
	tap_eq(schedule_heuristic_next(5, 4, SPEC_GAMMA_MAX), 4, "one rejected: -1");
	tap_eq(schedule_heuristic_next(1, 0, SPEC_GAMMA_MAX), 1, "never below 1");
	tap_eq(schedule_heuristic_next(31, 31, SPEC_GAMMA_MAX), SPEC_GAMMA_MAX,
	    "never above the maximum");
	tap_eq(schedule_gamma(SCHEDULE_CONSTANT, 4, 9), 4, "constant: gamma");
	tap_eq(schedule_gamma(SCHEDULE_HEURISTIC, 4, 9), 9, "heuristic: its current value");
	tap_ok(schedule_p_min(SCHEDULE_CONSTANT, 0.5) == 0.0 &&
	    schedule_p_min(SCHEDULE_THRESHOLD, 0.5) == 0.5, "only threshold stops drafting");
}

struct run {
	long steps, drafts, zero_plain, below, emitted;
	uint64_t count[V];
};

/* One threshold step's record: its drafts' top candidates against P. */
static void
check_step(struct run *r, const struct spec_step *s, double p_min)
{
	int k, ids[SPEC_GAMMA_MAX + 1], n = spec_emitted_ids(s, ids);

	r->steps++;
	r->drafts += s->gamma;
	for (k = 0; k < s->gamma; k++)
		r->below += s->q_top[k] < p_min;
	if (s->gamma == 0)
		r->zero_plain += s->ntok == 1 && s->tested == 0 && s->emitted == 1 &&
		    s->tok[0].outcome == SPEC_BONUS && s->q_top[0] < p_min;
	for (k = 0; k < n; k++)
		r->count[ids[k]]++;
	r->emitted += n;
}

static void
run_threshold(double p_min, struct run *r)
{
	static const double p[V] = { 0.1, 0.2, 0.3, 0.4 };
	static const double q[V] = { 0.5, 0.1, 0.15, 0.25 };	/* top candidate 0.5 */
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_rule rule = { NULL, NULL, NULL, NULL, NULL, NULL, p_min };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V], expected[V];
	int i, k;

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 7, 0);
	for (i = 0; i < STEPS; i++) {
		spec_step_rule(&src, &rng, CAP, scratch, &rule, &s, &targets);
		check_step(r, &s, p_min);
	}
	for (k = 0; k < V; k++)
		expected[k] = p[k] * (double)r->emitted;
	tap_ok(chisq_test(r->count, expected, V).p_value > 0.001,
	    "P %g: the output follows p", p_min);
	tap_eq(r->below, 0, "P: no draft at a position whose top q is below P");
}

static void
test_threshold(void)
{
	struct run lo = { 0 }, hi = { 0 };

	run_threshold(0.3, &lo);
	tap_eq(lo.drafts, (long long)STEPS * CAP, "top q 0.5 >= P 0.3: every step drafts gamma");
	run_threshold(0.6, &hi);
	tap_eq(hi.drafts, 0, "top q 0.5 < P 0.6: no step drafts");
	tap_eq(hi.zero_plain, STEPS, "each 0-draft step is plain decoding: one token from p");
}

int
main(void)
{
	test_heuristic_rule();
	test_threshold();
	return tap_done();
}
