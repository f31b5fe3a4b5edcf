/* tui_frame.c: one frame of the live view: the panes' windows made for the
 * screen's size, the figures made (those over the vocabulary at most a few
 * times a second at full speed), each pane drawn into its window, the lesson's
 * band and the help overlay over them, and one doupdate. */
#include "config.h"

#include <string.h>

#include "metrics/metrics_poll.h"
#include "sim/checks.h"
#include "util/clock.h"
#include "tui/tui_figures.h"
#include "tui/tui_help.h"
#include "tui/tui_lesson.h"
#include "tui/tui_state.h"

#define FIGURES_PERIOD_S 0.25	/* at full speed, the figures over the vocabulary
				 * are made at least this often ... */
#define FIGURES_CHEAP_S 0.002	/* ... and every frame when they cost less */

void
tui_frame_free(struct tui *t)
{
	int i;

	for (i = 0; i < TUI_P_COUNT; i++)
		if (t->scr.win[i] != NULL) {
			delwin(t->scr.win[i]);
			t->scr.win[i] = NULL;
		}
	if (t->scr.help != NULL) {
		delwin(t->scr.help);
		t->scr.help = NULL;
	}
}

/* The rectangle a lesson's show line keeps whole: its pane's own, or the
 * lower right's for a pane of p's cycle drawn there; TUI_P_COUNT for none. */
static enum tui_pane
band_keep(const struct tui *t)
{
	const struct tui_pane_def *d = t->les.lesson != NULL ?
	    tui_pane_named(tui_lesson_show(t->les.lesson)) : NULL;

	if (d == NULL || d->slot == TUI_P_HEADER || d->slot == TUI_P_KEYS)
		return TUI_P_COUNT;
	if (d->action == TUI_A_LOWER && t->scr.lay.pane[d->slot].h == 0)
		return TUI_P_CURVE;
	return d->slot;
}

/* The lesson's band: its lines and the pane to keep, as the windows are made
 * for them; 1 when that changed since. */
static int
band_changed(struct tui *t)
{
	int band = t->les.lesson != NULL ? tui_lesson_band_lines(t->les.lesson) : 0;
	enum tui_pane keep = band_keep(t);

	if (band == t->scr.band && keep == t->scr.keep)
		return 0;
	t->scr.band = band;
	t->scr.keep = keep;
	return 1;
}

void
tui_frame_layout(struct tui *t)
{
	struct tui_size min[TUI_P_COUNT];
	int i;

	tui_frame_free(t);
	tui_pane_min_sizes(min, t->sim.par.machine);
	if (!tui_layout_compute(COLS, LINES, min, &t->scr.lay))
		return;
	(void)band_changed(t);
	tui_layout_band(&t->scr.lay, t->scr.band, t->scr.keep, min, &t->scr.shown);
	for (i = 0; i < TUI_P_COUNT; i++) {
		const struct tui_rect *r = &t->scr.shown.pane[i];

		t->scr.win[i] = r->h > 0 ? newwin(r->h, r->w, r->y, r->x) : NULL;
	}
	if (!tui_pane_in_cycle(t->look.lower, &t->scr.lay, tui_runs(t)))
		t->look.lower = tui_pane_next_lower(NULL, &t->scr.lay, tui_runs(t));
	t->scr.dirty = 1;
}

static void
draw_help(struct tui *t, const struct tui_view *v)
{
	struct tui_help_layout h;
	struct tui_rect r;

	if (t->look.show_help >= 2) {
		r = t->look.show_help == 2 ? tui_figures_place(COLS, LINES) :
		    tui_help_list_place(&tui_help_panes, COLS, LINES);
		if (t->scr.help == NULL && (t->scr.help = newwin(r.h, r.w, r.y, r.x)) == NULL)
			return;
		if (t->look.show_help == 2)
			tui_draw_figures(t->scr.help, v->term);
		else
			tui_help_list_draw(t->scr.help, &tui_help_panes, v->term);
		wnoutrefresh(t->scr.help);
		return;
	}
	tui_help_place(COLS, LINES, t->look.help_page, &h);
	if (t->scr.help == NULL &&
	    (t->scr.help = newwin(h.win.h, h.win.w, h.win.y, h.win.x)) == NULL)
		return;
	tui_draw_help(t->scr.help, &h, v);
	wnoutrefresh(t->scr.help);
}

/* Whether this frame makes the figures over the vocabulary afresh: always
 * but at full speed (paused, a key's effect, a rate up to the frame rate);
 * at full speed when they cost under FIGURES_CHEAP_S or FIGURES_PERIOD_S
 * has passed, so a large vocabulary does not make every frame slow. */
static int
vocab_figures_due(const struct tui *t, double now)
{
	if (t->pace.paused || t->scr.dirty || (t->pace.rate > 0.0 && t->pace.rate <= 1.0 / TUI_FRAME_S))
		return 1;
	return t->scr.vocab_cost < FIGURES_CHEAP_S || now - t->scr.vocab_at >= FIGURES_PERIOD_S;
}

static void
make_figures(struct tui *t)
{
	double now = clock_seconds();

	sim_figures_light(&t->sim, &t->scr.fig);
	if (!vocab_figures_due(t, now))
		return;
	sim_figures_vocab(&t->sim, &t->scr.fig);
	t->scr.vocab_at = now;
	t->scr.vocab_cost = clock_seconds() - now;
}

static void
draw_panes(struct tui *t)
{
	const struct tui_pane_def *d;
	struct tui_view v;
	int i;

	if (band_changed(t))
		tui_frame_layout(t);
	sim_keep_newest(&t->sim);
	make_figures(t);
	memset(&v, 0, sizeof v);
	v.term = &t->scr.term;
	v.fig = &t->scr.fig;
	v.machine = t->sim.par.machine;
	v.tv_pass = checks_tv_passes(&t->scr.fig);
	v.paused = t->pace.paused;
	v.rate = t->pace.rate;
	v.measured_rate = t->pace.measured_rate;
	v.measured = t->pace.measured;
	v.short_of_rate = t->pace.short_of_rate;
	v.selected = t->look.selected;
	v.lower = t->look.lower;
	v.position = t->look.position;
	v.slowmo_entry = tui_slowmo_entry(t);
	v.slowmo_stage = v.slowmo_entry != NULL ? t->slow.play.stage : 0;
	v.slowmo_auto = t->slow.automatic;
	v.slowmo_ask = slowmo_play_ask_now(&t->slow.play);
	v.token = t->look.token;
	v.status = t->look.status_until > 0.0 ? t->look.status : NULL;
	v.text_mode = t->look.text_mode;
	v.tree_walk = t->look.tree_walk;
	v.preset = t->look.preset;
	v.prompt = t->look.prompt;
	v.source = t->look.source;
	v.hide = t->les.lesson != NULL ? tui_lesson_hidden(t->les.lesson) : 0;
	v.metrics = t->host.poller != NULL ? t->host.mview : NULL;
	v.metrics_url = t->host.metrics_url;
	v.metrics_now = metrics_poll_now();
	v.metrics_c = t->host.metrics_c;
	v.metrics_k = t->host.metrics_k;
	if (t->look.target_alpha > 0.0 && t->sim.par.noise == t->look.target_noise)
		v.target_alpha = t->look.target_alpha;	/* while the noise is the solved one */
	for (i = 0; i < TUI_P_COUNT; i++)
		if (t->scr.win[i] != NULL && (d = tui_pane_for((enum tui_pane)i, &v)) != NULL) {
			d->draw(t->scr.win[i], &t->sim, &v);
			wnoutrefresh(t->scr.win[i]);
		}
	if (t->les.lesson != NULL)
		tui_lesson_draw(t->les.lesson, &t->scr.term);
	if (t->look.show_help)
		draw_help(t, &v);
}

/* One frame: every window refreshed into the virtual screen, then one doupdate. */
void
tui_frame_draw(struct tui *t)
{
	double t0 = clock_seconds(), dt;

	if (!t->scr.lay.fits) {
		tui_draw_small(stdscr, t->scr.lay.need_cols, t->scr.lay.need_lines);
		wnoutrefresh(stdscr);
	} else {
		wnoutrefresh(stdscr);	/* keeps wgetch from repainting stdscr over us */
		draw_panes(t);
	}
	doupdate();
	t->scr.frames++;
	dt = clock_seconds() - t0;
	t->scr.draw_total += dt;
	t->scr.draw_max = dt > t->scr.draw_max ? dt : t->scr.draw_max;
	t->scr.dirty = 0;
}
