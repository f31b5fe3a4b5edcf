/* test_cli_parse.c: good command lines fill the options; bad ones say what is wrong. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tap.h"

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

int
main(void)
{
	test_defaults();
	test_good();
	test_bad();
	return tap_done();
}
