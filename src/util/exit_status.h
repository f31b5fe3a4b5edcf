/* exit_status.h: the process's exit statuses, each with one meaning (the man page's
 * EXIT STATUS section lists the same). Only main and the faces end the process;
 * xalloc_fatal ends it with EXIT_STATUS_RUNTIME on their behalf, and batch's
 * signal handler (batch/interrupt.h) with EXIT_STATUS_INTERRUPTED before a run
 * has anything to report. */
#ifndef SPECDEC_EXIT_STATUS_H
#define SPECDEC_EXIT_STATUS_H

#define EXIT_STATUS_OK 0		/* success; in batch mode no check failed */
#define EXIT_STATUS_CHECK_FAILED 1	/* batch: a check failed */
#define EXIT_STATUS_USAGE 2		/* a bad option, value or input file; no
					 * terminal for the live view */
#define EXIT_STATUS_RUNTIME 3		/* a failure while running: out of memory,
					 * output that could not be written */
#define EXIT_STATUS_HANGUP 129		/* the live view's terminal went away
					 * (closed, or hung up with SIGHUP
					 * ignored) */
#define EXIT_STATUS_INTERRUPTED 130	/* a batch run stopped by SIGINT or SIGTERM */

#endif
