/* ratio_bm.h: a ratio of sums over steps, sum x / sum y, with its 95% interval by
 * batch means: for steps that are not independent (a draft-length schedule that
 * carries gamma over from step to step, a source whose context carries over).
 * The steps are cut into consecutive batches of equal size; the batch sums are
 * nearly independent once a batch is longer than the dependence, and the spread
 * of d_b = x_b - R y_b over the batches gives the interval. Memory is
 * O(RATIO_BM_BATCHES): when 2 RATIO_BM_BATCHES batches are full, neighbours merge
 * and the batch size doubles, so a run of n steps ends with between
 * RATIO_BM_BATCHES and 2 RATIO_BM_BATCHES - 1 full batches (fewer below
 * RATIO_BM_BATCHES steps, at one step a batch: the independent case). */
#ifndef SPECDEC_RATIO_BM_H
#define SPECDEC_RATIO_BM_H

#include <stdint.h>

#define RATIO_BM_BATCHES 32

struct ratio_bm {
	uint64_t n;		/* steps */
	uint64_t size;		/* steps per batch; 0 in a zeroed struct means 1 */
	uint64_t cur_n;		/* steps in the batch being filled */
	double sx, sy;		/* over every step */
	double cur_x, cur_y;	/* the batch being filled */
	int full;		/* full batches in bx, by */
	double bx[2 * RATIO_BM_BATCHES], by[2 * RATIO_BM_BATCHES];
};

/* Add one step's x and y. Start from a zeroed struct. */
void ratio_bm_add(struct ratio_bm *r, double x, double y);

/* sum x / sum y over every step; 0 while sum y is 0. */
double ratio_bm_value(const struct ratio_bm *r);

/* Half the width of the 95% interval: t sqrt((n / m) s_d^2) / sum y, with s_d^2
 * the sample variance of d_b = x_b - R y_b over the B full batches of m steps and
 * t Student's 97.5% point at B - 1 degrees of freedom; 0 with fewer than two
 * full batches. */
double ratio_bm_ci95(const struct ratio_bm *r);

#endif
