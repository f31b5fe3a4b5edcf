/* batch_metrics_plot.c: --plot with --metrics: the predicted speedup and tokens
 * per step against gamma, each with its 95% band (dashed), the point the server
 * measured, the best gamma, and the 1x line of the target alone. */
#include "config.h"

#include <stdio.h>

#include "batch/batch_metrics.h"
#include "batch/svg.h"
#include "metrics/metrics_predict.h"
#include "util/errmsg.h"
#include "util/outfile.h"

#define WIDTH 900
#define PANEL_W 360
#define PANEL_H 240
#define LEFT 80
#define TOP 70
#define GAP_X 90
#define LEGEND_Y (TOP + PANEL_H + 60)	/* the legend's first baseline */
#define LEGEND_LINE 18		/* from one legend line to the next */
#define LEGEND_LINES 4
#define HEIGHT (LEGEND_Y + (LEGEND_LINES - 1) * LEGEND_LINE + 16)	/* 440 */

static void
curves(FILE *out, const struct svg_panel *p, const double *mid, const double *lo,
    const double *hi, int n)
{
	double x[METRICS_GAMMA_MAX + 1];
	int g;

	for (g = 0; g <= n; g++)
		x[g] = g;
	svg_line(out, p, x, mid, n + 1, 0);
	svg_line(out, p, x, lo, n + 1, 1);
	svg_line(out, p, x, hi, n + 1, 1);
}

static void
panel(FILE *out, const struct metrics_prediction *pr, int col, int speed,
    double measured_speedup)
{
	struct svg_panel p = { LEFT + col * (PANEL_W + GAP_X), TOP, PANEL_W, PANEL_H,
	    -0.5, pr->gmax + 0.5, 0, 1 };
	const double *mid = speed ? pr->speedup : pr->tok;
	const double *hi = speed ? pr->speedup_hi : pr->tok_hi;
	double one[2] = { 1.0, 1.0 }, ends[2] = { -0.5, pr->gmax + 0.5 };

	p.ymax = svg_top(hi, pr->gmax + 1);
	p.ymax = p.ymax < 1.2 ? 1.2 : p.ymax;
	svg_axes(out, &p, speed ? "predicted speedup against gamma" :
	    "predicted tokens per step against gamma", "gamma (draft length)",
	    speed ? "speedup over the target alone" : "tokens per step", 1);
	curves(out, &p, mid, speed ? pr->speedup_lo : pr->tok_lo, hi, pr->gmax);
	if (speed)
		svg_line(out, &p, ends, one, 2, 3);
	if (pr->gamma_measured <= pr->gmax)
		svg_point(out, &p, pr->gamma_measured, speed ? measured_speedup :
		    pr->measured_tok, 0.0, 0);
	if (pr->best > 0)
		svg_point(out, &p, pr->best, mid[pr->best], 0.0, 2);
}

static void
draw(FILE *out, const struct metrics *m, const struct metrics_prediction *p,
    const char *cost)
{
	char title[200], line[240];
	double measured = p->gamma_measured <= p->gmax ?
	    p->measured_tok / (p->tok[p->gamma_measured] / p->speedup[p->gamma_measured]) :
	    0.0;
	double y = LEGEND_Y;

	snprintf(title, sizeof title, "specdec: %s metrics (%s), measured at gamma %d; %s",
	    metrics_system_name(m->format), metrics_format_name(m->format),
	    p->gamma_measured, cost);
	svg_begin(out, WIDTH, HEIGHT, title);
	panel(out, p, 0, 1, measured);
	panel(out, p, 1, 0, measured);
	svg_dash_sample(out, LEFT, y - 4, 36, 0);
	snprintf(line, sizeof line, "predicted (%s up to gamma %d, %s past it)",
	    p->per_position ? "exact" : "i.i.d. fit", p->gamma_measured,
	    p->per_position ? "alpha_k carried on" : "the same fit");
	svg_text(out, LEFT + 44, y, "start", 11, line);
	y += LEGEND_LINE;
	svg_dash_sample(out, LEFT, y - 4, 36, 1);
	svg_text(out, LEFT + 44, y, "start", 11, p->has_interval ?
	    "95% interval" : "no interval: the file gives rates, not counts");
	y += LEGEND_LINE;
	svg_marker(out, LEFT + 18, y - 4, 0);
	svg_text(out, LEFT + 44, y, "start", 11, "measured by the server");
	y += LEGEND_LINE;
	svg_marker(out, LEFT + 18, y - 4, 2);
	if (p->best > 0)
		snprintf(line, sizeof line, "best gamma %d (%.2fx)", p->best,
		    p->speedup[p->best]);
	else
		snprintf(line, sizeof line, "best: don't speculate");
	svg_text(out, LEFT + 44, y, "start", 11, line);
	svg_end(out);
}

int
batch_metrics_plot(const char *path, const struct metrics *m,
    const struct metrics_prediction *p, const char *cost_words, char *err,
    size_t errlen)
{
	struct outfile of;
	char why[ERRMSG_MAX];

	if (outfile_open(&of, path, why, sizeof why) == 0) {
		draw(of.fp, m, p, cost_words);
		if (outfile_commit(&of, path, why, sizeof why) == 0)
			return 0;
	}
	snprintf(err, errlen, "--plot: cannot write %s", why);
	return -1;
}
