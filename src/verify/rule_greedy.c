/* rule_greedy.c: temperature 0: the draft is argmax q, kept while it is argmax
 * p; the replacement and the bonus are argmax p. Lossless against greedy
 * decoding of p, so its output is the point mass at argmax p. */
#include "config.h"

#include "dist/pdist.h"
#include "verify/rule.h"

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

static double
greedy_beta(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q)
{
	(void)par;
	return verify_argmax(p) == verify_argmax(q);
}

/* The point mass at argmax p into r: the replacement's and the bonus's. */
static void
greedy_point(const double *p, size_t n, double *r)
{
	size_t y, top = rule_dense_argmax(p, n);

	for (y = 0; y < n; y++)
		r[y] = y == top;
}

static double
greedy_accepted(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc)
{
	size_t y, top = rule_dense_argmax(p, n), qtop = rule_dense_argmax(q, n);
	double sum = 0.0;

	(void)par;
	for (y = 0; y < n; y++)
		sum += acc[y] = y == qtop && qtop == top;
	return sum;
}

static void
greedy_replace(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *r)
{
	(void)par;
	(void)q;
	greedy_point(p, n, r);
}

const struct verify_entry verify_rule_greedy = {
	.name = "greedy",
	.flags = VERIFY_F_LOSSLESS | VERIFY_F_CLOSED_BETA | VERIFY_F_PAIR_FORM |
	    VERIFY_F_POINT_TARGET,
	.test = "x = argmax p",
	.replacement = "argmax p",
	.bonus_name = "argmax p",
	.beta_name = "argmax match",
	.beta = greedy_beta,
	.accepted = greedy_accepted,
	.replace = greedy_replace,
	.bonus = greedy_point,
	.hooks = { .draft = rule_draft_argmax, .test = greedy_test,
	    .replace = rule_replace_chosen, .bonus = greedy_bonus,
	    .beta = rule_hook_beta },
	.explain = "temperature 0: draft argmax q, accept while it is argmax p",
};
