/* verify.h: the verification rules, side by side, as one small strategy table
 * beside the sampler (spec.h): which rule a step runs, whether it keeps the
 * target's output distribution, whether it is a deliberate mistake, whether its
 * per-position acceptance has a closed form; the step under each rule; the
 * losslessness test's value of every emitted token; and a rule's exact output
 * distribution on one fixed pair. */
#ifndef SPECDEC_VERIFY_H
#define SPECDEC_VERIFY_H

#include <stddef.h>

#include "dist/ratio_tables.h"
#include "verify/spec.h"

struct rng;
struct source;

enum verify_rule {
	VERIFY_STANDARD,		/* Leviathan et al. 2022; Chen et al. 2023 */
	VERIFY_BLOCK,			/* Sun et al. 2024, Algorithm 2 */
	VERIFY_EXACT_MATCH,		/* keep the draft iff an independent y ~ p equals it */
	VERIFY_GREEDY,			/* temperature 0: argmax q against argmax p */
	VERIFY_LENIENT,			/* Leviathan et al. 2022, appendix A.5 */
	VERIFY_TYPICAL,			/* Medusa's typical acceptance (Cai et al. 2024) */
	VERIFY_MISTAKE_RESIDUAL_FROM_P,	/* a mistake: the replacement drawn from p */
	VERIFY_MISTAKE_ACCEPT_ALL,	/* a mistake: every draft kept */
	VERIFY_NRULES,
};

/* Medusa's published defaults (FasterDecoding/Medusa, medusa/model/medusa_model.py:
 * posterior_threshold = 0.09, posterior_alpha = 0.3 = its square root). */
#define VERIFY_TYPICAL_EPSILON 0.09
#define VERIFY_TYPICAL_DELTA 0.3
#define VERIFY_LENIENCE 0.5		/* the default of --lenience */
#define VERIFY_LENIENCE_MIN 0.01	/* the smallest L, --lenience and the keys */

struct verify_params {
	enum verify_rule rule;
	double lenience;	/* lenient: L in [VERIFY_LENIENCE_MIN, 1]; 1: standard */
	double epsilon;		/* typical: the threshold's cap */
	double delta;		/* typical: the entropy factor */
	double draft_p_min;	/* drafting stops before a draft x with q(x) below
				 * it (the threshold schedule, schedule.h); 0:
				 * draft all gamma */
};

struct verify_info {
	const char *name;	/* stable: --verifier, the JSON, the header */
	int lossless;		/* the output follows p (greedy: greedy decoding of p) */
	int mistake;		/* a deliberate error, labelled so on screen */
	int closed_form;	/* the per-position acceptance has a closed form */
	const char *description;	/* one line */
};

extern const struct verify_info verify_rules[VERIFY_NRULES];
extern const char *const verify_names[VERIFY_NRULES + 1];	/* NULL-terminated */

/* The params with every field at its default and the standard rule. */
struct verify_params verify_defaults(void);

/* The rule's name as a face shows it: mistakes get " (a mistake)". */
const char *verify_label(enum verify_rule rule);

/* One speculative step under par's rule (spec.h's record and targets), gamma the
 * cap when par->draft_p_min > 0. The standard rule draws exactly the random
 * numbers spec_step draws. */
void verify_step(const struct verify_params *par, struct source *src, struct rng *rng,
    int gamma, double *scratch, struct spec_step *out, struct spec_targets *targets);

/* The per-position acceptance expectation of the rule on the pair (p, q): sum
 * min(p, q) (standard, residual-from-p), sum p q (exact-match), [argmax q = argmax
 * p] (greedy), sum min(q, p / L) (lenient), 1 (accept-all); the overlap sum min(p,
 * q) for the rules measured only (block, typical). */
double verify_beta(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q);

/* Fill tok[i].pit of every emitted token of step: the randomised probability
 * integral transform u = F(x-) + w f(x), w ~ U(0, 1) from rng (a stream of its
 * own), where f is the target at the token's position (greedy: the point mass at
 * argmax p) and F its distribution function under the order of the vocabulary by
 * p(y) / q(y), ties by id (pdist_ratio_cdf), with q the draft at that position
 * (the bonus position too: the source gives q there). For an exact sampler the
 * values are i.i.d. uniform on [0, 1) (docs/theory.md). tables, when not NULL,
 * keeps the order of the dense pairs that come back (ratio_tables.h). */
void verify_pit(const struct verify_params *par, struct spec_step *step,
    const struct spec_targets *targets, struct rng *rng, struct ratio_tables *tables);

/* The exact output distribution of the rule when every position of every step
 * has the same pair (p, q) over vocab tokens (a replay of one pair), at draft
 * length gamma, into out (vocab entries): the long-run share of each token among
 * the emitted ones, (A S + (1 - a^g) R + a^g B) / (a S + 1) with A the accepted
 * mass by token, a its sum, S = 1 + a + ... + a^(g-1), R the replacement and B
 * the bonus distribution. Block verification is lossless: out = p. scratch holds
 * vocab doubles. */
void verify_output_pair(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, int gamma, double *scratch, double *out);

/* The parts of a step of a token-by-token rule (every rule but block) on one
 * pair: acc (vocab entries) the accepted mass by token, its sum a (at most 1)
 * returned; repl the replacement's distribution after a rejection; bonus the
 * bonus token's distribution. A step accepts i drafts with probability
 * a^i (1 - a) for i < gamma (then a replacement) and a^gamma (then a bonus),
 * each accepted draft independently distributed as acc / a. */
double verify_pair_parts(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, double *acc, double *repl, double *bonus);

/* For the faces: the bound a rule's accept test compares its uniform u with at
 * a drafted token of target probability p and draft probability q (u below it
 * accepts), and its name in *label: p / q ("p/q") for the standard rule and
 * mistake-residual-from-p, p / (L q) ("p/Lq") for lenient. -1, with *label
 * NULL, for a rule whose test draws no u: exact-match compares the draft with a
 * sample of p; greedy, typical and accept-all decide from p and q alone; block
 * decides the whole block at once. 0 where q is 0. */
double verify_u_bound(const struct verify_params *par, double p, double q,
    const char **label);

/* For the faces: the probability the replacement token tok[i] of step was
 * drawn with under the rule: the residual's, norm(max(0, p - q)), for the
 * standard rule (spec_residual_prob), norm(max(0, p - L q)) for lenient, p
 * itself where the replacement is a sample of p (typical, the mistakes); -1
 * where the step does not keep enough to tell (exact-match, block). */
double verify_replacement_prob(const struct verify_params *par,
    const struct spec_step *step, int i);

/* Block verification's step (verify_block.c), and its acceptance weight h_i =
 * Z_i / (Z_i + 1 - p_i) (1 when Z_i = 0 and p_i = 1, where nothing is left to
 * lose), shared with the tests' exact enumeration. */
void verify_block_step(struct source *src, struct rng *rng, int gamma, double p_min,
    double *scratch, struct spec_step *out, struct spec_targets *targets);
double verify_block_h(double p_i, double z_i);

/* The rule hooks of the token-by-token rules (verify_token.c). */
struct spec_rule verify_token_rule(const struct verify_params *par);

/* argmax p, ties to the lowest id. */
size_t verify_argmax(const struct pdist *p);

#endif
