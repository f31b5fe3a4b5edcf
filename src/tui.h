/* tui.h: the live view, the face a teacher puts on a projector. */
#ifndef SPECDEC_TUI_H
#define SPECDEC_TUI_H

struct options;

/* Run the view until q, Ctrl-C, SIGTERM or SIGHUP, or the end of a bounded run
 * (--frames, --duration); returns the exit status: 0, or 2 when there is no
 * terminal (one line on stderr points to --batch). After SIGTERM or SIGHUP the
 * terminal is restored and the signal re-raised. */
int tui_run(const struct options *opt);

#endif
