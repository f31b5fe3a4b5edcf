/* pair_output.h: a replay of one pair (p, q), where a rule's output has a
 * closed form: the rule's exact output distribution (verify_output_pair), its TV
 * to the target p (what a lossy rule costs), and a test of the measured output
 * against it (that the simulation does what the rule says).
 *
 * The test: with one pair, steps are i.i.d., so for each token y the deviation
 * D_y = C_y - e_y N (C_y its count, N all emitted tokens, e_y its exact share)
 * is a sum over steps of terms d_sy = c_sy - e_y n_s of mean 0, and
 * z_y = D_y / sqrt(S v_y) is normal in the limit, with S the steps and v_y the
 * variance of d_sy under the rule, in closed form from the step's structure
 * (verify_pair_parts: i accepted drafts, each distributed as acc / a, with
 * probability a^i (1 - a), then a replacement; all gamma, then a bonus). Block
 * verification has no such structure; it is lossless, and for a lossless rule
 * C_y - p_y t is a martingale in the emitted tokens t, so the variance is
 * p_y (1 - p_y) N. The variance is not estimated from the counts (an estimate
 * from a rare token's own count would be small exactly when the count is).
 * From PAIR_OUTPUT_MIN_STEPS steps on, tokens whose expected count e_y N is at
 * least PAIR_OUTPUT_MIN_EXPECTED are tested; the p-value is the smallest
 * two-sided one times their number (Bonferroni). Each token's tail is not the
 * normal one: at the Bonferroni threshold (z near 4 with 20 tokens) a count of
 * mean 25 has twice the normal upper tail. It is the saddlepoint tail
 * (Lugannani-Rice, with Daniels' continuity correction for a count) of the sum
 * of i.i.d. d_sy, whose cumulant generating function is known exactly from the
 * same step structure (for block verification: of Bernoulli(p_y) - p_y per
 * token). A token with e_y = 0 that is
 * emitted fails at once (p = 0). Memory: five doubles and a counter a token,
 * flat in steps. */
#ifndef SPECDEC_PAIR_OUTPUT_H
#define SPECDEC_PAIR_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

#include "verify/verify.h"

#define PAIR_OUTPUT_MIN_EXPECTED 25.0	/* a token tested from this expected count */
#define PAIR_OUTPUT_MIN_STEPS 500	/* below, the normal law is too rough a guide */

struct pair_output {
	size_t vocab;
	double *p, *q;		/* the pair, dense */
	double *exact;		/* the rule's output at the segment's rule and gamma */
	double *var;		/* per token: v_y, the variance of d_sy a step;
				 * block verification: p_y (1 - p_y) a token */
	double *scratch;	/* vocab entries; after a reset of a per-step rule,
				 * the replacement's distribution */
	double *pi;		/* per token: an accepted draft's chance to be it */
	double *bonus;		/* per token: the bonus token's distribution */
	double a;		/* a draft's chance to be accepted */
	int gamma;
	uint64_t *count;	/* per token: C_y */
	uint64_t tokens;	/* N */
	uint64_t steps;
	int per_token;		/* var is per token (block), not per step */
	int exact_known;	/* 0: the draft length varies, no closed form */
};

struct pair_output_result {
	int available;		/* a closed form exists for this segment */
	double tv_rule;		/* TV(exact, p): the rule's distortion */
	double tv_measured;	/* TV(measured shares, exact); 0 before data */
	double p_value;		/* of the test above; 1 with nothing tested */
	size_t tested;		/* tokens with enough expected count */
};

/* Take a copy of the pair (vocab entries each); the output is unknown until a
 * reset. */
void pair_output_init(struct pair_output *po, const double *p, const double *q,
    size_t vocab);
void pair_output_free(struct pair_output *po);

/* Start over (a new segment): the exact output of rule par at draft length
 * gamma and its variances, or no closed form when length_varies (the length
 * varies from step to step under a schedule other than constant, or the
 * caller has no closed form for the rule: a tree mistake). O(vocab gamma). */
void pair_output_reset(struct pair_output *po, const struct verify_params *par,
    int gamma, int length_varies);

/* Add one step's emitted tokens (n of them, ids in 0..vocab-1). */
void pair_output_add_step(struct pair_output *po, const int *ids, int n);

/* The figures and the test so far. */
struct pair_output_result pair_output_result(const struct pair_output *po);

/* Token y's two-sided p-value (twice the saddlepoint tail on the side of its
 * count), before the Bonferroni factor and whatever its expected count. */
double pair_output_token_p(const struct pair_output *po, size_t y);

/* Token y's measured share of the output so far (0 before data). */
double pair_output_measured(const struct pair_output *po, size_t y);

#endif
