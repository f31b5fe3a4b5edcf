/* cli.c: getopt_long over a table of options, each value checked against its range. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ngram.h"
#include "sim.h"
#include "spec.h"

#define STEPS_MAX 1000000000000ULL
#define VOCAB_MIN 2
#define VOCAB_MAX 262144
#define COST_RATIO_MAX 100.0
#define MAX_VOCAB_DEFAULT 5000
#define TEMPERATURE_MIN 0.05
#define TEMPERATURE_MAX 20.0

enum {
	OPT_VOCAB = 256, OPT_SEED_LONG, OPT_TARGET_MS, OPT_DRAFT_MS, OPT_THEORY,
	OPT_ALPHA, OPT_GAMMA_MAX, OPT_COST_RATIO, OPT_NOISE, OPT_FRAMES, OPT_DURATION,
	OPT_RATE, OPT_PAUSED,
	OPT_SOURCE, OPT_REPLAY, OPT_LABELS, OPT_CORPUS, OPT_MAX_VOCAB,
	OPT_TARGET_ORDER, OPT_DRAFT_ORDER, OPT_TEMPERATURE,
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
	{ "source", required_argument, NULL, OPT_SOURCE },
	{ "replay", required_argument, NULL, OPT_REPLAY },
	{ "labels", required_argument, NULL, OPT_LABELS },
	{ "corpus", required_argument, NULL, OPT_CORPUS },
	{ "max-vocab", required_argument, NULL, OPT_MAX_VOCAB },
	{ "target-order", required_argument, NULL, OPT_TARGET_ORDER },
	{ "draft-order", required_argument, NULL, OPT_DRAFT_ORDER },
	{ "temperature", required_argument, NULL, OPT_TEMPERATURE },
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
"  -n, --steps N          steps in batch mode (1..10^12, default 5000)\n"
"  -g, --gamma G          draft length (1..32, default 4)\n"
"      --noise S          draft noise: std of the logit perturbation (0..10;\n"
"                         default 0.3 for stub, 0 for ngram; not with --replay)\n"
"      --vocab V          stub vocabulary size (2..262144, default 20)\n"
"  -s, --seed K           random seed (0..2^64-1, default 0)\n"
"      --target-ms T      target forward cost in ms (0.001..1e6, default 10)\n"
"      --draft-ms D       cost of one drafted token in ms (0..1e6, default 1)\n"
"\n"
"Sources (where the target p and the draft q come from):\n"
"      --source KIND      stub (random, the default), replay (needs --replay) or\n"
"                         ngram (n-gram models over --corpus or built-in text)\n"
"      --replay FILE      replay target/draft distribution pairs from FILE, one\n"
"                         pair per step, cycling (format: see the man page)\n"
"      --labels FILE      token labels for --replay, one per line\n"
"      --corpus FILE      train the n-gram models on this UTF-8 text (implies\n"
"                         --source ngram; default: the built-in corpus)\n"
"      --max-vocab N      n-gram vocabulary cap, with the unknown token\n"
"                         (2..262144, default 5000)\n"
"      --target-order N   order of the target Kneser-Ney model (1..6, default 3)\n"
"      --draft-order N    order of the draft's model (1..6, default 2)\n"
"      --temperature T    temperature of both models (0.05..20, default 1)\n"
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
"2 usage error or bad input, 130 batch run interrupted.\n", out);
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
	opt->source = CLI_SOURCE_STUB;
	opt->max_vocab = MAX_VOCAB_DEFAULT;
	opt->target_order = 3;
	opt->draft_order = 2;
	opt->temperature = 1.0;
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
	return 0;
}

static int
parse_source(const char *arg, struct options *opt)
{
	static const char *const names[] = { "stub", "replay", "ngram" };
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(arg, names[i]) == 0) {
			opt->source = (enum cli_source)i;
			opt->given |= CLI_GIVEN_SOURCE;
			return 0;
		}
	return -1;
}

static int
parse_order(const char *arg, int *order)
{
	uint64_t u;

	if (parse_uint(arg, 1, NGRAM_ORDER_MAX, &u) != 0)
		return -1;
	*order = (int)u;
	return 0;
}

/* A file name: any non-empty string. */
static int
parse_path(const char *arg, const char **path)
{
	if (*arg == '\0')
		return -1;
	*path = arg;
	return 0;
}

/* An option of the n-gram models: note that one was given. */
static int
ngram_given(struct options *opt, const char *name)
{
	if (opt->ngram_option == NULL)
		opt->ngram_option = name;
	opt->given |= CLI_GIVEN_NGRAM;
	return 0;
}

/* The options that choose and shape the source. */
static int
apply_source_option(int c, const char *arg, struct options *opt, FILE *err)
{
	uint64_t u;

	switch (c) {
	case OPT_SOURCE:
		if (parse_source(arg, opt) != 0)
			return bad_value(err, "source", arg, "one of stub, replay, ngram");
		return 0;
	case OPT_REPLAY:
		if (parse_path(arg, &opt->replay) != 0)
			return bad_value(err, "replay", arg, "a file name");
		return 0;
	case OPT_LABELS:
		if (parse_path(arg, &opt->labels) != 0)
			return bad_value(err, "labels", arg, "a file name");
		return 0;
	case OPT_CORPUS:
		if (parse_path(arg, &opt->corpus) != 0)
			return bad_value(err, "corpus", arg, "a file name");
		return 0;
	case OPT_MAX_VOCAB:
		if (parse_uint(arg, VOCAB_MIN, VOCAB_MAX, &u) != 0)
			return bad_value(err, "max-vocab", arg, "an integer from 2 to 262144");
		opt->max_vocab = (size_t)u;
		return ngram_given(opt, "max-vocab");
	case OPT_TARGET_ORDER:
		if (parse_order(arg, &opt->target_order) != 0)
			return bad_value(err, "target-order", arg, "an integer from 1 to 6");
		return ngram_given(opt, "target-order");
	case OPT_DRAFT_ORDER:
		if (parse_order(arg, &opt->draft_order) != 0)
			return bad_value(err, "draft-order", arg, "an integer from 1 to 6");
		return ngram_given(opt, "draft-order");
	case OPT_TEMPERATURE:
		if (parse_real(arg, TEMPERATURE_MIN, TEMPERATURE_MAX, 0, &opt->temperature) != 0)
			return bad_value(err, "temperature", arg, "a number from 0.05 to 20");
		return ngram_given(opt, "temperature");
	}
	return CLI_EXIT_USAGE;
}

/* The modes and the theory table's options; -1 when c is not one of them. */
static int
apply_mode_option(int c, const char *arg, struct options *opt, FILE *err)
{
	uint64_t u;

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
	return -1;
}

/* The toy cost model's options; -1 when c is not one of them. */
static int
apply_cost_option(int c, const char *arg, struct options *opt, FILE *err)
{
	switch (c) {
	case OPT_TARGET_MS:
		if (parse_real(arg, SIM_TARGET_MS_MIN, SIM_MS_MAX, 0, &opt->target_ms) != 0)
			return bad_value(err, "target-ms", arg,
			    "a number of milliseconds from 0.001 to 1e6");
		opt->costs_given |= 1;
		return 0;
	case OPT_DRAFT_MS:
		if (parse_real(arg, 0.0, SIM_MS_MAX, 0, &opt->draft_ms) != 0)
			return bad_value(err, "draft-ms", arg,
			    "a number of milliseconds from 0 to 1e6");
		opt->costs_given |= 2;
		return 0;
	}
	return -1;
}

/* The simulation's own options; -1 when c is not one of them. */
static int
apply_sim_option(int c, const char *arg, struct options *opt, FILE *err)
{
	uint64_t u;

	switch (c) {
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
		opt->given |= CLI_GIVEN_NOISE;
		return 0;
	case OPT_VOCAB:
		if (parse_uint(arg, VOCAB_MIN, VOCAB_MAX, &u) != 0)
			return bad_value(err, "vocab", arg, "an integer from 2 to 262144");
		opt->vocab = (size_t)u;
		opt->given |= CLI_GIVEN_VOCAB;
		return 0;
	case 's':
		if (parse_uint(arg, 0, UINT64_MAX, &opt->seed) != 0)
			return bad_value(err, "seed", arg,
			    "an integer from 0 to 18446744073709551615");
		return 0;
	}
	return apply_cost_option(c, arg, opt, err);
}

/* Apply one option with its argument; CLI_EXIT_USAGE after reporting a bad value. */
static int
apply_option(int c, const char *arg, struct options *opt, FILE *err)
{
	int rc;

	if ((rc = apply_mode_option(c, arg, opt, err)) >= 0 ||
	    (rc = apply_sim_option(c, arg, opt, err)) >= 0 ||
	    (rc = apply_live_option(c, arg, opt, err)) >= 0)
		return rc;
	return apply_source_option(c, arg, opt, err);
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

static int
usage_error(FILE *err, const char *msg)
{
	fprintf(err, "specdec: %s\n", msg);
	return CLI_EXIT_USAGE;
}

/* The source the options choose: --source, or implied by --replay or --corpus. */
static int
resolve_source(struct options *opt, FILE *err)
{
	int explicit = (opt->given & CLI_GIVEN_SOURCE) != 0;

	if (opt->replay != NULL && opt->corpus != NULL)
		return usage_error(err, "--replay and --corpus choose different sources");
	if (opt->replay != NULL && explicit && opt->source != CLI_SOURCE_REPLAY)
		return usage_error(err, "--replay needs --source replay (or no --source)");
	if (opt->corpus != NULL && explicit && opt->source != CLI_SOURCE_NGRAM)
		return usage_error(err, "--corpus needs --source ngram (or no --source)");
	if (opt->replay != NULL)
		opt->source = CLI_SOURCE_REPLAY;
	if (opt->corpus != NULL)
		opt->source = CLI_SOURCE_NGRAM;
	if (opt->source == CLI_SOURCE_REPLAY && opt->replay == NULL)
		return usage_error(err, "--source replay needs --replay FILE");
	/* the n-gram draft is a real weaker model: no extra noise unless asked */
	if (opt->source == CLI_SOURCE_NGRAM && !(opt->given & CLI_GIVEN_NOISE))
		opt->noise = 0.0;
	return 0;
}

/* Options that only apply to some sources. */
static int
check_source_options(struct options *opt, FILE *err)
{
	if (opt->labels != NULL && opt->source != CLI_SOURCE_REPLAY)
		return usage_error(err, "--labels only applies with --replay");
	if ((opt->given & CLI_GIVEN_NOISE) && opt->source == CLI_SOURCE_REPLAY)
		return usage_error(err, "--noise does not apply to --replay "
		    "(the file gives the draft as it is)");
	if ((opt->given & CLI_GIVEN_VOCAB) && opt->source != CLI_SOURCE_STUB)
		return usage_error(err, opt->source == CLI_SOURCE_NGRAM ?
		    "--vocab only applies to the stub source (--max-vocab caps an n-gram "
		    "vocabulary)" : "--vocab only applies to the stub source (a replay "
		    "file gives its own vocabulary)");
	if ((opt->given & CLI_GIVEN_NGRAM) && opt->source != CLI_SOURCE_NGRAM) {
		fprintf(err, "specdec: --%s only applies to the n-gram source "
		    "(--corpus FILE or --source ngram)\n", opt->ngram_option);
		return CLI_EXIT_USAGE;
	}
	if (opt->source == CLI_SOURCE_REPLAY)
		opt->noise = 0.0;
	return 0;
}

/* Where an option applies, for the checks that refuse one given in a mode that
 * would ignore it. */
enum scope { SCOPE_THEORY, SCOPE_SIMULATION, SCOPE_BATCH, SCOPE_LIVE, SCOPE_COUNT };

static const struct {
	int option;
	enum scope scope;
} option_scopes[] = {
	{ OPT_ALPHA, SCOPE_THEORY }, { OPT_GAMMA_MAX, SCOPE_THEORY },
	{ OPT_COST_RATIO, SCOPE_THEORY },
	{ 'g', SCOPE_SIMULATION }, { OPT_NOISE, SCOPE_SIMULATION },
	{ OPT_VOCAB, SCOPE_SIMULATION }, { 's', SCOPE_SIMULATION },
	{ OPT_SOURCE, SCOPE_SIMULATION }, { OPT_REPLAY, SCOPE_SIMULATION },
	{ OPT_LABELS, SCOPE_SIMULATION }, { OPT_CORPUS, SCOPE_SIMULATION },
	{ OPT_MAX_VOCAB, SCOPE_SIMULATION }, { OPT_TARGET_ORDER, SCOPE_SIMULATION },
	{ OPT_DRAFT_ORDER, SCOPE_SIMULATION }, { OPT_TEMPERATURE, SCOPE_SIMULATION },
	{ 'n', SCOPE_BATCH },
	{ OPT_RATE, SCOPE_LIVE }, { OPT_PAUSED, SCOPE_LIVE }, { OPT_FRAMES, SCOPE_LIVE },
	{ OPT_DURATION, SCOPE_LIVE },
};

/* Note the first option given in each scope, by its long name. */
static void
note_scope(int c, const char *first[SCOPE_COUNT])
{
	const struct option *o;
	size_t i;

	for (i = 0; i < sizeof option_scopes / sizeof option_scopes[0]; i++) {
		if (option_scopes[i].option != c || first[option_scopes[i].scope] != NULL)
			continue;
		for (o = long_options; o->name != NULL; o++)
			if (o->val == c)
				first[option_scopes[i].scope] = o->name;
	}
}

/* An option given in a mode that would silently ignore it. */
static int
check_scopes(const struct options *opt, const char *first[SCOPE_COUNT], FILE *err)
{
	const char *why = NULL, *name = NULL;

	if (opt->mode != CLI_THEORY && (name = first[SCOPE_THEORY]) != NULL)
		why = "only applies with --theory";
	else if (opt->mode == CLI_THEORY && (name = first[SCOPE_SIMULATION]) != NULL)
		why = "does not apply to --theory, which simulates nothing";
	else if (opt->mode == CLI_THEORY && (name = first[SCOPE_BATCH]) != NULL)
		why = "does not apply to --theory, which simulates nothing";
	else if (opt->mode == CLI_LIVE && (name = first[SCOPE_BATCH]) != NULL)
		why = "only applies with --batch (the live view runs until you quit;"
		    " see --frames and --duration)";
	else if (opt->mode != CLI_LIVE && (name = first[SCOPE_LIVE]) != NULL)
		why = "only applies to the live view";
	if (why == NULL)
		return 0;
	fprintf(err, "specdec: --%s %s\n", name, why);
	return CLI_EXIT_USAGE;
}

/* With --theory, --target-ms and --draft-ms only set the cost ratio, together. */
static int
check_theory_costs(const struct options *opt, FILE *err)
{
	if (opt->mode != CLI_THEORY || opt->cost_ratio_given || opt->costs_given == 0)
		return 0;
	if (opt->costs_given != 3) {
		fputs("specdec: with --theory, --target-ms and --draft-ms set the cost ratio"
		    " together: give both, or --cost-ratio\n", err);
		return CLI_EXIT_USAGE;
	}
	if (opt->cost_ratio > COST_RATIO_MAX) {
		fprintf(err, "specdec: --draft-ms / --target-ms = %g is above the cost ratio's"
		    " range, 0 to 100\n", opt->cost_ratio);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

/* Options that only make sense together. */
static int
check_combinations(struct options *opt, const char *first[SCOPE_COUNT], FILE *err)
{
	int rc;

	if ((rc = check_scopes(opt, first, err)) != 0 ||
	    (rc = check_theory_costs(opt, err)) != 0)
		return rc;
	if ((rc = resolve_source(opt, err)) != 0)
		return rc;
	return check_source_options(opt, err);
}

int
cli_parse(int argc, char **argv, struct options *opt, FILE *err)
{
	const char *first[SCOPE_COUNT] = { NULL };
	int c, rc, version = 0, help = 0;

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
		note_scope(c, first);
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
	return check_combinations(opt, first, err);
}
