/* rule_typical.c: Medusa's typical acceptance (Cai et al. 2024): keep x when
 * p(x) > min(epsilon, delta exp(-H(p))); at a rejection a sample of p. Lossy;
 * its acceptance has no per-position closed form (a step records the overlap). */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "dist/pdist.h"
#include "verify/rule.h"

/* The rule's threshold at a target of entropy h (nats). */
static double
threshold_at_entropy(const struct verify_params *par, double h)
{
	return fmin(par->epsilon, par->delta * exp(-h));
}

static double
typical_threshold(const struct verify_params *par, const struct pdist *p)
{
	struct pdist_iter it;
	double h = 0.0;

	pdist_iter_start(&it, p);
	while (pdist_iter_next(&it))
		h -= it.prob * log(it.prob);
	return threshold_at_entropy(par, h);
}

static int
typical_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	(void)rng;
	*u = 0.0;
	*chosen = -1;
	return pdist_prob(&at->p, x) > typical_threshold(rule_params(ctx), &at->p);
}

static double
typical_accepted(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc)
{
	double thr, h = 0.0, sum = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		h -= p[y] > 0.0 ? p[y] * log(p[y]) : 0.0;
	thr = threshold_at_entropy(par, h);
	for (y = 0; y < n; y++)
		sum += acc[y] = p[y] > thr ? q[y] : 0.0;
	return sum;
}

/* Medusa's published defaults (FasterDecoding/Medusa, medusa/model/medusa_model.py:
 * posterior_threshold = 0.09, posterior_alpha = 0.3 = its square root). */
const struct verify_entry verify_rule_typical = {
	.name = "typical",
	.flags = VERIFY_F_PAIR_FORM | VERIFY_F_OVERLAP,
	.params = {
		{ .option = "typical-epsilon", .def = "0.09",
		  .offset = offsetof(struct verify_params, epsilon),
		  .report = "epsilon", .json = "typical_epsilon" },
		{ .option = "typical-delta", .def = "0.3",
		  .offset = offsetof(struct verify_params, delta),
		  .report = "delta", .json = "typical_delta" },
	},
	.test = "p(x) > min(eps, delta exp(-H))",
	.replacement = "p",
	.bonus_name = "p",
	.replacement_prob = rule_replacement_prob_p,
	.replacement_weight = rule_weight_p,
	.beta_name = "none: measured only (a step records the overlap)",
	.accepted = typical_accepted,
	.hooks = { .test = typical_test, .replace = rule_replace_from_p,
	    .beta = rule_hook_beta },
	.explain = "accept when p(x) > min(eps, delta exp(-H(p))), else draw from p (lossy)",
};
