/* tui_slowmo.c: slow motion in the live view: m plays the next step stage by
 * stage (the sim holds it back until its last stage), or a tree run's step
 * node by node; the stages advance by themselves every TUI_SLOWMO_STAGE_S
 * unless a verdict is asked for first. */
#include "config.h"

#include "util/clock.h"
#include "tui/tui_state.h"

/* The step slow motion plays (held back by the sim until its last stage), or
 * NULL when slow motion is off or the panes show another step. */
const struct sim_entry *
tui_slowmo_entry(const struct tui *t)
{
	if (t->pace.paused && t->look.selected != 0)
		return NULL;
	return slowmo_play_entry(&t->slow.play, &t->sim);
}

/* The stages of the slow-motion step, or 0 when it is not shown. */
int
tui_slowmo_last(const struct tui *t)
{
	return tui_slowmo_entry(t) != NULL ? slowmo_play_last(&t->slow.play, &t->sim) : 0;
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
	if (t->slow.tree_auto || (t->look.tree_walk >= 0 && t->look.tree_walk < tree_tested(t))) {
		t->look.tree_walk = t->look.tree_walk + 1 >= tree_tested(t) ? -1 : t->look.tree_walk + 1;
		t->slow.tree_auto = t->look.tree_walk >= 0;
	} else {
		tui_set_paused(t, 1);
		sim_step(&t->sim);
		t->look.tree_walk = 0;
		t->slow.tree_auto = 1;
		t->look.lower = &tui_pane_tree;
	}
	t->slow.next = clock_seconds() + TUI_SLOWMO_STAGE_S;
}

/* Whether the shown stage holds its verdict back, waiting for a key. */
int
tui_slowmo_asking(const struct tui *t)
{
	return tui_slowmo_entry(t) != NULL && slowmo_play_asking(&t->slow.play, &t->sim);
}

/* m: reveal an asked-for verdict, else the next stage, or a new step from its
 * first stage (paced by itself unless a lesson runs), held back by the sim
 * until its last stage, with the distributions in view. */
void
tui_slowmo_key(struct tui *t)
{
	if (sim_is_tree(&t->sim)) {
		tree_slowmo_key(t);
		return;
	}
	if (tui_slowmo_entry(t) == NULL && t->slow.play.stage > 0)
		t->slow.play.stage = 0;	/* another step is in view: start afresh */
	if (t->slow.play.stage == 0 || t->slow.play.stage >= tui_slowmo_last(t))
		tui_set_paused(t, 1);
	if (slowmo_play_key(&t->slow.play, &t->sim)) {
		t->slow.automatic = t->les.lesson == NULL;
		t->look.position = -1;
		if (!t->scr.lay.wide)
			t->look.lower = &tui_pane_dist;
	} else if (t->slow.play.stage >= tui_slowmo_last(t)) {
		t->slow.automatic = 0;
	}
	t->slow.next = clock_seconds() + TUI_SLOWMO_STAGE_S;
}

/* The automatic stages of slow motion that are due; an asked-for verdict
 * waits for its key. */
void
tui_slowmo_tick(struct tui *t, double now)
{
	if (t->slow.tree_auto && now >= t->slow.next) {
		if (t->look.tree_walk < 0 || t->look.tree_walk + 1 >= tree_tested(t))
			t->look.tree_walk = -1;
		else
			t->look.tree_walk++;
		t->slow.tree_auto = t->look.tree_walk >= 0;
		t->slow.next = now + TUI_SLOWMO_STAGE_S;
		t->scr.dirty = 1;
		return;
	}
	if (!t->slow.automatic || t->slow.play.stage == 0 || now < t->slow.next ||
	    tui_slowmo_asking(t))
		return;
	if (tui_slowmo_entry(t) == NULL || slowmo_play_advance(&t->slow.play, &t->sim))
		t->slow.automatic = 0;
	t->slow.next = now + TUI_SLOWMO_STAGE_S;
	t->scr.dirty = 1;
}
