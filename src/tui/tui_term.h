/* tui_term.h: the one place that owns the terminal. It checks there is one, starts
 * curses (newterm, colours, keypad, escape delay, mouse clicks and wheel), installs the signal handlers,
 * and puts everything back at the end, or before dying of a crash signal. */
#ifndef SPECDEC_TUI_TERM_H
#define SPECDEC_TUI_TERM_H

#include <pthread.h>
#include <stddef.h>

#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>

/* What the panes draw with; each maps to a colour pair plus attributes, or to
 * attributes alone in monochrome. */
enum tui_style {
	TUI_S_NORMAL,
	TUI_S_TITLE,
	TUI_S_DIM,
	TUI_S_ACCEPTED,
	TUI_S_REJECTED,
	TUI_S_RESIDUAL,
	TUI_S_BONUS,
	TUI_S_SELECTED,
	TUI_S_PASS,
	TUI_S_FAIL,
	TUI_S_BAR,
	TUI_S_KEY,
	TUI_S_STATE,
	TUI_S_MARK,
	TUI_S_MEASURED,
	TUI_S_CURVE,		/* TUI_S_CURVE + i for the i-th fixed-alpha curve */
	TUI_S_COUNT = TUI_S_CURVE + 4,
};

struct asciicast;

struct tui_term {
	SCREEN *screen;
	struct asciicast *rec;	/* the recording, or NULL */
	FILE *tee;		/* with one: the pipe curses writes to, */
	int pipe_in;		/* its other end, */
	pthread_t pump;		/* read by this thread, */
	pthread_mutex_t pump_lock;	/* held from each read to its copies, */
	pthread_cond_t pumped;	/* signalled after them */
	int pumping;
	int cols, rows;		/* the terminal's size, watched while recording */
	int colour;		/* colours in use (a colour terminal and no NO_COLOR) */
	int utf8;		/* the locale's codeset is UTF-8: Unicode glyphs allowed */
	attr_t attr[TUI_S_COUNT];	/* attributes with the colour pair included */
};

/* While recording (curses cannot see the terminal's size then): whether the
 * terminal has a new size, which curses is told (resizeterm) and the recording
 * gets as a resize event; the view lays itself out again when it is 1. */
int tui_term_resized(struct tui_term *t);

/* Take over the terminal. Without a terminal on stdin and stdout, or when curses
 * cannot drive it, write one line to err (errmsg.h) pointing to --batch and
 * return -1 with nothing to undo; otherwise 0. With rec, every byte curses
 * writes to the terminal is also handed to the recording (asciicast.h). Until
 * tui_term_close, running out of memory restores the terminal before its
 * message (xalloc's fatal hook). */
int tui_term_open(struct tui_term *t, struct asciicast *rec, char *err, size_t errlen);

/* While recording, Ctrl-Z (SIGTSTP) and SIGCONT are handled here, since curses
 * sets its modes on the pipe it writes to rather than on the terminal: after a
 * SIGTSTP, give the terminal back as it was found, its last bytes out, and
 * stop; after a SIGCONT (from fg, or after SIGSTOP), take it again: its modes,
 * and the whole screen drawn anew. A signal wakes wgetch, so the loop calls
 * this before each wgetch. Nothing happens without a recording (curses then
 * stops and continues by itself). */
void tui_term_job_control(struct tui_term *t);

/* Give the terminal back exactly as it was found. With a recording, the pump's
 * last bytes are in it before the signal actions in force before
 * tui_term_open are put back. */
void tui_term_close(struct tui_term *t);

/* The terminating signal that arrived, or 0: any signal whose default action
 * ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE,
 * SIGALRM, ..., the real-time signals) except the crash signals (SIGSEGV,
 * SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS), whose handler restores the
 * terminal and re-raises them at once. A signal ignored when the terminal was
 * opened stays ignored. The loop that sees one must close the terminal and
 * then, but for SIGINT, call tui_term_reraise. */
int tui_term_signal(void);

/* After tui_term_close: die of sig with its default action, as the caller of a
 * program killed by a signal expects (a shell sees 128 + sig). */
void tui_term_reraise(int sig);

/* Whether the terminal has gone away: its input reports a hangup or an error
 * (the terminal was closed; with SIGHUP ignored, or after the shell took the
 * terminal from a stopped job, no signal says so). wgetch then returns ERR at
 * once, as if its timeout had passed, so the loop asks this after each ERR. */
int tui_term_hung_up(void);

#endif
