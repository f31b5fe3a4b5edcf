/* cli.c: getopt_long over a table of options, each value checked against its range. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim.h"
#include "spec.h"

#define STEPS_MAX 1000000000000ULL
#define VOCAB_MIN 2
#define VOCAB_MAX 262144
#define COST_RATIO_MAX 100.0

enum {
	OPT_VOCAB = 256, OPT_SEED_LONG, OPT_TARGET_MS, OPT_DRAFT_MS, OPT_THEORY,
	OPT_ALPHA, OPT_GAMMA_MAX, OPT_COST_RATIO, OPT_NOISE, OPT_FRAMES, OPT_DURATION,
	OPT_RATE, OPT_PAUSED,
};

static const struct option long_options[] = {
	{ "batch", no_argument, NULL, 'b' },
	{ "json", no_argument, NULL, 'j' },
	{ "steps", required_argument, NULL, 'n' },
	{ "gamma", required_argument, NULL, 'g' },
	{ "noise", required_argument, NULL, OPT_NOISE },
	{ "vocab", required_argument, NULL, OPT_VOCAB },
	{ "seed", required_argument, NULL, 's' },
	{ "target-ms", required_argument, NULL, OPT_TARGET_MS },
	{ "draft-ms", required_argument, NULL, OPT_DRAFT_MS },
	{ "theory", no_argument, NULL, OPT_THEORY },
	{ "alpha", required_argument, NULL, OPT_ALPHA },
	{ "gamma-max", required_argument, NULL, OPT_GAMMA_MAX },
	{ "cost-ratio", required_argument, NULL, OPT_COST_RATIO },
	{ "frames", required_argument, NULL, OPT_FRAMES },
	{ "duration", required_argument, NULL, OPT_DURATION },
	{ "rate", required_argument, NULL, OPT_RATE },
	{ "paused", no_argument, NULL, OPT_PAUSED },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

void
cli_usage(FILE *out)
{
	fputs(
"Usage: specdec [OPTION]...\n"
"Watch speculative decoding: a draft proposes gamma tokens, the target verifies\n"
"them, and the running statistics meet the closed-form theory.\n"
"\n"
"Without --batch or --theory, opens the live view in the terminal.\n"
"\n"
"Modes:\n"
"  -b, --batch            simulate without a screen; print the report and checks\n"
"  -j, --json             print one JSON object instead of text (implies --batch\n"
"                         unless --theory is given)\n"
"      --theory           print closed-form tables instead of simulating\n"
"\n"
"Simulation:\n"
"  -n, --steps N          speculative steps in batch mode (1..10^12, default 5000)\n"
"  -g, --gamma G          draft length (1..32, default 4)\n"
"      --noise S          draft noise, std of the logit perturbation (0..10, default 0.3)\n"
"      --vocab V          vocabulary size (2..262144, default 20)\n"
"  -s, --seed K           random seed (0..2^64-1, default 0)\n"
"      --target-ms T      cost of one target forward in ms (>0..1e6, default 10)\n"
"      --draft-ms D       cost of one drafted token in ms (0..1e6, default 1)\n"
"\n"
"Theory (--theory):\n"
"      --alpha LIST       comma-separated acceptance rates in [0, 1]\n"
"                         (default 0.3,0.5,0.7,0.9)\n"
"      --gamma-max G      largest draft length in the table (1..64, default 10)\n"
"      --cost-ratio C     draft/target cost ratio c (0..100, default 0.1, or D/T\n"
"                         when --target-ms and --draft-ms are both given)\n"
"\n"
"Live view (the default mode):\n"
"      --rate R           steps per second to start with (1..1e6, or max;\n"
"                         default 20)\n"
"      --paused           start paused (space resumes, n steps once)\n"
"      --frames N         quit by itself after N frames (1..10^9)\n"
"      --duration S       quit by itself after S seconds (>0..86400)\n"
"\n"
"  -h, --help             show this help and exit\n"
"  -V, --version          show the version and exit\n"
"\n"
"Exit status: 0 success (in batch mode: every check passed), 1 a check failed,\n"
"2 usage error or bad input, 130 interrupted.\n", out);
}

static void
set_defaults(struct options *opt)
{
	memset(opt, 0, sizeof *opt);
	opt->mode = CLI_LIVE;
	opt->steps = 5000;
	opt->gamma = 4;
	opt->noise = 0.3;
	opt->vocab = 20;
	opt->seed = 0;
	opt->target_ms = 10.0;
	opt->draft_ms = 1.0;
	opt->gamma_max = 10;
	opt->cost_ratio = 0.1;
	opt->rate = 20.0;
}

/* An unsigned integer in [lo, hi], decimal, the whole string. */
static int
parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (*s == '\0' || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* A finite real in [lo, hi] (lo excluded when open_lo), the whole string. */
static int
parse_real(const char *s, double lo, double hi, int open_lo, double *out)
{
	char *end;
	double v;

	if (*s == '\0' || *s == ' ')
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v) || v < lo || v > hi ||
	    (open_lo && v <= lo))
		return -1;
	*out = v;
	return 0;
}

static int
parse_alpha_list(const char *s, struct options *opt)
{
	char buf[1024], *tok, *save = NULL;

	if (strlen(s) >= sizeof buf || *s == '\0')
		return -1;
	strcpy(buf, s);
	if (buf[strlen(buf) - 1] == ',' || buf[0] == ',' || strstr(buf, ",,") != NULL)
		return -1;
	opt->nalpha = 0;
	for (tok = strtok_r(buf, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
		if (opt->nalpha == CLI_ALPHA_MAX ||
		    parse_real(tok, 0.0, 1.0, 0, &opt->alpha[opt->nalpha]) != 0)
			return -1;
		opt->nalpha++;
	}
	return 0;
}

static int
bad_value(FILE *err, const char *name, const char *arg, const char *range)
{
	fprintf(err, "specdec: --%s: '%s' is not %s\n", name, arg, range);
	return CLI_EXIT_USAGE;
}

/* The options of the live view; -1 when c is not one of them. */
static int
apply_live_option(int c, const char *arg, struct options *opt, FILE *err)
{
	switch (c) {
	case OPT_FRAMES:
		if (parse_uint(arg, 1, CLI_FRAMES_MAX, &opt->frames) != 0)
			return bad_value(err, "frames", arg, "an integer from 1 to 10^9");
		break;
	case OPT_DURATION:
		if (parse_real(arg, 0.0, CLI_DURATION_MAX, 1, &opt->duration) != 0)
			return bad_value(err, "duration", arg,
			    "a number of seconds above 0 and at most 86400");
		break;
	case OPT_RATE:
		if (strcmp(arg, "max") == 0)
			opt->rate = 0.0;
		else if (parse_real(arg, 1.0, CLI_RATE_MAX, 0, &opt->rate) != 0)
			return bad_value(err, "rate", arg,
			    "a number of steps per second from 1 to 1e6, or max");
		break;
	case OPT_PAUSED:
		opt->paused = 1;
		break;
	default:
		return -1;
	}
	opt->live_given = 1;
	return 0;
}

/* Apply one option with its argument; CLI_EXIT_USAGE after reporting a bad value. */
static int
apply_option(int c, const char *arg, struct options *opt, FILE *err)
{
	uint64_t u;
	int rc;

	switch (c) {
	case 'b':
		opt->mode = opt->mode == CLI_THEORY ? CLI_THEORY : CLI_BATCH;
		return 0;
	case 'j':
		opt->json = 1;
		return 0;
	case OPT_THEORY:
		opt->mode = CLI_THEORY;
		return 0;
	case 'n':
		if (parse_uint(arg, 1, STEPS_MAX, &opt->steps) != 0)
			return bad_value(err, "steps", arg, "an integer from 1 to 10^12");
		return 0;
	case 'g':
		if (parse_uint(arg, SPEC_GAMMA_MIN, SPEC_GAMMA_MAX, &u) != 0)
			return bad_value(err, "gamma", arg, "an integer from 1 to 32");
		opt->gamma = (int)u;
		return 0;
	case OPT_NOISE:
		if (parse_real(arg, 0.0, SIM_NOISE_MAX, 0, &opt->noise) != 0)
			return bad_value(err, "noise", arg, "a number from 0 to 10");
		return 0;
	case OPT_VOCAB:
		if (parse_uint(arg, VOCAB_MIN, VOCAB_MAX, &u) != 0)
			return bad_value(err, "vocab", arg, "an integer from 2 to 262144");
		opt->vocab = (size_t)u;
		return 0;
	case 's':
		if (parse_uint(arg, 0, UINT64_MAX, &opt->seed) != 0)
			return bad_value(err, "seed", arg,
			    "an integer from 0 to 18446744073709551615");
		return 0;
	case OPT_TARGET_MS:
		if (parse_real(arg, 0.0, SIM_MS_MAX, 1, &opt->target_ms) != 0)
			return bad_value(err, "target-ms", arg,
			    "a number of milliseconds above 0 and at most 1e6");
		opt->costs_given |= 1;
		return 0;
	case OPT_DRAFT_MS:
		if (parse_real(arg, 0.0, SIM_MS_MAX, 0, &opt->draft_ms) != 0)
			return bad_value(err, "draft-ms", arg,
			    "a number of milliseconds from 0 to 1e6");
		opt->costs_given |= 2;
		return 0;
	case OPT_ALPHA:
		if (parse_alpha_list(arg, opt) != 0)
			return bad_value(err, "alpha", arg,
			    "a comma-separated list of up to 64 numbers from 0 to 1");
		return 0;
	case OPT_GAMMA_MAX:
		if (parse_uint(arg, 1, CLI_GAMMA_MAX_LIMIT, &u) != 0)
			return bad_value(err, "gamma-max", arg, "an integer from 1 to 64");
		opt->gamma_max = (int)u;
		return 0;
	case OPT_COST_RATIO:
		if (parse_real(arg, 0.0, COST_RATIO_MAX, 0, &opt->cost_ratio) != 0)
			return bad_value(err, "cost-ratio", arg, "a number from 0 to 100");
		opt->cost_ratio_given = 1;
		return 0;
	}
	if ((rc = apply_live_option(c, arg, opt, err)) >= 0)
		return rc;
	return CLI_EXIT_USAGE;
}

static int
report_getopt_error(FILE *err, char **argv, int c)
{
	const char *arg = argv[optind - 1] != NULL ? argv[optind - 1] : "?";

	if (c == ':')
		fprintf(err, "specdec: %s needs a value (see specdec --help)\n", arg);
	else if (optopt != 0 && strncmp(arg, "--", 2) == 0 && strchr(arg, '=') != NULL)
		fprintf(err, "specdec: %s: this option takes no value\n", arg);
	else if (optopt != 0)
		fprintf(err, "specdec: unknown option '-%c' (see specdec --help)\n", optopt);
	else
		fprintf(err, "specdec: unknown option '%s' (see specdec --help)\n", arg);
	return CLI_EXIT_USAGE;
}

/* Options that only make sense together. */
static int
check_combinations(const struct options *opt, int alpha_given, FILE *err)
{
	if (opt->mode != CLI_THEORY && alpha_given) {
		fputs("specdec: --alpha only applies with --theory\n", err);
		return CLI_EXIT_USAGE;
	}
	if (opt->mode != CLI_LIVE && opt->live_given) {
		fputs("specdec: --rate, --paused, --frames and --duration only apply to the"
		    " live view\n", err);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int
cli_parse(int argc, char **argv, struct options *opt, FILE *err)
{
	int c, rc, alpha_given = 0, version = 0, help = 0;

	set_defaults(opt);
	opterr = 0;
#ifdef __GLIBC__
	optind = 0;	/* full reinitialisation, so the parser can run more than once */
#else
	optind = 1;
#endif
	optopt = 0;
	while ((c = getopt_long(argc, argv, ":bjn:g:s:hV", long_options, NULL)) != -1) {
		if (c == '?' || c == ':')
			return report_getopt_error(err, argv, c);
		if (c == 'h') {
			help = 1;
			continue;
		}
		if (c == 'V') {
			version = 1;
			continue;
		}
		alpha_given |= c == OPT_ALPHA;
		if ((rc = apply_option(c, optarg, opt, err)) != 0)
			return rc;
	}
	if (optind < argc) {
		fprintf(err, "specdec: unexpected argument '%s' (see specdec --help)\n",
		    argv[optind]);
		return CLI_EXIT_USAGE;
	}
	if (help || version) {
		opt->mode = help ? CLI_HELP : CLI_VERSION;
		return 0;
	}
	if (opt->json && opt->mode == CLI_LIVE)
		opt->mode = CLI_BATCH;
	if (opt->nalpha == 0) {
		static const double notebook_alphas[] = { 0.3, 0.5, 0.7, 0.9 };

		memcpy(opt->alpha, notebook_alphas, sizeof notebook_alphas);
		opt->nalpha = 4;
	}
	if (opt->costs_given == 3 && !opt->cost_ratio_given)
		opt->cost_ratio = opt->draft_ms / opt->target_ms;
	return check_combinations(opt, alpha_given, err);
}
