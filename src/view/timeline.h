/* timeline.h: two lanes on one wall-clock axis for the timeline pane. The
 * speculative lane runs the last few measured steps as they cost: gamma draft
 * blocks of D ms (the drafts from a rejection on greyed as wasted work), then
 * one verification of T (1 + k gamma) ms, then the tokens emitted. The
 * target-only lane makes the same number of tokens at one target forward (T)
 * each, from the same start. Their lengths show why speculation wins or loses.
 * Pure arithmetic, no curses: a pane maps the kinds to glyphs. */
#ifndef SPECDEC_TIMELINE_H
#define SPECDEC_TIMELINE_H

#include "verify/spec.h"

#define TIMELINE_MAX_W 512	/* columns at most */
#define TIMELINE_MAX_STEPS 16	/* steps on the lane at most */

enum timeline_kind {
	TIMELINE_IDLE,		/* past a lane's end */
	TIMELINE_DRAFT,		/* a draft forward whose token was kept */
	TIMELINE_WASTED,	/* a draft forward thrown away (rejected, not checked) */
	TIMELINE_VERIFY,	/* the target's verification forward */
	TIMELINE_TARGET,	/* a target-only forward, even tokens */
	TIMELINE_TARGET_ALT,	/* and odd ones, so each forward shows */
};

struct timeline_cost {
	double target_ms;	/* T: one target forward */
	double draft_ms;	/* D: one drafted token */
	double verify_k;	/* k: verification costs T (1 + k gamma); 0 */
};

struct timeline {
	int w;				/* columns */
	double ms_per_col;
	int nsteps;			/* steps on the speculative lane */
	double spec_ms, target_ms;	/* each lane's length */
	int tokens;			/* emitted by those steps: the same on both */
	int wasted;			/* drafts thrown away in them */
	double ratio;			/* target_ms / spec_ms: above 1, speculation wins */
	unsigned char spec[TIMELINE_MAX_W];	/* enum timeline_kind per column */
	unsigned char target[TIMELINE_MAX_W];
	unsigned char emitted[TIMELINE_MAX_W];	/* tokens a verification ends with, at
						 * its last column; 0 elsewhere */
};

/* How many of the newest steps the lane shows in w columns at gamma. */
int timeline_steps_for(int w, int gamma);

/* Lay out steps[0..n-1] (oldest first, n <= TIMELINE_MAX_STEPS) over w columns
 * (<= TIMELINE_MAX_W), the longer lane filling the width. Each column shows the
 * kind that takes most of its time; a lane that ends mid-column keeps it. */
void timeline_build(struct timeline *tl, const struct timeline_cost *cost,
    const struct spec_step *const *steps, int n, int w);

#endif
