/* handout.c: the four panels of --plot. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "batch/handout.h"
#include "batch/svg.h"
#include "stats/theory.h"
#include "util/errmsg.h"
#include "util/outfile.h"

#define WIDTH 900
#define HEIGHT 740
#define PANEL_W 360
#define PANEL_H 230
#define LEFT 80
#define TOP 80
#define GAP_X 90
#define GAP_Y 140
#define Z95 1.959963984540054
#define LEGEND_CHARS 36	/* a label that fits a third of the legend */

static struct svg_panel
panel_at(int col, int row)
{
	struct svg_panel p = { LEFT + col * (PANEL_W + GAP_X), TOP + row * (PANEL_H + GAP_Y),
	    PANEL_W, PANEL_H, 0, 1, 0, 1 };

	return p;
}

void
handout_tok_ci(const uint64_t *hist, int gamma, double *mean, double *ci)
{
	double n = 0, s = 0, ss = 0, var;
	int i;

	for (i = 0; i <= gamma; i++) {
		n += (double)hist[i];
		s += (double)hist[i] * (i + 1);
		ss += (double)hist[i] * (i + 1) * (i + 1);
	}
	*mean = n > 0 ? s / n : 0.0;
	var = n > 1 ? (ss - n * *mean * *mean) / (n - 1) : 0.0;
	*ci = var > 0 ? Z95 * sqrt(var / n) : 0.0;
}

/* The largest gamma of any series' points, and at least 8. */
static int
gamma_span(const struct handout *h)
{
	int s, i, g = 8;

	for (s = 0; s < h->nseries; s++)
		for (i = 0; i < h->series[s].npoints; i++)
			if (h->series[s].pt[i].gamma > g)
				g = h->series[s].pt[i].gamma;
	return g < SPEC_GAMMA_MAX ? g : SPEC_GAMMA_MAX;
}

/* The closed form of series se at g: speedup or tokens per step. */
static double
curve(const struct handout_series *se, int g, int speed)
{
	return speed ? theory_speedup_verify(se->alpha, g, se->c, se->k) :
	    theory_tok_per_step(se->alpha, g);
}

/* The panel's top: every curve value and interval end, and 1. */
static double
gamma_top(const struct handout *h, int gmax, int speed)
{
	double top = 1.0, v;
	int s, g, i;

	for (s = 0; s < h->nseries; s++) {
		const struct handout_series *se = &h->series[s];

		for (g = 1; g <= gmax; g++)
			top = fmax(top, curve(se, g, speed));
		for (i = 0; i < se->npoints; i++) {
			v = speed ? se->pt[i].speedup + se->pt[i].speedup_ci :
			    se->pt[i].tok + se->pt[i].tok_ci;
			top = fmax(top, v);
		}
	}
	return top * 1.08;
}

/* Speedup (speed) or tokens per step against gamma. */
static void
gamma_panel(FILE *out, const struct handout *h, struct svg_panel p, int speed)
{
	double x[SPEC_GAMMA_MAX], y[SPEC_GAMMA_MAX];
	int s, g, i, gmax = gamma_span(h);

	p.xmin = 0.5;
	p.xmax = gmax + 0.5;
	p.ymax = gamma_top(h, gmax, speed);
	svg_axes(out, &p, speed ? "speedup against gamma" : "tokens per step against gamma",
	    "gamma (draft length)", speed ? "speedup over the target alone" :
	    "tokens per step", 1);
	for (s = 0; s < h->nseries; s++) {
		const struct handout_series *se = &h->series[s];

		for (g = 1; g <= gmax; g++) {
			x[g - 1] = g;
			y[g - 1] = curve(se, g, speed);
		}
		svg_line(out, &p, x, y, gmax, s);
		for (i = 0; i < se->npoints; i++)
			svg_point(out, &p, se->pt[i].gamma, speed ? se->pt[i].speedup :
			    se->pt[i].tok, speed ? se->pt[i].speedup_ci : se->pt[i].tok_ci, s);
	}
}

/* The legend's columns: three, or two when a label is longer than a third of
 * the width holds. */
static int
legend_columns(const struct handout *h)
{
	int s;

	for (s = 0; s < h->nseries; s++)
		if (strlen(h->series[s].label) > LEGEND_CHARS)
			return 2;
	return 3;
}

/* The series under the top panels: dash and marker, then the label; three
 * rows of two columns sit a little higher and closer. */
static void
legend(FILE *out, const struct handout *h)
{
	int s, cols = legend_columns(h), rows = (h->nseries + cols - 1) / cols;
	double y = TOP + PANEL_H + (rows > 2 ? 52 : 58), step = rows > 2 ? 14 : 16;

	svg_text(out, LEFT, y, "start", 11, "lines: closed form at the measured overlap "
	    "alpha; points: measured, bars: 95% intervals");
	for (s = 0; s < h->nseries; s++) {
		double x = LEFT + (s % cols) * (780.0 / cols), yy = y + 18 + (s / cols) * step;

		svg_dash_sample(out, x, yy - 4, 36, s);
		svg_marker(out, x + 18, yy - 4, s);
		svg_text(out, x + 44, yy, "start", 11, h->series[s].label);
	}
}

/* The run's tokens-per-step histogram, against the truncated geometric law. */
static void
histogram_panel(FILE *out, const struct handout_run *r, struct svg_panel p)
{
	double x[SPEC_GAMMA_MAX + 1], y[SPEC_GAMMA_MAX + 1], f[SPEC_GAMMA_MAX + 1];
	double top[2 * (SPEC_GAMMA_MAX + 1)];
	int n, k = r->gamma + 1;
	char note[96];

	for (n = 1; n <= k; n++) {
		x[n - 1] = n;
		f[n - 1] = r->steps > 0 ? (double)r->tok_hist[n - 1] / (double)r->steps : 0;
		y[n - 1] = theory_tok_pmf(r->alpha_hat, r->gamma, n);
		top[2 * (n - 1)] = f[n - 1];
		top[2 * (n - 1) + 1] = y[n - 1];
	}
	p.xmin = 0.5;
	p.xmax = k + 0.5;
	p.ymax = svg_top(top, 2 * k);
	svg_axes(out, &p, "tokens per step: measured and closed form",
	    "tokens emitted in a step", "fraction of steps", 1);
	for (n = 0; n < k; n++)
		svg_bar(out, &p, x[n], 0.7, f[n]);
	svg_line(out, &p, x, y, k, 1);
	for (n = 0; n < k; n++)
		svg_point(out, &p, x[n], y[n], 0.0, 0);
	snprintf(note, sizeof note, "bars: measured; circles: closed form at alpha-hat %.3f",
	    r->alpha_hat);
	svg_text(out, p.x0, p.y0 + p.h + 52, "start", 11, note);
}

/* Acceptance at each draft position: of the drafts tested there, and of all steps. */
static void
position_panel(FILE *out, const struct handout_run *r, struct svg_panel p)
{
	double x[SPEC_GAMMA_MAX], y[SPEC_GAMMA_MAX], a[2] = { 0, 0 }, lvl[2];
	int i;

	p.xmin = 0.5;
	p.xmax = r->gamma + 0.5;
	p.ymax = 1.05;
	svg_axes(out, &p, "acceptance by draft position", "draft position",
	    "acceptance rate", 1);
	for (i = 0; i < r->gamma; i++) {
		x[i] = i + 1;
		y[i] = r->steps > 0 ? (double)r->accepted_at[i] / (double)r->steps : 0.0;
		if (r->tested_at[i] > 0)
			svg_bar(out, &p, x[i], 0.7,
			    (double)r->accepted_at[i] / (double)r->tested_at[i]);
	}
	svg_line(out, &p, x, y, r->gamma, 0);
	for (i = 0; i < r->gamma; i++)
		svg_point(out, &p, x[i], y[i], 0.0, 1);
	a[0] = 0.5;
	a[1] = r->gamma + 0.5;
	lvl[0] = lvl[1] = r->alpha_hat;
	svg_line(out, &p, a, lvl, 2, 4);
	svg_text(out, p.x0, p.y0 + p.h + 52, "start", 11, "bars: rate where tested; "
	    "squares: per step; dashes: alpha-hat");
}

/* Whether some series' point at its largest gamma (4 or more) sits above its
 * curve by more than its interval. */
static int
above_at_large_gamma(const struct handout *h)
{
	int s, i, top;

	for (s = 0; s < h->nseries; s++) {
		const struct handout_series *se = &h->series[s];

		for (i = 0, top = -1; i < se->npoints; i++)
			if (top < 0 || se->pt[i].gamma > se->pt[top].gamma)
				top = i;
		if (top >= 0 && se->pt[top].gamma >= 4 && se->pt[top].tok - se->pt[top].tok_ci >
		    theory_tok_per_step(se->alpha, se->pt[top].gamma))
			return 1;
	}
	return 0;
}

/* Speedup against the rule's distortion, one line per series through its
 * gammas: what a list of L trades. */
static void
trade_panel(FILE *out, const struct handout *h, struct svg_panel p)
{
	double x[HANDOUT_POINTS_MAX], y[HANDOUT_POINTS_MAX], top = 1.0, right = 0.01;
	int s, i;

	for (s = 0; s < h->nseries; s++)
		for (i = 0; i < h->series[s].npoints; i++) {
			top = fmax(top, h->series[s].pt[i].speedup + h->series[s].pt[i].speedup_ci);
			right = fmax(right, h->series[s].pt[i].dist);
		}
	p.xmin = 0.0;
	p.xmax = right * 1.1;
	p.ymax = top * 1.08;
	svg_axes(out, &p, "speedup against distortion", "distortion: TV(output, p)",
	    "speedup over the target alone", 0);
	for (s = 0; s < h->nseries; s++) {
		const struct handout_series *se = &h->series[s];

		for (i = 0; i < se->npoints; i++) {
			x[i] = se->pt[i].dist;
			y[i] = se->pt[i].speedup;
		}
		svg_line(out, &p, x, y, se->npoints, s);
		for (i = 0; i < se->npoints; i++)
			svg_point(out, &p, x[i], y[i], se->pt[i].speedup_ci, s);
	}
	svg_text(out, p.x0, p.y0 + p.h + 52, "start", 11, "each line: one series through "
	    "its gammas; 0: the output is p");
}

static void
draw(FILE *out, const struct handout *h)
{
	char sub[160];

	svg_begin(out, WIDTH, HEIGHT, h->title);
	if (above_at_large_gamma(h))
		svg_text(out, WIDTH / 2.0, 44, "middle", 11, "points above the lines at large "
		    "gamma: the overlap b varies between steps, and E[(1 - b^(g+1))/(1 - b)]"
		    " exceeds the form at E[b] (Jensen)");
	gamma_panel(out, h, panel_at(0, 0), 1);
	gamma_panel(out, h, panel_at(1, 0), 0);
	legend(out, h);
	snprintf(sub, sizeof sub, "lower panels: %s", h->run.label);
	svg_text(out, WIDTH / 2.0, TOP + PANEL_H + GAP_Y - 30, "middle", 12, sub);
	if (h->trade)
		trade_panel(out, h, panel_at(0, 1));
	else
		histogram_panel(out, &h->run, panel_at(0, 1));
	position_panel(out, &h->run, panel_at(1, 1));
	svg_end(out);
}

int
handout_write(const char *path, const struct handout *h, char *err, size_t errlen)
{
	struct outfile of;
	char why[ERRMSG_MAX];

	if (outfile_open(&of, path, why, sizeof why) == 0) {
		draw(of.fp, h);
		if (outfile_commit(&of, path, why, sizeof why) == 0)
			return 0;
	}
	snprintf(err, errlen, "--plot: cannot write %s", why);
	return -1;
}
