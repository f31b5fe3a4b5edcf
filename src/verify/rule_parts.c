/* rule_parts.c: the closed-form pieces several rules share (rule.h). */
#include "config.h"

#include <math.h>

#include "dist/pdist.h"
#include "util/rng.h"
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

/* The shared tokens of a vocabulary of vocab: all but the draft's own. */
static size_t
shared_count(const struct verify_params *par, size_t vocab)
{
	return par->draft_only < vocab ? vocab - par->draft_only : 0;
}

/* The restriction with z the mass below n, or none where that mass is 0. */
static struct rule_shared
shared_make(size_t n, double z, size_t vocab)
{
	struct rule_shared s = { n, z };

	if (n == vocab || !(z > 0.0)) {
		s.n = vocab;
		s.z = 1.0;
	}
	return s;
}

struct rule_shared
rule_shared_dense(const struct verify_params *par, const double *q, size_t vocab)
{
	size_t y, n = shared_count(par, vocab);
	double z = 0.0;

	for (y = 0; y < n; y++)
		z += q[y];
	return shared_make(n, z, vocab);
}

struct rule_shared
rule_shared_pdist(const struct verify_params *par, const struct pdist *q)
{
	size_t y, n = shared_count(par, q->vocab);
	double z = 0.0;

	if (n == q->vocab)
		return shared_make(n, 1.0, n);
	for (y = 0; y < n; y++)
		z += pdist_prob(q, y);
	return shared_make(n, z, q->vocab);
}

size_t
rule_draft_shared(const void *ctx, const struct pdist *q, struct rng *rng)
{
	struct rule_shared s = rule_shared_pdist(rule_params(ctx), q);
	double u, acc = 0.0;
	size_t y, last = 0;

	if (s.n == q->vocab)
		return pdist_sample(q, rng);
	u = rng_uniform(rng) * s.z;
	for (y = 0; y < s.n; y++) {
		double w = pdist_prob(q, y);

		if (!(w > 0.0))
			continue;
		acc += w;
		last = y;
		if (u < acc)
			break;
	}
	return last;
}

double
rule_shared_kept_min(const struct verify_params *par, double p, double q, double qs)
{
	(void)par;
	(void)q;
	return p < qs ? p : qs;
}

double
rule_shared_accept(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q, double (*kept)(const struct verify_params *par, double p,
    double q, double qs), double *acc)
{
	struct rule_shared s = rule_shared_pdist(par, q);
	double a = 0.0, qv, k;
	size_t y;

	for (y = 0; y < p->vocab; y++) {
		qv = pdist_prob(q, y);
		k = kept(par, pdist_prob(p, y), qv, rule_shared_q(&s, y, qv));
		if (acc != NULL)
			acc[y] = k;
		a += k;
	}
	return a;
}
