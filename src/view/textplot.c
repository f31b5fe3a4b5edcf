/* textplot.c: a text grid, the tokens-per-step curves, vertical and horizontal bars. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/textplot.h"
#include "stats/theory.h"
#include "util/xalloc.h"

static const char *const hbar_utf8[8] = {
	"", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589",
};
static const char *const vbar_utf8[9] = {
	" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588",
};

/* Where the plot area sits in the grid and what it spans. */
struct frame {
	int lx;			/* first column of the plot area */
	int pw, ph;		/* its width and height */
	int gmax;
	double ymin, ymax;
};

const char *
textplot_alpha_label(char *buf, size_t len, double alpha)
{
	char s[32];

	snprintf(s, sizeof s, "%g", alpha);
	snprintf(buf, len, "%s", strncmp(s, "0.", 2) == 0 ? s + 1 : s);
	return buf;
}

static void
textplot_clear(struct textplot_grid *g)
{
	int i;

	for (i = 0; i < g->w * g->h; i++) {
		strcpy(g->cells[i].ch, " ");
		g->cells[i].style = TEXTPLOT_S_PLAIN;
	}
}

int
textplot_init(struct textplot_grid *g, int w, int h, int utf8)
{
	g->w = w > 0 ? w : 0;
	g->h = h > 0 ? h : 0;
	g->utf8 = utf8;
	g->cells = xcalloc((size_t)g->w * (size_t)g->h + 1, sizeof *g->cells);
	textplot_clear(g);
	return 0;
}

void
textplot_free(struct textplot_grid *g)
{
	free(g->cells);
	g->cells = NULL;
}

void
textplot_put(struct textplot_grid *g, int x, int y, const char *glyph, int style)
{
	struct textplot_cell *c;

	if (x < 0 || y < 0 || x >= g->w || y >= g->h || strlen(glyph) >= TEXTPLOT_CELL)
		return;
	c = &g->cells[y * g->w + x];
	strcpy(c->ch, glyph);
	c->style = style;
}

void
textplot_text(struct textplot_grid *g, int x, int y, const char *s, int style)
{
	char one[2] = { 0, 0 };

	for (; *s != '\0'; s++, x++) {
		one[0] = *s;
		textplot_put(g, x, y, one, style);
	}
}

const struct textplot_cell *
textplot_at(const struct textplot_grid *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= g->w || y >= g->h)
		return NULL;
	return &g->cells[y * g->w + x];
}

size_t
textplot_row(const struct textplot_grid *g, int y, char *buf, size_t len)
{
	size_t n = 0, l;
	int x;

	if (len == 0)
		return 0;
	for (x = 0; x < g->w && y >= 0 && y < g->h; x++) {
		l = strlen(g->cells[y * g->w + x].ch);
		if (n + l >= len)
			break;
		memcpy(buf + n, g->cells[y * g->w + x].ch, l);
		n += l;
	}
	buf[n] = '\0';
	return n;
}

static int
frame_col(const struct frame *f, double gamma)
{
	return f->lx + (int)lround((gamma - 1.0) * (f->pw - 1) / (f->gmax - 1));
}

static int
frame_row(const struct frame *f, double v)
{
	double t = (f->ymax - v) / (f->ymax - f->ymin);

	t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
	return (int)lround(t * (f->ph - 1));
}

/* E[tokens/step](gamma) at alpha, joined linearly across the columns between
 * consecutive gammas. */
static void
draw_curve(struct textplot_grid *g, const struct frame *f, double alpha, const char *glyph,
    int style)
{
	int gamma, c, c0, c1;

	for (gamma = 1; gamma < f->gmax; gamma++) {
		double v0 = theory_tok_per_step(alpha, gamma);
		double v1 = theory_tok_per_step(alpha, gamma + 1);

		c0 = frame_col(f, gamma);
		c1 = frame_col(f, gamma + 1);
		for (c = c0; c <= c1; c++) {
			double t = c1 > c0 ? (double)(c - c0) / (c1 - c0) : 0.0;

			textplot_put(g, c, frame_row(f, v0 + t * (v1 - v0)), glyph, style);
		}
	}
}

static void
draw_axes(struct textplot_grid *g, const struct frame *f)
{
	int x, y;

	for (y = 0; y < f->ph; y++)
		textplot_put(g, f->lx - 1, y, g->utf8 ? "\u2502" : "|", TEXTPLOT_S_AXIS);
	textplot_put(g, f->lx - 1, f->ph, g->utf8 ? "\u2514" : "+", TEXTPLOT_S_AXIS);
	for (x = f->lx; x < g->w; x++)
		textplot_put(g, x, f->ph, g->utf8 ? "\u2500" : "-", TEXTPLOT_S_AXIS);
}

/* Right-aligned value labels left of the axis: top, bottom and the middle. */
static void
draw_ylabels(struct textplot_grid *g, const struct frame *f)
{
	char buf[16];
	int mid = (int)lround((f->ymax + f->ymin) / 2.0);
	int vals[3] = { (int)f->ymax, (int)f->ymin, mid };
	int i, n;

	for (i = 0; i < 3; i++) {
		int y = frame_row(f, vals[i]);

		if (i == 2 && (y <= frame_row(f, vals[0]) + 1 || y >= frame_row(f, vals[1]) - 1))
			continue;
		n = snprintf(buf, sizeof buf, "%d", vals[i]);
		textplot_text(g, f->lx - 1 - n, y, buf, TEXTPLOT_S_AXIS);
	}
}

/* Gamma labels under the axis: the last one first, then every one that fits. */
static void
draw_xlabels(struct textplot_grid *g, const struct frame *f)
{
	char buf[16];
	int gamma, x, n, last_x, end = -1;

	n = snprintf(buf, sizeof buf, "%d", f->gmax);
	last_x = frame_col(f, f->gmax) - n + 1;
	textplot_text(g, last_x, f->ph + 1, buf, TEXTPLOT_S_AXIS);
	for (gamma = 1; gamma < f->gmax; gamma++) {
		x = frame_col(f, gamma);
		n = snprintf(buf, sizeof buf, "%d", gamma);
		if (x <= end || x + n >= last_x)
			continue;
		textplot_text(g, x, f->ph + 1, buf, TEXTPLOT_S_AXIS);
		end = x + n;
	}
}

void
textplot_tok_curves(struct textplot_grid *g, const struct textplot_curves *spec)
{
	struct frame f;
	char buf[16];
	int i;

	if (g->w < 6 || g->h < 4 || spec->gamma_max < 2)
		return;
	f.gmax = spec->gamma_max;
	f.ymin = 1.0;
	f.ymax = f.gmax + 1.0;
	f.lx = snprintf(buf, sizeof buf, "%d", f.gmax + 1) + 1;
	f.pw = g->w - f.lx;
	f.ph = g->h - 2;
	draw_axes(g, &f);
	draw_ylabels(g, &f);
	draw_xlabels(g, &f);
	if (spec->ceiling)
		draw_curve(g, &f, 1.0, g->utf8 ? "\u00b7" : ".", TEXTPLOT_S_CEILING);
	for (i = 0; i < spec->ncurves; i++)
		draw_curve(g, &f, spec->curve[i].alpha,
		    g->utf8 ? spec->curve[i].utf8 : spec->curve[i].ascii, spec->curve[i].style);
	if (spec->mark_gamma >= 1 && spec->mark_gamma <= f.gmax)
		textplot_put(g, frame_col(&f, spec->mark_gamma), frame_row(&f, spec->mark_value),
		    g->utf8 ? "\u25c6" : "@", TEXTPLOT_S_MARK);
}

/* One bar of height frac of hb rows, its bottom at row hb - 1. */
static void
draw_vbar(struct textplot_grid *g, int x, int bw, int hb, double frac)
{
	int eighths = (int)lround(frac * hb * 8), y, i, full, rem;

	if (g->utf8) {
		full = eighths / 8;
		rem = eighths % 8;
		if (eighths == 0 && frac > 0.0)
			rem = 1;
	} else {
		full = (int)lround(frac * hb);
		rem = full == 0 && frac > 0.0;
	}
	for (y = 0; y < full + (rem > 0); y++) {
		const char *glyph = g->utf8 ? vbar_utf8[y < full ? 8 : rem] :
		    y < full ? "#" : ".";

		for (i = 0; i < bw; i++)
			textplot_put(g, x + i, hb - 1 - y, glyph, TEXTPLOT_S_BAR);
	}
}

/* Bins j*k .. j*k + k - 1 of v[0..n-1], summed: one bar. */
static double
vbar_value(const double *v, int n, int j, int k)
{
	double sum = 0.0;
	int i;

	for (i = j * k; i < n && i < (j + 1) * k; i++)
		sum += v[i];
	return sum;
}

/* Labels under the bars: n under the last first, then the first bin of each bar
 * from the left where it fits with a blank on either side. */
static void
vbar_labels(struct textplot_grid *g, int n, int k, int m, int slot)
{
	char buf[16];
	int j, len, x, last_x = (m - 1) * slot, end = -1;

	snprintf(buf, sizeof buf, "%d", n);
	textplot_text(g, last_x, g->h - 1, buf, TEXTPLOT_S_AXIS);
	for (j = 0; j < m - 1; j++) {
		x = j * slot;
		len = snprintf(buf, sizeof buf, "%d", j * k + 1);
		if (x > end && x + len < last_x) {
			textplot_text(g, x, g->h - 1, buf, TEXTPLOT_S_AXIS);
			end = x + len;
		}
	}
}

void
textplot_vbars(struct textplot_grid *g, const double *v, int n)
{
	char buf[16];
	double max = 0.0, x;
	int avail, k, m, slot, bw, j;

	if (n <= 0 || g->w <= 0 || g->h < 2)
		return;
	avail = g->w - (snprintf(buf, sizeof buf, "%d", n) - 1);
	avail = avail > 0 ? avail : 1;
	k = (n + avail - 1) / avail;	/* bins per bar */
	m = (n + k - 1) / k;		/* bars */
	slot = avail / m > 0 ? avail / m : 1;
	bw = slot >= 2 ? slot - 1 : 1;
	bw = bw > 3 ? 3 : bw;
	for (j = 0; j < m; j++)
		max = (x = vbar_value(v, n, j, k)) > max ? x : max;
	for (j = 0; j < m && max > 0.0; j++)
		draw_vbar(g, j * slot, bw, g->h - 1, vbar_value(v, n, j, k) / max);
	vbar_labels(g, n, k, m, slot);
}

size_t
textplot_hbar(char *buf, size_t len, double frac, int width, int utf8)
{
	size_t n = 0;
	int cells, full, rem, i;

	if (len == 0)
		return 0;
	frac = !(frac > 0.0) ? 0.0 : frac > 1.0 ? 1.0 : frac;
	width = width > 0 ? width : 0;
	cells = utf8 ? (int)lround(frac * width * 8) : (int)lround(frac * width);
	full = utf8 ? cells / 8 : cells;
	rem = utf8 ? cells % 8 : 0;
	buf[0] = '\0';
	for (i = 0; i < width; i++) {
		const char *s = i < full ? (utf8 ? "\u2588" : "#") :
		    i == full && rem > 0 ? hbar_utf8[rem] : " ";
		size_t l = strlen(s);

		if (n + l >= len)
			break;
		memcpy(buf + n, s, l + 1);
		n += l;
	}
	return n;
}
