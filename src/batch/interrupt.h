/* interrupt.h: SIGINT and SIGTERM in batch mode (and --sweep). A run that is
 * interrupted keeps what it did: it stops, prints the figures or cells it
 * finished, says on stderr that it was interrupted and ends with
 * EXIT_STATUS_INTERRUPTED. Before there is anything to keep (the replay file
 * being parsed, the n-gram models being trained) a signal ends the process at
 * once with one line on stderr and the same status. A signal that was ignored
 * when the program started (a background job of a script, nohup) stays
 * ignored, as in the live view. The handler restarts interrupted system calls
 * (SA_RESTART), so a write blocked on a slow pipe goes on and no output is
 * lost. */
#ifndef SPECDEC_INTERRUPT_H
#define SPECDEC_INTERRUPT_H

/* Catch SIGINT and SIGTERM; until interrupt_hold, one of them ends the process
 * (the one line, EXIT_STATUS_INTERRUPTED). Nothing may have been written to
 * stdout yet. */
void interrupt_catch(void);

/* From now on a caught signal only sets the flag interrupt_requested reads; the
 * run stops at its next look and reports. Safe to call from any thread. */
void interrupt_hold(void);

/* Whether SIGINT or SIGTERM arrived since interrupt_hold. */
int interrupt_requested(void);

#endif
