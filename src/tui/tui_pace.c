/* tui_pace.c: the run's pace and the status line: pausing and resuming, the
 * measured rate's window, a message on the key bar for a few seconds. */
#include "config.h"

#include <stdio.h>

#include "util/clock.h"
#include "tui/tui_state.h"

#define STATUS_S 4.0		/* how long a status message stays */

/* Start a new window of the measured rate (after a change of speed or a pause). */
void
tui_pace_restart(struct tui *t, double now)
{
	t->pace.measure_t0 = now;
	t->pace.measure_steps0 = t->sim.steps_total;
	t->pace.measured = t->pace.fell_short = t->pace.short_of_rate = 0;
}

void
tui_set_paused(struct tui *t, int paused)
{
	t->pace.paused = paused;
	t->look.selected = 0;
	t->look.position = t->look.token = t->look.tree_walk = -1;
	t->pace.next_step = clock_seconds();
	tui_pace_restart(t, t->pace.next_step);
}

/* Say msg on the key bar's line for STATUS_S seconds. */
void
tui_set_status(struct tui *t, const char *msg)
{
	snprintf(t->look.status, sizeof t->look.status, "%s", msg);
	t->look.status_until = clock_seconds() + STATUS_S;
	t->scr.dirty = 1;
}
