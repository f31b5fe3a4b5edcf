/* ratio_est.h: a ratio of sums over steps, sum x / sum y, with its 95% interval by the
 * delta method over the steps (y = 1 for every step gives a plain mean and its
 * interval). Accepted over tested drafts, tokens per step and tokens per unit of
 * time are all such ratios. */
#ifndef SPECDEC_RATIO_EST_H
#define SPECDEC_RATIO_EST_H

#include <stdint.h>

struct ratio_est {
	uint64_t n;		/* steps */
	double sx, sy, sxx, syy, sxy;
};

/* Add one step's x and y. Start from a zeroed struct. */
void ratio_est_add(struct ratio_est *r, double x, double y);

/* sum x / sum y; 0 while sum y is 0. */
double ratio_est_value(const struct ratio_est *r);

/* Half the width of the 95% interval: 1.96 sqrt(s_d^2 / n) / mean y, with
 * d = x - R y over the steps; 0 with fewer than two steps. */
double ratio_est_ci95(const struct ratio_est *r);

#endif
