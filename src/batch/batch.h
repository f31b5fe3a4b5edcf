/* batch.h: the headless face. */
#ifndef SPECDEC_BATCH_H
#define SPECDEC_BATCH_H

struct options;

/* Simulate opt->steps steps, print the report (or JSON) and the checks to stdout.
 * Returns the exit status (exit_status.h): OK all checks passed, CHECK_FAILED
 * some failed, USAGE bad input (one line on stderr), INTERRUPTED (the figures so
 * far are still printed). Whether stdout took the report is main's to check. */
int batch_run(const struct options *opt);

/* --sweep: run the grid of opt's lists on threads and print one row per cell
 * (text, CSV or JSON); returns EXIT_STATUS_OK, or USAGE after one line on stderr
 * (a grid too large, an alpha out of reach, a source that cannot open). */
int batch_sweep(const struct options *opt);

/* Print the closed-form tables of --theory (text or JSON); returns
 * EXIT_STATUS_OK. */
int batch_theory(const struct options *opt);

#endif
