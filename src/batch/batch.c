/* batch.c: run the simulation headless; report, check, or print JSON. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch/batch.h"
#include "batch/batch_plot.h"
#include "stats/checks.h"
#include "cli/cli.h"
#include "batch/batch_pair.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/json.h"
#include "verify/schedule.h"
#include "cli/presets.h"
#include "sim/sim.h"
#include "source/source.h"
#include "sim/sim_setup.h"
#include "stats/theory.h"
#include "batch/trace.h"
#include "util/wrap.h"

/* One report line: wrapped at WRAP_WIDTH, the value's column kept. */
#define REPORT(...) wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, __VA_ARGS__)

#define PROGRESS_EVERY 4096	/* steps between looks at the clock */
#define PROGRESS_SECONDS 0.25

static volatile sig_atomic_t interrupted;

static void
on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

static void
catch_interrupts(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static double
now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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
	double last = now_seconds();
	uint64_t i;

	if (trace > 0)
		trace_heading(stdout, trace < total ? trace : total);
	for (i = 0; i < total && !interrupted; i++) {
		const struct sim_entry *e = sim_step(sim);

		if (i < trace)
			trace_step(stdout, sim, e);
		if (progress && (i + 1) % PROGRESS_EVERY == 0 &&
		    now_seconds() - last >= PROGRESS_SECONDS) {
			show_progress(i + 1, total);
			last = now_seconds();
		}
	}
	if (progress && i >= PROGRESS_EVERY)
		fprintf(stderr, "\r%60s\r", "");
	return i;
}

#define REPORT_INDENT 13		/* where a report line's value starts */
#define CHECK_INDENT 6			/* where a check's name starts */
#define REPORT_LINE_MAX 4096		/* a line before wrapping (gamma + 1 fields) */

/* "label n:x n:x ...": a histogram or a rate per position, wrapped. */
static void
print_counts_line(const char *label, const uint64_t *counts, int n)
{
	char line[REPORT_LINE_MAX];
	size_t len;
	int i;

	len = (size_t)snprintf(line, sizeof line, "%-13s", label);
	for (i = 0; i < n && len < sizeof line; i++)
		len += (size_t)snprintf(line + len, sizeof line - len, " %d:%" PRIu64, i + 1,
		    counts[i]);
	wrap_line(stdout, line, WRAP_WIDTH, REPORT_INDENT);
}

/* "optimal gamma 6 (2.950x)", "optimal gamma 32+ (...)" at the end of the range,
 * or "don't speculate (1.00x): every gamma is a slowdown". */
static const char *
optimum_words(const struct sim_figures *f, char *buf, size_t len)
{
	struct theory_optimum o = {
		.gamma = f->optimal_gamma, .speedup = f->optimal_speedup,
		.at_limit = f->optimal_at_limit, .speculate = f->speculate,
	};
	char words[64];

	theory_optimum_text(&o, words, sizeof words);
	snprintf(buf, len, o.speculate ? "optimal gamma %s" :
	    "%s: every gamma is a slowdown", words);
	return buf;
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
	const struct verify_info *info = &verify_rules[v->rule];

	printf("verifier     %s", verify_label(v->rule));
	if (v->rule == VERIFY_LENIENT)
		printf(", L %g", v->lenience);
	if (v->rule == VERIFY_TYPICAL)
		printf(", epsilon %g, delta %g", v->epsilon, v->delta);
	printf("; %s%s\n", info->lossless ? "lossless" : "lossy",
	    info->closed_form ? "" : "; acceptance measured only");
}

/* The PIT test's p-value and its 20 bins, each a digit: 5 is the expected
 * count, one step is a fifth of it (0 empty, 9 at 1.8 times or more). */
static void
print_lossless(const struct stats *st, const struct sim_figures *f)
{
	uint64_t bins[LOSSLESS_BINS];
	double expect = (double)st->lossless.n / LOSSLESS_BINS;
	int i;

	if (!f->lossless.testable) {
		printf("lossless     - (%" PRIu64 " PIT values; 100 needed)\n", st->lossless.n);
		return;
	}
	printf("lossless     p = %.4g (chi2 p %.4f, KS p %.4f) over %" PRIu64
	    " PIT values\n", f->lossless.p_value, f->lossless.chi2_p, f->lossless.ks_p,
	    st->lossless.n);
	lossless_hist(&st->lossless, bins);
	printf("pit hist     [");
	for (i = 0; i < LOSSLESS_BINS; i++) {
		long d = lround(5.0 * (double)bins[i] / expect);

		putchar((int)('0' + (d > 9 ? 9 : d)));
	}
	printf("] 0..1; 5 = expected, steps of 1/5\n");
}

/* Conditional (accepted / tested at i) and, on the next line, unconditional
 * (accepted at i / steps, the vLLM convention). */
static void
print_accept_by_pos(const struct stats *st, int gamma)
{
	char line[REPORT_LINE_MAX];
	size_t len;
	int k;

	len = (size_t)snprintf(line, sizeof line, "%-13s", "accept by pos");
	for (k = 0; k < gamma && len < sizeof line; k++)
		if (st->tested_at[k] > 0)
			len += (size_t)snprintf(line + len, sizeof line - len, " %d:%.3f", k + 1,
			    stats_accept_rate_at(st, k));
		else	/* never tested: no rate */
			len += (size_t)snprintf(line + len, sizeof line - len, " %d:-", k + 1);
	wrap_line(stdout, line, WRAP_WIDTH, REPORT_INDENT);
	len = (size_t)snprintf(line, sizeof line, "%-13s", "  per step");
	for (k = 0; k < gamma && len < sizeof line; k++)
		len += (size_t)snprintf(line + len, sizeof line - len, " %d:%.3f", k + 1,
		    stats_accept_rate_uncond_at(st, k));
	wrap_line(stdout, line, WRAP_WIDTH, REPORT_INDENT);
}

/* The schedule, under any but the constant one: its gamma and mean gamma. */
static void
print_schedule(const struct sim *sim, const struct sim_figures *f)
{
	if (sim->par.schedule == SCHEDULE_HEURISTIC)
		REPORT("schedule     heuristic from gamma %d (+2 after all accepted, else -1);"
		    " mean gamma %.4f", sim->par.gamma, f->gamma_mean);
	else if (sim->par.schedule == SCHEDULE_THRESHOLD)
		REPORT("schedule     threshold: draft while top q >= %g, at most %d; mean gamma"
		    " %.4f", sim->par.draft_p_min, sim->par.gamma, f->gamma_mean);
}

static void
print_report(const struct sim *sim, const struct sim_figures *f)
{
	const struct stats *st = &sim->stats;
	const struct sim_params *par = &sim->par;
	const char *input = source_describe(&sim->src);
	char best[128], *shown;

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
	print_schedule(sim, f);
	REPORT("steps        %" PRIu64, st->steps);
	REPORT("tokens       %" PRIu64 " emitted; %" PRIu64 " drafted, %" PRIu64
	    " tested, %" PRIu64 " accepted", st->tokens, st->drafted, st->tested,
	    st->accepted);
	REPORT("alpha        %.4f accepted/tested; overlap %.4f per step, %.4f per test",
	    f->alpha_hat, f->alpha_overlap, f->alpha_overlap_tested);
	REPORT("tok/step     %.4f measured; closed form %.4f at alpha-hat, %.4f per-step"
	    " mean; max %d", f->tok_per_step, f->closed_form, f->closed_form_per_step,
	    st->max_tok_per_step);
	print_counts_line("tok/step hist", st->tok_hist, sim_gamma_cap(sim) + 1);
	print_accept_by_pos(st, sim_gamma_cap(sim));
	REPORT("tv           %.4f speculative vs target-only (%" PRIu64 " and %" PRIu64
	    " tokens); chance alone %.4g, limit %.4g", f->tv, st->tokens, st->ref_tokens,
	    f->tv_null.mean, f->tv_null.limit);
	REPORT("chi2         %.3f on %d df, p = %.4f (output vs exact expected counts)",
	    f->chi2.statistic, f->chi2.df, f->chi2.p_value);
	print_lossless(st, f);
	batch_pair_report(sim, f);
	REPORT("cost         target %g ms/forward, draft %g ms/token, c = %.4g;"
	    " verification k = %g", par->target_ms, par->draft_ms, f->cost_ratio,
	    f->verify_cost);
	REPORT("throughput   target-only %.5g tok/s, speculative %.5g tok/s",
	    f->target_rate, f->spec_rate);
	REPORT("speedup      %.3fx (%s), %.3fx measured; %s at the overlap alpha",
	    f->speedup, sim->par.schedule == SCHEDULE_CONSTANT ?
	    "Theorem 3.8 at alpha-hat" : "closed form at alpha-hat and each step's gamma"
	    " / mean cost", f->speedup_measured, optimum_words(f, best, sizeof best));
}

static void
print_checks(const struct check *checks)
{
	int i, failed = 0, skipped = 0;

	putchar('\n');
	for (i = 0; i < CHECKS_COUNT; i++) {
		if (checks[i].skipped) {
			wrap_printf(stdout, WRAP_WIDTH, CHECK_INDENT, "SKIP  %s  %s",
			    checks[i].name, checks[i].reason);
			skipped++;
			continue;
		}
		wrap_printf(stdout, WRAP_WIDTH, CHECK_INDENT, "%s  %s  %s",
		    checks[i].pass ? "PASS" : "FAIL", checks[i].name, checks[i].detail);
		failed += !checks[i].pass;
	}
	printf("%d passed, %d failed, %d skipped\n", CHECKS_COUNT - failed - skipped,
	    failed, skipped);
}

static void
json_params(struct json *j, const struct sim *sim, uint64_t steps_asked, int complete)
{
	json_string(j, "source", sim->src.kind);
	json_uint(j, "steps", sim->stats.steps);
	json_uint(j, "steps_requested", steps_asked);
	json_bool(j, "complete", complete);
	json_int(j, "gamma", sim->par.gamma);
	json_double(j, "noise", sim->par.noise);
	json_uint(j, "vocab", sim->src.vocab);
	json_uint(j, "seed", sim->par.seed);
	json_double(j, "target_ms", sim->par.target_ms);
	json_double(j, "draft_ms", sim->par.draft_ms);
	json_double(j, "verify_cost", sim->par.verify_cost);
	json_string(j, "verifier", verify_rules[sim->par.verify.rule].name);
	json_string(j, "schedule", schedule_name(sim->par.schedule));
	if (sim->par.schedule == SCHEDULE_THRESHOLD)
		json_double(j, "draft_p_min", sim->par.draft_p_min);
	if (sim->par.verify.rule == VERIFY_LENIENT)
		json_double(j, "lenience", sim->par.verify.lenience);
	if (sim->par.verify.rule == VERIFY_TYPICAL) {
		json_double(j, "typical_epsilon", sim->par.verify.epsilon);
		json_double(j, "typical_delta", sim->par.verify.delta);
	}
}

/* Where the distributions came from: the source's own keys. */
static void
json_source(struct json *j, const struct sim *sim, const struct options *opt)
{
	const char *input = source_describe(&sim->src);

	if (input != NULL)
		json_string(j, "source_detail", input);
	if (opt->preset >= 0)
		json_string(j, "preset", presets[opt->preset].name);
	if (opt->target_alpha > 0.0) {
		json_double(j, "target_alpha", opt->target_alpha);
		json_double(j, "target_alpha_achieved", opt->target_alpha_achieved);
	}
	if (opt->source == CLI_SOURCE_REPLAY) {
		json_string(j, "replay_file", opt->replay);
		if (opt->labels != NULL)
			json_string(j, "labels_file", opt->labels);
	}
	if (opt->source == CLI_SOURCE_NGRAM) {
		json_string(j, "corpus_file", sim_setup_corpus_name(opt));
		json_uint(j, "max_vocab", opt->max_vocab);
		json_int(j, "target_order", opt->target_order);
		json_int(j, "draft_order", opt->draft_order);
		json_double(j, "temperature", opt->temperature);
	}
}

static void
json_figures(struct json *j, const struct sim *sim, const struct sim_figures *f)
{
	const struct stats *st = &sim->stats;

	json_uint(j, "tokens", st->tokens);
	json_uint(j, "drafted", st->drafted);
	json_uint(j, "tested", st->tested);
	json_uint(j, "accepted", st->accepted);
	json_uint(j, "ref_tokens", st->ref_tokens);
	json_double(j, "alpha", f->alpha_hat);
	json_double(j, "alpha_overlap", f->alpha_overlap);
	json_double(j, "alpha_overlap_tested", f->alpha_overlap_tested);
	json_double(j, "tok_per_step", f->tok_per_step);
	json_double(j, "gamma_mean", f->gamma_mean);
	json_double(j, "closed_form", f->closed_form);
	json_double(j, "closed_form_per_step", f->closed_form_per_step);
	json_int(j, "max_tok_per_step", st->max_tok_per_step);
	json_double(j, "tv", f->tv);
	json_double(j, "tv_noise", f->tv_null.mean);
	json_double(j, "tv_noise_sd", f->tv_null.sd);
	json_double(j, "tv_limit", f->tv_null.limit);
	json_double(j, "chi2", f->chi2.statistic);
	json_int(j, "chi2_df", f->chi2.df);
	json_double(j, "chi2_p", f->chi2.p_value);
	json_uint(j, "lossless_n", st->lossless.n);
	json_double(j, "lossless_p", f->lossless.p_value);
	json_double(j, "cost_ratio", f->cost_ratio);
	json_double(j, "target_tok_per_s", f->target_rate);
	json_double(j, "spec_tok_per_s", f->spec_rate);
	json_double(j, "speedup", f->speedup);
	json_double(j, "speedup_measured", f->speedup_measured);
	json_int(j, "optimal_gamma", f->optimal_gamma);
	json_double(j, "optimal_speedup", f->optimal_speedup);
	json_bool(j, "optimal_at_limit", f->optimal_at_limit);
	json_bool(j, "speculate", f->speculate);
}

static void
json_histograms(struct json *j, const struct sim *sim)
{
	const struct stats *st = &sim->stats;
	uint64_t bins[LOSSLESS_BINS];
	int k;

	int cap = sim_gamma_cap(sim);

	json_uint_array(j, "tok_per_step_hist", st->tok_hist, (size_t)cap + 1);
	json_uint_array(j, "tested_by_position", st->tested_at, (size_t)cap);
	json_array_begin(j, "accept_rate_by_position");
	for (k = 0; k < cap; k++)
		json_double(j, NULL, stats_accept_rate_at(st, k));
	json_array_end(j);
	json_array_begin(j, "accept_rate_by_position_uncond");
	for (k = 0; k < sim->par.gamma; k++)
		json_double(j, NULL, stats_accept_rate_uncond_at(st, k));
	json_array_end(j);
	json_uint_array(j, "spec_hist", st->spec_hist, st->vocab);
	json_uint_array(j, "ref_hist", st->ref_hist, st->vocab);
	lossless_hist(&st->lossless, bins);
	json_uint_array(j, "lossless_hist", bins, LOSSLESS_BINS);
}

static void
json_checks(struct json *j, const struct check *checks)
{
	int i;

	json_array_begin(j, "checks");
	for (i = 0; i < CHECKS_COUNT; i++) {
		json_object_begin(j, NULL);
		json_string(j, "name", checks[i].name);
		json_bool(j, "pass", checks[i].pass);
		json_string(j, "detail", checks[i].detail);
		if (checks[i].skipped) {
			json_bool(j, "skipped", 1);
			json_string(j, "reason", checks[i].reason);
		}
		json_object_end(j);
	}
	json_array_end(j);
}

static void
print_json(const struct sim *sim, const struct sim_figures *f, const struct check *checks,
    const struct options *opt)
{
	struct json j;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_params(&j, sim, opt->steps, sim->stats.steps == opt->steps);
	json_source(&j, sim, opt);
	json_figures(&j, sim, f);
	json_histograms(&j, sim);
	batch_pair_json(&j, sim, f);
	json_checks(&j, checks);
	json_object_end(&j);
	json_finish(&j);
}

int
batch_run(const struct options *opt)
{
	struct check checks[CHECKS_COUNT];
	struct sim_figures fig;
	struct sim sim;
	char err[ERRMSG_MAX];
	uint64_t done;
	int failed, plotted;

	if (opt->sweep)
		return batch_sweep(opt);
	if (sim_setup(opt, &sim, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	catch_interrupts();
	done = run_steps(&sim, opt->steps, opt->trace);
	sim_figures(&sim, &fig);
	failed = checks_run(&sim, &fig, checks);
	if (done < opt->steps)
		fprintf(stderr, "specdec: interrupted after %" PRIu64 " of %" PRIu64
		    " steps; the figures below cover those\n", done, opt->steps);
	if (opt->json) {
		print_json(&sim, &fig, checks, opt);
	} else {
		print_target_alpha(opt);
		print_report(&sim, &fig);
		print_checks(checks);
	}
	plotted = opt->plot == NULL ||
	    batch_plot_run(opt->plot, &sim, &fig, err, sizeof err) == 0;
	if (!plotted)
		escape_message(stderr, err);
	sim_close(&sim);
	if (done < opt->steps)
		return EXIT_STATUS_INTERRUPTED;
	if (!plotted)
		return EXIT_STATUS_RUNTIME;
	return failed > 0 ? EXIT_STATUS_CHECK_FAILED : EXIT_STATUS_OK;
}
