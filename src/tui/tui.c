/* tui.c: the event loop of the live view. It sleeps in wgetch until a key, a
 * signal, or the next step or frame is due; steps the model; draws each pane into
 * its window and sends the frame with one doupdate. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "sim/checks.h"
#include "cli/cli.h"
#include "cli/cli_table.h"
#include "util/clock.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "sim/sim.h"
#include "sim/slowmo_play.h"
#include "cli/sim_setup.h"
#include "tui/tui.h"
#include "tui/tui_figures.h"
#include "tui/tui_help.h"
#include "tui/tui_keys.h"
#include "tui/tui_lesson.h"
#include "lesson/lesson.h"
#include "lesson/lesson_run.h"
#include "view/tui_layout.h"
#include "tui/tui_panes.h"
#include "tui/tui_shot.h"
#include "tui/tui_term.h"
#include "util/asciicast.h"
#include "util/xalloc.h"

#define FRAME_S (1.0 / 30.0)	/* the steady frame period when running fast */
#define STEP_BUDGET 0.8		/* share of a frame spent stepping at full speed */
#define FIGURES_PERIOD_S 0.25	/* at full speed, the figures over the vocabulary
				 * are made at least this often ... */
#define FIGURES_CHEAP_S 0.002	/* ... and every frame when they cost less */
#define MEASURE_S 0.5		/* the measured rate's window */
#define STATUS_S 4.0		/* how long a status message stays */
#define MAX_WAIT_MS 1000	/* longest sleep: a signal that lands just before
				 * wgetch blocks is still seen within a second */

#define HELP_PAGES 3		/* keys, figures, panes; ? turns the page */
#define SLOWMO_STAGE_S 1.5	/* slow motion: seconds a stage stays, for narration */

/* The speeds > and < move between; 0 is "as fast as it goes". */
static const double speeds[] = {
	1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5,
	1e6, 0,
};
#define NSPEEDS ((int)(sizeof speeds / sizeof speeds[0]))

struct tui {
	struct sim sim;
	struct tui_term term;
	struct tui_layout lay;
	WINDOW *win[TUI_P_COUNT];
	WINDOW *help;
	int paused, dirty, quit;
	int show_help;		/* 0, 1: the keys, 2: what the figures mean, 3: the
				 * panes */
	double rate;		/* steps/s; 0: as fast as it goes */
	size_t selected;
	int token;		/* the step detail's token, or -1: the default */
	char status[256];	/* the key bar's message until status_until */
	int text_mode;		/* the stream shows the text as prose */
	double status_until;
	double next_step, last_frame, deadline;
	double frame_start;	/* when the last frame began stepping */
	uint64_t frames, max_frames;
	int hung_up;		/* the terminal went away: end, status 129 */
	double measure_t0, measured_rate;
	uint64_t measure_steps0;
	int measured;		/* measured_rate covers a full window at this speed */
	int fell_short;		/* this window dropped a backlog of due steps */
	int short_of_rate;	/* the last window did, and ran below the rate */
	double draw_total, draw_max;	/* seconds spent drawing, for SPECDEC_TIMING */
	struct sim_figures fig;	/* the figures drawn (sim_figures_vocab's part
				 * kept between frames: vocab_figures_due) */
	double vocab_at, vocab_cost;	/* when that part was last made, its cost */
	enum tui_lower lower;	/* the right-hand lower pane's view */
	int position;		/* the distributions' position; -1: the step's last */
	int tree_walk;		/* the tree pane's walk (tui_view); -1: all shown */
	int tree_auto;		/* slow motion in a tree run: the walk advances
				 * one node every SLOWMO_STAGE_S */
	struct slowmo_play slowmo;	/* slow motion's step and stage */
	struct tui_lesson *lesson;	/* the lesson being run, or NULL */
	double lesson_wake;	/* when the lesson wants to run again; 0: no time */
	uint64_t stop_at;	/* a lesson's wait: pause when the step count is here */
	double rate_after;	/* the rate to go back to after a hurried wait; 0: none */
	char lesson_err[ERRMSG_MAX];	/* a set line that failed to open its source */
	int lesson_failed;	/* then the sim is closed */
	int sim_open;
	struct asciicast rec;	/* --record */
	int recording;
	int slowmo_auto;	/* stages advance every SLOWMO_STAGE_S */
	double slowmo_next;	/* when the next stage is due */
	const char *preset;	/* --preset's name, or NULL */
	char *prompt;		/* --prompt, escaped for the screen, or NULL */
	double target_alpha;	/* --target-alpha (or the preset's); 0: none */
	double target_noise;	/* the noise solved for it */
};

static int slowmo_asking(const struct tui *t);

static void
free_windows(struct tui *t)
{
	int i;

	for (i = 0; i < TUI_P_COUNT; i++)
		if (t->win[i] != NULL) {
			delwin(t->win[i]);
			t->win[i] = NULL;
		}
	if (t->help != NULL) {
		delwin(t->help);
		t->help = NULL;
	}
}

static void
relayout(struct tui *t)
{
	struct tui_size min[TUI_P_COUNT];
	int i;

	free_windows(t);
	tui_pane_min_sizes(min);
	if (!tui_layout_compute(COLS, LINES, min, &t->lay))
		return;
	for (i = 0; i < TUI_P_COUNT; i++) {
		const struct tui_rect *r = &t->lay.pane[i];

		t->win[i] = r->h > 0 ? newwin(r->h, r->w, r->y, r->x) : NULL;
	}
	if (t->lay.wide && t->lower >= TUI_L_DIST && t->lower != TUI_L_TREE)
		t->lower = TUI_L_SPEEDUP;
	t->dirty = 1;
}

static void
draw_help(struct tui *t, const struct tui_view *v)
{
	struct tui_help_layout h;
	struct tui_rect r;

	if (t->show_help >= 2) {
		r = t->show_help == 2 ? tui_figures_place(COLS, LINES) :
		    tui_help_list_place(&tui_help_panes, COLS, LINES);
		if (t->help == NULL && (t->help = newwin(r.h, r.w, r.y, r.x)) == NULL)
			return;
		if (t->show_help == 2)
			tui_draw_figures(t->help, v->term);
		else
			tui_help_list_draw(t->help, &tui_help_panes, v->term);
		wnoutrefresh(t->help);
		return;
	}
	tui_help_place(COLS, LINES, &h);
	if (t->help == NULL &&
	    (t->help = newwin(h.win.h, h.win.w, h.win.y, h.win.x)) == NULL)
		return;
	tui_draw_help(t->help, &h, v);
	wnoutrefresh(t->help);
}

/* The step slow motion plays (held back by the sim until its last stage), or
 * NULL when slow motion is off or the panes show another step. */
static const struct sim_entry *
slowmo_entry(const struct tui *t)
{
	if (t->paused && t->selected != 0)
		return NULL;
	return slowmo_play_entry(&t->slowmo, &t->sim);
}

/* Whether this frame makes the figures over the vocabulary afresh: always
 * but at full speed (paused, a key's effect, a rate up to the frame rate);
 * at full speed when they cost under FIGURES_CHEAP_S or FIGURES_PERIOD_S
 * has passed, so a large vocabulary does not make every frame slow. */
static int
vocab_figures_due(const struct tui *t, double now)
{
	if (t->paused || t->dirty || (t->rate > 0.0 && t->rate <= 1.0 / FRAME_S))
		return 1;
	return t->vocab_cost < FIGURES_CHEAP_S || now - t->vocab_at >= FIGURES_PERIOD_S;
}

static void
make_figures(struct tui *t)
{
	double now = clock_seconds();

	sim_figures_light(&t->sim, &t->fig);
	if (!vocab_figures_due(t, now))
		return;
	sim_figures_vocab(&t->sim, &t->fig);
	t->vocab_at = now;
	t->vocab_cost = clock_seconds() - now;
}

static void
draw_panes(struct tui *t)
{
	const struct tui_pane_def *d;
	struct tui_view v;
	int i;

	sim_keep_newest(&t->sim);
	make_figures(t);
	memset(&v, 0, sizeof v);
	v.term = &t->term;
	v.fig = &t->fig;
	v.tv_pass = checks_tv_passes(&t->fig);
	v.paused = t->paused;
	v.rate = t->rate;
	v.measured_rate = t->measured_rate;
	v.measured = t->measured;
	v.short_of_rate = t->short_of_rate;
	v.selected = t->selected;
	v.lower = t->lower;
	v.position = t->position;
	v.slowmo_entry = slowmo_entry(t);
	v.slowmo_stage = v.slowmo_entry != NULL ? t->slowmo.stage : 0;
	v.slowmo_auto = t->slowmo_auto;
	v.slowmo_ask = slowmo_play_ask_now(&t->slowmo);
	v.token = t->token;
	v.status = t->status_until > 0.0 ? t->status : NULL;
	v.text_mode = t->text_mode;
	v.tree_walk = t->tree_walk;
	v.preset = t->preset;
	v.prompt = t->prompt;
	if (t->target_alpha > 0.0 && t->sim.par.noise == t->target_noise)
		v.target_alpha = t->target_alpha;	/* while the noise is the solved one */
	for (i = 0; i < TUI_P_COUNT; i++)
		if (t->win[i] != NULL && (d = tui_pane_for((enum tui_pane)i, &v)) != NULL) {
			d->draw(t->win[i], &t->sim, &v);
			wnoutrefresh(t->win[i]);
		}
	if (t->lesson != NULL)
		tui_lesson_draw(t->lesson, &t->term);
	if (t->show_help)
		draw_help(t, &v);
}

/* One frame: every window refreshed into the virtual screen, then one doupdate. */
static void
draw(struct tui *t)
{
	double t0 = clock_seconds(), dt;

	if (!t->lay.fits) {
		tui_draw_small(stdscr, t->lay.need_cols, t->lay.need_lines);
		wnoutrefresh(stdscr);
	} else {
		wnoutrefresh(stdscr);	/* keeps wgetch from repainting stdscr over us */
		draw_panes(t);
	}
	doupdate();
	t->frames++;
	t->last_frame = clock_seconds();
	dt = t->last_frame - t0;
	t->draw_total += dt;
	t->draw_max = dt > t->draw_max ? dt : t->draw_max;
	t->dirty = 0;
}

/* Start a new window of the measured rate (after a change of speed or a pause). */
static void
measure_restart(struct tui *t, double now)
{
	t->measure_t0 = now;
	t->measure_steps0 = t->sim.steps_total;
	t->measured = t->fell_short = t->short_of_rate = 0;
}

static void
measure_rate(struct tui *t, double now)
{
	if (now - t->measure_t0 < MEASURE_S)
		return;
	t->measured_rate = (double)(t->sim.steps_total - t->measure_steps0) /
	    (now - t->measure_t0);
	t->measured = 1;
	t->short_of_rate = t->fell_short && t->measured_rate < 0.95 * t->rate;
	t->fell_short = 0;
	t->measure_t0 = now;
	t->measure_steps0 = t->sim.steps_total;
}

/* A lesson's wait has run its steps: the view pauses there, as the headless
 * run stops, and the lesson goes on at once, not at the paused view's next
 * wake (1 when it did). */
static int
lesson_stop(struct tui *t)
{
	if (t->stop_at == 0 || t->sim.steps_total < t->stop_at)
		return 0;
	t->stop_at = 0;
	t->paused = 1;
	t->lesson_wake = clock_seconds();
	if (t->rate_after > 0.0)
		t->rate = t->rate_after;
	t->rate_after = 0.0;
	return 1;
}

/* Run the steps that are due (at full speed: for most of a frame); returns how
 * many ran. The clock is read after every step, so one slow step (a large
 * vocabulary) overruns the budget by at most itself. A backlog the machine
 * cannot catch up with is forgotten, and the header then shows the rate run. */
static int
run_due(struct tui *t, double now)
{
	double budget_end = now + STEP_BUDGET * FRAME_S;
	int n = 0;

	if (t->rate <= 0.0) {
		do {
			if (lesson_stop(t))
				break;
			sim_step(&t->sim);
			n++;
		} while (clock_seconds() < budget_end);
	} else {
		while (t->next_step <= now && !lesson_stop(t)) {
			sim_step(&t->sim);
			t->next_step += 1.0 / t->rate;
			n++;
			if (clock_seconds() >= budget_end)
				break;
		}
		if (t->next_step < now - FRAME_S) {
			t->next_step = now;
			t->fell_short = 1;
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

	if (!t->paused && t->rate <= 0.0)
		wake = t->frame_start + FRAME_S;
	else if (!t->paused)
		wake = t->rate > 1.0 / FRAME_S && t->frame_start + FRAME_S > t->next_step ?
		    t->frame_start + FRAME_S : t->next_step;
	if (t->deadline > 0.0 && t->deadline < wake)
		wake = t->deadline;
	if (((t->slowmo_auto && t->slowmo.stage > 0 && !slowmo_asking(t)) ||
	    t->tree_auto) && t->slowmo_next < wake)
		wake = t->slowmo_next;
	if (t->status_until > 0.0 && t->status_until < wake)
		wake = t->status_until;
	if (t->lesson_wake > 0.0 && t->lesson_wake < wake)
		wake = t->lesson_wake;
	if (t->max_frames > 0 && t->frame_start + FRAME_S < wake)
		wake = t->frame_start + FRAME_S;
	ms = ceil((wake - now) * 1000.0);
	return ms < 0.0 ? 0 : ms > MAX_WAIT_MS ? MAX_WAIT_MS : (int)ms;
}

/* The next value on the 1-2-5 ladder above (up) or below x, kept in [lo,
 * hi]: below the smallest step comes lo, above the largest hi. From outside
 * [lo, hi] a key toward it lands on its end and a key away from it leaves x
 * alone: x never moves the other way. */
static double
ladder(double x, int up, double lo, double hi)
{
	static const double mant[3] = { 1, 2, 5 };
	double best = up ? hi : lo, v;
	int e, i;

	for (e = -4; e <= 7; e++)
		for (i = 0; i < 3; i++) {
			v = mant[i] * pow(10.0, e);
			if (up && v > x * (1 + 1e-9) && v < best)
				best = v;
			if (!up && v < x * (1 - 1e-9) && v > best)
				best = v;
		}
	best = fmin(fmax(best, lo), hi);
	return up ? fmax(best, x) : fmin(best, x);
}

#define THRESHOLD_MIN 0.01	/* x stops here: a schedule's P or T of 0 drafts all */

/* A finer ladder for the draft cost ratio c and the schedules' P and T: steps of
 * 0.01 up to 0.1, of 0.05 up to 1, then the 1-2-5 ladder, kept in [lo, hi]
 * as ladder keeps it. */
static double
fine_ladder(double x, int up, double lo, double hi)
{
	const double e = 1e-9;
	double v;

	if (up ? x >= 1.0 - e : x > 1.0 + e)
		return ladder(x, up, 1.0, hi);
	if (up)
		v = x < 0.1 - e ? (floor(x * 100.0 + e) + 1.0) / 100.0 :
		    (floor(x * 20.0 + e) + 1.0) / 20.0;
	else
		v = x <= 0.1 + e ? (ceil(x * 100.0 - e) - 1.0) / 100.0 :
		    (ceil(x * 20.0 - e) - 1.0) / 20.0;
	v = v < lo + e ? lo : v > hi - e ? hi : v;
	return up ? fmax(v, x) : fmin(v, x);
}

/* The range the command line accepts for option name (cli_table.c): the keys'
 * ladders stay inside it. */
static void
option_range(const char *name, double *lo, double *hi)
{
	const struct cli_option *o = cli_table_find(name);

	*lo = o->min;
	*hi = o->max;
}

/* t and T: the target cost's next step, in --target-ms's range. */
static double
target_step(double tm, int up)
{
	double lo, hi;

	option_range("target-ms", &lo, &hi);
	return ladder(tm, up, lo, hi);
}

/* d and D: the draft cost's next step, its ratio c = D/T in --cost-ratio's range
 * and D in --draft-ms's. */
static double
draft_step(double tm, double dm, int up)
{
	double lo, hi, dlo, dhi;

	option_range("cost-ratio", &lo, &hi);
	option_range("draft-ms", &dlo, &dhi);
	hi = fmin(hi, dhi / tm);
	return tm * fine_ladder(dm / tm, up, fmax(lo, dlo / tm), hi);
}

/* x and X: the schedule's threshold (P or T), from THRESHOLD_MIN up to its
 * option's largest value. */
static double
threshold_step(const struct sim *s, int up)
{
	double lo, hi;

	option_range(s->par.schedule == SCHEDULE_CONFIDENCE ? "confidence-threshold" :
	    "draft-p-min", &lo, &hi);
	return fine_ladder(sim_threshold(s), up, fmax(lo, THRESHOLD_MIN), hi);
}

static void
change_speed(struct tui *t, int faster)
{
	int i;

	if (faster) {
		for (i = 0; i < NSPEEDS - 1 && t->rate > 0.0 && speeds[i] <= t->rate; i++)
			;
		t->rate = t->rate <= 0.0 ? 0.0 : speeds[i];
	} else if (t->rate <= 0.0) {
		t->rate = speeds[NSPEEDS - 2];
	} else {
		for (i = NSPEEDS - 2; i > 0 && speeds[i] >= t->rate; i--)
			;
		t->rate = speeds[i];
	}
	t->next_step = clock_seconds();
	measure_restart(t, t->next_step);
}

static void
set_paused(struct tui *t, int paused)
{
	t->paused = paused;
	t->selected = 0;
	t->position = t->token = t->tree_walk = -1;
	t->next_step = clock_seconds();
	measure_restart(t, t->next_step);
}

/* v and V: the next rule by steps of by (modulo the table) of the same kind
 * as rule: a chain run cycles the chain rules, a tree run the tree rules. */
static enum verify_rule
next_rule(enum verify_rule rule, int by)
{
	int tree = verify_has(rule, VERIFY_F_TREE), r = (int)rule, i;

	for (i = 0; i < verify_nrules; i++) {
		r = (r + by) % verify_nrules;
		if (verify_has((enum verify_rule)r, VERIFY_F_TREE) == tree)
			return (enum verify_rule)r;
	}
	return rule;
}

static double
round2(double x)
{
	return round(x * 100.0) / 100.0;
}

/* y Y z Z: the target's or the draft's temperature by a factor 1.25 (exact in
 * binary, so down after up comes back to the same value). */
static void
act_temperature(struct sim *s, enum tui_action a)
{
	double tp, tq;
	int draft = a == TUI_A_DRAFT_TEMP_DOWN || a == TUI_A_DRAFT_TEMP_UP;
	int up = a == TUI_A_TEMP_UP || a == TUI_A_DRAFT_TEMP_UP;

	if (!source_temperatures(&s->src, &tp, &tq))
		return;
	sim_set_temperature(s, draft, up ? (draft ? tq : tp) * 1.25 : (draft ? tq : tp) / 1.25);
}

static void
act_model(struct tui *t, enum tui_action a)
{
	struct sim *s = &t->sim;
	double tm = s->par.target_ms, dm = s->par.draft_ms;

	switch (a) {
	case TUI_A_GAMMA_UP:
	case TUI_A_GAMMA_DOWN:
		sim_set_gamma(s, s->par.gamma + (a == TUI_A_GAMMA_UP ? 1 : -1));
		break;
	case TUI_A_NOISE_UP:
	case TUI_A_NOISE_DOWN:
		sim_set_noise(s, round2(s->par.noise + (a == TUI_A_NOISE_UP ? 0.1 : -0.1)));
		break;
	case TUI_A_TEMP_DOWN:
	case TUI_A_TEMP_UP:
	case TUI_A_DRAFT_TEMP_DOWN:
	case TUI_A_DRAFT_TEMP_UP:
		act_temperature(s, a);
		break;
	case TUI_A_NOISE_UP_FINE:
	case TUI_A_NOISE_DOWN_FINE:
		sim_set_noise(s, round2(s->par.noise +
		    (a == TUI_A_NOISE_UP_FINE ? 0.01 : -0.01)));
		break;
	case TUI_A_TARGET_DOWN:
	case TUI_A_TARGET_UP:
		sim_set_costs(s, target_step(tm, a == TUI_A_TARGET_UP), dm);
		break;
	case TUI_A_DRAFT_DOWN:
	case TUI_A_DRAFT_UP:
		sim_set_costs(s, tm, draft_step(tm, dm, a == TUI_A_DRAFT_UP));
		break;
	case TUI_A_VERIFY_DOWN:
	case TUI_A_VERIFY_UP:
		sim_set_verify_cost(s, round2(s->par.verify_cost +
		    (a == TUI_A_VERIFY_UP ? 0.01 : -0.01)));
		break;
	case TUI_A_VERIFIER_NEXT:
	case TUI_A_VERIFIER_PREV:
		sim_set_verifier(s, next_rule(s->par.verify.rule, a == TUI_A_VERIFIER_NEXT ?
		    1 : verify_nrules - 1));
		break;
	case TUI_A_SCHEDULE_NEXT:
		sim_set_schedule(s, (enum schedule_kind)((s->par.schedule + 1) %
		    SCHEDULE_NKINDS));
		break;
	case TUI_A_LENIENCE_DOWN:
	case TUI_A_LENIENCE_UP:
		sim_set_lenience(s, round2(s->par.verify.lenience +
		    (a == TUI_A_LENIENCE_UP ? 0.05 : -0.05)));
		break;
	case TUI_A_THRESHOLD_DOWN:
	case TUI_A_THRESHOLD_UP:
		sim_set_threshold(s, threshold_step(s, a == TUI_A_THRESHOLD_UP));
		break;
	case TUI_A_RESET:
		sim_reset(s);
		break;
	case TUI_A_RESEED:
		sim_reseed(s, s->par.seed + 1);
		break;
	default:
		break;
	}
}

/* The stages of the slow-motion step, or 0 when it is not shown. */
static int
slowmo_last(const struct tui *t)
{
	return slowmo_entry(t) != NULL ? slowmo_play_last(&t->slowmo, &t->sim) : 0;
}

/* The tested nodes of the newest step's tree. */
static int
tree_tested(const struct tui *t)
{
	const struct sim_entry *e = sim_recent(&t->sim, 0);

	return e != NULL ? e->tree.ntested : 0;
}

/* m in a tree run: the walk's next node, or a new step with every verdict
 * hidden (predict, then reveal), the tree pane in view; the nodes then
 * reveal themselves one a stage. */
static void
tree_slowmo_key(struct tui *t)
{
	if (t->tree_auto || (t->tree_walk >= 0 && t->tree_walk < tree_tested(t))) {
		t->tree_walk = t->tree_walk + 1 >= tree_tested(t) ? -1 : t->tree_walk + 1;
		t->tree_auto = t->tree_walk >= 0;
	} else {
		set_paused(t, 1);
		sim_step(&t->sim);
		t->tree_walk = 0;
		t->tree_auto = 1;
		t->lower = TUI_L_TREE;
	}
	t->slowmo_next = clock_seconds() + SLOWMO_STAGE_S;
}

/* Whether the shown stage holds its verdict back, waiting for a key. */
static int
slowmo_asking(const struct tui *t)
{
	return slowmo_entry(t) != NULL && slowmo_play_asking(&t->slowmo, &t->sim);
}

/* m: reveal an asked-for verdict, else the next stage, or a new step from its
 * first stage (paced by itself unless a lesson runs), held back by the sim
 * until its last stage, with the distributions in view. */
static void
slowmo_key(struct tui *t)
{
	if (sim_is_tree(&t->sim)) {
		tree_slowmo_key(t);
		return;
	}
	if (slowmo_entry(t) == NULL && t->slowmo.stage > 0)
		t->slowmo.stage = 0;	/* another step is in view: start afresh */
	if (t->slowmo.stage == 0 || t->slowmo.stage >= slowmo_last(t))
		set_paused(t, 1);
	if (slowmo_play_key(&t->slowmo, &t->sim)) {
		t->slowmo_auto = t->lesson == NULL;
		t->position = -1;
		if (!t->lay.wide)
			t->lower = TUI_L_DIST;
	} else if (t->slowmo.stage >= slowmo_last(t)) {
		t->slowmo_auto = 0;
	}
	t->slowmo_next = clock_seconds() + SLOWMO_STAGE_S;
}

/* The automatic stages of slow motion that are due; an asked-for verdict
 * waits for its key. */
static void
slowmo_tick(struct tui *t, double now)
{
	if (t->tree_auto && now >= t->slowmo_next) {
		if (t->tree_walk < 0 || t->tree_walk + 1 >= tree_tested(t))
			t->tree_walk = -1;
		else
			t->tree_walk++;
		t->tree_auto = t->tree_walk >= 0;
		t->slowmo_next = now + SLOWMO_STAGE_S;
		t->dirty = 1;
		return;
	}
	if (!t->slowmo_auto || t->slowmo.stage == 0 || now < t->slowmo_next ||
	    slowmo_asking(t))
		return;
	if (slowmo_entry(t) == NULL || slowmo_play_advance(&t->slowmo, &t->sim))
		t->slowmo_auto = 0;
	t->slowmo_next = now + SLOWMO_STAGE_S;
	t->dirty = 1;
}

/* Left and Right: the position of the selected step whose distributions show. */
static void
move_position(struct tui *t, int by)
{
	const struct stepview *sv = sim_view(&t->sim, t->paused ? t->selected : 0);
	int n = sv != NULL ? sv->npos : 0, pos = t->position < 0 ? n - 1 : t->position;

	pos += by;
	t->position = pos < 0 ? 0 : pos >= n - 1 ? -1 : pos;
}

/* Left and Right in a tree run: the tree pane's walk, node by node in test
 * order; past the last node every verdict shows (-1). */
static void
move_tree_walk(struct tui *t, int by)
{
	const struct sim_entry *e = sim_recent(&t->sim, t->paused ? t->selected : 0);
	int n = e != NULL ? e->tree.ntested : 0, walk = t->tree_walk < 0 ? n : t->tree_walk;

	if (n == 0)
		return;
	walk += by;
	t->tree_walk = walk < 1 ? 1 : walk >= n ? -1 : walk;
}

/* p: the next view of the lower-right rectangle; a tree run's cycle starts
 * with the tree pane. */
static enum tui_lower
next_lower(const struct tui *t)
{
	enum tui_lower next;

	if (!sim_is_tree(&t->sim))
		return tui_layout_next_lower(&t->lay, t->lower);
	if (t->lower == TUI_L_TREE)
		return TUI_L_SPEEDUP;
	next = tui_layout_next_lower(&t->lay, t->lower);
	return next == TUI_L_SPEEDUP ? TUI_L_TREE : next;
}

/* Say msg on the key bar's line for STATUS_S seconds. */
static void
set_status(struct tui *t, const char *msg)
{
	snprintf(t->status, sizeof t->status, "%s", msg);
	t->status_until = clock_seconds() + STATUS_S;
	t->dirty = 1;
}

/* The screen into two files, with the keys taken before w drawn first (a paste
 * draws once at its end); the status line says where, or why not. */
static void
write_shot(struct tui *t)
{
	char msg[sizeof t->status];

	if (t->dirty)
		draw(t);
	tui_shot_write(t->sim.steps_total, time(NULL), msg, sizeof msg);
	set_status(t, msg);
}

/* Move the step detail's selected token by d within the shown step. */
static void
move_token(struct tui *t, int d)
{
	const struct sim_entry *e = sim_recent(&t->sim, t->paused ? t->selected : 0);
	int at;

	if (e == NULL || e->step.ntok == 0)
		return;
	at = tui_detail_selected(&e->step, t->token) + d;
	t->token = at < 0 ? 0 : at >= e->step.ntok ? e->step.ntok - 1 : at;
}

static void
act(struct tui *t, enum tui_action a)
{
	switch (a) {
	case TUI_A_PAUSE:
		if (t->slowmo.stage > 0 && t->slowmo.stage < slowmo_last(t)) {
			t->slowmo_auto = !t->slowmo_auto;
			t->slowmo_next = clock_seconds() + SLOWMO_STAGE_S;
			break;
		}
		t->slowmo.stage = 0;
		set_paused(t, !t->paused);
		break;
	case TUI_A_SLOWMO:
		slowmo_key(t);
		break;
	case TUI_A_SLOWMO_ASK:
		t->slowmo.ask = !t->slowmo.ask;
		set_status(t, t->slowmo.ask ? "slow motion asks before each verdict (m reveals)"
		    : "slow motion shows each verdict at once");
		break;
	case TUI_A_LOWER:
		t->lower = next_lower(t);
		break;
	case TUI_A_POS_PREV:
	case TUI_A_POS_NEXT:
		move_position(t, a == TUI_A_POS_PREV ? -1 : 1);
		move_token(t, a == TUI_A_POS_PREV ? -1 : 1);
		move_tree_walk(t, a == TUI_A_POS_PREV ? -1 : 1);
		break;
	case TUI_A_STEP:
		set_paused(t, 1);
		sim_step(&t->sim);
		break;
	case TUI_A_FASTER:
	case TUI_A_SLOWER:
		change_speed(t, a == TUI_A_FASTER);
		break;
	case TUI_A_OLDER:
		if (!t->paused)
			set_paused(t, 1);
		else if (t->selected + 1 < t->sim.ring_len)
			t->selected++;
		t->position = t->token = t->tree_walk = -1;
		break;
	case TUI_A_NEWER:
		t->selected -= t->selected > 0;
		t->position = t->token = t->tree_walk = -1;
		break;
	case TUI_A_SHOT:
		write_shot(t);
		break;
	case TUI_A_TEXT:
		t->text_mode = !t->text_mode;
		break;
	case TUI_A_REDRAW:
		clearok(curscr, TRUE);
		break;
	case TUI_A_HELP:
		t->show_help = 1;
		break;
	case TUI_A_QUIT:
		t->quit = 1;
		break;
	default:
		act_model(t, a);
		break;
	}
}

/* Forget the status message once its time is up. */
static void
status_expire(struct tui *t, double now)
{
	if (t->status_until > 0.0 && now >= t->status_until) {
		t->status_until = 0.0;
		t->dirty = 1;
	}
}

/* A click on a step row of the stream selects that step (pausing first); the
 * wheel moves the selection as the selection keys do. */
static void
on_mouse(struct tui *t)
{
	MEVENT ev;
	size_t back;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		act(t, TUI_A_OLDER);
#ifdef BUTTON5_PRESSED
	else if (ev.bstate & BUTTON5_PRESSED)
		act(t, TUI_A_NEWER);
#endif
	else if ((ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) && t->lay.fits &&
	    !t->text_mode &&
	    tui_stream_step_at(&t->lay.pane[TUI_P_STREAM], t->paused ? t->selected : 0,
	    ev.y, ev.x, &back) && back < t->sim.ring_len) {
		if (!t->paused)
			set_paused(t, 1);
		t->selected = back;
		t->position = t->token = t->tree_walk = -1;
	}
}

/* A key of the key table: its action, or why it does nothing here. */
static void
view_key(struct tui *t, int ch)
{
	const struct tui_key *k;
	struct tui_key_state st;
	char why[256];

	tui_keys_state(&t->sim, &st);
	if ((k = tui_keys_find(ch)) != NULL && tui_keys_why_not(k, &st, why,
	    sizeof why) != NULL) {
		set_status(t, why);
		return;
	}
	act(t, k != NULL ? k->action : TUI_A_NONE);
}

static void
on_key(struct tui *t, int ch)
{
	t->dirty = 1;
	if (ch == KEY_RESIZE) {
		relayout(t);
		return;
	}
	if (ch == KEY_MOUSE && !t->show_help) {
		on_mouse(t);
		return;
	}
	if (t->show_help) {
		t->show_help = t->show_help < HELP_PAGES && tui_keys_action(ch) == TUI_A_HELP ?
		    t->show_help + 1 : 0;
		if (t->help != NULL)
			delwin(t->help);
		t->help = NULL;
		return;
	}
	if (t->lesson != NULL && tui_lesson_key(t->lesson, ch, clock_seconds()))
		return;
	view_key(t, ch);
}

/* The lesson's hooks into the view (tui_lesson.h). */
static void
lesson_key(void *ctx, enum lesson_key k)
{
	static const int codes[] = {
		[LESSON_KEY_STEP] = 'n', [LESSON_KEY_SLOWMO] = 'm', [LESSON_KEY_ASK] = 'M',
		[LESSON_KEY_PANE] = 'p', [LESSON_KEY_TEXT] = 'e', [LESSON_KEY_LEFT] = KEY_LEFT,
		[LESSON_KEY_RIGHT] = KEY_RIGHT, [LESSON_KEY_UP] = KEY_UP,
		[LESSON_KEY_DOWN] = KEY_DOWN,
	};
	struct tui *t = ctx;

	t->dirty = 1;
	view_key(t, codes[k]);
}

static int
lesson_set(void *ctx, const struct lesson_item *it, char *err, size_t errlen)
{
	struct tui *t = ctx;

	t->dirty = 1;
	t->rate = it->opt->rate;
	if (!it->reopen)
		return 0;
	t->slowmo = (struct slowmo_play){ 0 };
	t->stop_at = 0;
	if (lesson_run_set(&t->sim, it, err, errlen) != 0)
		return -1;
	sim_keep_views(&t->sim, 1);
	t->preset = it->opt->preset_name;	/* what the header says of the run */
	free(t->prompt);
	t->prompt = it->opt->prompt != NULL ? escape_text(it->opt->prompt) : NULL;
	t->target_alpha = it->opt->target_alpha;
	t->target_noise = it->opt->noise;
	set_paused(t, 1);
	return 0;
}

static void
lesson_run(void *ctx, uint64_t steps)
{
	struct tui *t = ctx;

	t->stop_at = t->sim.steps_total + steps;
	t->slowmo.stage = 0;
	set_paused(t, 0);
	t->dirty = 1;
}

static void
lesson_hurry(void *ctx)
{
	struct tui *t = ctx;

	if (t->stop_at == 0 || t->rate <= 0.0)
		return;
	t->rate_after = t->rate;
	t->rate = 0.0;
	t->dirty = 1;
}

static void
lesson_marker(void *ctx, const char *label)
{
	struct tui *t = ctx;

	if (t->recording)
		asciicast_marker(&t->rec, label);
}

/* The lesson's next items, as far as they go now; 1 when a set line failed
 * (the view ends with its message). */
static int
lesson_tick(struct tui *t, double now)
{
	double wake;
	int moved;

	if (t->lesson == NULL)
		return 0;
	(void)lesson_stop(t);	/* a wait's steps run by n while paused */
	wake = tui_lesson_update(t->lesson, now, &moved, t->lesson_err,
	    sizeof t->lesson_err);
	if (wake < 0.0) {
		t->lesson_failed = 1;
		return 1;
	}
	if (moved || wake != t->lesson_wake)
		t->dirty = 1;
	t->lesson_wake = wake;
	return 0;
}

/* Keys already waiting (a paste, a held key) are all taken before the next frame
 * is drawn, up to this many, so that a long paste does not keep q or Ctrl-C
 * waiting behind a redraw for each key. */
#define DRAIN_MAX 4096

/* Wait up to wait ms for a key, then take every key already waiting. 1 when the
 * loop must end: a quit signal, q, or the terminal gone (t->hung_up). */
static int
read_keys(struct tui *t, int wait)
{
	int ch, n = 0;

	wtimeout(stdscr, wait);
	for (;;) {
		tui_term_job_control(&t->term);
		ch = wgetch(stdscr);
		if (tui_term_signal() != 0)
			return 1;
		if (ch == ERR) {
			t->hung_up = tui_term_hung_up();
			return t->hung_up;
		}
		on_key(t, ch);
		if (t->quit || ++n >= DRAIN_MAX)
			return t->quit;
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
		if (t->recording && tui_term_resized(&t->term))
			relayout(t);
		slowmo_tick(t, now);
		if (lesson_tick(t, now))
			return;
		/* --frames counts frame periods, paused or not */
		frame_due = 0;
		if (now >= t->frame_start + FRAME_S) {
			t->frame_start = now;
			frame_due = t->max_frames > 0;
		}
		status_expire(t, now);
		/* A key's effect is drawn first, before another frame of steps
		 * (but a held key does not stop the stepping). */
		stepped = !t->paused && !(t->dirty && stepped > 0) ? run_due(t, now) : 0;
		if (t->dirty || stepped > 0 || frame_due) {
			draw(t);
			if (t->max_frames > 0 && t->frames >= t->max_frames)
				return;
		}
		now = clock_seconds();
		if ((t->deadline > 0.0 && now >= t->deadline) || tui_term_signal() != 0)
			return;
		if (read_keys(t, wait_ms(t, now)))
			return;
	}
}

static void
report_timing(const struct tui *t)
{
	const char *env = getenv("SPECDEC_TIMING");

	if (env == NULL || *env == '\0' || t->frames == 0)
		return;
	fprintf(stderr, "specdec: %" PRIu64 " frames at %dx%d, draw mean %.3f ms, max %.3f ms;"
	    " %" PRIu64 " steps\n", t->frames, t->lay.cols, t->lay.lines,
	    1e3 * t->draw_total / (double)t->frames, 1e3 * t->draw_max,
	    t->sim.steps_total);
}

/* --record FILE.cast: the file made and its header written before the screen
 * opens, at the terminal's size (80x24 when it has none: the view then stops
 * at the terminal check anyway). */
static int
open_recording(struct tui *t, const struct options *opt, const char *title)
{
	struct winsize ws;
	char err[ERRMSG_MAX];
	int cols = 80, rows = 24, write_failed;

	if (opt->record == NULL)
		return EXIT_STATUS_OK;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
		cols = ws.ws_col;
		rows = ws.ws_row;
	}
	if (asciicast_open(&t->rec, opt->record, cols, rows, title != NULL ? title :
	    "specdec", &write_failed, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return write_failed ? EXIT_STATUS_RUNTIME : EXIT_STATUS_USAGE;
	}
	t->recording = 1;
	return EXIT_STATUS_OK;
}

/* What the view needs before the screen opens: the sim, and the lesson with
 * all its lines checked. A usage error: its line on stderr, status USAGE. */
static int
open_inputs(struct tui *t, const struct options *opt)
{
	struct tui_lesson_host host = { .ctx = t, .sim = &t->sim, .key = lesson_key,
	    .set = lesson_set, .run = lesson_run, .hurry = lesson_hurry,
	    .marker = lesson_marker };
	struct lesson ls;
	char err[ERRMSG_MAX], ls_title[LESSON_TEXT_MAX + 16];

	if (opt->record != NULL && asciicast_check(opt->record, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	if (opt->lesson != NULL && lesson_load(&ls, opt, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	if (opt->lesson != NULL)
		snprintf(ls_title, sizeof ls_title, "specdec: %s", ls.title);
	if (sim_setup(opt, &t->sim, err, sizeof err) != 0) {
		escape_message(stderr, err);
		if (opt->lesson != NULL)
			lesson_free(&ls);
		return EXIT_STATUS_USAGE;
	}
	t->sim_open = 1;
	if (opt->lesson != NULL)
		t->lesson = tui_lesson_new(&ls, &host);
	return open_recording(t, opt, opt->lesson != NULL ? ls_title : NULL);
}

/* The recording closed; EXIT_STATUS_RUNTIME when it could not all be written. */
static int
close_recording(struct tui *t, const struct options *opt)
{
	char err[ERRMSG_MAX];

	if (!t->recording)
		return EXIT_STATUS_OK;
	t->recording = 0;
	if (asciicast_close(&t->rec, opt->record, err, sizeof err) == 0)
		return EXIT_STATUS_OK;
	escape_message(stderr, err);
	return EXIT_STATUS_RUNTIME;
}

static void
close_inputs(struct tui *t)
{
	tui_lesson_free(t->lesson);
	if (t->sim_open && !t->lesson_failed)
		sim_close(&t->sim);
}

int
tui_run(const struct options *opt)
{
	struct tui *t = xcalloc(1, sizeof *t);
	char err[ERRMSG_MAX];
	int sig, hung_up, rc;

	if ((rc = open_inputs(t, opt)) != EXIT_STATUS_OK ||
	    tui_term_open(&t->term, t->recording ? &t->rec : NULL, err, sizeof err) != 0) {
		if (rc == EXIT_STATUS_OK)
			escape_message(stderr, err);
		if (t->recording) {
			(void)close_recording(t, opt);
			unlink(opt->record);	/* nothing was recorded */
		}
		close_inputs(t);
		free(t);
		return rc != EXIT_STATUS_OK ? rc : EXIT_STATUS_USAGE;
	}
	t->rate = opt->rate;
	t->paused = opt->paused || t->lesson != NULL;
	t->position = t->token = t->tree_walk = -1;
	t->max_frames = opt->frames;
	t->preset = opt->preset_name;
	t->prompt = opt->prompt != NULL ? escape_text(opt->prompt) : NULL;
	t->target_alpha = opt->target_alpha;
	t->target_noise = opt->noise;
	t->measure_t0 = t->next_step = clock_seconds();
	t->deadline = opt->duration > 0.0 ? t->measure_t0 + opt->duration : 0.0;
	sim_keep_views(&t->sim, 1);
	t->lower = sim_is_tree(&t->sim) ? TUI_L_TREE : t->lower;
	relayout(t);
	t->dirty = 1;
	loop(t);
	free_windows(t);
	tui_term_close(&t->term);
	report_timing(t);
	sig = tui_term_signal();
	hung_up = t->hung_up;
	rc = t->lesson_failed ? EXIT_STATUS_USAGE : hung_up ? EXIT_STATUS_HANGUP :
	    EXIT_STATUS_OK;
	if (close_recording(t, opt) != EXIT_STATUS_OK && rc == EXIT_STATUS_OK)
		rc = EXIT_STATUS_RUNTIME;
	if (t->lesson_failed)
		escape_message(stderr, t->lesson_err);
	close_inputs(t);
	free(t->prompt);
	free(t);
	if (sig != 0 && sig != SIGINT)	/* Ctrl-C quits as q does */
		tui_term_reraise(sig);
	return rc;
}
