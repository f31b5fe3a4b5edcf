/* rule_parts.c: the closed-form pieces several rules share (rule.h). */
#include "config.h"

#include <math.h>

#include "dist/pdist.h"
#include "verify/rule.h"

double
rule_beta_overlap(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q)
{
	(void)par;
	return pdist_overlap(p, q);
}

double
rule_bound_ratio(const struct verify_params *par, double p, double q)
{
	(void)par;
	return q > 0.0 ? p / q : 0.0;
}

double
rule_replacement_prob_p(const struct verify_params *par, const struct spec_step *step,
    int i)
{
	(void)par;
	return step->tok[i].p;
}

double
rule_weight_residual(const struct verify_params *par, double p, double q)
{
	(void)par;
	return fmax(0.0, p - q);
}

double
rule_weight_p(const struct verify_params *par, double p, double q)
{
	(void)par;
	(void)q;
	return p;
}

double
rule_accepted_min(const struct verify_params *par, double p, double q)
{
	(void)par;
	return fmin(p, q);
}

size_t
rule_dense_argmax(const double *p, size_t n)
{
	struct pdist d = pdist_dense(p, n);

	return verify_argmax(&d);
}

size_t
rule_draft_argmax(const void *ctx, const struct pdist *q, struct rng *rng)
{
	(void)ctx;
	(void)rng;
	return verify_argmax(q);
}
