/* verify.c: the table of verification rules, the step under a rule, the
 * losslessness test's values and a rule's exact output on one fixed pair. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/verify.h"
#include "util/xalloc.h"

/* Each rule's name, once: the table and the option's choices use it. */
#define NAME_STANDARD "standard"
#define NAME_BLOCK "block"
#define NAME_EXACT_MATCH "exact-match"
#define NAME_GREEDY "greedy"
#define NAME_LENIENT "lenient"
#define NAME_TYPICAL "typical"
#define NAME_MISTAKE_RESIDUAL_FROM_P "mistake-residual-from-p"
#define NAME_MISTAKE_ACCEPT_ALL "mistake-accept-all"
#define MISTAKE " (a mistake)"	/* how a face labels one */

const struct verify_info verify_rules[VERIFY_NRULES] = {
	[VERIFY_STANDARD] = { NAME_STANDARD, 1, 0, 1,
	    "accept with min(1, p/q), residual norm(max(0, p - q)) (Leviathan 2022)" },
	[VERIFY_BLOCK] = { NAME_BLOCK, 1, 0, 0,
	    "verify the drafted block jointly (Sun et al. 2024, Algorithm 2)" },
	[VERIFY_EXACT_MATCH] = { NAME_EXACT_MATCH, 1, 0, 1,
	    "accept iff the draft equals an independent y ~ p; emit y either way" },
	[VERIFY_GREEDY] = { NAME_GREEDY, 1, 0, 1,
	    "temperature 0: draft argmax q, accept while it is argmax p" },
	[VERIFY_LENIENT] = { NAME_LENIENT, 0, 0, 1,
	    "accept with min(1, p/(L q)), residual norm(max(0, p - L q)) (lossy)" },
	[VERIFY_TYPICAL] = { NAME_TYPICAL, 0, 0, 0,
	    "accept when p(x) > min(eps, delta exp(-H(p))), else draw from p (lossy)" },
	[VERIFY_MISTAKE_RESIDUAL_FROM_P] = { NAME_MISTAKE_RESIDUAL_FROM_P, 0, 1, 1,
	    "a mistake: the replacement drawn from p, not from the residual" },
	[VERIFY_MISTAKE_ACCEPT_ALL] = { NAME_MISTAKE_ACCEPT_ALL, 0, 1, 1,
	    "a mistake: every draft accepted, the bonus from p" },
};

const char *const verify_names[VERIFY_NRULES + 1] = {
	[VERIFY_STANDARD] = NAME_STANDARD,
	[VERIFY_BLOCK] = NAME_BLOCK,
	[VERIFY_EXACT_MATCH] = NAME_EXACT_MATCH,
	[VERIFY_GREEDY] = NAME_GREEDY,
	[VERIFY_LENIENT] = NAME_LENIENT,
	[VERIFY_TYPICAL] = NAME_TYPICAL,
	[VERIFY_MISTAKE_RESIDUAL_FROM_P] = NAME_MISTAKE_RESIDUAL_FROM_P,
	[VERIFY_MISTAKE_ACCEPT_ALL] = NAME_MISTAKE_ACCEPT_ALL,
	[VERIFY_NRULES] = NULL,
};

struct verify_params
verify_defaults(void)
{
	struct verify_params par = { VERIFY_STANDARD, VERIFY_LENIENCE,
	    VERIFY_TYPICAL_EPSILON, VERIFY_TYPICAL_DELTA, 0.0 };

	return par;
}

const char *
verify_label(enum verify_rule rule)
{
	static const char *const label[VERIFY_NRULES] = {
		[VERIFY_MISTAKE_RESIDUAL_FROM_P] = NAME_MISTAKE_RESIDUAL_FROM_P MISTAKE,
		[VERIFY_MISTAKE_ACCEPT_ALL] = NAME_MISTAKE_ACCEPT_ALL MISTAKE,
	};

	if ((int)rule < 0 || rule >= VERIFY_NRULES)
		return "?";
	return label[rule] != NULL ? label[rule] : verify_rules[rule].name;
}

void
verify_step(const struct verify_params *par, struct source *src, struct rng *rng,
    int gamma, double *scratch, struct spec_step *out, struct spec_targets *targets)
{
	struct spec_rule rule;

	if (par->rule == VERIFY_BLOCK) {
		verify_block_step(src, rng, gamma, par->draft_p_min, scratch, out, targets);
		return;
	}
	if (par->rule == VERIFY_STANDARD) {
		struct spec_rule std = { NULL, NULL, NULL, NULL, NULL, NULL,
		    par->draft_p_min };

		spec_step_rule(src, rng, gamma, scratch, &std, out, targets);
		return;
	}
	rule = verify_token_rule(par);
	spec_step_rule(src, rng, gamma, scratch, &rule, out, targets);
}

/* The PIT of token x under the point mass at argmax p: w when x is it, else 1. */
static double
point_pit(const struct pdist *p, size_t x, double w)
{
	return verify_argmax(p) == x ? w : 1.0;
}

void
verify_pit(const struct verify_params *par, struct spec_step *step,
    const struct spec_targets *targets, struct rng *rng, struct ratio_tables *tables)
{
	struct spec_token *run[SPEC_GAMMA_MAX + 1];
	size_t xs[SPEC_GAMMA_MAX + 1];
	double cdf[SPEC_GAMMA_MAX + 1], w[SPEC_GAMMA_MAX + 1];
	int i, k = 0, m = 0, j;

	for (i = 0; i < step->ntok; i++) {
		struct spec_token *t = &step->tok[i];

		if (t->outcome == SPEC_REJECTED)
			continue;
		w[k] = rng_uniform(rng);
		run[k] = t;
		xs[k++] = (size_t)t->id;
	}
	for (i = 0; i < k; i += m) {	/* runs of positions that share one pair */
		const struct pdist *p = &targets->p[i];
		const struct pdist *q = targets->has_q[i] ? &targets->q[i] : p;

		for (m = 1; i + m < k && pdist_same(&targets->p[i + m], p) &&
		    pdist_same(targets->has_q[i + m] ? &targets->q[i + m] : &targets->p[i + m],
		    q); m++)
			;
		if (par->rule == VERIFY_GREEDY) {
			for (j = 0; j < m; j++)
				run[i + j]->pit = point_pit(p, xs[i + j], w[i + j]);
			continue;
		}
		if (tables == NULL || !ratio_tables_cdf(tables, p, q, xs + i, m, cdf))
			pdist_ratio_cdf_many(p, q, xs + i, m, cdf);
		for (j = 0; j < m; j++)
			run[i + j]->pit = cdf[j] + w[i + j] * run[i + j]->p;
	}
}

static size_t
dense_argmax(const double *p, size_t n)
{
	struct pdist d = pdist_dense(p, n);

	return verify_argmax(&d);
}

/* The accepted mass A(y) = q(y) a(y) of a rule, into acc; returns its sum. */
static double
accepted_mass(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc)
{
	double thr = 0.0, h = 0.0, sum = 0.0;
	size_t y, top = dense_argmax(p, n), qtop = dense_argmax(q, n);

	for (y = 0; y < n; y++)
		h -= p[y] > 0.0 ? p[y] * log(p[y]) : 0.0;
	thr = fmin(par->epsilon, par->delta * exp(-h));
	for (y = 0; y < n; y++) {
		switch (par->rule) {
		case VERIFY_EXACT_MATCH:
			acc[y] = p[y] * q[y];
			break;
		case VERIFY_GREEDY:
			acc[y] = y == qtop && qtop == top;
			break;
		case VERIFY_LENIENT:
			acc[y] = fmin(q[y], p[y] / par->lenience);
			break;
		case VERIFY_TYPICAL:
			acc[y] = p[y] > thr ? q[y] : 0.0;
			break;
		case VERIFY_MISTAKE_ACCEPT_ALL:
			acc[y] = q[y];
			break;
		default:
			acc[y] = fmin(p[y], q[y]);
			break;
		}
		sum += acc[y];
	}
	return sum;
}

/* The replacement distribution R of a rule (unnormalised weights) into r. */
static void
replacement(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *r)
{
	size_t y, top = dense_argmax(p, n);

	for (y = 0; y < n; y++) {
		switch (par->rule) {
		case VERIFY_EXACT_MATCH:
			r[y] = p[y] * (1.0 - q[y]);
			break;
		case VERIFY_GREEDY:
			r[y] = y == top;
			break;
		case VERIFY_LENIENT:
			r[y] = fmax(0.0, p[y] - par->lenience * q[y]);
			break;
		case VERIFY_TYPICAL:
		case VERIFY_MISTAKE_RESIDUAL_FROM_P:
		case VERIFY_MISTAKE_ACCEPT_ALL:
			r[y] = p[y];
			break;
		default:
			r[y] = fmax(0.0, p[y] - q[y]);
			break;
		}
	}
}

static void
normalise_or_p(double *r, const double *p, size_t n)
{
	double sum = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		sum += r[y];
	for (y = 0; y < n; y++)
		r[y] = sum > 0.0 ? r[y] / sum : p[y];
}

double
verify_u_bound(const struct verify_params *par, double p, double q, const char **label)
{
	switch (par->rule) {
	case VERIFY_STANDARD:
	case VERIFY_MISTAKE_RESIDUAL_FROM_P:
		*label = "p/q";
		return q > 0.0 ? p / q : 0.0;
	case VERIFY_LENIENT:
		*label = "p/Lq";
		return q > 0.0 ? p / (par->lenience * q) : 0.0;
	default:
		*label = NULL;
		return -1.0;
	}
}

double
verify_replacement_prob(const struct verify_params *par, const struct spec_step *step,
    int i)
{
	const struct spec_token *t = &step->tok[i];

	switch (par->rule) {
	case VERIFY_STANDARD:
		return spec_residual_prob(step, i);
	case VERIFY_LENIENT:
		if (step->residual_mass <= 0.0)
			return t->p;
		return fmax(0.0, t->p - par->lenience * t->q) / step->residual_mass;
	case VERIFY_TYPICAL:
	case VERIFY_MISTAKE_RESIDUAL_FROM_P:
	case VERIFY_MISTAKE_ACCEPT_ALL:
		return t->p;
	default:
		return -1.0;
	}
}

double
verify_pair_parts(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, double *acc, double *repl, double *bonus)
{
	double a = fmin(1.0, accepted_mass(par, p, q, vocab, acc));
	size_t y, top = dense_argmax(p, vocab);

	replacement(par, p, q, vocab, repl);
	normalise_or_p(repl, p, vocab);
	for (y = 0; y < vocab; y++)
		bonus[y] = par->rule == VERIFY_GREEDY ? (double)(y == top) : p[y];
	return a;
}

void
verify_output_pair(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, int gamma, double *scratch, double *out)
{
	double a, s = 0.0, ag = 1.0, total = 0.0, *bonus;
	size_t y;
	int i;

	if (par->rule == VERIFY_BLOCK) {
		memcpy(out, p, vocab * sizeof *out);
		return;
	}
	bonus = xreallocarray(NULL, vocab, sizeof *bonus);
	a = verify_pair_parts(par, p, q, vocab, out, scratch, bonus);
	for (i = 0; i < gamma; i++) {
		s += ag;
		ag *= a;
	}
	for (y = 0; y < vocab; y++) {
		out[y] = out[y] * s + (1.0 - ag) * scratch[y] + ag * bonus[y];
		total += out[y];
	}
	for (y = 0; y < vocab; y++)
		out[y] /= total;
	free(bonus);
}
