/* cli_machine.c: the machine options read into a roofline setup (cli_machine.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cli_machine.h"
#include "cli/presets.h"
#include "sim/sim.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/number.h"

#define FIELDS_MAX 6
#define FIELD_LEN 64
#define TFLOPS_MAX 1e6
#define TBPS_MAX 1e4
#define PARAMS_MAX 1e14
#define SHAPE_MAX 1e6		/* layers, heads, head dim */
#define BYTES_MAX 16.0

/* One field's name and range, and whether it is an integer. */
struct field {
	const char *name;
	double max;
	int integer;
};

static const struct field hw_fields[] = {
	{ "TFLOPS", TFLOPS_MAX, 0 }, { "TBps", TBPS_MAX, 0 },
};

static const struct field model_fields[] = {
	{ "P", PARAMS_MAX, 0 }, { "L", SHAPE_MAX, 1 }, { "n_kv", SHAPE_MAX, 1 },
	{ "head_dim", SHAPE_MAX, 1 }, { "n_heads", SHAPE_MAX, 1 },
	{ "bytes", BYTES_MAX, 0 },
};

static int
given(const struct cli_given *g, const char *name)
{
	const struct cli_option *o = cli_table_find(name);

	return o != NULL && cli_given_has(g, (size_t)(o - cli_options));
}

static int
bad_value(FILE *err, const char *option, const char *value, const char *what)
{
	char *shown = escape_text(value);

	fprintf(err, "specdec: --%s: '%s' %s\n", option, shown, what);
	free(shown);
	return EXIT_STATUS_USAGE;
}

/* The comma-separated numbers of s into v, between nmin and nmax of them, each
 * above 0 and within its field's range. */
static int
parse_fields(const char *option, const char *s, const struct field *f, int nmin,
    int nmax, double *v, FILE *err)
{
	const char *at = s, *why;
	int n = 0;

	for (;;) {
		size_t len = strcspn(at, ",");
		char one[FIELD_LEN];

		if (n == nmax || len == 0 || len >= sizeof one ||
		    number_check(at, len, f[n].integer, &why) != 0)
			return bad_value(err, option, s, n == nmax ? "has too many "
			    "numbers" : "is not a preset nor a list of numbers (see "
			    "specdec --help)");
		memcpy(one, at, len);
		one[len] = '\0';
		v[n] = strtod(one, NULL);
		if (!(v[n] > 0.0 && v[n] <= f[n].max)) {
			fprintf(err, "specdec: --%s: %s must be above 0 and at most %g\n",
			    option, f[n].name, f[n].max);
			return EXIT_STATUS_USAGE;
		}
		n++;
		if (at[len] == '\0')
			break;
		at += len + 1;
	}
	if (n < nmin)
		return bad_value(err, option, s, "has too few numbers (see specdec --help)");
	return 0;
}

static int
read_hw(const char *s, struct roofline_hw *hw, FILE *err)
{
	const struct roofline_hw *named = roofline_hw_find(s);
	double v[2];

	if (named != NULL) {
		*hw = *named;
		return 0;
	}
	if (strchr(s, ',') == NULL)
		return bad_value(err, "hw", s, "is not a machine (see specdec --list-hw)"
		    " nor TFLOPS,TBps");
	if (parse_fields("hw", s, hw_fields, 2, 2, v, err) != 0)
		return EXIT_STATUS_USAGE;
	memset(hw, 0, sizeof *hw);
	hw->tflops = v[0];
	hw->tbps = v[1];
	return 0;
}

static int
read_model(const char *option, const char *s, struct roofline_model *m, FILE *err)
{
	const struct roofline_model *named = roofline_model_find(s);
	double v[FIELDS_MAX] = { 0, 0, 0, 0, 0, 2.0 };

	if (named != NULL) {
		*m = *named;
		return 0;
	}
	if (strchr(s, ',') == NULL)
		return bad_value(err, option, s, "is not a model (see specdec "
		    "--list-models) nor P,L,n_kv,head_dim,n_heads[,bytes]");
	if (parse_fields(option, s, model_fields, 5, 6, v, err) != 0)
		return EXIT_STATUS_USAGE;
	memset(m, 0, sizeof *m);
	m->params = v[0];
	m->layers = (int)v[1];
	m->n_kv = (int)v[2];
	m->head_dim = (int)v[3];
	m->n_heads = (int)v[4];
	m->bytes = v[5];
	return 0;
}

/* Without --hw, the options that describe where it runs. */
static int
check_without_hw(const struct cli_given *g, FILE *err)
{
	static const char *const needs_hw[] = { "model", "draft-model", "batch-size",
	    "context", "draft-kv-budget" };
	size_t i;

	for (i = 0; i < sizeof needs_hw / sizeof needs_hw[0]; i++)
		if (given(g, needs_hw[i])) {
			fprintf(err, "specdec: --%s only applies with --hw (the machine)\n",
			    needs_hw[i]);
			return EXIT_STATUS_USAGE;
		}
	return 0;
}

/* The costs the machine replaces. */
static int
check_costs_given(const struct options *opt, const struct cli_given *g, FILE *err)
{
	static const char *const costs[] = { "target-ms", "draft-ms", "cost-ratio",
	    "verify-cost", "step-ms" };
	size_t i;

	for (i = 0; i < sizeof costs / sizeof costs[0]; i++)
		if (given(g, costs[i])) {
			fprintf(err, "specdec: --hw and --%s both set the costs: give one\n",
			    costs[i]);
			return EXIT_STATUS_USAGE;
		}
	if (opt->preset >= 0 && presets[opt->preset].c >= 0.0) {
		fprintf(err, "specdec: --hw and --preset %s both set the cost ratio: give "
		    "one (a preset without one, or --target-alpha)\n", opt->preset_name);
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

void
cli_machine_costs(struct options *opt, int gamma)
{
	const struct roofline_setup *s = &opt->roofline;

	(void)sim_machine_costs(s, gamma, &opt->target_ms, &opt->draft_ms,
	    &opt->verify_cost);
	opt->cost_ratio = roofline_cost_ratio(s);
	opt->axis[CLI_AXIS_VERIFY_COST].v[0] = opt->verify_cost;
	opt->axis[CLI_AXIS_VERIFY_COST].n = 1;
}

/* The step times the simulation can hold, and one k for a sweep's gammas. */
static int
check_derived(struct options *opt, FILE *err)
{
	const struct cli_axis_values *ga = &opt->axis[CLI_AXIS_GAMMA];
	double k0 = roofline_verify_cost(&opt->roofline, opt->gamma);
	int i;

	cli_machine_costs(opt, opt->gamma);
	if (opt->mode != CLI_THEORY && opt->metrics == NULL && (opt->target_ms < SIM_TARGET_MS_MIN ||
	    opt->target_ms > SIM_MS_MAX || opt->draft_ms > SIM_MS_MAX)) {
		fprintf(err, "specdec: --hw: a target step of %g ms and a drafted token "
		    "of %g ms are outside --target-ms's and --draft-ms's range\n",
		    opt->target_ms, opt->draft_ms);
		return EXIT_STATUS_USAGE;
	}
	for (i = 1; opt->sweep && i < ga->n; i++)
		if (roofline_verify_cost(&opt->roofline, (int)ga->v[i]) != k0) {
			fprintf(err, "specdec: --hw: verification turns compute-bound "
			    "within the --gamma list, so one verification cost k does not "
			    "hold for it: sweep one gamma at a time\n");
			return EXIT_STATUS_USAGE;
		}
	return 0;
}

int
cli_machine_sweep(const struct options *opt)
{
	return opt->machine && opt->sweep && (opt->axis[CLI_AXIS_BATCH].n > 1 ||
	    opt->axis[CLI_AXIS_CONTEXT].n > 1);
}

/* The roofline sweep simulates nothing: the options it reads, one gamma, and the
 * acceptance it weighs. */
static int
check_roofline_sweep(const struct options *opt, const struct cli_given *g, FILE *err)
{
	static const char *const reads[] = { "sweep", "batch", "json", "csv", "hw",
	    "model", "draft-model", "batch-size", "context", "draft-kv-budget",
	    "target-alpha", "gamma" };
	const struct cli_option *o = cli_given_outside(g, reads, sizeof reads /
	    sizeof reads[0]);

	if (o != NULL) {
		fprintf(err, "specdec: --%s does not apply to a sweep over --batch-size or "
		    "--context, which simulates nothing\n", o->name);
		return EXIT_STATUS_USAGE;
	}
	if (opt->axis[CLI_AXIS_GAMMA].n > 1) {
		fprintf(err, "specdec: --gamma: one value in a sweep over --batch-size or "
		    "--context (the best gamma is searched in 1..%d)\n",
		    CLI_MACHINE_SWEEP_GAMMA);
		return EXIT_STATUS_USAGE;
	}
	if (opt->axis[CLI_AXIS_TARGET_ALPHA].n == 0) {
		fprintf(err, "specdec: a sweep over --batch-size or --context needs "
		    "--target-alpha, the acceptance the roofline weighs\n");
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

int
cli_machine(struct options *opt, const struct cli_given *g, FILE *err)
{
	struct roofline_setup *s = &opt->roofline;
	int rc;

	opt->machine = opt->hw != NULL;
	if (!opt->machine)
		return check_without_hw(g, err);
	if ((rc = read_hw(opt->hw, &s->hw, err)) != 0 ||
	    (rc = read_model("model", opt->model, &s->target, err)) != 0 ||
	    (rc = read_model("draft-model", opt->draft_model, &s->draft, err)) != 0 ||
	    (rc = check_costs_given(opt, g, err)) != 0)
		return rc;
	s->batch = opt->batch_size;
	s->context = opt->context;
	s->draft_kv_budget = opt->draft_kv_budget;
	if (cli_machine_sweep(opt))
		return check_roofline_sweep(opt, g, err);
	return check_derived(opt, err);
}
