/* batch.c: run the simulation headless; report, check, or print JSON. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "batch/batch.h"
#include "batch/batch_metrics.h"
#include "batch/batch_plot.h"
#include "batch/interrupt.h"
#include "sim/checks.h"
#include "lesson/lesson.h"
#include "lesson/lesson_run.h"
#include "cli/cli.h"
#include "util/clock.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/json.h"
#include "batch/batch_roofline.h"
#include "verify/schedule.h"
#include "cli/presets.h"
#include "sim/figures.h"
#include "sim/sim.h"
#include "source/source.h"
#include "source/source_table.h"
#include "cli/sim_setup.h"
#include "batch/trace.h"
#include "util/wrap.h"

/* One report line: wrapped at WRAP_WIDTH, the value's column kept. */
#define REPORT(...) wrap_printf(stdout, WRAP_WIDTH, FIGURES_INDENT, __VA_ARGS__)

#define PROGRESS_EVERY 4096	/* steps between looks at the clock */
#define BATCH_ROOFLINE_GAMMA 16	/* draft lengths the roofline block weighs */
#define PROGRESS_SECONDS 0.25

static void
show_progress(uint64_t done, uint64_t total)
{
	fprintf(stderr, "\rspecdec: step %" PRIu64 " of %" PRIu64 " (%d%%)  Ctrl-C stops ",
	    done, total, (int)(100.0 * (double)done / (double)total));
}

/* Step until done or interrupted, tracing the first trace steps; returns the
 * steps run. */
static uint64_t
run_steps(struct sim *sim, uint64_t total, uint64_t trace)
{
	int progress = isatty(STDERR_FILENO);
	double last = clock_seconds();
	uint64_t i;

	if (trace > 0)
		trace_heading(stdout, sim, trace < total ? trace : total);
	for (i = 0; i < total && !interrupt_requested(); i++) {
		const struct sim_entry *e = sim_step(sim);

		if (i < trace)
			trace_step(stdout, sim, e);
		if (progress && (i + 1) % PROGRESS_EVERY == 0 &&
		    clock_seconds() - last >= PROGRESS_SECONDS) {
			show_progress(i + 1, total);
			last = clock_seconds();
		}
	}
	if (progress && i >= PROGRESS_EVERY)
		fprintf(stderr, "\r%60s\r", "");
	return i;
}

/* Where the noise came from, when --target-alpha or --preset chose it. */
static void
print_target_alpha(const struct options *opt)
{
	if (opt->preset >= 0)
		REPORT("preset       %s: %s drafting for %s, T=%d (Leviathan et al. 2022)",
		    presets[opt->preset].name, presets[opt->preset].draft,
		    presets[opt->preset].target, presets[opt->preset].temperature);
	if (opt->target_alpha > 0.0)
		REPORT("target alpha %.4f asked; noise %.4f gives expected overlap %.4f",
		    opt->target_alpha, opt->noise, opt->target_alpha_achieved);
}

/* The verification rule and its parameters. */
static void
print_verifier(const struct verify_params *v)
{
	const struct verify_entry *e = verify_entry(v->rule);
	int k;

	printf("verifier     %s", verify_label(v->rule));
	for (k = 0; k < VERIFY_PARAMS_MAX && e->params[k].option != NULL; k++) {
		printf(", %s %g", e->params[k].report, verify_param_value(v, &e->params[k]));
	}
	printf("; %s%s\n", e->flags & VERIFY_F_LOSSLESS ? "lossless" : "lossy",
	    e->flags & VERIFY_F_CLOSED_BETA ? "" : "; acceptance measured only");
}

/* The rule's parameters under their JSON keys (its entry's). */
static void
json_verify_params(struct json *j, const struct verify_params *v)
{
	const struct verify_entry *e = verify_entry(v->rule);
	int k;

	for (k = 0; k < VERIFY_PARAMS_MAX && e->params[k].option != NULL; k++)
		json_double(j, e->params[k].json, verify_param_value(v, &e->params[k]));
}

/* The schedule, under any but the constant one: its gamma and mean gamma. */
static void
print_schedule(const struct sim *sim, const struct sim_figures *f)
{
	if (sim->par.schedule == SCHEDULE_HEURISTIC)
		REPORT("schedule     heuristic from gamma %d (+2 after all accepted, else -1);"
		    " mean gamma %.4f", sim->par.gamma, f->gamma_mean);
	else if (sim->par.schedule == SCHEDULE_THRESHOLD)
		REPORT("schedule     draft-p-min (llama.cpp): draft while top q >= %g, at most"
		    " %d; mean gamma %.4f", sim->par.draft_p_min, sim->par.gamma, f->gamma_mean);
	else if (sim->par.schedule == SCHEDULE_CONFIDENCE)
		REPORT("schedule     confidence (Hugging Face): stop after a draft with q(x) <"
		    " %g, at most %d; mean gamma %.4f", sim->par.draft_confidence,
		    sim->par.gamma, f->gamma_mean);
}

/* The report's lines before its figures: the run's source and parameters. */
static void
print_heading(const struct sim *sim, const struct sim_figures *f)
{
	const struct stats *st = &sim->stats;
	const struct sim_params *par = &sim->par;
	const char *input = source_describe(&sim->src);
	char *shown;

	if (source_has_noise(&sim->src))
		REPORT("source       %s, vocab %zu, gamma %d, noise %.2f, seed %" PRIu64,
		    sim->src.kind, sim->src.vocab, par->gamma, par->noise, par->seed);
	else	/* a replay's draft is the file's: no noise to report */
		REPORT("source       %s, vocab %zu, gamma %d, seed %" PRIu64,
		    sim->src.kind, sim->src.vocab, par->gamma, par->seed);
	if (input != NULL) {	/* a file name can hold anything */
		shown = escape_text(input);
		REPORT("input        %s", shown);
		free(shown);
	}
	print_verifier(&par->verify);
	if (sim_is_tree(sim)) {
		char shape[TREE_TEXT_MAX];

		tree_shape_format(sim_tree_shape(sim), shape, sizeof shape);
		REPORT("tree         %s", shape);
	}
	print_schedule(sim, f);
	REPORT("steps        %" PRIu64, st->steps);
}

static void
json_params(struct json *j, const struct figures_run *run)
{
	const struct sim *sim = run->sim;

	json_string(j, "source", sim->src.kind);
	figures_json_header(j, run);
	json_string(j, "verifier", verify_entry(sim->par.verify.rule)->name);
	json_string(j, "schedule", schedule_name(sim->par.schedule));
	if (sim->par.schedule == SCHEDULE_THRESHOLD)
		json_double(j, "draft_p_min", sim->par.draft_p_min);
	if (sim->par.schedule == SCHEDULE_CONFIDENCE)
		json_double(j, "confidence_threshold", sim->par.draft_confidence);
	json_verify_params(j, &sim->par.verify);
	if (sim_is_tree(sim)) {
		char shape[TREE_TEXT_MAX];

		tree_shape_format(sim_tree_shape(sim), shape, sizeof shape);
		json_string(j, "tree_shape", shape);
		json_int(j, "tree_nodes", tree_shape_nodes(sim_tree_shape(sim)));
	}
}

/* Where the distributions came from: the source's own keys. */
static void
json_source(struct json *j, const struct sim *sim, const struct options *opt)
{
	const struct source_entry *e = source_table_entry((int)opt->source);
	const char *input = source_describe(&sim->src);

	if (input != NULL)
		json_string(j, "source_detail", input);
	if (opt->preset >= 0)
		json_string(j, "preset", presets[opt->preset].name);
	if (opt->target_alpha > 0.0) {
		json_double(j, "target_alpha", opt->target_alpha);
		json_double(j, "target_alpha_achieved", opt->target_alpha_achieved);
	}
	if (e->json != NULL)
		e->json(j, opt);
}

static void
print_json(const struct figures_run *run, const struct options *opt)
{
	const struct sim *sim = run->sim;
	struct json j;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_params(&j, run);
	json_source(&j, sim, opt);
	figures_json(&j, run);
	if (opt->machine)
		batch_roofline_json(&j, opt, run->fig->alpha_overlap, BATCH_ROOFLINE_GAMMA);
	json_object_end(&j);
	json_finish(&j);
}

/* --lesson NAME --batch: every check and every ask's answer judged on the
 * lesson's own run (lesson_run.h). */
static int
batch_lesson(const struct options *opt)
{
	char err[ERRMSG_MAX];
	struct lesson ls;
	int rc;

	if (opt->sweep || opt->json || opt->plot != NULL || opt->trace > 0) {
		fprintf(stderr, "specdec: --lesson --batch runs the lesson's own steps: no"
		    " --sweep, --json, --plot or --trace\n");
		return EXIT_STATUS_USAGE;
	}
	if (lesson_load(&ls, opt, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	interrupt_hold();
	rc = lesson_batch(&ls, opt->lesson_chapter, stdout, interrupt_requested, err,
	    sizeof err);
	if (rc == EXIT_STATUS_USAGE || rc == EXIT_STATUS_INTERRUPTED)
		escape_message(stderr, err);
	lesson_free(&ls);
	return rc;
}

int
batch_run(const struct options *opt)
{
	struct check checks[CHECKS_COUNT];
	struct sim_figures fig;
	struct sim sim;
	struct figures_run run = { .sim = &sim, .fig = &fig, .checks = checks,
		.steps_requested = opt->steps };
	char err[ERRMSG_MAX];
	uint64_t done;
	int failed, plotted;

	interrupt_catch();
	if (opt->lesson != NULL)
		return batch_lesson(opt);
	if (opt->sweep)
		return batch_sweep(opt);
	if (opt->metrics != NULL)
		return batch_metrics(opt);
	if (sim_setup(opt, &sim, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	interrupt_hold();
	done = run_steps(&sim, opt->steps, opt->trace);
	run.complete = sim.stats.steps == opt->steps;
	sim_figures(&sim, &fig);
	failed = checks_run(&sim, &fig, checks);
	if (done < opt->steps)
		fprintf(stderr, "specdec: interrupted after %" PRIu64 " of %" PRIu64
		    " steps; the figures below cover those\n", done, opt->steps);
	if (opt->json) {
		print_json(&run, opt);
	} else {
		print_target_alpha(opt);
		print_heading(&sim, &fig);
		figures_report(stdout, &run);
		if (opt->machine)
			batch_roofline_text(stdout, opt, fig.alpha_overlap,
			    BATCH_ROOFLINE_GAMMA, opt->gamma);
	}
	plotted = opt->plot == NULL || done < opt->steps ||
	    batch_plot_run(opt->plot, &sim, &fig, opt->preset_name, err, sizeof err) == 0;
	if (opt->plot != NULL && done < opt->steps) {
		snprintf(err, sizeof err, "--plot: interrupted, %s left as it was",
		    opt->plot);
		escape_message(stderr, err);
	}
	if (!plotted)
		escape_message(stderr, err);
	sim_close(&sim);
	if (done < opt->steps)
		return EXIT_STATUS_INTERRUPTED;
	if (!plotted)
		return EXIT_STATUS_RUNTIME;
	return failed > 0 ? EXIT_STATUS_CHECK_FAILED : EXIT_STATUS_OK;
}
