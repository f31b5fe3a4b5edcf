/* rule_exact_match.c: draw y ~ p independently; keep the draft x iff y = x;
 * emit y either way. Lossless; accepts with sum p q. */
#include "config.h"

#include "dist/pdist.h"
#include "verify/rule.h"

static int
exact_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	(void)ctx;
	*u = 0.0;
	*chosen = (long)pdist_sample(&at->p, rng);
	return (size_t)*chosen == x;
}

static double
exact_product(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q)
{
	double sum = 0.0;
	size_t y;

	(void)par;
	for (y = 0; y < p->vocab; y++)
		sum += pdist_prob(p, y) * pdist_prob(q, y);
	return sum;
}

static double
exact_weight(const struct verify_params *par, double p, double q)
{
	(void)par;
	return p * (1.0 - q);
}

static double
exact_one(const struct verify_params *par, double p, double q)
{
	(void)par;
	return p * q;
}

const struct verify_entry verify_rule_exact_match = {
	.name = "exact-match",
	.flags = VERIFY_F_LOSSLESS | VERIFY_F_CLOSED_BETA | VERIFY_F_PAIR_FORM,
	.test = "y ~ p equals x",
	.replacement = "y, the sample of p (norm(p (1 - q)) on average)",
	.bonus_name = "p",
	.replacement_weight = exact_weight,
	.beta_name = "sum p q",
	.beta = exact_product,
	.accepted_one = exact_one,
	.hooks = { .test = exact_test, .replace = rule_replace_chosen,
	    .beta = rule_hook_beta },
	.explain = "accept iff the draft equals an independent y ~ p; emit y either way",
};
