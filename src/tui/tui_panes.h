/* tui_panes.h: the panes of the live view and the table that lists them. Each
 * pane is one file (tui_pane_*.c) exporting one entry: its name, the rectangle
 * it draws into, the size it needs, its draw function, the key or the place in
 * p's cycle that shows it, and what it shows in one line. The event loop draws
 * through the table, the layout reads the sizes from it, and the help lists
 * the panes from it. A draw function erases its window, draws the model's
 * current state into it and leaves the refresh to the caller (wnoutrefresh per
 * window, one doupdate per frame). */
#ifndef SPECDEC_TUI_PANES_H
#define SPECDEC_TUI_PANES_H

#include <stddef.h>

#include "verify/spec.h"
#include "view/tui_hide.h"
#include "view/tui_layout.h"
#include "tui/tui_keys.h"
#include "tui/tui_term.h"

struct sim;
struct sim_figures;
struct tui_pane_def;
struct sim_entry;
struct metrics_poll_view;

/* What the panes show besides the model itself. */
struct tui_view {
	const struct tui_term *term;	/* styles, UTF-8 or ASCII */
	const struct sim_figures *fig;	/* sim_figures of this frame */
	int tv_pass;		/* the batch check on TV passes */
	int paused;
	double rate;		/* steps/s asked for; 0: as fast as it goes */
	double measured_rate;	/* steps/s actually run lately */
	int measured;		/* measured_rate is from a full window at this speed */
	int short_of_rate;	/* the rate asked for is not being kept up */
	size_t selected;	/* steps back from the newest; only when paused */
	const struct tui_pane_def *lower;	/* what the right-hand lower pane shows:
						 * a pane of p's cycle */
	int position;		/* the distributions' position in the step; -1: its last */
	int slowmo_stage;	/* slow motion's stage (slowmo.h) of its step; 0: off */
	int slowmo_auto;	/* the stages advance by themselves */
	int slowmo_ask;		/* a check stage asks for the verdict before showing it */
	const struct sim_entry *slowmo_entry;	/* the step slow motion plays (held
						 * back until its last stage), or NULL */
	int token;		/* the step detail's selected token, or -1: the last
				 * tested one */
	const char *status;	/* a message for the key bar's line, or NULL */
	int text_mode;		/* the stream shows the emitted text as prose */
	int tree_walk;		/* the tree pane's walk: the tested nodes shown
				 * with their verdicts, in test order; -1: all */
	const char *preset;	/* --preset's name, or NULL */
	const char *prompt;	/* --prompt, escaped, or NULL */
	double target_alpha;	/* the alpha the noise was solved for, while the
				 * noise is that one; 0: none */
	int machine;		/* the run has a machine (--hw): the roofline pane */
	const char *source;	/* the header's name of the source, or NULL */
	unsigned hide;		/* marks (view/tui_hide.h) shown as "?": a
				 * lesson's question waits on them */
	const struct metrics_poll_view *metrics;	/* --metrics URL's latest
							 * poll, or NULL */
	const char *metrics_url;	/* the URL, escaped */
	double metrics_now;	/* the poller's clock at this frame */
	double metrics_c, metrics_k;	/* the cost model it predicts with */
};

/* Whether v hides the figures of mark (a lesson's question waits on them). */
#define TUI_HIDES(v, mark) (((v)->hide & (mark)) != 0)

typedef void (*tui_pane_fn)(WINDOW *, const struct sim *, const struct tui_view *);

/* The runs in which a pane of p's cycle joins it. */
enum tui_pane_runs {
	TUI_R_ALL,
	TUI_R_TREE,	/* --tree runs only */
	TUI_R_METRICS,	/* runs polling --metrics URL only */
};

/* One pane. A rectangle shows the first pane of the table that names it and
 * whose action is on (TUI_A_NONE: always; TUI_A_TEXT: the text mode;
 * TUI_A_SLOWMO: slow motion; TUI_A_BATCH_UP: a machine), except the lower-right one (TUI_P_CURVE), which
 * shows v->lower. p's cycle is the TUI_A_LOWER rows in table order: those drawn
 * into TUI_P_CURVE, and those whose own rectangle the layout leaves out (the
 * distributions and the timeline below TUI_WIDE_COLS x TUI_WIDE_LINES), each
 * in the runs its row names. */
struct tui_pane_def {
	const char *name;	/* as the help and the man page name it */
	enum tui_pane slot;	/* the rectangle it draws into */
	struct tui_size min;	/* lines and columns it needs, borders included;
				 * 0: no need of its own */
	tui_pane_fn draw;
	enum tui_action action;	/* the key's action that shows it in its slot */
	enum tui_pane_runs runs;	/* TUI_A_LOWER: the runs whose p cycle it
					 * joins; otherwise TUI_R_ALL */
	const char *help;	/* what it shows, one line for the help */
};

/* The entries the tests name; tui_panes.c declares every row itself, so a new
 * pane needs no line here. */
extern const struct tui_pane_def tui_pane_header, tui_pane_stream, tui_pane_prose,
    tui_pane_detail, tui_pane_slowmo, tui_pane_cost, tui_pane_stats, tui_pane_speedup,
    tui_pane_curve, tui_pane_dist, tui_pane_timeline, tui_pane_tree, tui_pane_keybar,
    tui_pane_metrics;

/* The pane table, in the order the help lists the panes: one entry in each
 * pane's file, one row each in tui_panes.c. */
extern const struct tui_pane_def *const tui_pane_table[];
extern const int tui_npanes;

#define TUI_PANE_NAME_MAX 13	/* columns of a pane's name in the help */
#define TUI_PANE_HELP_MAX 54	/* columns of its line: the help page fits 72 */

/* The pane rectangle slot shows with v, or NULL. */
const struct tui_pane_def *tui_pane_for(enum tui_pane slot, const struct tui_view *v);

/* The pane the help names name, or NULL. */
const struct tui_pane_def *tui_pane_named(const char *name);

/* The kinds of run, or-ed, that the cycle functions take as runs. */
#define TUI_RUN_TREE 1		/* a tree run */
#define TUI_RUN_METRICS 2	/* polling --metrics URL */

/* Whether d is in p's cycle under lay, in runs of the kinds runs. */
int tui_pane_in_cycle(const struct tui_pane_def *d, const struct tui_layout *lay, int runs);

/* The pane after cur in p's cycle, round to its first; the first when cur is
 * not in the cycle (NULL included). */
const struct tui_pane_def *tui_pane_next_lower(const struct tui_pane_def *cur,
    const struct tui_layout *lay, int runs);

/* What each rectangle needs: for each slot, the largest need of the panes
 * drawn into it (the roofline's, TUI_A_BATCH_UP, only in a run on a machine:
 * machine 1); the layout's input. */
void tui_pane_min_sizes(struct tui_size min[TUI_P_COUNT], int machine);

/* The token of step s the step detail selects: position when the step has it,
 * else the last tested draft (the rejected one, or the last accepted before a
 * bonus). In tui_pane_detail.c. */
int tui_detail_selected(const struct spec_step *s, int position);

/* The step shown on screen row y, column x, of the token stream at pane, as steps
 * back from the newest into *back, when the selected step is selected; 0 when
 * (y, x) is not on a step row (the border, the legend). In tui_pane_stream.c. */
int tui_stream_step_at(const struct tui_rect *pane, size_t selected, int y, int x,
    size_t *back);

#endif
