/* batch.h: the headless face. */
#ifndef SPECDEC_BATCH_H
#define SPECDEC_BATCH_H

struct options;

#define BATCH_EXIT_FAILED 1
#define BATCH_EXIT_INTERRUPTED 130

/* Simulate opt->steps steps, print the report (or JSON) and the checks to stdout.
 * Returns the exit status: 0 all checks passed, 1 some failed, 2 bad input,
 * 130 interrupted (the figures so far are still printed). */
int batch_run(const struct options *opt);

/* Print the closed-form tables of --theory (text or JSON); returns 0. */
int batch_theory(const struct options *opt);

#endif
