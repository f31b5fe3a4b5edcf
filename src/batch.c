/* batch.c: run the simulation headless; report, check, or print JSON. */
#include "config.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "checks.h"
#include "cli.h"
#include "exit_status.h"
#include "json.h"
#include "sim.h"
#include "source.h"
#include "sources.h"
#include "wrap.h"

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

/* Step until done or interrupted; returns the steps run. */
static uint64_t
run_steps(struct sim *sim, uint64_t total)
{
	int progress = isatty(STDERR_FILENO);
	double last = now_seconds();
	uint64_t i;

	for (i = 0; i < total && !interrupted; i++) {
		sim_step(sim);
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
}

/* One report line: wrapped at WRAP_WIDTH, the value's column kept. */
#define REPORT(...) wrap_printf(stdout, WRAP_WIDTH, REPORT_INDENT, __VA_ARGS__)

static void
print_report(const struct sim *sim, const struct sim_figures *f)
{
	const struct stats *st = &sim->stats;
	const struct sim_params *par = &sim->par;
	const char *input = source_describe(&sim->src);

	if (source_has_noise(&sim->src))
		REPORT("source       %s, vocab %zu, gamma %d, noise %.2f, seed %" PRIu64,
		    sim->src.kind, sim->src.vocab, par->gamma, par->noise, par->seed);
	else	/* a replay's draft is the file's: no noise to report */
		REPORT("source       %s, vocab %zu, gamma %d, seed %" PRIu64,
		    sim->src.kind, sim->src.vocab, par->gamma, par->seed);
	if (input != NULL)
		REPORT("input        %s", input);
	REPORT("steps        %" PRIu64, st->steps);
	REPORT("tokens       %" PRIu64 " emitted; %" PRIu64 " drafted, %" PRIu64
	    " tested, %" PRIu64 " accepted", st->tokens, st->drafted, st->tested,
	    st->accepted);
	REPORT("alpha        %.4f accepted/tested; overlap %.4f per step, %.4f per test",
	    f->alpha_hat, f->alpha_overlap, f->alpha_overlap_tested);
	REPORT("tok/step     %.4f measured; closed form %.4f at alpha-hat, %.4f per-step"
	    " mean; max %d", f->tok_per_step, f->closed_form, f->closed_form_jensen,
	    st->max_tok_per_step);
	print_counts_line("tok/step hist", st->tok_hist, par->gamma + 1);
	print_accept_by_pos(st, par->gamma);
	REPORT("tv           %.4f speculative vs target-only (%" PRIu64 " and %" PRIu64
	    " tokens)", f->tv, st->tokens, st->ref_tokens);
	REPORT("chi2         %.3f on %d df, p = %.4f (output vs exact expected counts)",
	    f->chi2.statistic, f->chi2.df, f->chi2.p_value);
	REPORT("cost         target %g ms/forward, draft %g ms/token, c = %.4g",
	    par->target_ms, par->draft_ms, f->cost_ratio);
	REPORT("throughput   target-only %.5g tok/s, speculative %.5g tok/s",
	    f->target_rate, f->spec_rate);
	REPORT("speedup      %.3fx (Theorem 3.8 at alpha-hat), %.3fx measured;"
	    " optimal gamma %d (%.3fx)", f->speedup, f->speedup_measured,
	    f->optimal_gamma, f->optimal_speedup);
}

static void
print_checks(const struct check *checks)
{
	int i, failed = 0;

	putchar('\n');
	for (i = 0; i < CHECKS_COUNT; i++) {
		wrap_printf(stdout, WRAP_WIDTH, CHECK_INDENT, "%s  %s  %s",
		    checks[i].pass ? "PASS" : "FAIL", checks[i].name, checks[i].detail);
		failed += !checks[i].pass;
	}
	printf("%d passed, %d failed\n", CHECKS_COUNT - failed, failed);
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
}

/* Where the distributions came from: the source's own keys. */
static void
json_source(struct json *j, const struct sim *sim, const struct options *opt)
{
	const char *input = source_describe(&sim->src);

	if (input != NULL)
		json_string(j, "source_detail", input);
	if (opt->source == CLI_SOURCE_REPLAY) {
		json_string(j, "replay_file", opt->replay);
		if (opt->labels != NULL)
			json_string(j, "labels_file", opt->labels);
	}
	if (opt->source == CLI_SOURCE_NGRAM) {
		json_string(j, "corpus_file", opt->corpus != NULL ? opt->corpus :
		    sources_default_corpus());
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
	json_double(j, "closed_form", f->closed_form);
	json_double(j, "closed_form_per_step", f->closed_form_jensen);
	json_int(j, "max_tok_per_step", st->max_tok_per_step);
	json_double(j, "tv", f->tv);
	json_double(j, "chi2", f->chi2.statistic);
	json_int(j, "chi2_df", f->chi2.df);
	json_double(j, "chi2_p", f->chi2.p_value);
	json_double(j, "cost_ratio", f->cost_ratio);
	json_double(j, "target_tok_per_s", f->target_rate);
	json_double(j, "spec_tok_per_s", f->spec_rate);
	json_double(j, "speedup", f->speedup);
	json_double(j, "speedup_measured", f->speedup_measured);
	json_int(j, "optimal_gamma", f->optimal_gamma);
	json_double(j, "optimal_speedup", f->optimal_speedup);
}

static void
json_histograms(struct json *j, const struct sim *sim)
{
	const struct stats *st = &sim->stats;
	int k;

	json_uint_array(j, "tok_per_step_hist", st->tok_hist, (size_t)sim->par.gamma + 1);
	json_uint_array(j, "tested_by_position", st->tested_at, (size_t)sim->par.gamma);
	json_array_begin(j, "accept_rate_by_position");
	for (k = 0; k < sim->par.gamma; k++)
		json_double(j, NULL, stats_accept_rate_at(st, k));
	json_array_end(j);
	json_uint_array(j, "spec_hist", st->spec_hist, st->vocab);
	json_uint_array(j, "ref_hist", st->ref_hist, st->vocab);
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
	int failed;

	if (sources_open_sim(opt, &sim, err, sizeof err) != 0) {
		fprintf(stderr, "specdec: %s\n", err);
		return EXIT_STATUS_USAGE;
	}
	catch_interrupts();
	done = run_steps(&sim, opt->steps);
	sim_figures(&sim, &fig);
	failed = checks_run(&sim, &fig, checks);
	if (done < opt->steps)
		fprintf(stderr, "specdec: interrupted after %" PRIu64 " of %" PRIu64
		    " steps; the figures below cover those\n", done, opt->steps);
	if (opt->json) {
		print_json(&sim, &fig, checks, opt);
	} else {
		print_report(&sim, &fig);
		print_checks(checks);
	}
	sim_close(&sim);
	if (done < opt->steps)
		return EXIT_STATUS_INTERRUPTED;
	return failed > 0 ? EXIT_STATUS_CHECK_FAILED : EXIT_STATUS_OK;
}
