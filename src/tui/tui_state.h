/* tui_state.h: the live view's state, shared by its loop (tui.c), its frame
 * (tui_frame.c), its actions (tui_actions.c, tui_slowmo.c), and its host
 * (tui_host.c, tui_lesson_host.c); nothing outside src/tui includes it. */
#ifndef SPECDEC_TUI_STATE_H
#define SPECDEC_TUI_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "metrics/metrics_poll.h"
#include "sim/sim.h"
#include "sim/slowmo_play.h"
#include "util/asciicast.h"
#include "util/errmsg.h"
#include "view/tui_layout.h"

struct options;
#include "tui/tui_keys.h"
#include "tui/tui_lesson.h"
#include "tui/tui_panes.h"
#include "tui/tui_term.h"

#define TUI_FRAME_S (1.0 / 30.0)	/* the steady frame period when running fast */
#define TUI_SLOWMO_STAGE_S 1.5	/* slow motion: seconds a stage stays, for narration */

/* The screen: its windows, and what drawing them costs. */
struct tui_screen {
	struct tui_term term;
	struct tui_layout lay;
	struct tui_layout shown;	/* lay above the lesson's band: the windows' */
	int band;		/* the band's lines the windows leave free */
	enum tui_pane keep;	/* the pane they keep whole (TUI_P_COUNT: none) */
	WINDOW *win[TUI_P_COUNT];
	WINDOW *help;		/* the help overlay's page, or NULL */
	int dirty;		/* a key changed something: draw before stepping */
	double frame_start;	/* when the last frame began stepping */
	uint64_t frames, max_frames;	/* drawn, and --frames (0: no end) */
	double draw_total, draw_max;	/* seconds spent drawing, for SPECDEC_TIMING */
	struct sim_figures fig;	/* the figures drawn (sim_figures_vocab's part
				 * kept between frames: tui_frame.c) */
	double vocab_at, vocab_cost;	/* when that part was last made, its cost */
	/* p's cycle: tui_pane_next_lower, set by tui.c. The key's action reaches
	 * the pane table through it rather than by name, since the table's key
	 * bar uses the key table, whose rows name the actions. */
	const struct tui_pane_def *(*next_lower)(const struct tui_pane_def *cur,
	    const struct tui_layout *lay, int runs);
};

/* What the panes show of the model: the selection and the views the keys pick. */
struct tui_look {
	int show_help;		/* 0, 1: the keys, 2: what the figures mean, 3: the
				 * panes */
	int help_page;		/* the keys page shown (from 0) */
	size_t selected;	/* paused: the step shown, 0 the newest */
	int token;		/* the step detail's token, or -1: the default */
	int position;		/* the distributions' position; -1: the step's last */
	int tree_walk;		/* the tree pane's walk (tui_view); -1: all shown */
	const struct tui_pane_def *lower;	/* the right-hand lower pane's view */
	int text_mode;		/* the stream shows the text as prose */
	char status[256];	/* the key bar's message until status_until */
	double status_until;
	int shot_pending;	/* w: write the screen once the keys before it are drawn */
	const char *preset;	/* --preset's name, or NULL */
	char *prompt;		/* --prompt, escaped for the screen, or NULL */
	double target_alpha;	/* --target-alpha (or the preset's); 0: none */
	double target_noise;	/* the noise solved for it */
	const char *source;	/* the header's name of the source, or NULL: its own */
};

/* The pace of the run: paused or its rate, when the next step is due, and the
 * rate the machine keeps up. */
struct tui_pace {
	int paused;
	double rate;		/* steps/s; 0: as fast as it goes */
	double next_step;
	double deadline;	/* --duration's end, or 0 */
	double measure_t0, measured_rate;
	uint64_t measure_steps0;
	int measured;		/* measured_rate covers a full window at this speed */
	int fell_short;		/* this window dropped a backlog of due steps */
	int short_of_rate;	/* the last window did, and ran below the rate */
};

/* Slow motion: a chain step's stages, or a tree run's walk node by node. */
struct tui_slow {
	struct slowmo_play play;	/* the step and its stage */
	int automatic;		/* stages advance every TUI_SLOWMO_STAGE_S */
	int tree_auto;		/* a tree run's walk advances the same way */
	double next;		/* when the next stage is due */
};

/* The lesson being run (tui_lesson_host.c). */
struct tui_lesson_run {
	struct tui_lesson *lesson;	/* or NULL */
	double wake;		/* when it wants to run again; 0: no time */
	uint64_t stop_at;	/* a wait: pause when the step count is here */
	double rate_after;	/* the rate after a hurried wait; 0: none */
	char err[ERRMSG_MAX];	/* a set line that failed to open its source */
	int failed;		/* then the sim is closed */
};

/* What the view opened and how it ends (tui_host.c). */
struct tui_host {
	struct metrics_poller *poller;	/* --metrics URL's, or NULL */
	struct metrics_poll_view *mview;	/* its latest snapshot */
	char *metrics_url;	/* the URL, escaped */
	double metrics_c, metrics_k;	/* the costs it predicts with */
	unsigned long mview_polls;	/* the polls the frame drawn showed */
	long mview_second;	/* and the second of the poller's clock */
	int sim_open;
	int recording;
	struct asciicast rec;	/* --record */
	int quit;		/* q */
	int hung_up;		/* the terminal went away: end, status 129 */
};

struct tui {
	struct sim sim;
	struct tui_screen scr;
	struct tui_look look;
	struct tui_pace pace;
	struct tui_slow slow;
	struct tui_lesson_run les;
	struct tui_host host;
};

/* The kinds of run t is (TUI_RUN_*), for p's cycle; inline, so that the key's
 * action and the frame both reach it without using each other. */
static inline int
tui_runs(const struct tui *t)
{
	return (sim_is_tree(&t->sim) ? TUI_RUN_TREE : 0) |
	    (t->host.poller != NULL ? TUI_RUN_METRICS : 0);
}

/* tui_frame.c: the windows made for the layout of the screen's size, and freed;
 * one frame (every window, then one doupdate). */
void tui_frame_layout(struct tui *t);

/* tui_host.c: --metrics URL's latest poll taken; the frame marked to be drawn
 * when it is new or its age has gone up a second. */
void tui_host_metrics_tick(struct tui *t);
void tui_frame_free(struct tui *t);
void tui_frame_draw(struct tui *t);

/* tui_pace.c: start a new window of the measured rate (a change of speed, a
 * pause); pause or resume (the selection back to the newest step); a message
 * on the key bar for a few seconds. */
void tui_pace_restart(struct tui *t, double now);
void tui_set_paused(struct tui *t, int paused);
void tui_set_status(struct tui *t, const char *msg);

/* tui_input.c: key code ch (its row's handler, or why it does nothing here);
 * action a as its row does it, without asking why not (the mouse); a mouse
 * event. */
void tui_input_key(struct tui *t, int ch);
void tui_input_do(struct tui *t, enum tui_action a);
void tui_input_mouse(struct tui *t);

/* tui_slowmo.c: the step slow motion plays (NULL when it is off or another
 * step is shown), its last stage, whether the stage waits for its verdict's
 * key, m's effect, and the automatic stages that are due. */
const struct sim_entry *tui_slowmo_entry(const struct tui *t);
int tui_slowmo_last(const struct tui *t);
int tui_slowmo_asking(const struct tui *t);
void tui_slowmo_key(struct tui *t);
void tui_slowmo_tick(struct tui *t, double now);

/* tui_lesson_host.c: the hooks a lesson drives the view through; a wait whose
 * steps have run (1: the view paused there); the lesson's next items (1 when
 * a set line failed: the view ends). */
struct tui_lesson_host tui_lesson_hooks(struct tui *t);
int tui_lesson_stop(struct tui *t);
int tui_lesson_tick(struct tui *t, double now);

/* tui_host.c: what the view needs before the screen opens (the sim, the lesson,
 * the recording; a usage error: its line on stderr, status USAGE), the screen
 * opened, and everything closed at the end with the exit status. */
int tui_host_open(struct tui *t, const struct options *opt);
int tui_host_close(struct tui *t, const struct options *opt);

#endif
