/* tui.h: the live view, the face a teacher puts on a projector. */
#ifndef SPECDEC_TUI_H
#define SPECDEC_TUI_H

struct options;

/* Run the view until q, Ctrl-C, SIGTERM or SIGHUP, or the end of a bounded run
 * (--frames, --duration); returns the exit status (exit_status.h): OK, or USAGE
 * for bad input or no terminal (one line on stderr; without a terminal it points
 * to --batch). After SIGTERM or SIGHUP the terminal is restored and the signal
 * re-raised; running out of memory restores it before ending the process. */
int tui_run(const struct options *opt);

#endif
