/* svg.c: SVG elements, axes and ticks. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "batch/svg.h"

#define TICKS 5
#define MARK 4.0	/* marker half-size, px */

static const char *const dashes[SVG_STYLES] = {
	"", "7,4", "2,3", "9,3,2,3", "4,4", "12,4",
};

void
svg_begin(FILE *out, int width, int height, const char *title)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n", width, height, width,
	    height);
	fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
	    width, height);
	svg_text(out, width / 2.0, 22, "middle", 15, title);
}

void
svg_end(FILE *out)
{
	fputs("</svg>\n", out);
}

void
svg_text(FILE *out, double x, double y, const char *anchor, int size, const char *text)
{
	fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">",
	    x, y, anchor, size);
	for (; *text != '\0'; text++)
		if (*text == '&')
			fputs("&amp;", out);
		else if (*text == '<')
			fputs("&lt;", out);
		else if (*text == '>')
			fputs("&gt;", out);
		else
			putc(*text, out);
	fputs("</text>\n", out);
}

/* Data to pixels. */
static double
svg_px(const struct svg_panel *p, double x)
{
	return p->x0 + (x - p->xmin) / (p->xmax - p->xmin) * p->w;
}

static double
svg_py(const struct svg_panel *p, double y)
{
	return p->y0 + p->h - (y - p->ymin) / (p->ymax - p->ymin) * p->h;
}

/* A tick step of 1, 2 or 5 times a power of ten, about TICKS to the range. */
static double
tick_step(double range, int integer)
{
	double raw = range / TICKS, p = pow(10.0, floor(log10(raw))), f = raw / p;
	double step = (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * p;

	return integer && step < 1.0 ? 1.0 : step;
}

/* A tick's label: %g, and 0 for a value that is zero but for rounding (never
 * "-0"). */
static void
tick_label(char *buf, size_t len, double v, double step)
{
	snprintf(buf, len, "%g", fabs(v) < 1e-9 * step ? 0.0 : v);
}

static void
ticks(FILE *out, const struct svg_panel *p, int integer_x)
{
	double sx = tick_step(p->xmax - p->xmin, integer_x);
	double sy = tick_step(p->ymax - p->ymin, 0), v;
	char buf[32];

	for (v = ceil(p->xmin / sx) * sx; v <= p->xmax + 1e-9; v += sx) {
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"black\"/>\n", svg_px(p, v), p->y0 + p->h, svg_px(p, v),
		    p->y0 + p->h + 4);
		tick_label(buf, sizeof buf, v, sx);
		svg_text(out, svg_px(p, v), p->y0 + p->h + 16, "middle", 11, buf);
	}
	for (v = ceil(p->ymin / sy) * sy; v <= p->ymax + 1e-9; v += sy) {
		fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		    "stroke=\"#dddddd\"/>\n", p->x0, svg_py(p, v), p->x0 + p->w,
		    svg_py(p, v));
		tick_label(buf, sizeof buf, v, sy);
		svg_text(out, p->x0 - 6, svg_py(p, v) + 4, "end", 11, buf);
	}
}

void
svg_axes(FILE *out, const struct svg_panel *p, const char *title, const char *xlabel,
    const char *ylabel, int integer_x)
{
	ticks(out, p, integer_x);
	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
	    "fill=\"none\" stroke=\"black\"/>\n", p->x0, p->y0, p->w, p->h);
	svg_text(out, p->x0 + p->w / 2, p->y0 - 10, "middle", 13, title);
	svg_text(out, p->x0 + p->w / 2, p->y0 + p->h + 34, "middle", 12, xlabel);
	fprintf(out, "<g transform=\"translate(%.1f,%.1f) rotate(-90)\">\n",
	    p->x0 - 42, p->y0 + p->h / 2);
	svg_text(out, 0, 0, "middle", 12, ylabel);
	fputs("</g>\n", out);
}

static void
dash_attr(FILE *out, int style)
{
	const char *d = dashes[(style % SVG_STYLES + SVG_STYLES) % SVG_STYLES];

	if (*d != '\0')
		fprintf(out, " stroke-dasharray=\"%s\"", d);
}

void
svg_line(FILE *out, const struct svg_panel *p, const double *x, const double *y, int n,
    int style)
{
	int i;

	fputs("<polyline fill=\"none\" stroke=\"black\" stroke-width=\"1.5\"", out);
	dash_attr(out, style);
	fputs(" points=\"", out);
	for (i = 0; i < n; i++)
		fprintf(out, "%s%.1f,%.1f", i > 0 ? " " : "", svg_px(p, x[i]), svg_py(p, y[i]));
	fputs("\"/>\n", out);
}

void
svg_dash_sample(FILE *out, double x, double y, double len, int style)
{
	fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
	    "stroke=\"black\" stroke-width=\"1.5\"", x, y, x + len, y);
	dash_attr(out, style);
	fputs("/>\n", out);
}

void
svg_marker(FILE *out, double x, double y, int style)
{
	const double m = MARK;

	switch ((style % SVG_STYLES + SVG_STYLES) % SVG_STYLES) {
	case 0:
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"white\" "
		    "stroke=\"black\" stroke-width=\"1.5\"/>\n", x, y, m);
		break;
	case 1:
		fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
		    "fill=\"black\"/>\n", x - m, y - m, 2 * m, 2 * m);
		break;
	case 2:
		fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"white\" "
		    "stroke=\"black\" stroke-width=\"1.5\"/>\n", x, y - m - 1, x - m - 1,
		    y + m, x + m + 1, y + m);
		break;
	case 3:
		fprintf(out, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
		    "fill=\"black\"/>\n", x, y - m - 1, x + m + 1, y, x, y + m + 1, x - m - 1, y);
		break;
	case 4:
		fprintf(out, "<path d=\"M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f\" "
		    "stroke=\"black\" stroke-width=\"2\"/>\n", x - m, y - m, x + m, y + m,
		    x - m, y + m, x + m, y - m);
		break;
	default:
		fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"black\"/>\n",
		    x, y, m);
		break;
	}
}

void
svg_point(FILE *out, const struct svg_panel *p, double x, double y, double ci, int style)
{
	double px = svg_px(p, x);

	if (ci > 0.0)
		fprintf(out, "<path d=\"M%.1f,%.1f L%.1f,%.1f M%.1f,%.1f L%.1f,%.1f "
		    "M%.1f,%.1f L%.1f,%.1f\" stroke=\"black\"/>\n", px, svg_py(p, y - ci), px,
		    svg_py(p, y + ci), px - 4, svg_py(p, y - ci), px + 4, svg_py(p, y - ci),
		    px - 4, svg_py(p, y + ci), px + 4, svg_py(p, y + ci));
	svg_marker(out, px, svg_py(p, y), style);
}

void
svg_bar(FILE *out, const struct svg_panel *p, double x, double width, double y)
{
	double l = svg_px(p, x - width / 2), r = svg_px(p, x + width / 2);

	fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
	    "fill=\"#c8c8c8\" stroke=\"black\"/>\n", l, svg_py(p, y), r - l,
	    svg_py(p, 0.0) - svg_py(p, y));
}

double
svg_top(const double *v, int n)
{
	double top = 1e-9;
	int i;

	for (i = 0; i < n; i++)
		if (v[i] > top)
			top = v[i];
	return top * 1.1;
}
