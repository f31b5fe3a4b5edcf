/* main.c: parse the command line, then hand over to a face. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "batch.h"
#include "cli.h"
#include "tui.h"

/* The mode's exit status, unless standard output could not be written: then one
 * line on stderr and status 2, so a full disk or a closed stream is not a success. */
static int
run_mode(const struct options *opt)
{
	switch (opt->mode) {
	case CLI_HELP:
		cli_usage(stdout);
		return 0;
	case CLI_VERSION:
		printf("specdec %s\n", PACKAGE_VERSION);
		return 0;
	case CLI_BATCH:
		return batch_run(opt);
	case CLI_THEORY:
		return batch_theory(opt);
	case CLI_LIVE:
		break;
	}
	return tui_run(opt);
}

int
main(int argc, char **argv)
{
	struct options opt;
	int rc;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");	/* JSON and option values use a decimal point */
	if ((rc = cli_parse(argc, argv, &opt, stderr)) != 0)
		return rc;
	rc = run_mode(&opt);
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "specdec: cannot write the output: %s\n",
		    errno != 0 ? strerror(errno) : "write error");
		return CLI_EXIT_USAGE;
	}
	return rc;
}
