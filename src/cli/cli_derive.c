/* cli_derive.c: presets, the target alpha, and what needs --sweep. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_derive.h"
#include "cli/cli_table.h"
#include "util/exit_status.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/outfile.h"
#include "cli/presets.h"
#include "sim/sim.h"
#include "source/stub_alpha.h"

#define RANGE_WORDS_MAX 256

static int
given_row(uint64_t given, const char *name)
{
	const struct cli_option *o = cli_table_find(name);

	return o != NULL && (given & (UINT64_C(1) << (o - cli_options))) != 0;
}

static int
refuse(FILE *err, const char *a, const char *b, const char *why)
{
	fprintf(err, "specdec: --%s and --%s %s\n", a, b, why);
	return EXIT_STATUS_USAGE;
}

/* Lists only with --sweep; the sweep's own options only with it. */
static int
check_sweep(const struct options *opt, uint64_t given, FILE *err)
{
	static const char *const sweep_only[] = { "csv", "threads" };
	size_t i;

	for (i = 0; i < cli_noptions; i++)
		if (cli_options[i].axis != CLI_AXIS_NONE && !opt->sweep &&
		    opt->axis[cli_options[i].axis].n > 1) {
			fprintf(err, "specdec: --%s: a list of values needs --sweep\n",
			    cli_options[i].name);
			return EXIT_STATUS_USAGE;
		}
	for (i = 0; i < sizeof sweep_only / sizeof sweep_only[0]; i++)
		if (!opt->sweep && given_row(given, sweep_only[i])) {
			fprintf(err, "specdec: --%s only applies with --sweep\n", sweep_only[i]);
			return EXIT_STATUS_USAGE;
		}
	if (opt->json && given_row(given, "trace"))
		return refuse(err, "trace", "json", "do not go together: the trace is "
		    "text");
	if (opt->sweep && given_row(given, "trace"))
		return refuse(err, "trace", "sweep", "do not go together: trace one run "
		    "with --batch");
	return 0;
}

static int
find_preset(const char *name)
{
	int i;

	for (i = 0; i < presets_count; i++)
		if (strcmp(presets[i].name, name) == 0)
			return i;
	return -1;
}

/* The cost ratio of the preset: --cost-ratio with --theory, else --draft-ms as c
 * times --target-ms. */
static int
apply_preset_cost(struct options *opt, const struct preset *p, uint64_t given,
    FILE *err)
{
	if (p->c < 0.0)
		return 0;
	if (opt->mode == CLI_THEORY) {
		if (given_row(given, "cost-ratio") || given_row(given, "draft-ms"))
			return refuse(err, "preset", given_row(given, "cost-ratio") ?
			    "cost-ratio" : "draft-ms", "both set the cost ratio: give one");
		opt->cost_ratio = p->c;
		return 0;
	}
	if (given_row(given, "draft-ms"))
		return refuse(err, "preset", "draft-ms", "both set the draft's cost: give "
		    "one (the preset's c times --target-ms is its --draft-ms)");
	opt->draft_ms = p->c * opt->target_ms;
	return 0;
}

static int
apply_preset(struct options *opt, uint64_t given, FILE *err)
{
	const struct preset *p;
	const char *other = given_row(given, "target-alpha") ? "target-alpha" :
	    given_row(given, "noise") ? "noise" : given_row(given, "alpha") ? "alpha" :
	    NULL;

	opt->preset = -1;
	if (opt->preset_name == NULL)
		return 0;
	if ((opt->preset = find_preset(opt->preset_name)) < 0) {
		char *shown = escape_text(opt->preset_name);

		fprintf(err, "specdec: --preset: '%s' is not a preset (see specdec "
		    "--list-presets)\n", shown);
		free(shown);
		return EXIT_STATUS_USAGE;
	}
	if (other != NULL)
		return refuse(err, "preset", other, "both set the alpha: give one");
	p = &presets[opt->preset];
	if (p->vocab > 0 && !given_row(given, "vocab"))
		opt->vocab = p->vocab;
	opt->target_alpha = p->alpha;
	opt->axis[CLI_AXIS_TARGET_ALPHA].v[0] = p->alpha;
	opt->axis[CLI_AXIS_TARGET_ALPHA].n = 1;
	opt->alpha[0] = p->alpha;
	opt->nalpha = 1;
	return apply_preset_cost(opt, p, given, err);
}

/* Solve the stub's noise for --target-alpha (a sweep solves each of its values
 * itself). */
static int
apply_target_alpha(struct options *opt, uint64_t given, FILE *err)
{
	char msg[RANGE_WORDS_MAX];

	if (opt->target_alpha <= 0.0 || opt->mode == CLI_THEORY)
		return 0;
	if (given_row(given, "noise"))
		return refuse(err, "target-alpha", "noise", "both set the draft noise: "
		    "give one");
	if (opt->sweep)
		return 0;
	if (stub_alpha_solve(opt->target_alpha, opt->vocab, SIM_NOISE_MAX, &opt->noise,
	    &opt->target_alpha_achieved) == 0)
		return 0;
	stub_alpha_unreachable(msg, sizeof msg, given_row(given, "target-alpha") ? NULL :
	    opt->preset_name, opt->target_alpha, opt->vocab,
	    opt->target_alpha_achieved, SIM_NOISE_MAX);
	fprintf(err, "specdec: %s\n", msg);
	return EXIT_STATUS_USAGE;
}

/* The output file, before any work is done for it (outfile.h). */
static int
check_plot(const struct options *opt, FILE *err)
{
	char why[ERRMSG_MAX], msg[ERRMSG_MAX + 16];

	if (opt->plot == NULL || outfile_check(opt->plot, why, sizeof why) == 0)
		return 0;
	snprintf(msg, sizeof msg, "--plot: %s", why);
	escape_message(err, msg);
	return EXIT_STATUS_USAGE;
}

int
cli_derive(struct options *opt, uint64_t given, FILE *err)
{
	int rc;

	if ((rc = check_sweep(opt, given, err)) != 0 ||
	    (rc = check_plot(opt, err)) != 0 ||
	    (rc = apply_preset(opt, given, err)) != 0)
		return rc;
	return apply_target_alpha(opt, given, err);
}
