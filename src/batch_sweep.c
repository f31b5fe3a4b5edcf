/* batch_sweep.c: --sweep: run the grid, print it, and draw it when asked. */
#include "config.h"

#include <stdio.h>

#include "batch.h"
#include "cli.h"
#include "errmsg.h"
#include "exit_status.h"
#include "sweep.h"

int
batch_sweep(const struct options *opt)
{
	struct sweep sw;
	char err[ERRMSG_MAX];

	if (sweep_run(opt, &sw, err, sizeof err) != 0) {
		fprintf(stderr, "specdec: %s\n", err);
		sweep_free(&sw);
		return EXIT_STATUS_USAGE;
	}
	if (opt->json)
		sweep_print_json(stdout, &sw, opt);
	else if (opt->csv)
		sweep_print_csv(stdout, &sw);
	else
		sweep_print_text(stdout, &sw, opt);
	sweep_free(&sw);
	return EXIT_STATUS_OK;
}
