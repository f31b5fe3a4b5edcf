/* tui_actions.c: what each key of the live view does to the model and the view,
 * one handler per row of the key table (tui_keys.c); a handler reads its
 * direction and its step from its row's ladder (tui_ladder.h). */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "util/clock.h"
#include "tui/tui_handlers.h"
#include "tui/tui_ladder.h"
#include "tui/tui_lesson.h"
#include "tui/tui_state.h"

/* v and V: the next rule in l's direction (round the table) of the same kind
 * as rule: a chain run cycles the chain rules, a tree run the tree rules. */
static enum verify_rule
next_rule(enum verify_rule rule, const struct tui_ladder *l)
{
	int tree = verify_has(rule, VERIFY_F_TREE), r = (int)rule, i;

	for (i = 0; i < verify_nrules; i++) {
		r = tui_ladder_cycle(l, r, verify_nrules);
		if (verify_has((enum verify_rule)r, VERIFY_F_TREE) == tree)
			return (enum verify_rule)r;
	}
	return rule;
}

/* Left and Right: the position of the selected step whose distributions show. */
static void
move_position(struct tui *t, int by)
{
	const struct stepview *sv = sim_view(&t->sim, t->pace.paused ? t->look.selected : 0);
	int n = sv != NULL ? sv->npos : 0, pos = t->look.position < 0 ? n - 1 : t->look.position;

	pos += by;
	t->look.position = pos < 0 ? 0 : pos >= n - 1 ? -1 : pos;
}

/* Left and Right in a tree run: the tree pane's walk, node by node in test
 * order; past the last node every verdict shows (-1). */
static void
move_tree_walk(struct tui *t, int by)
{
	const struct sim_entry *e = sim_recent(&t->sim, t->pace.paused ? t->look.selected : 0);
	int n = e != NULL ? e->tree.ntested : 0, walk = t->look.tree_walk < 0 ? n : t->look.tree_walk;

	if (n == 0)
		return;
	walk += by;
	t->look.tree_walk = walk < 1 ? 1 : walk >= n ? -1 : walk;
}

/* Move the step detail's selected token by d within the shown step. */
static void
move_token(struct tui *t, int d)
{
	const struct sim_entry *e = sim_recent(&t->sim, t->pace.paused ? t->look.selected : 0);
	int at;

	if (e == NULL || e->step.ntok == 0)
		return;
	at = tui_detail_selected(&e->step, t->look.token) + d;
	t->look.token = at < 0 ? 0 : at >= e->step.ntok ? e->step.ntok - 1 : at;
}

/* The row's ladder moves x; a model's setter keeps what it must. */
static double
next(const struct tui_key *k, double x)
{
	return tui_ladder_next(&k->ladder, x);
}

void
tui_act_pause(struct tui *t, const struct tui_key *k)
{
	(void)k;
	if (t->slow.play.stage > 0 && t->slow.play.stage < tui_slowmo_last(t)) {
		t->slow.automatic = !t->slow.automatic;
		t->slow.next = clock_seconds() + TUI_SLOWMO_STAGE_S;
		return;
	}
	t->slow.play.stage = 0;
	tui_set_paused(t, !t->pace.paused);
}

void
tui_act_step(struct tui *t, const struct tui_key *k)
{
	(void)k;
	tui_set_paused(t, 1);
	sim_step(&t->sim);
}

void
tui_act_gamma(struct tui *t, const struct tui_key *k)
{
	sim_set_gamma(&t->sim, (int)next(k, t->sim.par.gamma));
}

void
tui_act_noise(struct tui *t, const struct tui_key *k)
{
	sim_set_noise(&t->sim, next(k, t->sim.par.noise));
}

void
tui_act_speed(struct tui *t, const struct tui_key *k)
{
	t->pace.rate = next(k, t->pace.rate);
	t->pace.next_step = clock_seconds();
	tui_pace_restart(t, t->pace.next_step);
}

void
tui_act_target_cost(struct tui *t, const struct tui_key *k)
{
	struct sim *s = &t->sim;

	sim_set_costs(s, next(k, s->par.target_ms), s->par.draft_ms);
}

/* The ladder moves c = D/T, kept where D stays in --draft-ms's range too. */
void
tui_act_draft_cost(struct tui *t, const struct tui_key *k)
{
	static const struct tui_ladder draft_ms = { .option = "draft-ms" };
	struct sim *s = &t->sim;
	double tm = s->par.target_ms, lo, hi;

	tui_ladder_range(&draft_ms, &lo, &hi);
	sim_set_costs(s, tm, tm * tui_ladder_next_within(&k->ladder, s->par.draft_ms / tm,
	    lo / tm, hi / tm));
}

void
tui_act_verify_cost(struct tui *t, const struct tui_key *k)
{
	sim_set_verify_cost(&t->sim, next(k, t->sim.par.verify_cost));
}

void
tui_act_rule(struct tui *t, const struct tui_key *k)
{
	sim_set_verifier(&t->sim, next_rule(t->sim.par.verify.rule, &k->ladder));
}

void
tui_act_schedule(struct tui *t, const struct tui_key *k)
{
	sim_set_schedule(&t->sim, (enum schedule_kind)tui_ladder_cycle(&k->ladder,
	    (int)t->sim.par.schedule, SCHEDULE_NKINDS));
}

void
tui_act_lenience(struct tui *t, const struct tui_key *k)
{
	sim_set_lenience(&t->sim, next(k, t->sim.par.verify.lenience));
}

/* The row's ladder is draft-p-min's; the confidence schedule's T keeps to
 * --confidence-threshold's range. */
void
tui_act_threshold(struct tui *t, const struct tui_key *k)
{
	struct tui_ladder l = k->ladder;

	if (t->sim.par.schedule == SCHEDULE_CONFIDENCE)
		l.option = "confidence-threshold";
	sim_set_threshold(&t->sim, tui_ladder_next(&l, sim_threshold(&t->sim)));
}

/* The target's (draft 0) or the draft's temperature. */
static void
temperature(struct tui *t, const struct tui_key *k, int draft)
{
	double tp, tq;

	if (source_temperatures(&t->sim.src, &tp, &tq))
		sim_set_temperature(&t->sim, draft, next(k, draft ? tq : tp));
}

void
tui_act_temperature(struct tui *t, const struct tui_key *k)
{
	temperature(t, k, 0);
}

void
tui_act_draft_temperature(struct tui *t, const struct tui_key *k)
{
	temperature(t, k, 1);
}

void
tui_act_reset(struct tui *t, const struct tui_key *k)
{
	(void)k;
	sim_reset(&t->sim);
}

void
tui_act_reseed(struct tui *t, const struct tui_key *k)
{
	(void)k;
	sim_reseed(&t->sim, t->sim.par.seed + 1);
}

void
tui_act_older(struct tui *t, const struct tui_key *k)
{
	(void)k;
	if (!t->pace.paused)
		tui_set_paused(t, 1);
	else if (t->look.selected + 1 < t->sim.ring_len)
		t->look.selected++;
	t->look.position = t->look.token = t->look.tree_walk = -1;
}

void
tui_act_newer(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->look.selected -= t->look.selected > 0;
	t->look.position = t->look.token = t->look.tree_walk = -1;
}

void
tui_act_move(struct tui *t, const struct tui_key *k)
{
	move_position(t, k->ladder.dir);
	move_token(t, k->ladder.dir);
	move_tree_walk(t, k->ladder.dir);
}

void
tui_act_lower(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->look.lower = t->scr.next_lower(t->look.lower, &t->scr.lay, tui_runs(t));
}

void
tui_act_slowmo(struct tui *t, const struct tui_key *k)
{
	(void)k;
	tui_slowmo_key(t);
}

void
tui_act_slowmo_ask(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->slow.play.ask = !t->slow.play.ask;
	tui_set_status(t, t->slow.play.ask ? "slow motion asks before each verdict (m reveals)"
	    : "slow motion shows each verdict at once");
}

void
tui_act_shot(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->look.shot_pending = 1;	/* the loop draws the keys before, then writes */
}

void
tui_act_text(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->look.text_mode = !t->look.text_mode;
}

void
tui_act_redraw(struct tui *t, const struct tui_key *k)
{
	(void)t;
	(void)k;
	clearok(curscr, TRUE);
}

void
tui_act_help(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->look.show_help = 1;
	t->look.help_page = 0;
}

void
tui_act_quit(struct tui *t, const struct tui_key *k)
{
	(void)k;
	t->host.quit = 1;
}

void
tui_act_chapter(struct tui *t, const struct tui_key *k)
{
	struct tui_lesson *l = t->les.lesson;
	int n;

	if (l == NULL) {
		tui_set_status(t, "N and P go through a lesson's chapters (--lesson NAME)");
		return;
	}
	n = tui_lesson_chapter(l) + k->ladder.dir;
	if (n > tui_lesson_chapters(l)) {
		tui_set_status(t, "this is the lesson's last chapter");
		return;
	}
	tui_lesson_goto(l, n);	/* before the first: the first again */
	t->scr.dirty = 1;
}
