/* batch_metrics.c: the report and the JSON of --batch --metrics. The
 * conventions are one table of rows (JSON key, report label, value's place),
 * which the text and the JSON both walk, as the figures table does for a run. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "batch/batch_metrics.h"
#include "cli/options.h"
#include "stats/student_t.h"
#include "metrics/metrics_file.h"
#include "metrics/metrics_http.h"
#include "metrics/metrics_live.h"
#include "metrics/metrics_poll.h"
#include "metrics/metrics_predict.h"
#include "batch/batch_roofline.h"
#include "stats/roofline.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/json.h"

/* One convention at the measured length. */
struct convention {
	const char *key;	/* the JSON's */
	const char *label;	/* the report's */
	size_t offset;		/* a double in struct metrics_prediction */
};

static const struct convention conventions[] = {
	{ "acceptance_rate", "acceptance rate = accepted / drafted (vLLM, llama.cpp, "
	    "SGLang)", offsetof(struct metrics_prediction, acceptance_rate) },
	{ "alpha_hat", "alpha-hat = accepted / tested (Leviathan's alpha)",
	    offsetof(struct metrics_prediction, alpha_hat) },
	{ "mean_acceptance_length", "mean acceptance length, bonus counted (vLLM; "
	    "SGLang's, root counted)",
	    offsetof(struct metrics_prediction, mean_len_bonus) },
	{ "mean_accepted_per_step", "accepted drafts per step, bonus not counted",
	    offsetof(struct metrics_prediction, mean_len) },
};
#define NCONVENTIONS (sizeof conventions / sizeof conventions[0])

static double
conv_value(const struct metrics_prediction *p, const struct convention *c)
{
	return *(const double *)(const void *)((const char *)p + c->offset);
}

static const char *const kind_names[] = { "per-position", "totals", "rates" };

/* "c 0.100, k 0" or "measured step times" into buf. */
static const char *
cost_words(const struct options *opt, char *buf, size_t len)
{
	const struct roofline_setup *s = &opt->roofline;

	if (opt->machine)
		snprintf(buf, len, "machine %s, B %g, S %g (roofline)",
		    batch_roofline_name(s->hw.name, opt->hw), s->batch, s->context);
	else if (opt->nstep_ms > 0)
		snprintf(buf, len, "measured step times (%d lengths)", opt->nstep_ms - 1);
	else
		snprintf(buf, len, "c %.3g, k %.3g", opt->cost_ratio, opt->verify_cost);
	return buf;
}

static void
print_source(const struct metrics *m, const struct metrics_prediction *p)
{
	printf("metrics   %s (%s), %zu records, %s\n", metrics_format_name(m->format),
	    metrics_system_name(m->format), m->records, kind_names[m->kind]);
	printf("gamma     %d (%s)\n", m->gamma, m->gamma_option ? "--gamma: the file "
	    "gives none" : m->gamma_derived ? "worked out from the file's figures" :
	    "as the file gives it");
	if (m->kind != METRICS_RATES && (m->kind != METRICS_PER_POSITION || m->pos_counted))
		printf("counts    %.0f draft steps, %.0f drafted, %.0f accepted\n",
		    m->drafts, m->drafted, m->accepted);
	if (p->fit && p->has_interval)
		printf("alpha     %.4f, 95%% [%.4f, %.4f], an i.i.d. fit: no counts by "
		    "position\n", p->alpha, p->alpha_lo, p->alpha_hi);
	else if (p->fit)
		printf("alpha     %.4f, an i.i.d. fit: no counts by position\n", p->alpha);
	if (m->kind == METRICS_RATES && p->has_interval)
		printf("          95%% of the mean of %zu records: Student's t, %.3f standard "
		    "errors\n", m->mean_records, student_t975((long)m->mean_records - 1));
}

/* A live endpoint's or a log's polls, resets and requests running. */
static void
print_polls(const struct metrics_live_info *info)
{
	if (info->polls == 0)
		return;
	printf("polls     %zu, %zu with a counter reset (a server restart): the "
	    "increase since the first\n", info->polls, info->resets);
	if (info->has_running)
		printf("running   %.2f requests on average over the polls\n",
		    info->running);
}

static void
print_positions(const struct metrics_prediction *p)
{
	int i;

	if (!p->per_position)
		return;
	printf("by position: a_i = accepted at i / draft steps; alpha_i = a_i / a_(i-1)\n");
	printf("  %3s %8s %8s\n", "i", "a_i", "alpha_i");
	for (i = 0; i < p->gamma_measured; i++)
		printf("  %3d %8.4f %8.4f\n", i + 1, p->a[i], p->alpha_pos[i]);
	printf("past %d: alpha_%d %.4f carried on, 95%% [%.4f, %.4f]\n", p->gamma_measured,
	    p->gamma_measured, p->alpha, p->alpha_lo, p->alpha_hi);
}

static void
print_conventions(const struct metrics_prediction *p)
{
	size_t i;

	printf("conventions at gamma %d:\n", p->gamma_measured);
	for (i = 0; i < NCONVENTIONS; i++)
		printf("  %-68s %6.4f\n", conventions[i].label, conv_value(p, &conventions[i]));
}

static void
print_curve(const struct metrics_prediction *p, const char *cost)
{
	int g;

	printf("cost      %s\n", cost);
	printf("  %2s %6s %15s %7s %17s %s\n", "g", "tok", "95% interval",
	    "speedup", "95% interval", "basis");
	for (g = 0; g <= p->gmax; g++) {
		if (g == 0) {
			printf("  %2d %6.3f %15s %6.3fx %17s target alone\n", 0, 1.0, "",
			    p->speedup[0], "");
			continue;
		}
		if (p->has_interval)
			printf("  %2d %6.3f [%6.3f,%6.3f] %6.3fx [%6.3fx,%6.3fx] %s%s\n", g,
			    p->tok[g], p->tok_lo[g], p->tok_hi[g], p->speedup[g],
			    p->speedup_lo[g], p->speedup_hi[g], metrics_basis_name(p->basis[g]),
			    g == p->best ? " <- best" : "");
		else
			printf("  %2d %6.3f %15s %6.3fx %17s %s%s\n", g, p->tok[g], "-",
			    p->speedup[g], "-", metrics_basis_name(p->basis[g]),
			    g == p->best ? " <- best" : "");
	}
}

static void
print_best(const struct metrics_prediction *p)
{
	if (p->best == 0) {
		printf("best      don't speculate: every gamma up to %d is predicted slower "
		    "than the target alone\n", p->gmax);
		return;
	}
	if (p->has_interval)
		printf("best      gamma %d (%.3fx, 95%% [%.3fx, %.3fx])%s\n", p->best,
		    p->speedup[p->best], p->speedup_lo[p->best], p->speedup_hi[p->best],
		    p->basis[p->best] == METRICS_EXTRAPOLATED ? ", extrapolated" : "");
	else
		printf("best      gamma %d (%.3fx)%s\n", p->best, p->speedup[p->best],
		    p->basis[p->best] == METRICS_EXTRAPOLATED ? ", extrapolated" : "");
	if (p->has_interval)
		printf("          gammas %d to %d reach its interval%s\n", p->best_from,
		    p->best_to, p->best_from == 0 ? " (0: not speculating)" : "");
	else
		printf("          no interval: the file gives rates, not counts\n");
	if (p->best != p->gamma_measured)
		printf("          measured gamma %d: %.3fx\n", p->gamma_measured,
		    p->gamma_measured <= p->gmax ? p->speedup[p->gamma_measured] : 0.0);
}

static void
json_doubles(struct json *j, const char *key, const double *v, int from, int to)
{
	int i;

	json_array_begin(j, key);
	for (i = from; i <= to; i++)
		json_double(j, NULL, v[i]);
	json_array_end(j);
}

/* The machine that gave the step times, and the step times. */
static void
json_machine(struct json *j, const struct options *opt, const struct metrics_cost *cost)
{
	const struct roofline_setup *s = &opt->roofline;

	json_string(j, "hw", batch_roofline_name(s->hw.name, opt->hw));
	json_string(j, "model", batch_roofline_name(s->target.name, opt->model));
	json_string(j, "draft_model", batch_roofline_name(s->draft.name,
	    opt->draft_model));
	json_double(j, "batch_size", s->batch);
	json_double(j, "context", s->context);
	json_double(j, "draft_context", roofline_draft_context(s));
	json_doubles(j, "step_ms", cost->step, 0, cost->nstep - 1);
}

static void
json_polls(struct json *j, const struct metrics_live_info *info)
{
	if (info->polls == 0)
		return;
	json_uint(j, "polls", info->polls);
	json_uint(j, "resets", info->resets);
	if (info->has_running)
		json_double(j, "requests_running", info->running);
}

static void
print_json(const struct metrics *m, const struct metrics_prediction *p,
    const struct options *opt, const struct metrics_cost *cost,
    const struct metrics_live_info *info)
{
	struct json j;
	size_t i;
	int g;

	json_init(&j, stdout);
	json_object_begin(&j, NULL);
	json_string(&j, "format", metrics_format_name(m->format));
	json_string(&j, "system", metrics_system_name(m->format));
	json_string(&j, "kind", kind_names[m->kind]);
	json_uint(&j, "records", m->records);
	json_polls(&j, info);
	json_int(&j, "gamma_measured", m->gamma);
	json_string(&j, "gamma_from", m->gamma_option ? "option" : m->gamma_derived ?
	    "derived" : "file");
	if (m->kind != METRICS_RATES && (m->kind != METRICS_PER_POSITION || m->pos_counted)) {
		json_double(&j, "drafts", m->drafts);
		json_double(&j, "drafted", m->drafted);
		json_double(&j, "accepted", m->accepted);
	}
	json_bool(&j, "fit", p->fit);
	json_bool(&j, "has_interval", p->has_interval);
	json_double(&j, "alpha", p->alpha);
	json_double(&j, "alpha_lo", p->alpha_lo);
	json_double(&j, "alpha_hi", p->alpha_hi);
	for (i = 0; i < NCONVENTIONS; i++)
		json_double(&j, conventions[i].key, conv_value(p, &conventions[i]));
	if (opt->machine)
		json_machine(&j, opt, cost);
	else if (opt->nstep_ms == 0) {
		json_double(&j, "cost_ratio", opt->cost_ratio);
		json_double(&j, "verify_cost", opt->verify_cost);
	}
	json_int(&j, "best_gamma", p->best);
	json_bool(&j, "speculate", p->best > 0);
	json_double(&j, "best_speedup", p->speedup[p->best]);
	json_double(&j, "best_speedup_lo", p->speedup_lo[p->best]);
	json_double(&j, "best_speedup_hi", p->speedup_hi[p->best]);
	json_int(&j, "best_gamma_from", p->best_from);
	json_int(&j, "best_gamma_to", p->best_to);
	if (opt->nstep_ms > 0)
		json_doubles(&j, "step_ms", opt->step_ms, 0, opt->nstep_ms - 1);
	if (p->per_position) {
		json_doubles(&j, "a_pos", p->a, 0, p->gamma_measured - 1);
		json_doubles(&j, "alpha_pos", p->alpha_pos, 0, p->gamma_measured - 1);
	}
	json_doubles(&j, "tokens", p->tok, 0, p->gmax);
	json_doubles(&j, "tokens_lo", p->tok_lo, 0, p->gmax);
	json_doubles(&j, "tokens_hi", p->tok_hi, 0, p->gmax);
	json_doubles(&j, "speedup", p->speedup, 0, p->gmax);
	json_doubles(&j, "speedup_lo", p->speedup_lo, 0, p->gmax);
	json_doubles(&j, "speedup_hi", p->speedup_hi, 0, p->gmax);
	json_array_begin(&j, "basis");
	for (g = 0; g <= p->gmax; g++)
		json_string(&j, NULL, g == 0 ? "target" : metrics_basis_name(p->basis[g]));
	json_array_end(&j);
	json_object_end(&j);
	json_finish(&j);
}

/* --metrics URL: --polls N polls, the figures since the first. */
static int
read_url(const struct options *opt, struct metrics *m, struct metrics_live_info *info,
    char *err, size_t errlen)
{
	struct metrics_poll_setup s = { opt->metrics, opt->metrics_interval,
	    opt->metrics_window, opt->metrics_gamma, opt->metrics_log };
	static volatile int never;
	struct metrics_live l;
	char why[1024];
	int rc;

	if (metrics_http_init(err, errlen) != 0)
		return -1;
	metrics_live_init(&l, opt->metrics_window);
	rc = metrics_poll_batch(&s, opt->metrics_polls, &l, &never, err, errlen);
	if (rc == 0 && (rc = metrics_live_figures(&l, METRICS_SPAN_TOTAL,
	    opt->metrics_gamma, m, why, sizeof why)) != 0)
		snprintf(err, errlen, "%s: after %d polls: %s", opt->metrics,
		    opt->metrics_polls, why);
	metrics_live_info(&l, METRICS_SPAN_TOTAL, info);
	metrics_live_free(&l);
	return rc;
}

/* The machine's batch size: --batch-size, or the requests the server ran on
 * average (at least 1) where it says and --batch-size was not given. */
static void
machine_batch(const struct options *opt, const struct metrics_live_info *info,
    struct options *o)
{
	*o = *opt;
	if (opt->machine && info->has_running && !opt->batch_size_given)
		o->roofline.batch = info->running > 1.0 ? info->running : 1.0;
}

int
batch_metrics(const struct options *given)
{
	struct metrics m;
	struct metrics_prediction p;
	struct metrics_cost cost = { given->cost_ratio, given->verify_cost, NULL, 0 };
	struct metrics_live_info info;
	double machine_ms[METRICS_STEP_COSTS_MAX];
	char err[ERRMSG_MAX], words[96];
	struct options o;
	const struct options *opt = &o;
	int rc;

	if (metrics_http_is_url(given->metrics))
		rc = read_url(given, &m, &info, err, sizeof err);
	else
		rc = metrics_file_read_info(given->metrics, given->metrics_gamma, &m, &info,
		    err, sizeof err);
	if (rc != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	machine_batch(given, &info, &o);
	if (opt->machine) {
		cost.nstep = (m.gamma > opt->gamma_max ? m.gamma : opt->gamma_max) + 1;
		cost.nstep = cost.nstep > METRICS_STEP_COSTS_MAX ? METRICS_STEP_COSTS_MAX :
		    cost.nstep;
		batch_roofline_step_ms(opt, machine_ms, cost.nstep);
		cost.step = machine_ms;
	} else if (opt->nstep_ms > 0) {
		cost.step = opt->step_ms;
		cost.nstep = opt->nstep_ms;
	}
	metrics_predict(&m, &cost, opt->gamma_max, &p);
	cost_words(opt, words, sizeof words);
	if (opt->json) {
		print_json(&m, &p, opt, &cost, &info);
	} else {
		print_source(&m, &p);
		print_polls(&info);
		print_positions(&p);
		print_conventions(&p);
		print_curve(&p, words);
		print_best(&p);
	}
	if (opt->plot != NULL && batch_metrics_plot(opt->plot, &m, &p, words, err,
	    sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_RUNTIME;
	}
	return EXIT_STATUS_OK;
}
