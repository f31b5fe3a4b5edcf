/* batch.h: the headless face. */
#ifndef SPECDEC_BATCH_H
#define SPECDEC_BATCH_H

struct options;

/* Simulate opt->steps steps, print the report (or JSON) and the checks to stdout.
 * Returns the exit status (exit_status.h): OK all checks passed, CHECK_FAILED
 * some failed, USAGE bad input (one line on stderr), INTERRUPTED (the figures so
 * far are still printed). Whether stdout took the report is main's to check. */
int batch_run(const struct options *opt);

/* Print the closed-form tables of --theory (text or JSON); returns
 * EXIT_STATUS_OK. */
int batch_theory(const struct options *opt);

#endif
