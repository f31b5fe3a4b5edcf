/* batch_roofline.c: the roofline cost model in text and JSON (batch_roofline.h). */
#include "config.h"

#include <stdio.h>

#include "batch/batch_roofline.h"
#include "cli/options.h"
#include "stats/roofline.h"

void
batch_roofline_list_hw(FILE *out)
{
	int i;

	fprintf(out, "%-10s %7s %6s  %s\n", "machine", "TFLOPS", "TB/s", "source");
	for (i = 0; i < roofline_nhws; i++)
		fprintf(out, "%-10s %7g %6g  %s\n", roofline_hws[i].name,
		    roofline_hws[i].tflops, roofline_hws[i].tbps, roofline_hws[i].source);
}

void
batch_roofline_list_models(FILE *out)
{
	const struct roofline_model *m;
	int i;

	fprintf(out, "%-13s %8s %3s %4s %3s %3s %5s  %s\n", "model", "P", "L", "n_kv",
	    "hd", "H", "bytes", "source");
	for (i = 0; i < roofline_nmodels; i++) {
		m = &roofline_models[i];
		fprintf(out, "%-13s %8.3g %3d %4d %3d %3d %5g  %s\n", m->name, m->params,
		    m->layers, m->n_kv, m->head_dim, m->n_heads, m->bytes, m->source);
	}
}

const char *
batch_roofline_name(const char *name, const char *given)
{
	return name != NULL ? name : given;
}

static void
pass_line(FILE *out, const char *what, const struct roofline_time *t)
{
	fprintf(out, "%s %.4g ms, %s-bound (memory %.4g ms, compute %.4g ms)\n", what,
	    t->t * 1e3, roofline_bound_name(t), t->mem * 1e3, t->comp * 1e3);
}

void
batch_roofline_text(FILE *out, const struct options *opt, double alpha,
    int gamma_max, int gamma)
{
	const struct roofline_setup *s = &opt->roofline;
	struct roofline_result r;
	int no_spec;

	roofline_evaluate(s, &alpha, 1, gamma_max, &r);
	no_spec = roofline_no_spec_batch(s, &alpha, 1, gamma_max);
	fprintf(out, "machine %s (%g TFLOPS, %g TB/s), target %s, draft %s\n",
	    batch_roofline_name(s->hw.name, opt->hw), s->hw.tflops, s->hw.tbps,
	    batch_roofline_name(s->target.name, opt->model), batch_roofline_name(s->draft.name, opt->draft_model));
	fprintf(out, "batch B %g, context S %g, draft context %g\n", s->batch, s->context,
	    roofline_draft_context(s));
	pass_line(out, "target step t_T", &r.target);
	pass_line(out, "drafted token t_D", &r.draft);
	fprintf(out, "ridge %.4g tokens per step: verification turns compute-bound "
	    "when B (gamma + 1) passes it\n", r.ridge_tokens);
	fprintf(out, "derived cost ratio c = t_D/t_T = %.4g, verification cost k = %.4g"
	    " at gamma %d\n", r.cost_ratio, roofline_verify_cost(s, gamma), gamma);
	if (r.best_gamma == 0)
		fprintf(out, "alpha %.3f: do not speculate (1x)", alpha);
	else
		fprintf(out, "alpha %.3f: best gamma %d (%.4fx)", alpha, r.best_gamma,
		    r.best_speedup);
	if (no_spec > 0)
		fprintf(out, "; do not speculate from B = %d\n", no_spec);
	else
		fprintf(out, "; speculation pays at every B up to %d\n", ROOFLINE_BATCH_MAX);
}

void
batch_roofline_json(struct json *j, const struct options *opt, double alpha,
    int gamma_max)
{
	const struct roofline_setup *s = &opt->roofline;
	struct roofline_result r;
	int g;

	roofline_evaluate(s, &alpha, 1, gamma_max, &r);
	json_object_begin(j, "roofline");
	json_string(j, "hw", batch_roofline_name(s->hw.name, opt->hw));
	json_double(j, "tflops", s->hw.tflops);
	json_double(j, "tbps", s->hw.tbps);
	json_string(j, "model", batch_roofline_name(s->target.name, opt->model));
	json_string(j, "draft_model", batch_roofline_name(s->draft.name, opt->draft_model));
	json_double(j, "batch_size", s->batch);
	json_double(j, "context", s->context);
	json_double(j, "draft_context", roofline_draft_context(s));
	json_double(j, "alpha", alpha);
	json_double(j, "t_target_ms", r.t_target * 1e3);
	json_double(j, "t_draft_ms", r.t_draft * 1e3);
	json_string(j, "bound", roofline_bound_name(&r.target));
	json_string(j, "draft_bound", roofline_bound_name(&r.draft));
	json_double(j, "mem_ms", r.target.mem * 1e3);
	json_double(j, "comp_ms", r.target.comp * 1e3);
	json_double(j, "ridge_tokens", r.ridge_tokens);
	json_double(j, "cost_ratio", r.cost_ratio);
	json_int(j, "best_gamma", r.best_gamma);
	json_double(j, "best_speedup", r.best_speedup);
	json_int(j, "no_speculation_batch", roofline_no_spec_batch(s, &alpha, 1,
	    gamma_max));
	json_array_begin(j, "t_verify_ms");
	for (g = 0; g <= r.gamma_max; g++)
		json_double(j, NULL, r.t_verify[g] * 1e3);
	json_array_end(j);
	json_array_begin(j, "verify_cost");
	for (g = 0; g <= r.gamma_max; g++)
		json_double(j, NULL, roofline_verify_cost(s, g));
	json_array_end(j);
	json_array_begin(j, "speedup");
	for (g = 0; g <= r.gamma_max; g++)
		json_double(j, NULL, r.speedup[g]);
	json_array_end(j);
	json_object_end(j);
}

void
batch_roofline_step_ms(const struct options *opt, double *ms, int n)
{
	const struct roofline_setup *s = &opt->roofline;
	double td = roofline_draft_s(s);
	int g;

	for (g = 0; g < n; g++)
		ms[g] = (g * td + roofline_verify_s(s, g)) * 1e3;
}

void
batch_roofline_optimum(const struct options *opt, double alpha, int gamma_max,
    struct theory_optimum *out)
{
	int g;
	double next;

	out->gamma = 1;
	out->speedup = roofline_speedup(&opt->roofline, &alpha, 1, 1);
	for (g = 2; g <= gamma_max; g++)
		if (roofline_speedup(&opt->roofline, &alpha, 1, g) > out->speedup) {
			out->gamma = g;
			out->speedup = roofline_speedup(&opt->roofline, &alpha, 1, g);
		}
	next = roofline_speedup(&opt->roofline, &alpha, 1, gamma_max + 1);
	out->at_limit = out->gamma == gamma_max && next > out->speedup;
	out->speculate = out->speedup > 1.0;
}
