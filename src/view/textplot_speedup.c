/* textplot_speedup.c: speedup curves against gamma, the 1x line and the optimum. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "view/textplot_speedup.h"

struct sframe {
	int lx, pw, ph, gmax;
	double ymax;
};

double
textplot_speedup_ymax(const struct textplot_speedup *spec)
{
	double top = 2.0, v;
	int i, g;

	for (i = 0; i < spec->ncurves; i++)
		for (g = 1; g <= spec->gamma_max; g++)
			if ((v = speedup_at(spec->curve[i].alpha, g, &spec->cost)) > top)
				top = v;
	if (spec->mark_gamma > 0 && spec->mark_value > top)
		top = spec->mark_value;
	return ceil(top);
}

static void
frame_of(const struct textplot_grid *g, const struct textplot_speedup *spec, struct sframe *f)
{
	char buf[16];

	f->gmax = spec->gamma_max;
	f->ymax = textplot_speedup_ymax(spec);
	f->lx = snprintf(buf, sizeof buf, "%.0fx", f->ymax) + 1;
	f->pw = g->w - f->lx;
	f->ph = g->h - 2;
}

static int
col_of(const struct sframe *f, double gamma)
{
	return f->lx + (int)lround((gamma - 1.0) * (f->pw - 1) / (f->gmax - 1));
}

static int
row_of(const struct sframe *f, double v)
{
	double t = (f->ymax - v) / f->ymax;

	t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
	return (int)lround(t * (f->ph - 1));
}

int
textplot_speedup_col(const struct textplot_grid *g, const struct textplot_speedup *spec, int gamma)
{
	struct sframe f;

	frame_of(g, spec, &f);
	return col_of(&f, gamma);
}

int
textplot_speedup_row(const struct textplot_grid *g, const struct textplot_speedup *spec, double v)
{
	struct sframe f;

	frame_of(g, spec, &f);
	return row_of(&f, v);
}

static void
axes(struct textplot_grid *g, const struct sframe *f)
{
	char buf[16];
	int x, y, n;

	for (y = 0; y < f->ph; y++)
		textplot_put(g, f->lx - 1, y, g->utf8 ? "\u2502" : "|", TEXTPLOT_S_AXIS);
	textplot_put(g, f->lx - 1, f->ph, g->utf8 ? "\u2514" : "+", TEXTPLOT_S_AXIS);
	for (x = f->lx; x < g->w; x++)
		textplot_put(g, x, f->ph, g->utf8 ? "\u2500" : "-", TEXTPLOT_S_AXIS);
	n = snprintf(buf, sizeof buf, "%.0fx", f->ymax);
	textplot_text(g, f->lx - 1 - n, 0, buf, TEXTPLOT_S_AXIS);
	if (row_of(f, 1.0) > 0)
		textplot_text(g, f->lx - 3, row_of(f, 1.0), "1x", TEXTPLOT_S_AXIS);
	for (x = 1; x < f->gmax; x++) {
		n = snprintf(buf, sizeof buf, "%d", x);
		if (x == 1 || (x % 8 == 0 && col_of(f, x) + n < col_of(f, f->gmax) - 2))
			textplot_text(g, col_of(f, x), f->ph + 1, buf, TEXTPLOT_S_AXIS);
	}
	n = snprintf(buf, sizeof buf, "%d", f->gmax);
	textplot_text(g, col_of(f, f->gmax) - n + 1, f->ph + 1, buf, TEXTPLOT_S_AXIS);
}

static void
curve(struct textplot_grid *g, const struct sframe *f, const struct textplot_speedup *spec,
    const struct textplot_speedup_curve *cv)
{
	int gamma, c, c0, c1;

	for (gamma = 1; gamma < f->gmax; gamma++) {
		double v0 = speedup_at(cv->alpha, gamma, &spec->cost);
		double v1 = speedup_at(cv->alpha, gamma + 1, &spec->cost);

		c0 = col_of(f, gamma);
		c1 = col_of(f, gamma + 1);
		for (c = c0; c <= c1; c++) {
			double t = c1 > c0 ? (double)(c - c0) / (c1 - c0) : 0.0;

			textplot_put(g, c, row_of(f, v0 + t * (v1 - v0)),
			    g->utf8 ? cv->utf8 : cv->ascii, cv->style);
		}
	}
}

void
textplot_speedup_curves(struct textplot_grid *g, const struct textplot_speedup *spec)
{
	const struct textplot_speedup_curve *last;
	struct sframe f;
	int i, x;

	if (g->w < 8 || g->h < 4 || spec->gamma_max < 2)
		return;
	frame_of(g, spec, &f);
	axes(g, &f);
	for (x = f.lx; x < g->w; x += 2)
		textplot_put(g, x, row_of(&f, 1.0), g->utf8 ? "\u00b7" : ".", TEXTPLOT_S_CEILING);
	for (i = 0; i < spec->ncurves; i++)
		curve(g, &f, spec, &spec->curve[i]);
	last = spec->ncurves > 0 ? &spec->curve[spec->ncurves - 1] : NULL;
	if (last != NULL && spec->best_gamma >= 1 && spec->best_gamma <= f.gmax)
		textplot_put(g, col_of(&f, spec->best_gamma), row_of(&f, speedup_at(last->alpha,
		    spec->best_gamma, &spec->cost)), g->utf8 ? "\u25b2" : "^", TEXTPLOT_S_MARK);
	if (spec->mark_gamma >= 1 && spec->mark_gamma <= f.gmax)
		textplot_put(g, col_of(&f, spec->mark_gamma), row_of(&f, spec->mark_value),
		    g->utf8 ? "\u25c6" : "@", TEXTPLOT_S_MARK);
}
