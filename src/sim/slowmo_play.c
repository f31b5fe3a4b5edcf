/* slowmo_play.c: slow motion over a sim, key by key. */
#include "config.h"

#include "sim/slowmo_play.h"
#include "view/slowmo.h"

const struct sim_entry *
slowmo_play_entry(const struct slowmo_play *pl, const struct sim *sim)
{
	const struct sim_entry *e = sim_held(sim);

	if (pl->stage == 0)
		return NULL;
	if (e == NULL)
		e = sim_recent(sim, 0);
	return e != NULL && e->number == pl->number ? e : NULL;
}

int
slowmo_play_last(const struct slowmo_play *pl, const struct sim *sim)
{
	const struct sim_entry *e = slowmo_play_entry(pl, sim);

	return e != NULL ? slowmo_stages(&e->step) : 0;
}

int
slowmo_play_ask_now(const struct slowmo_play *pl)
{
	return pl->ask && !pl->revealed;
}

int
slowmo_play_asking(const struct slowmo_play *pl, const struct sim *sim)
{
	const struct sim_entry *e = slowmo_play_entry(pl, sim);
	struct slowmo_view sm;

	if (e == NULL)
		return 0;
	slowmo_at(&e->step, pl->stage, slowmo_play_ask_now(pl), &sm);
	return sm.asking;
}

int
slowmo_play_advance(struct slowmo_play *pl, struct sim *sim)
{
	int last = slowmo_play_last(pl, sim);

	if (pl->stage < last)
		pl->stage++;
	pl->revealed = 0;
	if (pl->stage < last)
		return 0;
	sim_release(sim);
	return 1;
}

int
slowmo_play_key(struct slowmo_play *pl, struct sim *sim)
{
	if (slowmo_play_asking(pl, sim)) {
		pl->revealed = 1;
		return 0;
	}
	if (pl->stage > 0 && pl->stage < slowmo_play_last(pl, sim)) {
		slowmo_play_advance(pl, sim);
		return 0;
	}
	pl->number = sim_step_held(sim)->number;
	pl->stage = 1;
	pl->revealed = 0;
	return 1;
}
