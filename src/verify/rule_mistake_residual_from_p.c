/* rule_mistake_residual_from_p.c: a deliberate mistake for the checks to
 * catch: the standard test, but the replacement drawn from p, not from the
 * residual norm(max(0, p - q)). */
#include "config.h"

#include "verify/rule.h"

const struct verify_entry verify_rule_mistake_residual_from_p = {
	.name = "mistake-residual-from-p",
	.label = "mistake-residual-from-p (a mistake)",
	.flags = VERIFY_F_MISTAKE | VERIFY_F_DRAWS_U | VERIFY_F_CLOSED_BETA |
	    VERIFY_F_PAIR_FORM | VERIFY_F_OVERLAP,
	.test = "u < p/q",
	.bound_name = "p/q",
	.bound = rule_bound_ratio,
	.replacement = "p (the mistake: not the residual)",
	.bonus_name = "p",
	.replacement_prob = rule_replacement_prob_p,
	.replacement_weight = rule_weight_p,
	.beta_name = "overlap",
	.beta = rule_beta_overlap,
	.accepted_one = rule_accepted_min,
	.hooks = { .replace = rule_replace_from_p, .beta = rule_hook_beta },
	.explain = "a mistake: the replacement drawn from p, not from the residual",
};
