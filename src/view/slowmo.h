/* slowmo.h: one step played in stages for narration, predict then reveal. A
 * step that drafted gamma tokens plays 2 gamma + 2 stages whatever its outcome,
 * so the count gives nothing away: the draft proposes its tokens one by one
 * (stages 1..gamma); the target scores all of them in one forward (gamma + 1:
 * p, q and p/q at every drafted position); the check sweeps left to right, one
 * position a stage (a position after the rejection says it is never checked);
 * then the end: the residual drawn after a rejection, or the bonus. With the
 * verdict asked for, a check stage first poses "accept or reject?" with u
 * hidden, and a key reveals it. Pure arithmetic, no curses. */
#ifndef SPECDEC_SLOWMO_H
#define SPECDEC_SLOWMO_H

#include "verify/spec.h"

enum slowmo_phase {
	SLOWMO_DRAFT,		/* the draft is proposing */
	SLOWMO_SCORE,		/* the target has scored the drafts */
	SLOWMO_CHECK,		/* the check is sweeping */
	SLOWMO_END,		/* the residual or the bonus is drawn */
};

/* What a stage shows. */
struct slowmo_view {
	enum slowmo_phase phase;
	int drafts;		/* drafted tokens shown, 0..gamma */
	int scored;		/* the target's p is shown */
	int reached;		/* positions the sweep has reached, 0..gamma */
	int checked;		/* positions whose verdict is shown, 0..tested */
	int asking;		/* the verdict at position reached - 1 is asked for,
				 * not yet shown */
	int at;			/* the position in view (0-based): where the sweep
				 * stands, the last tested one past it, or the
				 * step's last position at the end */
	int ended;		/* the residual or bonus token is shown */
};

/* Stages of the step: 2 gamma + 2, at least 2. */
int slowmo_stages(const struct spec_step *step);

/* What stage (1..slowmo_stages) shows; past the last, the last. With ask, a
 * check stage of a tested position holds its verdict back (asking). */
void slowmo_at(const struct spec_step *step, int stage, int ask, struct slowmo_view *v);

/* Whether drafted position k (0-based) was never checked: after the rejection. */
int slowmo_unchecked(const struct spec_step *step, int k);

#endif
