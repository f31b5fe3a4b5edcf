/* rule.h: the pieces several rule files share (rule_parts.c, verify_token.c)
 Only src/verify/ includes it. */
#ifndef SPECDEC_RULE_H
#define SPECDEC_RULE_H

#include <stddef.h>

#include "verify/verify.h"

/* The params a hook's ctx (struct verify_hook_ctx) carries. */
const struct verify_params *rule_params(const void *ctx);

/* The spec_rule beta hook of every rule but the standard one: the entry's
 * beta, the overlap where it has none (what verify_beta gives). */
double rule_hook_beta(const void *ctx, const struct spec_position *at);

/* The draft hook of a greedy draft: argmax q, no draw. */
size_t rule_draft_argmax(const void *ctx, const struct pdist *q, struct rng *rng);

/* Replacement hooks: a fresh sample of p; the token the test already drew. */
size_t rule_replace_from_p(const void *ctx, const struct spec_position *at,
    long chosen, struct rng *rng, double *scratch, double *mass);
size_t rule_replace_chosen(const void *ctx, const struct spec_position *at,
    long chosen, struct rng *rng, double *scratch, double *mass);

/* The overlap sum min(p, q) as a beta. */
double rule_beta_overlap(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q);

/* p / q, 0 where q is 0: the standard bound. */
double rule_bound_ratio(const struct verify_params *par, double p, double q);

/* A replacement that is a sample of p: its probability is the token's p. */
double rule_replacement_prob_p(const struct verify_params *par,
    const struct spec_step *step, int i);

/* Per-token replacement weights: max(0, p - q); p. */
double rule_weight_residual(const struct verify_params *par, double p, double q);
double rule_weight_p(const struct verify_params *par, double p, double q);

/* The accepted mass of one token, min(p, q) (an entry's accepted_one). */
double rule_accepted_min(const struct verify_params *par, double p, double q);

/* argmax of a dense distribution, ties to the lowest id. */
size_t rule_dense_argmax(const double *p, size_t n);

/* The draft restricted to the tokens both vocabularies hold (Token-Level
 * Intersection): tokens below n keep q / z, the others 0. n is the vocabulary
 * and z 1 where nothing is cut (draft_only 0) or q has no mass below n. */
struct rule_shared {
	size_t n;
	double z;
};

/* That restriction of a dense q (vocab entries) and of a handle. */
struct rule_shared rule_shared_dense(const struct verify_params *par, const double *q,
    size_t vocab);
struct rule_shared rule_shared_pdist(const struct verify_params *par,
    const struct pdist *q);

/* The restricted draft's probability of token y, whose q is q. */
static inline double
rule_shared_q(const struct rule_shared *s, size_t y, double q)
{
	return y < s->n ? q / s->z : 0.0;
}

/* The accepted mass of a draft of the restricted q: sum over y of
 * kept(par, p(y), q(y), q'(y)), each term into acc[y] when acc is not NULL
 * (vocab entries). tli keeps min(p, q'); its mistake q' min(1, p/q). */
double rule_shared_accept(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q, double (*kept)(const struct verify_params *par, double p,
    double q, double qs), double *acc);

/* TLI's kept mass of a token, for rule_shared_accept: min(p, q'). */
double rule_shared_kept_min(const struct verify_params *par, double p, double q,
    double qs);

/* The draft hook of tli and its mistake: a sample of the restricted q (a
 * plain sample of q where nothing is cut: the standard rule's numbers). */
size_t rule_draft_shared(const void *ctx, const struct pdist *q, struct rng *rng);

#endif
