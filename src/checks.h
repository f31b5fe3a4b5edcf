/* checks.h: the notebook's five checks and two more, as pass/fail verdicts on a
 * simulation's current segment. */
#ifndef SPECDEC_CHECKS_H
#define SPECDEC_CHECKS_H

struct sim;
struct sim_figures;

#define CHECKS_COUNT 8
#define CHECKS_TV_BOUND 0.05	/* tv_distance_small: TV below this passes */

struct check {
	const char *name;	/* stable: scripts match on it */
	int pass;		/* also 1 when skipped */
	int skip;		/* not applicable here: detail says why */
	char detail[128];	/* the measured figure against its bound */
};

/* The verdict of tv_distance_small alone. */
int checks_tv_passes(const struct sim_figures *fig);

#define CHECKS_LOSSLESS_P 0.001	/* lossless_per_position: p below this fails */

/* Fill out[0..CHECKS_COUNT-1]; returns how many failed (a skipped check has not). */
int checks_run(const struct sim *sim, const struct sim_figures *fig,
    struct check out[CHECKS_COUNT]);

#endif
