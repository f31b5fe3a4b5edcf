/* slowmo.h: one step played in stages for narration. A step that drafted gamma
 * tokens and tested t of them plays gamma + t + 2 stages: the draft proposes its
 * tokens one by one (stages 1..gamma); the target scores them in one forward
 * (gamma + 1); the check sweeps left to right, u against p/q, one position a
 * stage; then the end: the residual drawn after a rejection, or the bonus. The
 * drafts after a rejection are never checked. Pure arithmetic, no curses. */
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
	int checked;		/* positions whose check is shown, 0..tested */
	int ended;		/* the residual or bonus token is shown */
};

/* Stages of the step, at least 3. */
int slowmo_stages(const struct spec_step *step);

/* What stage (1..slowmo_stages) shows; past the last, the last. */
void slowmo_at(const struct spec_step *step, int stage, struct slowmo_view *v);

/* Whether drafted position k (0-based) was never checked: after the rejection. */
int slowmo_unchecked(const struct spec_step *step, int k);

#endif
