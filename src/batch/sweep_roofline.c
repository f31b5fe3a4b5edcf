/* sweep_roofline.c: the roofline against B and S (sweep_roofline.h). */
#include "config.h"

#include <stdio.h>

#include "batch/batch_roofline.h"
#include "batch/sweep_roofline.h"
#include "cli/cli_machine.h"
#include "cli/options.h"
#include "stats/roofline.h"
#include "util/exit_status.h"
#include "util/json.h"

/* One row: the machine at one B and S, weighed at one alpha. */
struct row {
	struct roofline_setup at;
	double alpha;
	struct roofline_result r;
	struct roofline_time verify;	/* the verification pass at --gamma */
};

static void
row_fill(struct row *w, const struct options *opt, int ia, int is, int ib)
{
	w->at = opt->roofline;
	w->at.batch = opt->axis[CLI_AXIS_BATCH].v[ib];
	w->at.context = opt->axis[CLI_AXIS_CONTEXT].v[is];
	w->alpha = opt->axis[CLI_AXIS_TARGET_ALPHA].v[ia];
	roofline_evaluate(&w->at, &w->alpha, 1, CLI_MACHINE_SWEEP_GAMMA, &w->r);
	roofline_pass(&w->at.hw, &w->at.target, w->at.batch, w->at.context,
	    opt->gamma + 1.0, &w->verify);
}

/* The speedup at --gamma (beyond the rows' range, computed on its own). */
static double
row_at_gamma(const struct row *w, int gamma)
{
	return roofline_speedup(&w->at, &w->alpha, 1, gamma);
}

/* What to do with a row; ctx: the stream, or the JSON writer. */
typedef void (*row_fn)(void *ctx, const struct options *opt, const struct row *w);

/* Every row in order: alpha, then S, then B fastest. */
static void
each_row(void *ctx, const struct options *opt, row_fn fn)
{
	int ia, is, ib;
	struct row w;

	for (ia = 0; ia < opt->axis[CLI_AXIS_TARGET_ALPHA].n; ia++)
		for (is = 0; is < opt->axis[CLI_AXIS_CONTEXT].n; is++)
			for (ib = 0; ib < opt->axis[CLI_AXIS_BATCH].n; ib++) {
				row_fill(&w, opt, ia, is, ib);
				fn(ctx, opt, &w);
			}
}

static void
text_row(void *ctx, const struct options *opt, const struct row *w)
{
	FILE *out = ctx;

	fprintf(out, "%6.0f  %8.0f  %5.3f  %8.4g  %-7s  %7.4f  %6d  %8.4f  %8.4f\n",
	    w->at.batch, w->at.context, w->alpha, w->r.t_target * 1e3,
	    roofline_bound_name(&w->r.target), w->r.cost_ratio, w->r.best_gamma,
	    w->r.best_speedup, row_at_gamma(w, opt->gamma));
}

/* Per alpha and S: the batch from which not to speculate. */
static void
text_verdicts(FILE *out, const struct options *opt)
{
	struct roofline_setup at = opt->roofline;
	double alpha;
	int ia, is, b;

	for (ia = 0; ia < opt->axis[CLI_AXIS_TARGET_ALPHA].n; ia++)
		for (is = 0; is < opt->axis[CLI_AXIS_CONTEXT].n; is++) {
			alpha = opt->axis[CLI_AXIS_TARGET_ALPHA].v[ia];
			at.context = opt->axis[CLI_AXIS_CONTEXT].v[is];
			b = roofline_no_spec_batch(&at, &alpha, 1, CLI_MACHINE_SWEEP_GAMMA);
			fprintf(out, "alpha %.3f, S %.0f: ", alpha, at.context);
			if (b > 0)
				fprintf(out, "do not speculate from B = %d\n", b);
			else
				fprintf(out, "speculation pays at every B up to %d\n",
				    ROOFLINE_BATCH_MAX);
		}
}

static void
text_print(FILE *out, const struct options *opt)
{
	const struct roofline_setup *s = &opt->roofline;
	char at[16];

	fprintf(out, "roofline sweep: machine %s (%g TFLOPS, %g TB/s),\n  target %s, "
	    "draft %s\n", batch_roofline_name(s->hw.name, opt->hw), s->hw.tflops,
	    s->hw.tbps, batch_roofline_name(s->target.name, opt->model),
	    batch_roofline_name(s->draft.name, opt->draft_model));
	fprintf(out, "ridge %.4g tokens per step; alpha: the acceptance per drafted "
	    "token;\n  best gamma in 1..%d (0: do not speculate); simulates nothing\n\n",
	    roofline_ridge_tokens(&s->hw, &s->target), CLI_MACHINE_SWEEP_GAMMA);
	snprintf(at, sizeof at, "at g=%d", opt->gamma);
	fprintf(out, "%6s  %8s  %5s  %8s  %-7s  %7s  %6s  %8s  %8s\n", "B", "S", "alpha",
	    "t_T ms", "bound", "c", "best-g", "speedup", at);
	each_row(out, opt, text_row);
	fputc('\n', out);
	text_verdicts(out, opt);
}

static void
csv_row(void *ctx, const struct options *opt, const struct row *w)
{
	FILE *out = ctx;

	fprintf(out, "%.0f,%.0f,%.10g,%.10g,%.10g,%.10g,%s,%s,%.10g,%.10g,%d,%.10g,%d,"
	    "%.10g\n", w->at.batch, w->at.context, roofline_draft_context(&w->at),
	    w->alpha, w->r.t_target * 1e3, w->r.t_draft * 1e3,
	    roofline_bound_name(&w->r.target), roofline_bound_name(&w->verify),
	    w->r.cost_ratio, roofline_verify_cost(&w->at, opt->gamma), w->r.best_gamma,
	    w->r.best_speedup, opt->gamma, row_at_gamma(w, opt->gamma));
}

static void
csv_print(FILE *out, const struct options *opt)
{
	fprintf(out, "batch_size,context,draft_context,alpha,t_target_ms,t_draft_ms,"
	    "bound,verify_bound,cost_ratio,verify_cost,best_gamma,best_speedup,gamma,"
	    "speedup\n");
	each_row(out, opt, csv_row);
}

static void
json_row(void *ctx, const struct options *opt, const struct row *w)
{
	struct json *j = ctx;

	json_object_begin(j, NULL);
	json_double(j, "batch_size", w->at.batch);
	json_double(j, "context", w->at.context);
	json_double(j, "draft_context", roofline_draft_context(&w->at));
	json_double(j, "alpha", w->alpha);
	json_double(j, "t_target_ms", w->r.t_target * 1e3);
	json_double(j, "t_draft_ms", w->r.t_draft * 1e3);
	json_string(j, "bound", roofline_bound_name(&w->r.target));
	json_string(j, "verify_bound", roofline_bound_name(&w->verify));
	json_double(j, "cost_ratio", w->r.cost_ratio);
	json_double(j, "verify_cost", roofline_verify_cost(&w->at, opt->gamma));
	json_int(j, "best_gamma", w->r.best_gamma);
	json_double(j, "best_speedup", w->r.best_speedup);
	json_double(j, "speedup", row_at_gamma(w, opt->gamma));
	json_int(j, "no_speculation_batch", roofline_no_spec_batch(&w->at, &w->alpha, 1,
	    CLI_MACHINE_SWEEP_GAMMA));
	json_object_end(j);
}

static void
json_print(FILE *out, const struct options *opt)
{
	const struct roofline_setup *s = &opt->roofline;
	struct json j;

	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "sweep", "roofline");
	json_string(&j, "hw", batch_roofline_name(s->hw.name, opt->hw));
	json_double(&j, "tflops", s->hw.tflops);
	json_double(&j, "tbps", s->hw.tbps);
	json_string(&j, "model", batch_roofline_name(s->target.name, opt->model));
	json_string(&j, "draft_model", batch_roofline_name(s->draft.name,
	    opt->draft_model));
	json_double(&j, "ridge_tokens", roofline_ridge_tokens(&s->hw, &s->target));
	json_int(&j, "gamma_max", CLI_MACHINE_SWEEP_GAMMA);
	json_int(&j, "gamma", opt->gamma);
	json_array_begin(&j, "rows");
	each_row(&j, opt, json_row);
	json_array_end(&j);
	json_object_end(&j);
	json_finish(&j);
}

int
sweep_roofline(const struct options *opt)
{
	if (opt->json)
		json_print(stdout, opt);
	else if (opt->csv)
		csv_print(stdout, opt);
	else
		text_print(stdout, opt);
	return EXIT_STATUS_OK;
}
