/* slowmo_play.h: slow motion played over a sim, key by key: which step it
 * plays (held back by the sim until its last stage), its stage, and the
 * verdict asked for before it is shown. The live view drives it with m, M and
 * its clock; a lesson's headless run drives it with the same keys, so both
 * run the same steps. No curses. */
#ifndef SPECDEC_SLOWMO_PLAY_H
#define SPECDEC_SLOWMO_PLAY_H

#include <stdint.h>

#include "sim/sim.h"

struct slowmo_play {
	int stage;		/* 0: slow motion is off */
	int ask;		/* a check stage asks for its verdict first (M) */
	int revealed;		/* the asked-for verdict of this stage is shown */
	uint64_t number;	/* the step it plays */
};

/* The step it plays: the held one, or the newest once released; NULL when it
 * is off or the sim has moved past it. */
const struct sim_entry *slowmo_play_entry(const struct slowmo_play *pl,
    const struct sim *sim);

/* The stages of that step (slowmo.h), or 0 without one. */
int slowmo_play_last(const struct slowmo_play *pl, const struct sim *sim);

/* Whether the ask flag is in force at this stage (asked, not yet revealed). */
int slowmo_play_ask_now(const struct slowmo_play *pl);

/* Whether the stage shown holds its verdict back, waiting for a key. */
int slowmo_play_asking(const struct slowmo_play *pl, const struct sim *sim);

/* The next stage; the last one releases the step to the statistics. Returns 1
 * when that was the last stage. */
int slowmo_play_advance(struct slowmo_play *pl, struct sim *sim);

/* m: reveal an asked-for verdict, else the next stage, else a new held step
 * from its first stage. Returns 1 when a new step began. */
int slowmo_play_key(struct slowmo_play *pl, struct sim *sim);

#endif
