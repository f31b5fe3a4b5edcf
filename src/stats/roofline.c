/* roofline.c: the machine-aware cost model (roofline.h). */
#include "config.h"

#include <string.h>

#include "stats/roofline.h"

#define TERA 1e12

double
roofline_kv_bytes(const struct roofline_model *m)
{
	return 2.0 * m->layers * m->n_kv * m->head_dim * m->bytes;
}

void
roofline_pass(const struct roofline_hw *hw, const struct roofline_model *m,
    double batch, double context, double n, struct roofline_time *out)
{
	double flops_per_token = 2.0 * m->params +
	    4.0 * m->layers * m->n_heads * m->head_dim * context;

	out->mem = (m->bytes * m->params + batch * context * roofline_kv_bytes(m)) /
	    (hw->tbps * TERA);
	out->comp = batch * n * flops_per_token / (hw->tflops * TERA);
	out->compute = out->comp > out->mem;
	out->t = out->compute ? out->comp : out->mem;
}

double
roofline_ridge_tokens(const struct roofline_hw *hw, const struct roofline_model *m)
{
	return m->bytes * hw->tflops / (2.0 * hw->tbps);
}

double
roofline_draft_context(const struct roofline_setup *s)
{
	if (s->draft_kv_budget > 0.0 && s->draft_kv_budget < s->context)
		return s->draft_kv_budget;
	return s->context;
}

static double
target_pass_s(const struct roofline_setup *s, double n)
{
	struct roofline_time t;

	roofline_pass(&s->hw, &s->target, s->batch, s->context, n, &t);
	return t.t;
}

double
roofline_target_s(const struct roofline_setup *s)
{
	return target_pass_s(s, 1.0);
}

double
roofline_verify_s(const struct roofline_setup *s, int gamma)
{
	return target_pass_s(s, (double)gamma + 1.0);
}

double
roofline_draft_s(const struct roofline_setup *s)
{
	struct roofline_time t;

	roofline_pass(&s->hw, &s->draft, s->batch, roofline_draft_context(s), 1.0, &t);
	return t.t;
}

double
roofline_cost_ratio(const struct roofline_setup *s)
{
	return roofline_draft_s(s) / roofline_target_s(s);
}

double
roofline_verify_cost(const struct roofline_setup *s, int gamma)
{
	double t = roofline_target_s(s);

	if (gamma < 1)
		return 0.0;
	return (roofline_verify_s(s, gamma) - t) / (t * gamma);
}

double
roofline_tokens(const double *rate, int nrate, int gamma)
{
	double e = 1.0, run = 1.0;
	int i;

	for (i = 0; i < gamma && nrate > 0; i++) {
		run *= rate[i < nrate ? i : nrate - 1];
		e += run;
	}
	return e;
}

double
roofline_speedup(const struct roofline_setup *s, const double *rate, int nrate,
    int gamma)
{
	if (gamma < 1)
		return 1.0;
	return roofline_tokens(rate, nrate, gamma) * roofline_target_s(s) /
	    ((double)gamma * roofline_draft_s(s) + roofline_verify_s(s, gamma));
}

void
roofline_evaluate(const struct roofline_setup *s, const double *rate, int nrate,
    int gamma_max, struct roofline_result *out)
{
	int g;

	memset(out, 0, sizeof *out);
	out->gamma_max = gamma_max < 1 ? 1 : gamma_max > ROOFLINE_GAMMA_MAX ?
	    ROOFLINE_GAMMA_MAX : gamma_max;
	roofline_pass(&s->hw, &s->target, s->batch, s->context, 1.0, &out->target);
	roofline_pass(&s->hw, &s->draft, s->batch, roofline_draft_context(s), 1.0,
	    &out->draft);
	out->t_target = out->target.t;
	out->t_draft = out->draft.t;
	out->cost_ratio = out->t_draft / out->t_target;
	out->ridge_tokens = roofline_ridge_tokens(&s->hw, &s->target);
	out->best_speedup = 1.0;
	for (g = 0; g <= out->gamma_max; g++) {
		out->t_verify[g] = roofline_verify_s(s, g);
		out->speedup[g] = roofline_speedup(s, rate, nrate, g);
		if (out->speedup[g] > out->best_speedup) {
			out->best_speedup = out->speedup[g];
			out->best_gamma = g;
		}
	}
}

const char *
roofline_bound_name(const struct roofline_time *t)
{
	return t->compute ? "compute" : "memory";
}

int
roofline_no_spec_batch(const struct roofline_setup *s, const double *rate,
    int nrate, int gamma_max)
{
	struct roofline_setup at = *s;
	struct roofline_result r;
	int b;

	for (b = 1; b <= ROOFLINE_BATCH_MAX; b++) {
		at.batch = b;
		roofline_evaluate(&at, rate, nrate, gamma_max, &r);
		if (r.best_gamma == 0)
			return b;
	}
	return 0;
}
