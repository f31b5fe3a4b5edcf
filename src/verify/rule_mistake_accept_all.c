/* rule_mistake_accept_all.c: a deliberate mistake for the checks to catch:
 * every draft kept, the bonus from p; the output follows q, not p. */
#include "config.h"

#include "verify/rule.h"

static int
accept_all_test(const void *ctx, const struct spec_position *at, size_t x,
    struct rng *rng, double *u, long *chosen)
{
	(void)ctx;
	(void)at;
	(void)x;
	(void)rng;
	*u = 0.0;
	*chosen = -1;
	return 1;
}

static double
accept_all_beta(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q)
{
	(void)par;
	(void)p;
	(void)q;
	return 1.0;
}

static double
accept_all_one(const struct verify_params *par, double p, double q)
{
	(void)par;
	(void)p;
	return q;
}

const struct verify_entry verify_rule_mistake_accept_all = {
	.name = "mistake-accept-all",
	.label = "mistake-accept-all (a mistake)",
	.flags = VERIFY_F_MISTAKE | VERIFY_F_CLOSED_BETA | VERIFY_F_PAIR_FORM,
	.test = "it is drafted (the mistake)",
	.replacement = "p (never needed)",
	.bonus_name = "p",
	.replacement_prob = rule_replacement_prob_p,
	.replacement_weight = rule_weight_p,
	.beta_name = "1 (all accepted)",
	.beta = accept_all_beta,
	.accepted_one = accept_all_one,
	.hooks = { .test = accept_all_test, .beta = rule_hook_beta },
	.explain = "a mistake: every draft accepted, the bonus from p",
};
