/* rule_mistake_greedy_draft_soft_q.c: a deliberate mistake of serving systems
 * for the checks to catch: the draft is greedy (argmax q, a deterministic
 * proposal), but verification puts the draft's soft probability q(x) in the
 * ratio, accepting with min(1, p/q) and replacing from norm(max(0, p - q)).
 * A deterministic draft proposes x with probability 1, so the correct test
 * accepts with p(x) and replaces from p without x; with the soft q a token
 * whose q(x) < 1 is accepted too often (always, where p(x) >= q(x)). */
#include "config.h"

#include "dist/pdist.h"
#include "verify/rule.h"

/* The drafted token argmax q is kept with min(1, p/q) at its soft q. */
static double
soft_beta(const struct verify_params *par, const struct pdist *p, const struct pdist *q)
{
	size_t x = verify_argmax(q);
	double r = rule_bound_ratio(par, pdist_prob(p, x), pdist_prob(q, x));

	return r < 1.0 ? r : 1.0;
}

/* All the accepted mass on argmax q: the draft proposes it with probability 1. */
static double
soft_accepted(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc)
{
	size_t y, top = rule_dense_argmax(q, n);
	double a = rule_bound_ratio(par, p[top], q[top]);

	for (y = 0; y < n; y++)
		acc[y] = 0.0;
	acc[top] = a < 1.0 ? a : 1.0;
	return acc[top];
}

const struct verify_entry verify_rule_mistake_greedy_draft_soft_q = {
	.name = "mistake-greedy-draft-soft-q",
	.label = "mistake-greedy-draft-soft-q (a mistake)",
	.flags = VERIFY_F_MISTAKE | VERIFY_F_DRAWS_U | VERIFY_F_CLOSED_BETA |
	    VERIFY_F_PAIR_FORM,
	.test = "u < p/q (q soft; the draft was argmax q)",
	.bound_name = "p/q",
	.bound = rule_bound_ratio,
	.replacement = "norm(max(0, p - q)) (the mistake: q soft, not the point mass)",
	.bonus_name = "p",
	.replacement_weight = rule_weight_residual,
	.beta_name = "min(1, p/q) at argmax q",
	.beta = soft_beta,
	.accepted = soft_accepted,
	.hooks = { .draft = rule_draft_argmax, .beta = rule_hook_beta },
	.explain = "a mistake: a greedy draft verified with its soft q in the ratio",
};
