/* spec.h: one speculative sampling step (Leviathan et al. 2022, Algorithm 1;
 * Chen et al. 2023, Algorithm 2), recorded token by token. */
#ifndef SPECDEC_SPEC_H
#define SPECDEC_SPEC_H

#include <stddef.h>

#include "dist/pdist.h"

#define SPEC_GAMMA_MIN 1
#define SPEC_GAMMA_MAX 32

struct rng;
struct source;

enum spec_outcome {
	SPEC_ACCEPTED,	/* drafted, kept: u < p/q */
	SPEC_REJECTED,	/* drafted, thrown away: the step ends here */
	SPEC_RESIDUAL,	/* drawn from norm(max(0, p - q)) in place of the rejected one */
	SPEC_BONUS,	/* drawn from p after all gamma drafts were accepted */
};

struct spec_token {
	int id;
	double p;	/* target probability of id at its position */
	double q;	/* draft probability of id at its position */
	double u;	/* the uniform that decided it (accepted, rejected); 0 otherwise */
	double pit;	/* the losslessness test's value for an emitted token (verify.h) */
	double cdf;	/* -1, or the ratio CDF of id at its position (pdist.h), when
			 * the step took it in the pass of the overlap (spec.c);
			 * verify_pit then uses it */
	enum spec_outcome outcome;
};

/* What one step did. Entries in tok: the accepted drafts in order, then either the
 * rejected draft and its residual replacement, or the bonus; ntok <= gamma + 1.
 * This is the accepted path, which every face reads; a step over a token tree
 * keeps the same record for its path and its whole tree beside it
 * (spec_tree.h), which a chain step leaves empty.
 * gamma is the number of drafts the step made: under a draft stop threshold it
 * may be below the cap, and 0 makes the step plain decoding (one bonus token
 * from p; beta[0] the rule's acceptance expectation there, untested). */
struct spec_step {
	int gamma;
	int ntok;
	int accepted;		/* drafted tokens kept */
	int tested;		/* drafted tokens that met the accept test */
	int emitted;		/* tokens the step adds to the text: accepted + 1 */
	double residual_mass;	/* sum max(0, p - q) where the draft was rejected, else 0 */
	int nodes;		/* a tree step: the nodes drafted; 0 for a chain */
	double expect_tok;	/* a tree step: its expected tokens in closed form
				 * (verify_tree.h); a chain step under the
				 * confidence schedule: given where drafting
				 * stopped (verify_confidence_expect); 0 where
				 * there is none (a chain's is then that of
				 * beta[0] at gamma) */
	double ot_ceiling;	/* a tree step of i.i.d. drafts on a pair fixed in
				 * the step: the ceiling on any rule's acceptance
				 * at the root (tree_ceiling); else 0 */
	double beta[SPEC_GAMMA_MAX];	/* per-position acceptance expectation of the
					 * rule at each tested position (standard:
					 * the overlap sum min(p, q)); a rule with no
					 * closed form records the overlap instead */
	double resid[SPEC_GAMMA_MAX];	/* residual mass sum max(0, p - q) = 1 - beta at
					 * each tested position, rejected or not */
	int drafted[SPEC_GAMMA_MAX];	/* all gamma drafted ids, tested or not */
	double q_top[SPEC_GAMMA_MAX + 1];	/* under a p_min: max q at each drafted
					 * position and at the one drafting
					 * stopped at (index gamma), else 0 */
	struct spec_token tok[SPEC_GAMMA_MAX + 1];
};

/* Target distributions behind each emitted token of the last step: the sampler's
 * statistics need them for the exact expected counts; q beside them, at every
 * drafted position and after a bonus at position gamma (the live view keeps
 * what it shows of them). The handles point into the source and are valid
 * until its next step. */
struct spec_targets {
	struct pdist p[SPEC_GAMMA_MAX + 1];
	struct pdist q[SPEC_GAMMA_MAX + 1];	/* the draft at the same position */
	int has_q[SPEC_GAMMA_MAX + 1];		/* whether q[k] was fetched */
	int nscored;		/* p[0..nscored-1] hold the target at the drafted
				 * positions (the tested ones, or all under the
				 * rule's score_all or block verification) */
};

/* The target and the draft at one position, and the source's node they were
 * asked at (source.h). */
struct spec_position {
	struct pdist p;
	struct pdist q;
	int node;
};

/* A token-by-token verification rule as hooks on the standard loop: draft every
 * position, test the drafts in order, end with a replacement at the first
 * rejection or a bonus after the last draft. A NULL hook is the standard rule's
 * (verify.h holds the table of rules; block verification has its own step). */
struct ratio_tables;

struct spec_rule {
	const void *ctx;	/* the rule's parameters, passed to every hook */
	/* The draft at a position (standard: a sample of q). */
	size_t (*draft)(const void *ctx, const struct pdist *q, struct rng *rng);
	/* Whether draft x is kept; *u gets the uniform that decided it, *chosen a
	 * replacement the test already drew (exact-match), else -1. */
	int (*test)(const void *ctx, const struct spec_position *at, size_t x,
	    struct rng *rng, double *u, long *chosen);
	/* The replacement after a rejection; *mass gets the mass of the
	 * distribution it came from where that is a residual, else 0. */
	size_t (*replace)(const void *ctx, const struct spec_position *at, long chosen,
	    struct rng *rng, double *scratch, double *mass);
	/* The bonus token after gamma accepted drafts (standard: a sample of p). */
	size_t (*bonus)(const void *ctx, const struct pdist *p, struct rng *rng);
	/* The per-position acceptance expectation (standard: the overlap). */
	double (*beta)(const void *ctx, const struct spec_position *at);
	/* Drafting stops at the first position whose top candidate has
	 * max_y q(y) < p_min (llama.cpp's --draft-p-min test), before a token is
	 * drawn there (the threshold schedule); 0 drafts all gamma. The test
	 * does not look at the token drawn, so the step stays exact. */
	double p_min;
	/* Drafting stops after a drafted token x with q(x) < confidence,
	 * which is kept (Hugging Face's assistant_confidence_threshold, the
	 * confidence schedule): at least one draft; 0 never stops. The stop
	 * decides only whether the next position is drafted, from the drafts
	 * before it, so the step stays exact. */
	double confidence;
	/* Score p also at the drafts never tested (slow motion shows p at
	 * every drafted position): one target evaluation more each, no random
	 * number, so the step is the same. */
	int score_all;
	/* NULL, or the ratio tables the losslessness test will ask after the
	 * step (verify_pit): a position whose pair they serve does not take
	 * its token's ratio CDF with the overlap (spec.c). Performance only:
	 * the values are the same either way. */
	const struct ratio_tables *ratio;
};

/* Run one step with draft length gamma (SPEC_GAMMA_MIN..SPEC_GAMMA_MAX; with a
 * rule's p_min, the cap): begin a
 * source step, draft gamma tokens, verify them in order, end with a residual or a
 * bonus token, and commit the emitted tokens to the source. Each position is
 * sampled in the form its source gives (pdist.h): a split pair in time
 * proportional to its lists rather than the vocabulary. scratch holds src->vocab
 * doubles. When the residual's mass underflows to zero (p and q agree to
 * rounding), the replacement is drawn from p itself. */
void spec_step(struct source *src, struct rng *rng, int gamma, double *scratch,
    struct spec_step *out, struct spec_targets *targets);

/* The same step under a token-by-token rule (NULL: the standard rule, drawing
 * the same random numbers as spec_step). */
void spec_step_rule(struct source *src, struct rng *rng, int gamma, double *scratch,
    const struct spec_rule *rule, struct spec_step *out, struct spec_targets *targets);

/* Draft a chain of up to gamma tokens in a begun source step under rule's
 * draft hook and p_min (rule NULL, or its draft hook NULL: samples of q), each
 * from the node of the drafts before it: at[k].node is the node after the
 * first k drafts and at[k].q the draft there, for k up to the number drafted,
 * which is returned (the target is left to the caller, which asks for it only
 * where it tests); out->drafted gets the tokens, out->q_top the p_min test's
 * figures. Drafting stops before position k when the top candidate of q there
 * is below p_min, and after the token drafted at k when its q is below the
 * rule's confidence. */
int spec_draft_chain(struct source *src, struct rng *rng, const struct spec_rule *rule,
    int gamma, struct spec_position *at, struct spec_step *out);

/* The token record helper the rules share: appends id with its target and
 * draft probabilities at position at, and u. */
void spec_add_token(struct spec_step *out, size_t id, const struct spec_position *at,
    double u, enum spec_outcome outcome);

/* The emitted token ids of a step, in order, into ids (room for gamma + 1);
 * returns how many. */
int spec_emitted_ids(const struct spec_step *step, int *ids);

/* The probability the residual token tok[i] of step was drawn with:
 * max(0, p - q) / residual_mass, or p when the mass underflowed to zero (spec_step
 * then draws from p). 0 for a token that is not the residual. */
double spec_residual_prob(const struct spec_step *step, int i);

/* Short lower-case name of an outcome: "accepted", "rejected", "residual", "bonus". */
const char *spec_outcome_name(enum spec_outcome outcome);

#endif
