/* ratio_bm.c: ratio estimates with batch-means intervals. */
#include "config.h"

#include <math.h>

#include "stats/ratio_bm.h"
#include "stats/student_t.h"


/* Merge neighbouring batches in pairs: half as many, twice as long. */
static void
merge_pairs(struct ratio_bm *r)
{
	int i;

	for (i = 0; i < r->full / 2; i++) {
		r->bx[i] = r->bx[2 * i] + r->bx[2 * i + 1];
		r->by[i] = r->by[2 * i] + r->by[2 * i + 1];
	}
	r->full /= 2;
	r->size *= 2;
}

void
ratio_bm_add(struct ratio_bm *r, double x, double y)
{
	if (r->size == 0)
		r->size = 1;
	r->n++;
	r->sx += x;
	r->sy += y;
	r->cur_x += x;
	r->cur_y += y;
	if (++r->cur_n < r->size)
		return;
	r->bx[r->full] = r->cur_x;
	r->by[r->full] = r->cur_y;
	r->full++;
	r->cur_x = r->cur_y = 0.0;
	r->cur_n = 0;
	if (r->full == 2 * RATIO_BM_BATCHES)
		merge_pairs(r);
}

double
ratio_bm_value(const struct ratio_bm *r)
{
	return r->sy > 0.0 ? r->sx / r->sy : 0.0;
}

double
ratio_bm_ci95(const struct ratio_bm *r)
{
	double R = ratio_bm_value(r), mean = 0.0, ss = 0.0, d, b;
	int i;

	if (r->full < 2 || r->sy <= 0.0)
		return 0.0;
	b = (double)r->full;
	for (i = 0; i < r->full; i++)
		mean += r->bx[i] - R * r->by[i];
	mean /= b;
	for (i = 0; i < r->full; i++) {
		d = r->bx[i] - R * r->by[i] - mean;
		ss += d * d;
	}
	if (!(ss > 0.0))
		return 0.0;
	return student_t975(r->full - 1) * sqrt((double)r->n / (double)r->size *
	    ss / (b - 1.0)) / r->sy;
}
