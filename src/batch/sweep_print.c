/* sweep_print.c: a sweep's rows as a text table, CSV or JSON. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "util/json.h"
#include "verify/schedule.h"
#include "verify/verify.h"
#include "batch/sweep.h"
#include "batch/sweep_cell.h"
#include "batch/sweep_print.h"
#include "batch/sweep_table.h"
#include "verify/tree_shape.h"

/* Cell c's tree in index-path notation into buf, or "-" for none. */
static const char *
tree_text(const struct options *opt, const struct sweep_cell *c, char *buf, size_t len)
{
	if (c->tree <= 0)
		snprintf(buf, len, "-");
	else
		tree_shape_format(&opt->tree_shapes[c->tree - 1], buf, len);
	return buf;
}

/* Whether the text table shows each cell's rule, schedule and mean gamma: when
 * either is not the default or is an axis of the grid. */
static int
policy_columns(const struct options *opt)
{
	return opt->verifier != (int)verify_default_rule() || opt->schedule != SCHEDULE_CONSTANT ||
	    opt->axis[CLI_AXIS_VERIFIER].n > 1 || opt->axis[CLI_AXIS_SCHEDULE].n > 1;
}

static void
text_header(FILE *out, const struct sweep *sw, const struct options *opt)
{
	fprintf(out, "sweep: %d cells of %" PRIu64 " steps, source %s, seed %" PRIu64
	    "; each cell seeded from the seed and its values\n", sw->ncells, opt->steps,
	    sweep_source_name(opt), opt->seed);
	fprintf(out, "measured with 95%% intervals; cf: closed form at alpha-hat; "
	    "speedup: tokens per target forward's time\n\n");
	fprintf(out, "%5s ", "gamma");
	if (sw->has_target_alpha)
		fprintf(out, "%6s ", "alpha*");
	fprintf(out, "%5s  %5s  %9s  %7s  %8s  %7s  %7s  %7s  %11s  %10s", "noise", "k",
	    "alpha-hat", "+-95%", "tok/step", "+-95%", "speedup", "+-95%", "cf tok/step",
	    "cf speedup");
	if (policy_columns(opt))
		fprintf(out, "  %6s  %-23s  %-11s", "mean-g", "verifier", "schedule");
	if (sw->has_lenience)
		fprintf(out, "  %4s", "L");
	fprintf(out, "  %10s", "distortion");
	if (sw->has_tree)
		fprintf(out, "  %5s  %s", "nodes", "tree");
	fputc('\n', out);
}

/* The wide table (--wide): every column, each measured figure to four decimals;
 * the closed form "-" where the rule has none. */
void
sweep_print_text(FILE *out, const struct sweep *sw, const struct options *opt)
{
	int i;

	if (!opt->wide) {
		sweep_table_print(out, sw, opt);
		return;
	}
	text_header(out, sw, opt);
	for (i = 0; i < sw->ncells; i++) {
		const struct sweep_cell *c = &sw->cells[i];

		fprintf(out, "%5d ", c->gamma);
		if (sw->has_target_alpha)
			fprintf(out, "%6.3f ", c->target_alpha);
		fprintf(out, "%5.3f  %5.3f  %9.4f  %7.4f  %8.4f  %7.4f  %7.4f  %7.4f", c->noise,
		    c->verify_cost, c->alpha_hat, c->alpha_hat_ci, c->tok_per_step,
		    c->tok_per_step_ci, c->speedup, c->speedup_ci);
		if (sweep_cell_closed(c))
			fprintf(out, "  %11.4f  %10.4f", c->closed_form, c->closed_form_speedup);
		else
			fprintf(out, "  %11s  %10s", "-", "-");
		if (policy_columns(opt))
			fprintf(out, "  %6.3f  %-23s  %-11s", c->gamma_mean,
			    verify_entry(c->verifier)->name,
			    schedule_name((enum schedule_kind)c->schedule));
		if (sw->has_lenience && sweep_cell_reads_lenience(c))
			fprintf(out, "  %4.2f", c->lenience);
		else if (sw->has_lenience)
			fprintf(out, "  %4s", "-");
		fprintf(out, "  %10.4f", c->distortion);
		if (sw->has_tree) {
			char t[TREE_TEXT_MAX];

			fprintf(out, "  %5d  %s", c->nodes, tree_text(opt, c, t, sizeof t));
		}
		fputc('\n', out);
	}
	if (sw->has_target_alpha)
		fprintf(out, "\nalpha*: the target alpha; noise: the noise solved for it\n");
}

void
sweep_print_csv(FILE *out, const struct sweep *sw, const struct options *opt)
{
	char t[TREE_TEXT_MAX];
	int i;

	fprintf(out, "gamma,noise,target_alpha,verify_cost,cost_ratio,seed,steps,"
	    "alpha_hat,alpha_hat_ci95,tok_per_step,tok_per_step_ci95,speedup,speedup_ci95,"
	    "alpha_overlap,closed_form,closed_form_speedup,verifier,schedule,gamma_mean,"
	    "alpha_rule,optimal_gamma,optimal_speedup,optimal_at_limit,lenience,"
	    "distortion%s\n", sw->has_tree ? ",nodes,tree" : "");
	for (i = 0; i < sw->ncells; i++) {
		const struct sweep_cell *c = &sw->cells[i];

		fprintf(out, "%d,%.10g,%.10g,%.10g,%.10g,%" PRIu64 ",%" PRIu64 ",%.10g,%.10g,"
		    "%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%s,%s,%.10g,%.10g,%d,%.10g,%d,"
		    "%.10g,%.10g",
		    c->gamma,
		    c->noise,
		    c->target_alpha, c->verify_cost, c->cost_ratio, c->seed, c->steps,
		    c->alpha_hat, c->alpha_hat_ci, c->tok_per_step, c->tok_per_step_ci,
		    c->speedup, c->speedup_ci, c->alpha_overlap, c->closed_form,
		    c->closed_form_speedup, verify_entry(c->verifier)->name,
		    schedule_name((enum schedule_kind)c->schedule), c->gamma_mean,
		    c->alpha_rule, c->optimum.gamma, c->optimum.speedup,
		    c->optimum.at_limit, c->lenience, c->distortion);
		if (sw->has_tree)	/* the shape has commas: quoted */
			fprintf(out, ",%d,\"%s\"", c->nodes, tree_text(opt, c, t, sizeof t));
		fputc('\n', out);
	}
}

/* gamma + 1 entries, more when a schedule drafted past gamma. */
static size_t
hist_len(const struct sweep_cell *c)
{
	size_t n = SPEC_GAMMA_MAX + 1;

	while (n > (size_t)c->gamma + 1 && c->tok_hist[n - 1] == 0)
		n--;
	return n;
}

static void
json_cell(struct json *j, const struct sweep_cell *c, const struct options *opt)
{
	char t[TREE_TEXT_MAX];

	json_object_begin(j, NULL);
	json_int(j, "gamma", c->gamma);
	json_double(j, "noise", c->noise);
	if (c->target_alpha > 0.0) {
		json_double(j, "target_alpha", c->target_alpha);
		json_double(j, "target_alpha_achieved", c->alpha_expected);
	}
	json_double(j, "verify_cost", c->verify_cost);
	json_double(j, "cost_ratio", c->cost_ratio);
	json_uint(j, "seed", c->seed);
	json_uint(j, "steps", c->steps);
	json_double(j, "alpha_hat", c->alpha_hat);
	json_double(j, "alpha_hat_ci95", c->alpha_hat_ci);
	json_double(j, "tok_per_step", c->tok_per_step);
	json_double(j, "tok_per_step_ci95", c->tok_per_step_ci);
	json_double(j, "speedup", c->speedup);
	json_double(j, "speedup_ci95", c->speedup_ci);
	json_double(j, "alpha_overlap", c->alpha_overlap);
	json_double(j, "alpha_rule", c->alpha_rule);
	json_double(j, "closed_form", c->closed_form);
	json_double(j, "closed_form_speedup", c->closed_form_speedup);
	json_string(j, "verifier", verify_entry(c->verifier)->name);
	json_string(j, "schedule", schedule_name((enum schedule_kind)c->schedule));
	json_double(j, "gamma_mean", c->gamma_mean);
	if (c->lenience > 0.0)
		json_double(j, "lenience", c->lenience);
	json_double(j, "distortion", c->distortion);
	json_int(j, "optimal_gamma", c->optimum.gamma);
	json_double(j, "optimal_speedup", c->optimum.speedup);
	json_bool(j, "optimal_at_limit", c->optimum.at_limit);
	json_uint_array(j, "tok_per_step_hist", c->tok_hist, hist_len(c));
	if (c->tree > 0) {
		json_string(j, "tree", tree_text(opt, c, t, sizeof t));
		json_int(j, "nodes", c->nodes);
	}
	json_object_end(j);
}

void
sweep_print_json(FILE *out, const struct sweep *sw, const struct options *opt)
{
	struct json j;
	int i;

	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "source", sweep_source_name(opt));
	json_uint(&j, "seed", opt->seed);
	json_uint(&j, "steps", opt->steps);
	json_int(&j, "cells_count", sw->ncells);
	json_array_begin(&j, "cells");
	for (i = 0; i < sw->ncells; i++)
		json_cell(&j, &sw->cells[i], opt);
	json_array_end(&j);
	json_object_end(&j);
	json_finish(&j);
}
