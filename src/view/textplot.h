/* textplot.h: the live view's text charts (the SVG of --plot is batch/handout.h):
 * curves and bars drawn into a plain text grid of UTF-8 (or ASCII) cells.
 * No curses here: a face copies the cells to the screen, and the unit tests read
 * them directly. */
#ifndef SPECDEC_TEXTPLOT_H
#define SPECDEC_TEXTPLOT_H

#include <stddef.h>

#define TEXTPLOT_CELL 8		/* bytes of one cell: one character and its NUL */

/* Cell styles: what the face maps to colours or attributes. Callers number their
 * own series from TEXTPLOT_S_USER up. */
enum textplot_style {
	TEXTPLOT_S_PLAIN,
	TEXTPLOT_S_AXIS,
	TEXTPLOT_S_CEILING,
	TEXTPLOT_S_MARK,
	TEXTPLOT_S_BAR,
	TEXTPLOT_S_USER,
};

struct textplot_cell {
	char ch[TEXTPLOT_CELL];	/* one character of display width 1, NUL-terminated */
	int style;
};

struct textplot_grid {
	int w, h;
	int utf8;		/* 1: box-drawing and block glyphs; 0: ASCII only */
	struct textplot_cell *cells;	/* h rows of w cells */
};

/* One curve E[tokens/step] against gamma at a fixed alpha. */
struct textplot_curve {
	double alpha;
	const char *ascii;	/* its glyph in ASCII mode, e.g. "3" */
	const char *utf8;	/* its glyph in UTF-8 mode */
	int style;
};

struct textplot_curves {
	int gamma_max;		/* x axis from 1 to gamma_max (>= 2) */
	const struct textplot_curve *curve;
	int ncurves;		/* drawn in order: later ones cover earlier ones */
	int ceiling;		/* draw the gamma + 1 ceiling (alpha = 1) */
	int mark_gamma;		/* the measured point, drawn last; 0 for none */
	double mark_value;
};

/* alpha as a curve's legend names it, without the leading zero (.3, .25, 1), into
 * buf of size len; returns buf. */
const char *textplot_alpha_label(char *buf, size_t len, double alpha);

/* Make a w x h grid of blanks. Returns 0: it cannot fail (running out of memory
 * ends the process, xalloc.h); the status stays for the callers that test it. */
int textplot_init(struct textplot_grid *g, int w, int h, int utf8);
void textplot_free(struct textplot_grid *g);

/* Put glyph (one character) at column x, row y; outside the grid it is dropped. */
void textplot_put(struct textplot_grid *g, int x, int y, const char *glyph, int style);

/* Put an ASCII string from column x on row y, clipped at the right edge. */
void textplot_text(struct textplot_grid *g, int x, int y, const char *s, int style);

const struct textplot_cell *textplot_at(const struct textplot_grid *g, int x, int y);

/* Row y as one string (the cells' characters) into buf of size len; returns the
 * bytes written, without the NUL. */
size_t textplot_row(const struct textplot_grid *g, int y, char *buf, size_t len);

/* Axes with labels, the gamma + 1 ceiling, each curve and the marked point, over
 * the whole grid (at least 6 x 4). Values run from 1 at the bottom row of the plot
 * to gamma_max + 1 at its top. */
void textplot_tok_curves(struct textplot_grid *g, const struct textplot_curves *spec);

/* Vertical bars for v[0..n-1] (>= 0), scaled to the largest, over the grid's rows
 * but the last, which labels the bars with bin numbers 1 to n: n always, under
 * the last bar, and from the left the first bin of each bar where it fits. When
 * n bars do not fit, neighbouring bins share a bar (their sum). */
void textplot_vbars(struct textplot_grid *g, const double *v, int n);

/* A horizontal bar of frac (clamped to [0, 1]) of width cells into buf: full and
 * eighth blocks in UTF-8, '#' in ASCII, spaces after. Returns the bytes written. */
size_t textplot_hbar(char *buf, size_t len, double frac, int width, int utf8);

#endif
