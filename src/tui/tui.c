/* tui.c: the event loop of the live view. It sleeps in wgetch until a key, a
 * signal, or the next step or frame is due; steps the model; has the frame
 * drawn (tui_frame.c). The keys' actions are tui_actions.c's, what the view
 * opens and closes around the loop tui_host.c's. */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "cli/cli.h"
#include "util/clock.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/xalloc.h"
#include "tui/tui.h"
#include "tui/tui_help.h"
#include "tui/tui_shot.h"
#include "tui/tui_state.h"

#define STEP_BUDGET 0.8		/* share of a frame spent stepping at full speed */
#define MEASURE_S 0.5		/* the measured rate's window */
#define MAX_WAIT_MS 1000	/* longest sleep: a signal that lands just before
				 * wgetch blocks is still seen within a second */
#define HELP_PAGES 3		/* keys (one page or more), figures, panes; ? turns
				 * the page */

static void
measure_rate(struct tui *t, double now)
{
	if (now - t->pace.measure_t0 < MEASURE_S)
		return;
	t->pace.measured_rate = (double)(t->sim.steps_total - t->pace.measure_steps0) /
	    (now - t->pace.measure_t0);
	t->pace.measured = 1;
	t->pace.short_of_rate = t->pace.fell_short && t->pace.measured_rate < 0.95 * t->pace.rate;
	t->pace.fell_short = 0;
	t->pace.measure_t0 = now;
	t->pace.measure_steps0 = t->sim.steps_total;
}

/* Run the steps that are due (at full speed: for most of a frame); returns how
 * many ran. The clock is read after every step, so one slow step (a large
 * vocabulary) overruns the budget by at most itself. A backlog the machine
 * cannot catch up with is forgotten, and the header then shows the rate run. */
static int
run_due(struct tui *t, double now)
{
	double budget_end = now + STEP_BUDGET * TUI_FRAME_S;
	int n = 0;

	if (t->pace.rate <= 0.0) {
		do {
			if (tui_lesson_stop(t))
				break;
			sim_step(&t->sim);
			n++;
		} while (clock_seconds() < budget_end);
	} else {
		while (t->pace.next_step <= now && !tui_lesson_stop(t)) {
			sim_step(&t->sim);
			t->pace.next_step += 1.0 / t->pace.rate;
			n++;
			if (clock_seconds() >= budget_end)
				break;
		}
		if (t->pace.next_step < now - TUI_FRAME_S) {
			t->pace.next_step = now;
			t->pace.fell_short = 1;
		}
	}
	measure_rate(t, clock_seconds());
	return n;
}

/* Milliseconds until the next step, frame or deadline, at most MAX_WAIT_MS. */
static int
wait_ms(const struct tui *t, double now)
{
	double wake = now + MAX_WAIT_MS / 1000.0, ms;

	if (!t->pace.paused && t->pace.rate <= 0.0)
		wake = t->scr.frame_start + TUI_FRAME_S;
	else if (!t->pace.paused)
		wake = t->pace.rate > 1.0 / TUI_FRAME_S && t->scr.frame_start + TUI_FRAME_S > t->pace.next_step ?
		    t->scr.frame_start + TUI_FRAME_S : t->pace.next_step;
	if (t->pace.deadline > 0.0 && t->pace.deadline < wake)
		wake = t->pace.deadline;
	if (((t->slow.automatic && t->slow.play.stage > 0 && !tui_slowmo_asking(t)) ||
	    t->slow.tree_auto) && t->slow.next < wake)
		wake = t->slow.next;
	if (t->look.status_until > 0.0 && t->look.status_until < wake)
		wake = t->look.status_until;
	if (t->les.wake > 0.0 && t->les.wake < wake)
		wake = t->les.wake;
	if (t->scr.max_frames > 0 && t->scr.frame_start + TUI_FRAME_S < wake)
		wake = t->scr.frame_start + TUI_FRAME_S;
	ms = ceil((wake - now) * 1000.0);
	return ms < 0.0 ? 0 : ms > MAX_WAIT_MS ? MAX_WAIT_MS : (int)ms;
}

/* Forget the status message once its time is up. */
static void
status_expire(struct tui *t, double now)
{
	if (t->look.status_until > 0.0 && now >= t->look.status_until) {
		t->look.status_until = 0.0;
		t->scr.dirty = 1;
	}
}

/* The screen into two files, with the keys taken before w drawn first (a paste
 * draws once at its end); the status line says where, or why not. */
static void
write_shot(struct tui *t)
{
	char msg[sizeof t->look.status];

	if (t->scr.dirty)
		tui_frame_draw(t);
	tui_shot_write(t->sim.steps_total, time(NULL), msg, sizeof msg);
	tui_set_status(t, msg);
}

/* A key over the help: ? the next keys page, the figures after the last, the
 * panes after them; any other key, or ? on the panes, closes it. */
static void
help_turn(struct tui *t, int ch)
{
	struct tui_help_layout h;

	if (tui_keys_action(ch) != TUI_A_HELP) {
		t->look.show_help = 0;
		return;
	}
	tui_help_place(COLS, LINES, t->look.help_page, &h);
	if (t->look.show_help == 1 && h.page + 1 < h.npages)
		t->look.help_page = h.page + 1;
	else
		t->look.show_help = t->look.show_help < HELP_PAGES ? t->look.show_help + 1 : 0;
}

static void
on_key(struct tui *t, int ch)
{
	t->scr.dirty = 1;
	if (ch == KEY_RESIZE) {
		tui_frame_layout(t);
		return;
	}
	if (ch == KEY_MOUSE && !t->look.show_help) {
		tui_input_mouse(t);
		return;
	}
	if (t->look.show_help) {
		help_turn(t, ch);
		if (t->scr.help != NULL)
			delwin(t->scr.help);
		t->scr.help = NULL;
		return;
	}
	if (t->les.lesson != NULL && tui_lesson_key(t->les.lesson, ch, clock_seconds()))
		return;
	tui_input_key(t, ch);
	if (t->look.shot_pending) {
		t->look.shot_pending = 0;
		write_shot(t);
	}
}

/* Keys already waiting (a paste, a held key) are all taken before the next frame
 * is drawn, up to this many, so that a long paste does not keep q or Ctrl-C
 * waiting behind a redraw for each key. */
#define DRAIN_MAX 4096

/* Wait up to wait ms for a key, then take every key already waiting. 1 when the
 * loop must end: a quit signal, q, or the terminal gone (t->host.hung_up). */
static int
read_keys(struct tui *t, int wait)
{
	int ch, n = 0;

	wtimeout(stdscr, wait);
	for (;;) {
		tui_term_job_control(&t->scr.term);
		ch = wgetch(stdscr);
		if (tui_term_signal() != 0)
			return 1;
		if (ch == ERR) {
			t->host.hung_up = tui_term_hung_up();
			return t->host.hung_up;
		}
		on_key(t, ch);
		if (t->host.quit || ++n >= DRAIN_MAX)
			return t->host.quit;
		wtimeout(stdscr, 0);
	}
}

static void
loop(struct tui *t)
{
	double now;
	int stepped = 0, frame_due;

	for (;;) {
		now = clock_seconds();
		if (t->host.recording && tui_term_resized(&t->scr.term))
			tui_frame_layout(t);
		tui_slowmo_tick(t, now);
		if (tui_lesson_tick(t, now))
			return;
		/* --frames counts frame periods, paused or not */
		frame_due = 0;
		if (now >= t->scr.frame_start + TUI_FRAME_S) {
			t->scr.frame_start = now;
			frame_due = t->scr.max_frames > 0;
		}
		status_expire(t, now);
		tui_host_metrics_tick(t);
		/* A key's effect is drawn first, before another frame of steps
		 * (but a held key does not stop the stepping). */
		stepped = !t->pace.paused && !(t->scr.dirty && stepped > 0) ? run_due(t, now) : 0;
		if (t->scr.dirty || stepped > 0 || frame_due) {
			tui_frame_draw(t);
			if (t->scr.max_frames > 0 && t->scr.frames >= t->scr.max_frames)
				return;
		}
		now = clock_seconds();
		if ((t->pace.deadline > 0.0 && now >= t->pace.deadline) || tui_term_signal() != 0)
			return;
		if (read_keys(t, wait_ms(t, now)))
			return;
	}
}

int
tui_run(const struct options *opt)
{
	struct tui *t = xcalloc(1, sizeof *t);
	int sig, rc;

	t->scr.next_lower = tui_pane_next_lower;
	if ((rc = tui_host_open(t, opt)) != EXIT_STATUS_OK) {
		free(t);
		return rc;
	}
	t->pace.rate = opt->rate;
	t->pace.paused = opt->paused || t->les.lesson != NULL;
	t->look.position = t->look.token = t->look.tree_walk = -1;
	t->scr.max_frames = opt->frames;
	t->look.preset = opt->preset_name;
	t->look.prompt = opt->prompt != NULL ? escape_text(opt->prompt) : NULL;
	t->look.target_alpha = opt->target_alpha;
	t->look.target_noise = opt->noise;
	t->pace.measure_t0 = t->pace.next_step = clock_seconds();
	t->pace.deadline = opt->duration > 0.0 ? t->pace.measure_t0 + opt->duration : 0.0;
	sim_keep_views(&t->sim, 1);
	t->look.lower = sim_is_tree(&t->sim) ? &tui_pane_tree : NULL;	/* NULL: p's first */
	if (t->host.poller != NULL)
		t->look.lower = &tui_pane_metrics;
	tui_frame_layout(t);
	t->scr.dirty = 1;
	loop(t);
	rc = tui_host_close(t, opt);
	sig = tui_term_signal();
	free(t);
	if (sig != 0 && sig != SIGINT)	/* Ctrl-C quits as q does */
		tui_term_reraise(sig);
	return rc;
}
