/* batch_sweep.c: --sweep: run the grid, print it, and draw it when asked. */
#include "config.h"

#include <stdio.h>

#include "batch/batch.h"
#include "batch/batch_plot.h"
#include "cli/cli.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "batch/sweep.h"
#include "batch/sweep_print.h"
#include "batch/sweep_roofline.h"
#include "cli/cli_machine.h"

/* The finished cells, then the picture unless the sweep was interrupted (a
 * picture with holes would pass for the grid). */
static int
print_sweep(const struct options *opt, const struct sweep *sw)
{
	char err[ERRMSG_MAX];

	if (sw->ncells < sw->asked)
		fprintf(stderr, "specdec: sweep interrupted after %d of %d cells; the rows "
		    "below are those%s\n", sw->ncells, sw->asked,
		    opt->plot != NULL ? "; no plot drawn" : "");
	if (opt->json)
		sweep_print_json(stdout, sw, opt);
	else if (opt->csv)
		sweep_print_csv(stdout, sw, opt);
	else
		sweep_print_text(stdout, sw, opt);
	if (sw->ncells < sw->asked)
		return EXIT_STATUS_INTERRUPTED;
	if (opt->plot != NULL && batch_plot_sweep(opt->plot, sw, opt, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_RUNTIME;
	}
	return EXIT_STATUS_OK;
}

int
batch_sweep(const struct options *opt)
{
	struct sweep sw;
	char err[ERRMSG_MAX];
	int rc;

	if (cli_machine_sweep(opt))
		return sweep_roofline(opt);
	if (opt->plot != NULL && batch_plot_sweep_check(opt, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	if (sweep_run(opt, &sw, err, sizeof err) != 0) {
		escape_message(stderr, err);
		sweep_free(&sw);
		return EXIT_STATUS_USAGE;
	}
	rc = print_sweep(opt, &sw);
	sweep_free(&sw);
	return rc;
}
