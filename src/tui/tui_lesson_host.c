/* tui_lesson_host.c: the live view as a lesson's host: the hooks tui_lesson.h
 * drives it through (keys, set lines, waits, chapter markers), and the loop's
 * two calls into the lesson (a wait's steps run, the next items). */
#include "config.h"

#include <stdlib.h>

#include "lesson/lesson.h"
#include "lesson/lesson_chapter.h"
#include "lesson/lesson_run.h"
#include "util/clock.h"
#include "util/escape.h"
#include "tui/tui_state.h"

/* A lesson's wait has run its steps: the view pauses there, as the headless
 * run stops, and the lesson goes on at once, not at the paused view's next
 * wake (1 when it did). */
int
tui_lesson_stop(struct tui *t)
{
	if (t->les.stop_at == 0 || t->sim.steps_total < t->les.stop_at)
		return 0;
	t->les.stop_at = 0;
	t->pace.paused = 1;
	t->les.wake = clock_seconds();
	if (t->les.rate_after > 0.0)
		t->pace.rate = t->les.rate_after;
	t->les.rate_after = 0.0;
	return 1;
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

	t->scr.dirty = 1;
	tui_input_key(t, codes[k]);
}

/* The view's look of the options in force (what the header says of the run);
 * pair: the replay is a pair line's file. */
static void
lesson_look(struct tui *t, const struct options *o, int pair)
{
	t->look.preset = o->preset_name;
	t->look.source = pair ? "lesson pair" : NULL;
	free(t->look.prompt);
	t->look.prompt = o->prompt != NULL ? escape_text(o->prompt) : NULL;
	t->look.target_alpha = o->target_alpha;
	t->look.target_noise = o->noise;
}

static int
lesson_set(void *ctx, const struct lesson_item *it, char *err, size_t errlen)
{
	struct tui *t = ctx;
	int machine;

	t->scr.dirty = 1;
	t->pace.rate = it->opt->rate;
	if (!it->reopen)
		return 0;
	t->slow.play = (struct slowmo_play){ 0 };
	t->les.stop_at = 0;
	machine = t->sim.par.machine;
	if (lesson_run_set(&t->sim, it, err, errlen) != 0)
		return -1;
	if (t->sim.par.machine != machine)
		tui_frame_layout(t);	/* the roofline pane's rows */
	sim_keep_views(&t->sim, 1);
	lesson_look(t, it->opt, it->pair);
	tui_set_paused(t, 1);
	return 0;
}

/* Whether the options in force at item i of ls came from a pair line. */
static int
pair_at(const struct lesson *ls, int i)
{
	while (--i >= 0)
		if (ls->item[i].op == LESSON_SET)
			return ls->item[i].pair;
	return 0;
}

static int
lesson_restart(void *ctx, const struct lesson *ls, int i, char *err, size_t errlen)
{
	struct tui *t = ctx;

	t->scr.dirty = 1;
	t->les.stop_at = 0;
	t->les.rate_after = 0.0;
	sim_close(&t->sim);
	if (lesson_run_to(ls, i, &t->sim, &t->slow.play, 1, err, errlen) != 0)
		return -1;
	tui_frame_layout(t);	/* the machine may differ: the roofline pane's rows */
	t->pace.rate = lesson_options_at(ls, i)->rate;
	lesson_look(t, lesson_options_at(ls, i), pair_at(ls, i));
	tui_set_paused(t, 1);
	return 0;
}

static void
lesson_run(void *ctx, uint64_t steps)
{
	struct tui *t = ctx;

	t->les.stop_at = t->sim.steps_total + steps;
	t->slow.play.stage = 0;
	tui_set_paused(t, 0);
	t->scr.dirty = 1;
}

static void
lesson_hurry(void *ctx)
{
	struct tui *t = ctx;

	if (t->les.stop_at == 0 || t->pace.rate <= 0.0)
		return;
	t->les.rate_after = t->pace.rate;
	t->pace.rate = 0.0;
	t->scr.dirty = 1;
}

static void
lesson_marker(void *ctx, const char *label)
{
	struct tui *t = ctx;

	if (t->host.recording)
		asciicast_marker(&t->host.rec, label);
}

/* A show line: the pane the band leaves whole, and shown in the lower right
 * when it is one of p's cycle. */
static void
lesson_show(void *ctx, const char *pane)
{
	struct tui *t = ctx;
	const struct tui_pane_def *d = tui_pane_named(pane);

	if (tui_pane_in_cycle(d, &t->scr.lay, tui_runs(t)))
		t->look.lower = d;
	t->scr.dirty = 1;
}

/* The lesson's next items, as far as they go now; 1 when a set line failed
 * (the view ends with its message). */
int
tui_lesson_tick(struct tui *t, double now)
{
	double wake;
	int moved;

	if (t->les.lesson == NULL)
		return 0;
	(void)tui_lesson_stop(t);	/* a wait's steps run by n while paused */
	wake = tui_lesson_update(t->les.lesson, now, &moved, t->les.err,
	    sizeof t->les.err);
	if (wake < 0.0) {
		t->les.failed = 1;
		return 1;
	}
	if (moved || wake != t->les.wake)
		t->scr.dirty = 1;
	t->les.wake = wake;
	return 0;
}

struct tui_lesson_host
tui_lesson_hooks(struct tui *t)
{
	struct tui_lesson_host host = { .ctx = t, .sim = &t->sim, .key = lesson_key,
	    .set = lesson_set, .run = lesson_run, .hurry = lesson_hurry,
	    .marker = lesson_marker, .show = lesson_show, .restart = lesson_restart };

	return host;
}
