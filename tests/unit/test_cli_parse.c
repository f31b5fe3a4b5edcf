/* test_cli_parse.c: good command lines fill the options; bad ones say what is wrong. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "lib/tap.h"

#define MAX_ARGS 16

/* Parse a space-separated command line; the error line, if any, into err. */
static int
parse(const char *line, struct options *opt, char *err, size_t errlen)
{
	char buf[256], *argv[MAX_ARGS + 2], *tok, *save = NULL;
	int argc = 0, rc;
	FILE *f = tmpfile();

	snprintf(buf, sizeof buf, "specdec %s", line);
	for (tok = strtok_r(buf, " ", &save); tok && argc <= MAX_ARGS; tok = strtok_r(NULL, " ", &save))
		argv[argc++] = tok;
	argv[argc] = NULL;
	rc = cli_parse(argc, argv, opt, f);
	rewind(f);
	err[0] = '\0';
	if (fgets(err, (int)errlen, f) == NULL)
		err[0] = '\0';
	fclose(f);
	return rc;
}

static void
test_defaults(void)
{
	struct options o;
	char err[256];

	tap_eq(parse("", &o, err, sizeof err), 0, "no options parse");
	tap_ok(o.mode == CLI_LIVE && o.steps == 5000 && o.gamma == 4 && o.noise == 0.3 &&
	    o.vocab == 20 && o.seed == 0 && o.target_ms == 10.0 && o.draft_ms == 1.0,
	    "defaults: live, 5000 steps, gamma 4, noise 0.3, V 20, seed 0, 10 ms, 1 ms");
}

static void
test_good(void)
{
	struct options o;
	char err[256];

	parse("--batch -n 12 --gamma 32 --noise 0.8 --vocab 262144 --seed 18446744073709551615",
	    &o, err, sizeof err);
	tap_ok(o.mode == CLI_BATCH && o.steps == 12 && o.gamma == 32 && o.noise == 0.8 &&
	    o.vocab == 262144 && o.seed == 18446744073709551615ULL, "every simulation option");
	parse("--json", &o, err, sizeof err);
	tap_ok(o.mode == CLI_BATCH && o.json, "--json alone implies --batch");
	parse("--theory --json --alpha 0,0.5,1 --gamma-max 3", &o, err, sizeof err);
	tap_ok(o.mode == CLI_THEORY && o.nalpha == 3 && o.alpha[2] == 1.0 && o.gamma_max == 3,
	    "--theory with an alpha list");
	parse("--theory --target-ms 20 --draft-ms 5", &o, err, sizeof err);
	tap_ok(o.cost_ratio == 0.25, "cost ratio defaults to D/T when both are given");
	parse("--theory --target-ms 20 --draft-ms 5 --cost-ratio 0.5", &o, err, sizeof err);
	tap_ok(o.cost_ratio == 0.5, "an explicit --cost-ratio wins");
	parse("--theory", &o, err, sizeof err);
	tap_ok(o.nalpha == 4 && o.alpha[0] == 0.3 && o.alpha[3] == 0.9 && o.cost_ratio == 0.1,
	    "--theory defaults: the notebook's alphas, c = 0.1");
	tap_ok(parse("--help", &o, err, sizeof err) == 0 && o.mode == CLI_HELP, "--help");
	tap_ok(parse("-V", &o, err, sizeof err) == 0 && o.mode == CLI_VERSION, "-V");
	tap_ok(parse("-V --theory -h", &o, err, sizeof err) == 0 && o.mode == CLI_HELP,
	    "--help wins over --version and the modes");
	tap_ok(parse("--theory --json", &o, err, sizeof err) == 0 && o.mode == CLI_THEORY &&
	    o.json, "--theory --json: the theory tables as JSON");
}

/* Parse argv (NULL-terminated, without the program name); the error into err. */
static int
parse_argv(const char *const *args, struct options *opt, char *err, size_t errlen)
{
	char *argv[MAX_ARGS + 2];
	int argc = 0, rc;
	FILE *f = tmpfile();

	argv[argc++] = (char *)"specdec";
	while (*args != NULL && argc <= MAX_ARGS)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	rc = cli_parse(argc, argv, opt, f);
	err[0] = '\0';
	rewind(f);
	errlen = fread(err, 1, errlen - 1, f);
	err[errlen] = '\0';
	fclose(f);
	return rc;
}

/* One grammar for every number: -0 is 0, a subnormal is taken, white space,
 * hexadecimal and digits the double cannot hold are refused with the reason. */
static void
test_numbers(void)
{
	static const struct {
		const char *opt, *value, *must_say;
	} refused[] = {
		{ "--noise", " 0.3", "(white space is not allowed in a number)" },
		{ "--noise", "\t0.3", "'\\t0.3' is not a number from 0 to 10 (white space" },
		{ "--noise", "\n0.3", "'\\n0.3' is not a number from 0 to 10 (white space" },
		{ "--noise", "0.3\n", "'0.3\\n' is not" },
		{ "--gamma", "\v4", "(white space" },
		{ "--gamma", "4\n", "--gamma: '4\\n' is not an integer from 1 to 32 (white space" },
		{ "--noise", "0x1p-2", "'0x1p-2' is not a number from 0 to 10 (numbers are "
		    "written in decimal, not hexadecimal)" },
		{ "--gamma", "0x4", "(numbers are written in decimal, not hexadecimal)" },
		{ "--noise", "infinity", "(a number must be finite)" },
		{ "--noise", "-nan", "(a number must be finite)" },
		{ "--noise", "1e-400", "--noise: '1e-400' is too close to 0 for a double" },
		{ "--noise", "1e999", "'1e999' is not a number from 0 to 10\n" },
		{ "--noise", ".", "'.' is not a number from 0 to 10\n" },
		{ "--noise", "1e", "'1e' is not a number" },
		{ "--noise", "--0.3", "is not a number" },
		{ "--noise", "", "(the value is empty)" },
		{ "--steps", "1e3", "'1e3' is not an integer from 1 to 10^12 (an integer is "
		    "written with digits alone)" },
		{ "--gamma", "4.0", "(an integer is written with digits alone)" },
		{ "--gamma", "+4", "(an integer is written with digits alone)" },
		{ "--gamma", "-0", "--gamma: '-0' is not an integer from 1 to 32\n" },
		{ "--gamma", "\033[31mRED", "--gamma: '\\x1b[31mRED' is not an integer" },
		{ "--gamma", "\302\233x", "'\\xc2\\x9bx' is not" },
	};
	const char *args[4] = { "--batch" };
	struct options o;
	char err[512];
	size_t i;
	int rc;

	for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		args[1] = refused[i].opt;
		args[2] = refused[i].value;
		args[3] = NULL;
		rc = parse_argv(args, &o, err, sizeof err);
		tap_ok(rc == CLI_EXIT_USAGE &&
		    strstr(err, refused[i].must_say) != NULL && strchr(err, '\n') ==
		    err + strlen(err) - 1 && strchr(err, '\033') == NULL,
		    "%s, value %zu: one line, escaped, saying \"%.*s\" (%.*s)",
		    refused[i].opt, i, (int)strcspn(refused[i].must_say, "\n"),
		    refused[i].must_say, (int)strcspn(err, "\n"), err);
	}
	tap_ok(parse("--batch --noise -0", &o, err, sizeof err) == 0 && o.noise == 0.0 &&
	    !signbit(o.noise), "--noise -0 is stored as +0");
	tap_ok(parse("--batch --draft-ms -0.0e5", &o, err, sizeof err) == 0 &&
	    !signbit(o.draft_ms), "--draft-ms -0.0e5 is +0");
	tap_ok(parse("--theory --alpha -0,0.5 --cost-ratio -0", &o, err, sizeof err) == 0 &&
	    !signbit(o.alpha[0]) && !signbit(o.cost_ratio), "--alpha -0 and --cost-ratio "
	    "-0 are +0");
	tap_ok(parse("--batch --noise 1e-320", &o, err, sizeof err) == 0 &&
	    o.noise > 0.0 && o.noise < 1e-300, "a subnormal is taken as it is");
	tap_ok(parse("--batch --noise +.5e+1 --steps 007", &o, err, sizeof err) == 0 &&
	    o.noise == 5.0 && o.steps == 7, "sign, bare fraction, exponent; leading zeros");
	tap_ok(parse("--batch --noise 1.", &o, err, sizeof err) == 0 && o.noise == 1.0,
	    "a point with no fraction");
}

/* An abbreviation that fits several names says so and lists them. */
static void
test_ambiguous(void)
{
	static const struct {
		const char *line, *want;
	} cases[] = {
		{ "--t", "specdec: '--t' is ambiguous: it could be --theory, --target-alpha, "
		    "--target-ms, --tree, --typical-epsilon, --typical-delta, --target-order, "
		    "--temperature, --top-k, --top-p, "
		    "--threads or --trace\n" },
		{ "--batch --gam 4", "specdec: '--gam' is ambiguous: it could be --gamma or "
		    "--gamma-max\n" },
		{ "--batch --gam=4", "specdec: '--gam' is ambiguous: it could be --gamma or "
		    "--gamma-max\n" },
		{ "--batch --gamm 5", "specdec: '--gamm' is ambiguous: it could be --gamma "
		    "or --gamma-max\n" },
		{ "--batch --gamma-m 5", "specdec: --gamma-max only applies with --theory, or "
		    "--batch with --metrics\n" },
		{ "--batch --sta 5", "specdec: unknown option '--sta' (see specdec --help)\n" },
	};
	struct options o;
	char err[512];
	size_t i;
	int rc;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rc = parse(cases[i].line, &o, err, sizeof err);
		tap_ok(rc == CLI_EXIT_USAGE && strcmp(err, cases[i].want) == 0,
		    "%s: %.*s", cases[i].line, (int)strcspn(err, "\n"), err);
	}
}

static void
test_live_and_sources(void)
{
	struct options o;
	char err[256];

	tap_ok(parse("--rate max --paused --frames 7 --duration 2.5", &o, err, sizeof err)
	    == 0 && o.rate == 0.0 && o.paused && o.frames == 7 && o.duration == 2.5,
	    "live options: rate max is 0, paused, frames, duration");
	tap_ok(parse("", &o, err, sizeof err) == 0 && o.rate == 20.0 && !o.paused &&
	    o.frames == 0 && o.duration == 0.0 && o.source == CLI_SOURCE_STUB &&
	    o.replay == NULL && o.corpus == NULL,
	    "live defaults: rate 20, unbounded, the stub source");
	tap_ok(parse("--batch --source ngram --max-vocab 70 --target-order 4 --draft-order 1"
	    " --temperature 0.5", &o, err, sizeof err) == 0 &&
	    o.source == CLI_SOURCE_NGRAM && o.max_vocab == 70 && o.target_order == 4 &&
	    o.draft_order == 1 && o.temperature == 0.5 && o.noise == 0.0,
	    "n-gram options; the n-gram draft's noise defaults to 0");
	tap_ok(parse("--batch --corpus c.txt --noise 0.2", &o, err, sizeof err) == 0 &&
	    o.source == CLI_SOURCE_NGRAM && o.noise == 0.2 && o.max_vocab == 5000 &&
	    o.target_order == 3 && o.draft_order == 2 && o.temperature == 1.0,
	    "--corpus implies ngram; --noise given stays; n-gram defaults");
	tap_ok(parse("--batch --replay r.txt --labels l.txt", &o, err, sizeof err) == 0 &&
	    o.source == CLI_SOURCE_REPLAY && strcmp(o.replay, "r.txt") == 0 &&
	    strcmp(o.labels, "l.txt") == 0 && o.noise == 0.0,
	    "--replay implies replay, with labels and no noise");
}

static const struct {
	const char *line;
	const char *must_say;
} bad[] = {
	{ "--gamma 0", "--gamma: '0' is not an integer from 1 to 32" },
	{ "--gamma 33", "1 to 32" },
	{ "--gamma 4x", "--gamma" },
	{ "--gamma", "--gamma needs a value" },
	{ "--noise -0.1", "--noise: '-0.1' is not a number from 0 to 10" },
	{ "--noise nan", "--noise" },
	{ "--noise inf", "--noise" },
	{ "--noise 10.5", "0 to 10" },
	{ "--vocab 1", "--vocab: '1' is not an integer from 2 to 262144" },
	{ "--vocab 262145", "2 to 262144" },
	{ "--steps 0", "--steps" },
	{ "--steps -5", "--steps" },
	{ "--seed -1", "--seed" },
	{ "--seed 18446744073709551616", "--seed" },
	{ "--target-ms 0", "--target-ms" },
	{ "--draft-ms -1", "--draft-ms" },
	{ "--theory --alpha 0.5,,0.7", "--alpha" },
	{ "--theory --alpha 1.5", "--alpha" },
	{ "--alpha 0.5", "--alpha only applies with --theory" },
	{ "--batch --gamma-max 3", "--gamma-max only applies with --theory" },
	{ "--cost-ratio 0.5", "--cost-ratio only applies with --theory" },
	{ "--theory --steps 5", "--steps does not apply to --theory" },
	{ "--theory --gamma 5", "--gamma does not apply to --theory" },
	{ "--theory --corpus x.txt", "--corpus does not apply to --theory" },
	{ "--steps 100", "--steps only applies with --batch" },
	{ "--theory --target-ms 5", "give both, or --cost-ratio" },
	{ "--theory --target-ms 0.001 --draft-ms 1", "above the cost ratio's range" },
	{ "--batch --frames 10", "--frames only applies to the live view" },
	{ "--target-ms 0.0001", "--target-ms: '0.0001' is not a number of milliseconds from 0.001 to 1e6" },
	{ "--theory --gamma-max 65", "--gamma-max" },
	{ "--theory --cost-ratio -1", "--cost-ratio" },
	{ "--frobnicate", "unknown option '--frobnicate'" },
	{ "-x", "unknown option '-x'" },
	{ "--batch=1", "takes no value" },
	{ "stray", "unexpected argument 'stray'" },
	{ "--rate 0.5", "--rate: '0.5' is not a number of steps per second from 1 to 1e6, or max" },
	{ "--duration 0", "--duration: '0' is not a number of seconds above 0 and at most 86400" },
	{ "--source gpt", "--source: 'gpt' is not one of stub, replay, ngram" },
	{ "--theory --alpha 0.5,", "is not a comma-separated list of up to 64 numbers from 0 to 1" },
	{ "--batch --corpus", "--corpus needs a value" },
	{ "--json --gamma 0", "--gamma: '0' is not" },
	{ "--batch --replay r --noise 0.5", "--noise does not apply to --replay (the file gives the draft as it is)" },
	{ "--batch --corpus c --vocab 9", "--vocab only applies to the stub source (--max-vocab caps an n-gram vocabulary)" },
	{ "--batch --replay r --vocab 9", "--vocab only applies to the stub source (a replay file gives its own vocabulary)" },
	{ "--batch --temperature 2 --draft-order 1", "--temperature does not apply to the stub source" },
	{ "--batch --labels l", "--labels only applies with --replay" },
	{ "--theory --frames 3 --gamma 2", "--frames only applies to the live view" },
	{ "--theory --gamma 2 --frames 3", "--gamma does not apply to --theory, which simulates nothing" },
	{ "--theory --batch", "--batch does not apply to --theory, which simulates nothing" },
	{ "--batch --theory", "--batch does not apply to --theory" },
	{ "--theory --target-ms 10 --draft-ms 1 --cost-ratio 0.5", "--target-ms does not apply with --cost-ratio" },
	{ "--theory --cost-ratio 0.5 --draft-ms 1", "--draft-ms does not apply with --cost-ratio" },
	{ "--batch --lenience 0.3", "--lenience only applies to the lenient rule (--verifier lenient); the run would ignore it" },
	{ "--json --verifier typical --lenience 0.3", "--lenience only applies to the lenient rule" },
	{ "--batch --typical-epsilon 0.2", "--typical-epsilon only applies to the typical rule (--verifier typical)" },
	{ "--batch --verifier lenient --typical-delta 0.2", "--typical-delta only applies to the typical rule" },
	{ "--batch --draft-p-min 0.3", "--draft-p-min only applies to the draft-p-min schedule (--schedule draft-p-min)" },
	{ "--sweep --schedule constant,heuristic --draft-p-min 0.3", "--draft-p-min only applies to the draft-p-min schedule" },
	{ "--sweep --verifier standard,block --lenience 0.9", "--lenience only applies to the lenient rule" },
	{ "--sweep --csv --json", "--csv does not apply with --json (the output is JSON: give one)" },
	{ "--sweep --json --csv", "--csv does not apply with --json" },
	{ "--batch --drafter heads --head-topk 2,2 --draft-only 2", "specdec: --draft-only: not with --drafter heads: its heads draft from the target's own vocabulary\n" },
	{ "--batch --drafter mtp --head-topk 2 --draft-only 1 --source replay --replay r", "specdec: --draft-only: not with --drafter mtp: its heads draft from the target's own vocabulary\n" },
};

static void
test_bad(void)
{
	struct options o;
	char err[256];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = parse(bad[i].line, &o, err, sizeof err);

		tap_ok(rc == CLI_EXIT_USAGE && strstr(err, bad[i].must_say) != NULL &&
		    strncmp(err, "specdec: ", 9) == 0 && strchr(err, '\n') == err + strlen(err) - 1,
		    "'%s' -> exit 2, one line: %.*s", bad[i].line, (int)strcspn(err, "\n"), err);
	}
}

/* A rule's or schedule's option is taken where a rule or schedule of the run
 * uses it, and in the live view, whose keys switch to the others. */
static void
test_params(void)
{
	struct options o;
	char err[256];

	tap_ok(parse("--batch --verifier lenient --lenience 0.3", &o, err, sizeof err) == 0 &&
	    o.lenience == 0.3, "--lenience with the lenient rule");
	tap_ok(parse("--sweep --verifier standard,lenient --lenience 0.3", &o, err,
	    sizeof err) == 0 && o.lenience == 0.3,
	    "--lenience in a sweep where some cells run the lenient rule");
	tap_ok(parse("--batch --verifier typical --typical-epsilon 0.2 --typical-delta 0.1",
	    &o, err, sizeof err) == 0 && o.typical_epsilon == 0.2 && o.typical_delta == 0.1,
	    "--typical-epsilon and --typical-delta with the typical rule");
	tap_ok(parse("--sweep --schedule constant,threshold --draft-p-min 0.3", &o, err,
	    sizeof err) == 0 && o.draft_p_min == 0.3,
	    "--draft-p-min in a sweep where some cells run the threshold schedule");
	tap_ok(parse("--lenience 0.3 --draft-p-min 0.3", &o, err, sizeof err) == 0 &&
	    o.mode == CLI_LIVE && o.lenience == 0.3,
	    "the live view takes them all: v and a switch the rule and schedule");
	tap_ok(parse("--sweep --csv", &o, err, sizeof err) == 0 && o.csv,
	    "--sweep --csv alone");
}

int
main(void)
{
	test_defaults();
	test_good();
	test_live_and_sources();
	test_bad();
	test_params();
	test_numbers();
	test_ambiguous();
	return tap_done();
}
