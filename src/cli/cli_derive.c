/* cli_derive.c: presets, the target alpha, and what needs --sweep. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_derive.h"
#include "cli/cli_heads.h"
#include "cli/cli_machine.h"
#include "cli/cli_table.h"
#include "util/exit_status.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/outfile.h"
#include "cli/presets.h"
#include "metrics/metrics_http.h"
#include "sim/sim.h"
#include "source/stub/stub_alpha.h"
#include "verify/schedule.h"
#include "verify/verify.h"

#define RANGE_WORDS_MAX 256

static int
given_row(const struct cli_given *given, const char *name)
{
	const struct cli_option *o = cli_table_find(name);

	return o != NULL && cli_given_has(given, (size_t)(o - cli_options));
}

static int
refuse(FILE *err, const char *a, const char *b, const char *why)
{
	fprintf(err, "specdec: --%s and --%s %s\n", a, b, why);
	return EXIT_STATUS_USAGE;
}

/* Lists only with --sweep; the sweep's own options only with it. */
static int
check_sweep(const struct options *opt, const struct cli_given *given, FILE *err)
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
	if (opt->mode == CLI_BATCH && !opt->sweep && given_row(given, "wide")) {
		fprintf(err, "specdec: --wide only applies with --sweep or --theory (the"
		    " report fits 80 columns)\n");
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

/* One kind of entry whose parameters options set: the rules or the schedules. */
struct param_owner {
	enum cli_axis axis;	/* the axis that lists the run's entries */
	int n;			/* entries in the table */
	const char *what, *option;	/* "rule", "verifier" */
	const char *(*name)(int i);
	int (*takes)(int i, const char *option);
};

static const char *
rule_name(int i)
{
	return verify_entry((enum verify_rule)i)->name;
}

static int
rule_takes(int i, const char *option)
{
	return verify_takes_option((enum verify_rule)i, option);
}

static const char *
schedule_entry_name(int i)
{
	return schedule_name((enum schedule_kind)i);
}

static int
schedule_takes(int i, const char *option)
{
	const char *o = schedule_option((enum schedule_kind)i);

	return o != NULL && strcmp(o, option) == 0;
}

/* Whether an entry the run uses (any cell of a sweep) takes option. */
static int
run_takes(const struct options *opt, const struct param_owner *w, const char *option)
{
	const struct cli_axis_values *a = &opt->axis[w->axis];
	int j;

	for (j = 0; j < a->n; j++)
		if (w->takes((int)a->v[j], option))
			return 1;
	return 0;
}

/* "--lenience only applies to the lenient rule (--verifier lenient)", naming
 * every entry that takes option. */
static int
refuse_param(FILE *err, const struct param_owner *w, const char *option)
{
	const char *sep = "";
	int i, first = -1;

	fprintf(err, "specdec: --%s only applies to the ", option);
	for (i = 0; i < w->n; i++)
		if (w->takes(i, option)) {
			fprintf(err, "%s%s", sep, w->name(i));
			sep = " or ";
			first = first < 0 ? i : first;
		}
	fprintf(err, " %s (--%s %s); the run would ignore it\n", w->what, w->option,
	    w->name(first));
	return EXIT_STATUS_USAGE;
}

/* In batch mode, an option that sets a parameter of rules or schedules none of
 * which the run uses (the live view can switch to them with a key). */
static int
check_params(const struct options *opt, const struct cli_given *given, FILE *err)
{
	const struct param_owner owners[] = {
		{ CLI_AXIS_VERIFIER, verify_nrules, "rule", "verifier", rule_name,
		    rule_takes },
		{ CLI_AXIS_SCHEDULE, SCHEDULE_NKINDS, "schedule", "schedule",
		    schedule_entry_name, schedule_takes },
	};
	size_t i, w;
	int e;

	if (opt->mode != CLI_BATCH)
		return 0;
	for (i = 0; i < cli_noptions; i++) {
		if (!cli_given_has(given, i))
			continue;
		for (w = 0; w < sizeof owners / sizeof owners[0]; w++)
			for (e = 0; e < owners[w].n; e++)
				if (owners[w].takes(e, cli_options[i].name) &&
				    !run_takes(opt, &owners[w], cli_options[i].name))
					return refuse_param(err, &owners[w], cli_options[i].name);
	}
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
apply_preset_cost(struct options *opt, const struct preset *p, const struct cli_given *given,
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
apply_preset(struct options *opt, const struct cli_given *given, FILE *err)
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
apply_target_alpha(struct options *opt, const struct cli_given *given, FILE *err)
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

/* The tree rules' names, "a, b or c", into buf. */
static void
tree_rule_names(char *buf, size_t len)
{
	int r, n = 0, total = 0;
	size_t at = 0;

	for (r = 0; r < verify_nrules; r++)
		total += verify_has((enum verify_rule)r, VERIFY_F_TREE);
	buf[0] = '\0';
	for (r = 0; r < verify_nrules && at < len; r++) {
		if (!verify_has((enum verify_rule)r, VERIFY_F_TREE))
			continue;
		n++;
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
		    n == 1 ? "" : n == total ? " or " : ", ", verify_entry(r)->name);
	}
}

/* --tree's shapes: one, or with --sweep a list separated by semicolons
 * ("1,1;2;2,2"), the axis CLI_AXIS_TREE over their indices. 0, or -1 with
 * the reason in why. */
static int
parse_tree_list(struct options *opt, char *why, size_t len)
{
	struct cli_axis_values *ax = &opt->axis[CLI_AXIS_TREE];
	const char *s = opt->tree;
	char one[TREE_TEXT_MAX];

	ax->n = 0;
	if (!opt->sweep || strchr(s, ';') == NULL)
		return tree_shape_parse(s, &opt->tree_shape, why, len);
	for (;;) {
		size_t n = strcspn(s, ";");

		if (ax->n == CLI_TREES_MAX) {
			snprintf(why, len, "a list of more than %d shapes", CLI_TREES_MAX);
			return -1;
		}
		if (n >= sizeof one) {
			snprintf(why, len, "a shape longer than %d characters",
			    (int)sizeof one - 1);
			return -1;
		}
		memcpy(one, s, n);
		one[n] = '\0';
		if (tree_shape_parse(one, &opt->tree_shapes[ax->n], why, len) != 0)
			return -1;
		ax->v[ax->n] = ax->n;
		ax->n++;
		if (s[n] == '\0')
			break;
		s += n + 1;
	}
	opt->tree_shape = opt->tree_shapes[0];
	return 0;
}

/* Whether --tree names a dynamic tree (one of its list with --sweep). */
static int
any_dynamic(const struct options *opt)
{
	int i;

	for (i = 0; i < opt->axis[CLI_AXIS_TREE].n; i++)
		if (opt->tree_shapes[i].dyn_k > 0)
			return 1;
	return opt->tree_shape.dyn_k > 0;
}

/* The tree rule a --tree without --verifier takes: topk, the one rule that
 * verifies a dynamic tree, else specinfer, the standard rule on a tree. */
static int
tree_default_rule(const struct options *opt)
{
	const char *want = any_dynamic(opt) ? "topk" : "specinfer";
	int r;

	for (r = 0; r < verify_nrules; r++)
		if (strcmp(verify_names[r], want) == 0)
			return r;
	return opt->verifier;
}

/* --tree: its shape parsed; a tree rule with a tree, a chain rule without. */
static int
check_tree(struct options *opt, const struct cli_given *given, FILE *err)
{
	char why[ERRMSG_MAX], names[512];
	int is_tree_rule = verify_has((enum verify_rule)opt->verifier, VERIFY_F_TREE);
	int i;

	memset(&opt->tree_shape, 0, sizeof opt->tree_shape);
	tree_rule_names(names, sizeof names);
	if (opt->tree == NULL) {
		for (i = 0; i < (opt->sweep ? opt->axis[CLI_AXIS_VERIFIER].n : 0); i++)
			if (verify_has((enum verify_rule)(int)opt->axis[CLI_AXIS_VERIFIER].v[i],
			    VERIFY_F_TREE))
				is_tree_rule = 1;
		if (!is_tree_rule || opt->mode == CLI_THEORY)
			return 0;
		fprintf(err, "specdec: --verifier %s verifies a token tree: give its shape"
		    " with --tree (e.g. --tree 2 or --tree 3,2,1)\n",
		    verify_entry(opt->verifier)->name);
		return EXIT_STATUS_USAGE;
	}
	if (parse_tree_list(opt, why, sizeof why) != 0) {
		char msg[ERRMSG_MAX + 64];

		snprintf(msg, sizeof msg, "--tree: %s", why);
		escape_message(err, msg);
		return EXIT_STATUS_USAGE;
	}
	if (!given_row(given, "verifier")) {
		opt->verifier = tree_default_rule(opt);
		if (opt->axis[CLI_AXIS_VERIFIER].n == 1)
			opt->axis[CLI_AXIS_VERIFIER].v[0] = opt->verifier;
	}
	for (i = 0; i < (opt->sweep ? opt->axis[CLI_AXIS_VERIFIER].n : 1); i++) {
		int r = opt->sweep && opt->axis[CLI_AXIS_VERIFIER].n > 0 ?
		    (int)opt->axis[CLI_AXIS_VERIFIER].v[i] : opt->verifier;

		if (!verify_has((enum verify_rule)r, VERIFY_F_TREE)) {
			fprintf(err, "specdec: --verifier %s verifies a chain, not a tree: with"
			    " --tree use %s\n", verify_entry(r)->name, names);
			return EXIT_STATUS_USAGE;
		}
		if (any_dynamic(opt) && verify_entry(r)->tree_draw != VERIFY_DRAW_TOPK) {
			fprintf(err, "specdec: --verifier %s draws its drafts, but a dynamic"
			    " tree's drafts are fixed by the draft's scores (its top K): with"
			    " --tree dynamic:K,STEPS,N use --verifier topk\n",
			    verify_entry(r)->name);
			return EXIT_STATUS_USAGE;
		}
	}
	if (given_row(given, "gamma"))
		return refuse(err, "gamma", "tree", "do not go together: a tree's depth is"
		    " its draft length");
	if (opt->schedule != 0)
		return refuse(err, "schedule", "tree", "do not go together: a tree is"
		    " drafted whole");
	opt->gamma = opt->tree_shape.depth;
	return 0;
}

/* With --batch, --metrics simulates nothing: the options it reads. */
static int
check_metrics_batch(const struct options *opt, const struct cli_given *given, FILE *err)
{
	static const char *const reads[] = { "batch", "json", "metrics", "step-ms",
	    "cost-ratio", "gamma-max", "gamma", "target-ms", "draft-ms", "verify-cost",
	    "plot", "hw", "model", "draft-model", "batch-size", "context",
	    "draft-kv-budget", "interval", "window", "polls", "metrics-log" };
	const struct cli_option *o;

	if (opt->metrics == NULL || opt->mode != CLI_BATCH)
		return 0;
	o = cli_given_outside(given, reads, sizeof reads / sizeof reads[0]);
	if (o != NULL) {
		fprintf(err, "specdec: --%s does not apply to --batch --metrics, which "
		    "simulates nothing\n", o->name);
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

/* --metrics URL and the options of polling. */
static int
check_metrics_url(struct options *opt, const struct cli_given *given, FILE *err)
{
	static const char *const url_only[] = { "interval", "window", "polls",
	    "metrics-log" };
	int url = opt->metrics != NULL && metrics_http_is_url(opt->metrics);
	char why[1024];
	size_t i;

	opt->batch_size_given = given_row(given, "batch-size");

	for (i = 0; i < sizeof url_only / sizeof url_only[0]; i++)
		if (!url && given_row(given, url_only[i])) {
			fprintf(err, "specdec: --%s only applies with --metrics URL "
			    "(http://HOST[:PORT]/PATH)\n", url_only[i]);
			return EXIT_STATUS_USAGE;
		}
	if (url && !metrics_http_available(why, sizeof why)) {
		fprintf(err, "specdec: --metrics URL: %s\n", why);
		return EXIT_STATUS_USAGE;
	}
	if (url && opt->mode == CLI_BATCH && !given_row(given, "polls")) {
		fprintf(err, "specdec: --batch --metrics URL needs --polls N, the polls "
		    "to take (2 to 1000000)\n");
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

/* --metrics and what goes with it; --position-alpha. */
static int
check_metrics(struct options *opt, const struct cli_given *given, FILE *err)
{
	static const char *const metrics_only[] = { "step-ms", "cost-ratio",
	    "gamma-max" };
	size_t i;

	opt->metrics_gamma = given_row(given, "gamma") ? opt->gamma : 0;
	for (i = 0; i < sizeof metrics_only / sizeof metrics_only[0]; i++)
		if (opt->metrics == NULL && opt->mode != CLI_THEORY &&
		    given_row(given, metrics_only[i])) {
			fprintf(err, "specdec: --%s only applies with --metrics\n",
			    metrics_only[i]);
			return EXIT_STATUS_USAGE;
		}
	if (opt->metrics != NULL && opt->sweep)
		return refuse(err, "metrics", "sweep", "do not go together: the metrics "
		    "give one prediction against gamma");
	if (opt->metrics != NULL && given_row(given, "position-alpha"))
		return refuse(err, "metrics", "position-alpha", "both set the rates by "
		    "position: give one");
	if (given_row(given, "step-ms") && given_row(given, "cost-ratio"))
		return refuse(err, "step-ms", "cost-ratio", "both give the cost of a step:"
		    " give one");
	if (given_row(given, "step-ms") && opt->nstep_ms < 2) {
		fprintf(err, "specdec: --step-ms needs the step time at gamma 0 (the target"
		    " alone) and at least one draft length\n");
		return EXIT_STATUS_USAGE;
	}
	if ((opt->metrics != NULL || opt->nposition_alpha > 0) &&
	    (given_row(given, "noise") || given_row(given, "target-alpha") ||
	    given_row(given, "preset")))
		return refuse(err, opt->metrics != NULL ? "metrics" : "position-alpha",
		    given_row(given, "noise") ? "noise" : given_row(given, "target-alpha") ?
		    "target-alpha" : "preset", "both set the draft's acceptance: give one");
	return 0;
}

int
cli_derive(struct options *opt, const struct cli_given *given, FILE *err)
{
	int rc;

	if ((rc = cli_heads(opt, given, err)) != 0 ||
	    (!cli_heads_drafted(opt) && (rc = check_tree(opt, given, err)) != 0) ||
	    (rc = check_metrics(opt, given, err)) != 0 ||
	    (rc = check_metrics_url(opt, given, err)) != 0 ||
	    (rc = check_metrics_batch(opt, given, err)) != 0)
		return rc;
	if ((rc = check_sweep(opt, given, err)) != 0 ||
	    (rc = check_params(opt, given, err)) != 0 ||
	    (rc = check_plot(opt, err)) != 0 ||
	    (rc = apply_preset(opt, given, err)) != 0 ||
	    (rc = cli_machine(opt, given, err)) != 0)
		return rc;
	return apply_target_alpha(opt, given, err);
}
