/* rule_mistake_tli_old_q.c: a deliberate mistake for the checks to catch, on
 * a draft with tokens of its own (--draft-only): the draft is a sample of the
 * restricted, renormalised q' (as tli drafts), but the test and the residual
 * use the old q: accept with min(1, p/q), replace from norm(max(0, p - q)).
 * The draft proposes a shared token more often than q says, so it is kept too
 * often: on p = (.8, .2), q = (.2, .3, .5) the first token is (.6, .4). */
#include "config.h"

#include "dist/pdist.h"
#include "verify/rule.h"

/* A token's accepted mass: drafted with q', kept with min(1, p/q). */
static double
old_q_kept(const struct verify_params *par, double p, double q, double qs)
{
	double r = rule_bound_ratio(par, p, q);

	return qs * (r < 1.0 ? r : 1.0);
}

static double
old_q_beta(const struct verify_params *par, const struct pdist *p, const struct pdist *q)
{
	return rule_shared_accept(par, p, q, old_q_kept, NULL);
}

static double
old_q_accepted(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc)
{
	struct pdist hp = pdist_dense(p, n), hq = pdist_dense(q, n);

	return rule_shared_accept(par, &hp, &hq, old_q_kept, acc);
}

const struct verify_entry verify_rule_mistake_tli_old_q = {
	.name = "mistake-tli-old-q",
	.label = "mistake-tli-old-q (a mistake)",
	.flags = VERIFY_F_MISTAKE | VERIFY_F_DRAWS_U | VERIFY_F_CLOSED_BETA |
	    VERIFY_F_PAIR_FORM,
	.test = "u < p/q (the draft was from q', the test uses the old q)",
	.bound_name = "p/q",
	.bound = rule_bound_ratio,
	.replacement = "norm(max(0, p - q)) (the mistake: q, not q')",
	.bonus_name = "p",
	.replacement_weight = rule_weight_residual,
	.beta_name = "sum q' min(1, p/q)",
	.beta = old_q_beta,
	.accepted = old_q_accepted,
	.hooks = { .draft = rule_draft_shared, .beta = rule_hook_beta },
	.explain = "a mistake: a draft from the renormalised q' tested with the old q",
};
