/* rule_lenient.c: lenience (Leviathan et al. 2022, appendix A.5): accept x with
 * min(1, p(x)/(L q(x))); at a rejection a token from norm(max(0, p - L q)).
 * Lossy for L < 1; L = 1 is the standard rule. */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/rule.h"

static double
lenience(const void *ctx)
{
	return rule_params(ctx)->lenience;
}

static int
lenient_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	*u = rng_uniform(rng);
	*chosen = -1;
	return *u * lenience(ctx) * pdist_prob(&at->q, x) < pdist_prob(&at->p, x);
}

static size_t
lenient_replace(const void *ctx, const struct spec_position *at, long chosen,
    struct rng *rng, double *scratch, double *mass)
{
	double l = lenience(ctx);
	size_t y, n = at->p.vocab;

	(void)chosen;
	*mass = 0.0;
	for (y = 0; y < n; y++)
		*mass += scratch[y] = fmax(0.0, pdist_prob(&at->p, y) -
		    l * pdist_prob(&at->q, y));
	if (*mass > 0.0)
		return rng_categorical(rng, scratch, n, *mass);
	return pdist_sample(&at->p, rng);
}

static double
lenient_bound(const struct verify_params *par, double p, double q)
{
	return q > 0.0 ? p / (par->lenience * q) : 0.0;
}

static double
lenient_weight(const struct verify_params *par, double p, double q)
{
	return fmax(0.0, p - par->lenience * q);
}

static double
lenient_replacement_prob(const struct verify_params *par, const struct spec_step *step,
    int i)
{
	const struct spec_token *t = &step->tok[i];

	if (step->residual_mass <= 0.0)
		return t->p;
	return lenient_weight(par, t->p, t->q) / step->residual_mass;
}

static double
lenient_beta(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q)
{
	double sum = 0.0;
	size_t y;

	for (y = 0; y < p->vocab; y++)
		sum += fmin(pdist_prob(q, y), pdist_prob(p, y) / par->lenience);
	return fmin(1.0, sum);
}

static double
lenient_one(const struct verify_params *par, double p, double q)
{
	return fmin(q, p / par->lenience);
}

const struct verify_entry verify_rule_lenient = {
	.name = "lenient",
	.flags = VERIFY_F_DRAWS_U | VERIFY_F_CLOSED_BETA | VERIFY_F_PAIR_FORM |
	    VERIFY_F_REPL_MASS,
	.params = {
		{ .option = "lenience", .def = "0.5",
		  .offset = offsetof(struct verify_params, lenience),
		  .report = "L", .json = "lenience", .header = "L" },
	},
	.test = "u < p/(Lq)",
	.bound_name = "p/Lq",
	.bound = lenient_bound,
	.replacement = "norm(max(0, p - Lq))",
	.bonus_name = "p",
	.replacement_prob = lenient_replacement_prob,
	.replacement_weight = lenient_weight,
	.beta_name = "sum min(q, p/L)",
	.beta = lenient_beta,
	.accepted_one = lenient_one,
	.hooks = { .test = lenient_test, .replace = lenient_replace,
	    .beta = rule_hook_beta },
	.explain = "accept with min(1, p/(L q)), residual norm(max(0, p - L q)) (lossy)",
};
