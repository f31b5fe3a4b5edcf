/* textplot_speedup.h: speedup against gamma into a plot grid (textplot.h): one curve per
 * alpha, the 1x line, the optimum and the measured point. No curses. */
#ifndef SPECDEC_TEXTPLOT_SPEEDUP_H
#define SPECDEC_TEXTPLOT_SPEEDUP_H

#include "view/textplot.h"
#include "stats/speedup.h"

struct textplot_speedup_curve {
	double alpha;
	const char *ascii, *utf8;	/* its glyph; told apart by style and legend too */
	int style;
};

struct textplot_speedup {
	int gamma_max;			/* x axis from 1 to gamma_max (>= 2) */
	struct speedup_cost cost;
	const struct textplot_speedup_curve *curve;
	int ncurves;			/* drawn in order: later ones cover earlier ones */
	int best_gamma;			/* the optimum, on the last curve; 0: none */
	int mark_gamma;			/* the measured point; 0: none */
	double mark_value;
};

/* The top of the y axis for spec: the largest value drawn, rounded up to a whole
 * number, at least 2. */
double textplot_speedup_ymax(const struct textplot_speedup *spec);

/* Axes (y labelled 0, 1x and the top, x labelled in gamma), the dotted 1x line,
 * each curve, the optimum (a triangle, ASCII ^) on the last curve and the
 * measured point (a diamond, ASCII @) over the whole grid (at least 8 x 4). */
void textplot_speedup_curves(struct textplot_grid *g, const struct textplot_speedup *spec);

/* The grid column of gamma and the row of value v in the last call's frame for a
 * grid of g's size: for tests and for callers that annotate the plot. */
int textplot_speedup_col(const struct textplot_grid *g, const struct textplot_speedup *spec, int gamma);
int textplot_speedup_row(const struct textplot_grid *g, const struct textplot_speedup *spec, double v);

#endif
