/* checks.h: the notebook's five checks and two more, as pass/fail verdicts on a
 * simulation's current segment. */
#ifndef SPECDEC_CHECKS_H
#define SPECDEC_CHECKS_H

struct sim;
struct sim_figures;

#define CHECKS_COUNT 7
#define CHECKS_TV_BOUND 0.05	/* tv_distance_small: TV below this passes */

struct check {
	const char *name;	/* stable: scripts match on it */
	int pass;
	char detail[128];	/* the measured figure against its bound */
};

/* The verdict of tv_distance_small alone. */
int checks_tv_passes(const struct sim_figures *fig);

/* Fill out[0..CHECKS_COUNT-1]; returns how many failed. */
int checks_run(const struct sim *sim, const struct sim_figures *fig,
    struct check out[CHECKS_COUNT]);

#endif
