/* rule_standard.c: the standard rule (Leviathan et al. 2022, Algorithm 1;
 * Chen et al. 2023): accept x with min(1, p(x)/q(x)); at the first rejection
 * a token from the residual norm(max(0, p - q)). Its step is spec.c's own
 * loop, every hook NULL. */
#include "config.h"

#include "verify/rule.h"

/* The replacement's probability: the residual's (spec.h). */
static double
standard_replacement_prob(const struct verify_params *par, const struct spec_step *step,
    int i)
{
	(void)par;
	return spec_residual_prob(step, i);
}

const struct verify_entry verify_rule_standard = {
	.name = "standard",
	.flags = VERIFY_F_LOSSLESS | VERIFY_F_DRAWS_U | VERIFY_F_CLOSED_BETA |
	    VERIFY_F_PAIR_FORM | VERIFY_F_OVERLAP | VERIFY_F_REPL_MASS | VERIFY_F_DEFAULT,
	.test = "u < p/q",
	.bound_name = "p/q",
	.bound = rule_bound_ratio,
	.replacement = "norm(max(0, p - q))",
	.bonus_name = "p",
	.replacement_prob = standard_replacement_prob,
	.replacement_weight = rule_weight_residual,
	.beta_name = "overlap",
	.beta = rule_beta_overlap,
	.accepted_one = rule_accepted_min,
	.explain = "accept with min(1, p/q), residual norm(max(0, p - q)) (Leviathan 2022)",
};
