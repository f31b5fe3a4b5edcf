/* test_schedule.c: the heuristic schedule's rule; the draft-p-min schedule's
 * drafting (llama.cpp): never a draft at a position whose top q is below P, P
 * at equality drafting, 0-draft steps as plain decoding, the output still
 * following p; the confidence schedule's (Hugging Face): each step stops right
 * after its first draft with q(x) < T (kept), never at q(x) = T, never with
 * zero drafts, and its draft length's law worked by hand. */
#include "config.h"

#include <string.h>

#include "stats/chisq.h"
#include "lib/fixed_source.h"
#include "util/rng.h"
#include "verify/schedule.h"
#include "source/source.h"
#include "verify/spec.h"
#include "verify/verify.h"
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
	    schedule_p_min(SCHEDULE_CONFIDENCE, 0.5) == 0.0 &&
	    schedule_p_min(SCHEDULE_THRESHOLD, 0.5) == 0.5, "only draft-p-min tests top q");
	tap_ok(schedule_confidence(SCHEDULE_THRESHOLD, 0.4) == 0.0 &&
	    schedule_confidence(SCHEDULE_CONFIDENCE, 0.4) == 0.4,
	    "only confidence stops after a draft");
	tap_ok(strcmp(schedule_name(SCHEDULE_THRESHOLD), "draft-p-min") == 0 &&
	    strcmp(schedule_name(SCHEDULE_CONFIDENCE), "confidence") == 0 &&
	    strcmp(schedule_aliases[0], "threshold") == 0 &&
	    strcmp(schedule_aliases[1], "draft-p-min") == 0,
	    "named after llama.cpp's option and Hugging Face's criterion; old name an alias");
	tap_ok(SCHEDULE_CONFIDENCE_T == 0.4, "Hugging Face's default threshold, 0.4");
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
	struct spec_rule rule = { .p_min = p_min };
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
	lo = (struct run){ 0 };
	run_threshold(0.5, &lo);
	tap_eq(lo.drafts, (long long)STEPS * CAP, "top q 0.5 = P 0.5: drafting goes on (q < P stops)");
	run_threshold(0.6, &hi);
	tap_eq(hi.drafts, 0, "top q 0.5 < P 0.6: no step drafts");
	tap_eq(hi.zero_plain, STEPS, "each 0-draft step is plain decoding: one token from p");
}

/* The confidence schedule on q = (1/2, 1/8, 1/8, 1/4) (dyadic: exact), T = 1/4:
 * a draft of token 1 or 2 (q 1/8 < T) ends drafting after it; 0 and 3 (q >= T,
 * 3 at equality) go on. So each draft goes on with 3/4, and the draft length L
 * under cap 5 has P(L >= k) = (3/4)^(k-1): E[L] = 1 + 3/4 + 9/16 + 27/64 +
 * 81/256 = 781/256 = 3.05078125; P(L = 5) = 81/256. */
static void
test_confidence(void)
{
	static const double p[V] = { 0.125, 0.375, 0.25, 0.25 };
	static const double q[V] = { 0.5, 0.125, 0.125, 0.25 };
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_rule rule = { .confidence = 0.25 };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V], expected[V];
	long bad = 0, zero = 0, full = 0, drafts = 0, eq_went_on = 0, emitted = 0;
	uint64_t count[V] = { 0 };
	int i, k, n, ids[SPEC_GAMMA_MAX + 1];

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 11, 0);
	for (i = 0; i < STEPS; i++) {
		spec_step_rule(&src, &rng, CAP, scratch, &rule, &s, &targets);
		zero += s.gamma == 0;
		full += s.gamma == CAP;
		drafts += s.gamma;
		for (k = 0; k + 1 < s.gamma; k++) {
			bad += q[s.drafted[k]] < 0.25;	/* went on after a low one */
			eq_went_on += s.drafted[k] == 3;
		}
		if (s.gamma > 0 && s.gamma < CAP)
			bad += !(q[s.drafted[s.gamma - 1]] < 0.25);	/* stopped early */
		n = spec_emitted_ids(&s, ids);
		for (k = 0; k < n; k++)
			count[ids[k]]++;
		emitted += n;
	}
	tap_eq(bad, 0, "confidence T 1/4: each step stops right after its first draft "
	    "with q(x) < T, or at the cap");
	tap_ok(eq_went_on > 0, "a draft with q(x) = T does not stop drafting (%ld went on)",
	    eq_went_on);
	tap_eq(zero, 0, "never zero drafts: the token that fails the test is kept");
	/* L: mean 781/256, variance sum (2k - 1) P(L >= k) - mean^2 = 2.556; the
	 * mean of 40,000 steps has sd 0.0080: 0.04 is 5 sd. */
	tap_near((double)drafts / STEPS, 781.0 / 256.0, 0.04,
	    "mean draft length 781/256 = 3.0508 (worked by hand)");
	tap_near((double)full / STEPS, 81.0 / 256.0, 0.015,
	    "steps at the cap: (3/4)^4 = 81/256");
	for (k = 0; k < V; k++)
		expected[k] = p[k] * (double)emitted;
	tap_ok(chisq_test(count, expected, V).p_value > 0.001,
	    "confidence: the output still follows p");
}

/* The confidence schedule's expected tokens per step on the pair above: the
 * kept drafts {0, 3} (q >= T, q mass 3/4) accept with (1/8 + 1/4) / (3/4) = 1/2,
 * the stopping ones {1, 2} (q mass 1/4) with (1/8 + 1/8) / (1/4) = 1, while
 * beta over all of q is 5/8. A step's expectation given where it stopped is
 * 1 + the sum over k of (1/2)^(kept drafts among the first k); their mean, and
 * the tokens measured, is 1 + beta (1 + m + ... + m^4) with m = 3/8 the chance a
 * draft is kept and accepted: 65293/32768 = 1.99258, where the old per-step form
 * (1 - beta^(L+1)) / (1 - beta) at each step's L has mean 2.1499. */
static void
test_confidence_expect(void)
{
	static const double p[V] = { 0.125, 0.375, 0.25, 0.25 };
	static const double q[V] = { 0.5, 0.125, 0.125, 0.25 };
	struct fixed_pair pair = { .p = p, .q = q };
	struct verify_params par = verify_defaults();
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V], sum = 0.0, run, want;
	long emitted = 0, off = 0;
	int i, k;

	par.draft_confidence = 0.25;
	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 12, 0);
	for (i = 0; i < STEPS; i++) {
		verify_step(&par, &src, &rng, CAP, scratch, &s, &targets);
		verify_confidence_expect(&par, &s, &targets);
		for (k = 0, run = want = 1.0; k < s.gamma; k++) {
			run *= q[s.drafted[k]] < 0.25 ? 1.0 : 0.5;
			want += run;
		}
		off += s.expect_tok != want;
		sum += s.expect_tok;
		emitted += s.emitted;
	}
	tap_eq(off, 0, "confidence: each step's expectation given its stop, by hand");
	tap_near(sum / STEPS, 65293.0 / 32768.0, 0.01,
	    "their mean: 65293/32768 = 1.9926 (worked by hand), not 2.1499");
	tap_near((double)emitted / STEPS, 65293.0 / 32768.0, 0.03,
	    "and the tokens measured agree with it");
	par.draft_confidence = 0.0;
	s.expect_tok = 0.0;
	verify_step(&par, &src, &rng, CAP, scratch, &s, &targets);
	verify_confidence_expect(&par, &s, &targets);
	tap_ok(s.expect_tok == 0.0, "no confidence threshold: no expectation set");
}

int
main(void)
{
	test_heuristic_rule();
	test_threshold();
	test_confidence();
	test_confidence_expect();
	return tap_done();
}
