/* svg.h: a small SVG writer for plots readable in black and white: panels with
 * axes and ticks, lines told apart by dash patterns, points by marker shapes,
 * bars in grey with black edges. Coordinates in a panel are data units. */
#ifndef SPECDEC_SVG_H
#define SPECDEC_SVG_H

#include <stdio.h>

#define SVG_STYLES 6	/* distinct marker shapes and dash patterns */

/* The plotting area of a panel in pixels, and the data range it shows. */
struct svg_panel {
	double x0, y0, w, h;
	double xmin, xmax, ymin, ymax;
};

void svg_begin(FILE *out, int width, int height, const char *title);
void svg_end(FILE *out);

/* Text at pixel (x, y); anchor "start", "middle" or "end"; escaped. */
void svg_text(FILE *out, double x, double y, const char *anchor, int size,
    const char *text);

/* The panel's frame, ticks, tick labels (integers only when integer_x), title
 * and axis labels. */
void svg_axes(FILE *out, const struct svg_panel *p, const char *title,
    const char *xlabel, const char *ylabel, int integer_x);

/* A line through n data points in dash style (0 solid). */
void svg_line(FILE *out, const struct svg_panel *p, const double *x, const double *y,
    int n, int style);

/* Marker style at data (x, y), with a vertical 95% bar of half-height ci when
 * ci > 0. */
void svg_point(FILE *out, const struct svg_panel *p, double x, double y, double ci,
    int style);

/* A marker at pixel (x, y) (for legends). */
void svg_marker(FILE *out, double x, double y, int style);

/* A line sample of dash style from pixel (x, y), len long (for legends). */
void svg_dash_sample(FILE *out, double x, double y, double len, int style);

/* A grey bar from 0 to y centred at data x, width data units wide. */
void svg_bar(FILE *out, const struct svg_panel *p, double x, double width, double y);

/* A ymax above every value in v[0..n-1] and 1e-9, with a little headroom. */
double svg_top(const double *v, int n);

#endif
