/* rule_tli.c: Token-Level Intersection (Timor et al. 2025, arXiv:2502.05202)
 * for a draft whose vocabulary holds tokens the target's does not
 * (--draft-only N: the last N, where p is 0). The draft q is restricted to
 * the shared tokens and renormalised, q' = q / z there (z the shared mass),
 * and the standard rule runs on (p, q'): draft from q', accept with
 * min(1, p/q'), replace from norm(max(0, p - q')). Lossless, and it accepts
 * sum min(p, q') >= sum min(p, q), the naive standard rule on the union.
 * Where q has no shared mass it is the standard rule on q. Its test draws a
 * u, but against p/q', which no function of p(x) and q(x) alone gives: the
 * faces show no bound (no VERIFY_F_DRAWS_U). */
#include "config.h"

#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/rule.h"

static int
tli_test(const void *ctx, const struct spec_position *at, size_t x, struct rng *rng,
    double *u, long *chosen)
{
	struct rule_shared s = rule_shared_pdist(rule_params(ctx), &at->q);

	*u = rng_uniform(rng);
	*chosen = -1;
	return *u * rule_shared_q(&s, x, pdist_prob(&at->q, x)) < pdist_prob(&at->p, x);
}

/* norm(max(0, p - q')), or p where that mass underflows to 0. */
static size_t
tli_replace(const void *ctx, const struct spec_position *at, long chosen,
    struct rng *rng, double *scratch, double *mass)
{
	struct rule_shared s = rule_shared_pdist(rule_params(ctx), &at->q);
	size_t y, n = at->p.vocab;
	double sum = 0.0;

	(void)chosen;
	for (y = 0; y < n; y++) {
		double r = pdist_prob(&at->p, y) -
		    rule_shared_q(&s, y, pdist_prob(&at->q, y));

		scratch[y] = r > 0.0 ? r : 0.0;
		sum += scratch[y];
	}
	*mass = sum;
	if (!(sum > 0.0))
		return pdist_sample(&at->p, rng);
	return rng_categorical(rng, scratch, n, sum);
}

static double
tli_beta(const struct verify_params *par, const struct pdist *p, const struct pdist *q)
{
	return rule_shared_accept(par, p, q, rule_shared_kept_min, NULL);
}

static double
tli_accepted(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc)
{
	struct pdist hp = pdist_dense(p, n), hq = pdist_dense(q, n);

	return rule_shared_accept(par, &hp, &hq, rule_shared_kept_min, acc);
}

static void
tli_replace_dense(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *r)
{
	struct rule_shared s = rule_shared_dense(par, q, n);
	size_t y;

	for (y = 0; y < n; y++) {
		r[y] = p[y] - rule_shared_q(&s, y, q[y]);
		if (r[y] < 0.0)
			r[y] = 0.0;
	}
}

const struct verify_entry verify_rule_tli = {
	.name = "tli",
	.flags = VERIFY_F_LOSSLESS | VERIFY_F_CLOSED_BETA | VERIFY_F_PAIR_FORM,
	.test = "u < p/q' (q' = q on the shared tokens, renormalised)",
	.replacement = "norm(max(0, p - q'))",
	.bonus_name = "p",
	.beta_name = "sum min(p, q')",
	.beta = tli_beta,
	.accepted = tli_accepted,
	.replace = tli_replace_dense,
	.hooks = { .draft = rule_draft_shared, .test = tli_test, .replace = tli_replace,
	    .beta = rule_hook_beta },
	.explain = "token-level intersection: q restricted to the shared tokens and "
	    "renormalised, then the standard rule (Timor 2025)",
};
