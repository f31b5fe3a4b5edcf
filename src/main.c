/* main.c: parse the command line, then hand over to a face. */
#include "config.h"

#include <locale.h>
#include <stdio.h>

#include "batch.h"
#include "cli.h"
#include "tui.h"

int
main(int argc, char **argv)
{
	struct options opt;
	int rc;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");	/* JSON and option values use a decimal point */
	if ((rc = cli_parse(argc, argv, &opt, stderr)) != 0)
		return rc;
	switch (opt.mode) {
	case CLI_HELP:
		cli_usage(stdout);
		return 0;
	case CLI_VERSION:
		printf("specdec %s\n", PACKAGE_VERSION);
		return 0;
	case CLI_BATCH:
		return batch_run(&opt);
	case CLI_THEORY:
		return batch_theory(&opt);
	case CLI_LIVE:
		break;
	}
	return tui_run(&opt);
}
