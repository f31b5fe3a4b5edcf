/* verify_token.c: the token-by-token rules other than the standard one, as hooks
 * on the sampler's loop (spec.h). A NULL hook is the standard rule's. */
#include "config.h"

#include <math.h>

#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/verify.h"

size_t
verify_argmax(const struct pdist *p)
{
	return pdist_argmax(p);
}

static const struct verify_params *
params(const void *ctx)
{
	return ctx;
}

/* exact-match: y ~ p; keep the draft iff y equals it; emit y either way. */
static int
exact_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	(void)ctx;
	*u = 0.0;
	*chosen = (long)pdist_sample(&at->p, rng);
	return (size_t)*chosen == x;
}

static size_t
chosen_replace(const void *ctx, const struct spec_position *at, long chosen,
    struct rng *rng, double *scratch, double *mass)
{
	(void)ctx;
	(void)at;
	(void)rng;
	(void)scratch;
	*mass = 0.0;
	return (size_t)chosen;
}

/* greedy: the draft is argmax q, kept while it is argmax p. */
static size_t
greedy_draft(const void *ctx, const struct pdist *q, struct rng *rng)
{
	(void)ctx;
	(void)rng;
	return verify_argmax(q);
}

static int
greedy_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	(void)ctx;
	(void)rng;
	*u = 0.0;
	*chosen = (long)verify_argmax(&at->p);
	return (size_t)*chosen == x;
}

static size_t
greedy_bonus(const void *ctx, const struct pdist *p, struct rng *rng)
{
	(void)ctx;
	(void)rng;
	return verify_argmax(p);
}

/* lenient: keep with min(1, p / (L q)); replacement from norm(max(0, p - L q)). */
static int
lenient_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	*u = rng_uniform(rng);
	*chosen = -1;
	return *u * params(ctx)->lenience * pdist_prob(&at->q, x) < pdist_prob(&at->p, x);
}

static size_t
lenient_replace(const void *ctx, const struct spec_position *at, long chosen,
    struct rng *rng, double *scratch, double *mass)
{
	double l = params(ctx)->lenience;
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

/* typical: keep x when p(x) > min(epsilon, delta exp(-H(p))). */
static double
typical_threshold(const struct verify_params *par, const struct pdist *p)
{
	struct pdist_iter it;
	double h = 0.0;

	pdist_iter_start(&it, p);
	while (pdist_iter_next(&it))
		h -= it.prob * log(it.prob);
	return fmin(par->epsilon, par->delta * exp(-h));
}

static int
typical_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	(void)rng;
	*u = 0.0;
	*chosen = -1;
	return pdist_prob(&at->p, x) > typical_threshold(params(ctx), &at->p);
}

/* The replacement drawn from p: typical acceptance's own, and the mistake's. */
static size_t
p_replace(const void *ctx, const struct spec_position *at, long chosen, struct rng *rng,
    double *scratch, double *mass)
{
	(void)ctx;
	(void)chosen;
	(void)scratch;
	*mass = 0.0;
	return pdist_sample(&at->p, rng);
}

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
rule_beta(const void *ctx, const struct spec_position *at)
{
	return verify_beta(params(ctx), &at->p, &at->q);
}

struct spec_rule
verify_token_rule(const struct verify_params *par)
{
	struct spec_rule r = { par, NULL, NULL, NULL, NULL, rule_beta, par->draft_p_min };

	switch (par->rule) {
	case VERIFY_EXACT_MATCH:
		r.test = exact_test;
		r.replace = chosen_replace;
		break;
	case VERIFY_GREEDY:
		r.draft = greedy_draft;
		r.test = greedy_test;
		r.replace = chosen_replace;
		r.bonus = greedy_bonus;
		break;
	case VERIFY_LENIENT:
		r.test = lenient_test;
		r.replace = lenient_replace;
		break;
	case VERIFY_TYPICAL:
		r.test = typical_test;
		r.replace = p_replace;
		break;
	case VERIFY_MISTAKE_RESIDUAL_FROM_P:
		r.replace = p_replace;
		break;
	case VERIFY_MISTAKE_ACCEPT_ALL:
		r.test = accept_all_test;
		break;
	default:	/* standard; block has a step of its own */
		r.beta = NULL;
		break;
	}
	return r;
}

/* sum f(p(y), q(y)) over the vocabulary. */
static double
pair_sum(const struct pdist *p, const struct pdist *q, double (*f)(double, double,
    double), double l)
{
	double sum = 0.0;
	size_t y;

	for (y = 0; y < p->vocab; y++)
		sum += f(pdist_prob(p, y), pdist_prob(q, y), l);
	return sum;
}

static double
product(double a, double b, double l)
{
	(void)l;
	return a * b;
}

static double
lenient_min(double a, double b, double l)
{
	return fmin(b, a / l);
}

double
verify_beta(const struct verify_params *par, const struct pdist *p, const struct pdist *q)
{
	switch (par->rule) {
	case VERIFY_EXACT_MATCH:
		return pair_sum(p, q, product, 1.0);
	case VERIFY_GREEDY:
		return verify_argmax(p) == verify_argmax(q);
	case VERIFY_LENIENT:
		return fmin(1.0, pair_sum(p, q, lenient_min, par->lenience));
	case VERIFY_MISTAKE_ACCEPT_ALL:
		return 1.0;
	default:
		return pdist_overlap(p, q);
	}
}
