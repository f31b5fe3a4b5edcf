/* verify.c: what the rest of the program asks of a rule, read from its entry
 * (rule_table.c): the step, the losslessness test's values, the closed forms
 * on one pair, the faces' bound and replacement. No rule is named here. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/verify.h"
#include "util/xalloc.h"

const struct verify_entry *
verify_entry(enum verify_rule rule)
{
	if ((int)rule < 0 || (int)rule >= verify_nrules)
		return verify_table[verify_default_rule()];
	return verify_table[rule];
}

int
verify_has(enum verify_rule rule, int flag)
{
	return (verify_entry(rule)->flags & flag) != 0;
}

enum verify_rule
verify_default_rule(void)
{
	int r;

	for (r = 0; r < verify_nrules; r++)
		if (verify_table[r]->flags & VERIFY_F_DEFAULT)
			return (enum verify_rule)r;
	return (enum verify_rule)0;
}

const char *
verify_beta_label(enum verify_rule rule)
{
	const struct verify_entry *e = verify_entry(rule);

	return e->beta != NULL || e->tree_accept != NULL ? e->beta_name : "overlap";
}

/* The parameter of e that option sets; NULL when it has none. */
static const struct verify_param *
param_by_option(const struct verify_entry *e, const char *option)
{
	int k;

	for (k = 0; k < VERIFY_PARAMS_MAX; k++)
		if (e->params[k].option != NULL && strcmp(e->params[k].option, option) == 0)
			return &e->params[k];
	return NULL;
}

const char *
verify_param_default(const char *option)
{
	const struct verify_param *pm;
	int r;

	for (r = 0; r < verify_nrules; r++)
		if ((pm = param_by_option(verify_table[r], option)) != NULL)
			return pm->def;
	return NULL;
}

int
verify_takes_option(enum verify_rule rule, const char *option)
{
	return param_by_option(verify_entry(rule), option) != NULL;
}

int
verify_uses_param(enum verify_rule rule, size_t offset)
{
	const struct verify_entry *e = verify_entry(rule);
	int k;

	for (k = 0; k < VERIFY_PARAMS_MAX; k++)
		if (e->params[k].option != NULL && e->params[k].offset == offset)
			return 1;
	return 0;
}

double
verify_param_value(const struct verify_params *par, const struct verify_param *pm)
{
	double x;

	memcpy(&x, (const char *)par + pm->offset, sizeof x);
	return x;
}

struct verify_params
verify_defaults(void)
{
	struct verify_params par;
	int r, k;

	memset(&par, 0, sizeof par);
	par.rule = verify_default_rule();
	for (r = 0; r < verify_nrules; r++)
		for (k = 0; k < VERIFY_PARAMS_MAX; k++) {
			const struct verify_param *pm = &verify_table[r]->params[k];
			double x;

			if (pm->option == NULL)
				continue;
			x = strtod(pm->def, NULL);
			memcpy((char *)&par + pm->offset, &x, sizeof x);
		}
	return par;
}

const char *
verify_label(enum verify_rule rule)
{
	const struct verify_entry *e;

	if ((int)rule < 0 || (int)rule >= verify_nrules)
		return "?";
	e = verify_table[rule];
	return e->label != NULL ? e->label : e->name;
}

void
verify_step(const struct verify_params *par, struct source *src, struct rng *rng,
    int gamma, double *scratch, struct spec_step *out, struct spec_targets *targets)
{
	const struct verify_entry *e = verify_entry(par->rule);
	struct spec_rule rule = e->hooks;
	struct verify_hook_ctx ctx = { par, e };

	targets->nscored = 0;
	if (e->step != NULL) {
		e->step(par, src, rng, gamma, scratch, out, targets);
		return;
	}
	rule.ctx = &ctx;
	rule.p_min = par->draft_p_min;
	rule.confidence = par->draft_confidence;
	rule.score_all = par->score_all;
	rule.ratio = par->ratio;
	spec_step_rule(src, rng, gamma, scratch, &rule, out, targets);
}

double
verify_beta(const struct verify_params *par, const struct pdist *p, const struct pdist *q)
{
	const struct verify_entry *e = verify_entry(par->rule);

	return e->beta != NULL ? e->beta(par, p, q) : pdist_overlap(p, q);
}

/* The PIT of token x under the point mass at argmax p: w when x is it, else 1. */
static double
point_pit(const struct pdist *p, size_t x, double w)
{
	return pdist_argmax(p) == x ? w : 1.0;
}

/* The run's ratio CDFs into cdf when the step took every one of them with its
 * overlap (spec_token's cdf); 0 when one is missing. */
static int
known_cdfs(struct spec_token *const *run, int m, double *cdf)
{
	int j;

	for (j = 0; j < m; j++)
		if (run[j]->cdf < 0.0)
			return 0;
	for (j = 0; j < m; j++)
		cdf[j] = run[j]->cdf;
	return 1;
}

void
verify_pit(const struct verify_params *par, struct spec_step *step,
    const struct spec_targets *targets, struct rng *rng, struct ratio_tables *tables)
{
	struct spec_token *run[SPEC_GAMMA_MAX + 1];
	size_t xs[SPEC_GAMMA_MAX + 1];
	double cdf[SPEC_GAMMA_MAX + 1], w[SPEC_GAMMA_MAX + 1];
	int point = verify_has(par->rule, VERIFY_F_POINT_TARGET);
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
		if (point) {
			for (j = 0; j < m; j++)
				run[i + j]->pit = point_pit(p, xs[i + j], w[i + j]);
			continue;
		}
		if ((tables == NULL || !ratio_tables_cdf(tables, p, q, xs + i, m, cdf)) &&
		    !known_cdfs(run + i, m, cdf))
			pdist_ratio_cdf_many(p, q, xs + i, m, cdf);
		for (j = 0; j < m; j++)
			run[i + j]->pit = cdf[j] + w[i + j] * run[i + j]->p;
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
	const struct verify_entry *e = verify_entry(par->rule);

	*label = e->bound != NULL ? e->bound_name : NULL;
	return e->bound != NULL ? e->bound(par, p, q) : -1.0;
}

double
verify_replacement_prob(const struct verify_params *par, const struct spec_step *step,
    int i)
{
	const struct verify_entry *e = verify_entry(par->rule);

	return e->replacement_prob != NULL ? e->replacement_prob(par, step, i) : -1.0;
}

/* The accepted mass A(y) = f(p(y), q(y)) of each token into acc; its sum. */
static double
accepted_each(const struct verify_params *par, const double *p, const double *q,
    size_t n, double *acc, double (*f)(const struct verify_params *, double, double))
{
	double sum = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		sum += acc[y] = f(par, p[y], q[y]);
	return sum;
}

double
verify_pair_parts(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, double *acc, double *repl, double *bonus)
{
	const struct verify_entry *e = verify_entry(par->rule);
	double a = fmin(1.0, e->accepted != NULL ? e->accepted(par, p, q, vocab, acc) :
	    accepted_each(par, p, q, vocab, acc, e->accepted_one));
	size_t y;

	if (e->replace != NULL)
		e->replace(par, p, q, vocab, repl);
	else
		for (y = 0; y < vocab; y++)
			repl[y] = e->replacement_weight(par, p[y], q[y]);
	normalise_or_p(repl, p, vocab);
	if (e->bonus != NULL)
		e->bonus(p, vocab, bonus);
	else
		memcpy(bonus, p, vocab * sizeof *bonus);
	return a;
}

void
verify_output_pair(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, int gamma, double *scratch, double *out)
{
	double a, s = 0.0, ag = 1.0, total = 0.0, *bonus;
	size_t y;
	int i;

	if (!verify_has(par->rule, VERIFY_F_PAIR_FORM)) {	/* lossless, no parts */
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
