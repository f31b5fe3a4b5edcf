/* verify_token.c: the hooks on the sampler's loop (spec.h) that several
 * token-by-token rules share (rule.h); each rule's own are in its file. */
#include "config.h"

#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/rule.h"

size_t
verify_argmax(const struct pdist *p)
{
	return pdist_argmax(p);
}

const struct verify_params *
rule_params(const void *ctx)
{
	const struct verify_hook_ctx *c = ctx;

	return c->par;
}

double
rule_hook_beta(const void *ctx, const struct spec_position *at)
{
	const struct verify_hook_ctx *c = ctx;

	return c->entry->beta != NULL ? c->entry->beta(c->par, &at->p, &at->q) :
	    pdist_overlap(&at->p, &at->q);
}

size_t
rule_replace_from_p(const void *ctx, const struct spec_position *at, long chosen,
    struct rng *rng, double *scratch, double *mass)
{
	(void)ctx;
	(void)chosen;
	(void)scratch;
	*mass = 0.0;
	return pdist_sample(&at->p, rng);
}

size_t
rule_replace_chosen(const void *ctx, const struct spec_position *at, long chosen,
    struct rng *rng, double *scratch, double *mass)
{
	(void)ctx;
	(void)at;
	(void)rng;
	(void)scratch;
	*mass = 0.0;
	return (size_t)chosen;
}
