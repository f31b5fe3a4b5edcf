/* checks.h: the notebook's five checks and four more, as verdicts on a
 * simulation's current segment: pass, fail, or skipped where the check cannot
 * say anything (its premise does not hold, or it has no power on this source). */
#ifndef SPECDEC_CHECKS_H
#define SPECDEC_CHECKS_H

#include <stddef.h>

struct sim;
struct sim_figures;

#define CHECKS_COUNT 9
#define CHECKS_LOSSLESS_P 0.001	/* lossless_per_position: p below this fails */
#define CHECKS_RULE_OUTPUT_P 0.001	/* output_matches_rule: p below this fails */
#define CHECKS_TV_DRAW_SHARE 0.6	/* tv_distance_small: skipped below this
					 * draw share (stats_draw_share), where
					 * two correct texts' counts differ by
					 * their paths (docs/theory.md) */

struct check {
	const char *name;	/* stable: scripts match on it */
	int pass;		/* 0 only for a failure (a skipped check passes) */
	int skipped;		/* not applied: reason says why */
	char detail[128];	/* the measured figure against its bound */
	char reason[128];	/* why it was skipped, or "" */
};

/* The verdict of tv_distance_small alone: TV within its null's limit. */
int checks_tv_passes(const struct sim_figures *fig);

/* Fill out[0..CHECKS_COUNT-1]; returns how many failed (skips never fail). */
int checks_run(const struct sim *sim, const struct sim_figures *fig,
    struct check out[CHECKS_COUNT]);

#endif
