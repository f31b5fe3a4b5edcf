/* tui_text.c: widths, pens, boxes and glyph tables for the live view. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/tui_text.h"

#define TUI_TEXT_MAX 512	/* bytes one formatted or clipped text may take */

static const struct tui_glyphs glyphs_utf8 = {
	"\u03b3", "\u03b1", "\u03b1\u0302", "\u03c7\u00b2", "\u2192", "\u2026",
	"\u2022", "\u25c6", "\u00b7", "\u2026", "\u2013", "\u2502",
};
static const struct tui_glyphs glyphs_ascii = {
	"gamma", "alpha", "alpha^", "chi2", "->", "...", "*", "@", ".", "~", "-", "|",
};

const struct tui_glyphs *
tui_glyphs(const struct tui_term *term)
{
	return term->utf8 ? &glyphs_utf8 : &glyphs_ascii;
}

size_t
tui_text_fit(const char *s, int maxw, int *width)
{
	mbstate_t st;
	size_t i = 0, n;
	wchar_t wc;
	int w = 0, cw;

	memset(&st, 0, sizeof st);
	while (s[i] != '\0') {
		n = mbrtowc(&wc, s + i, MB_CUR_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2) {
			memset(&st, 0, sizeof st);
			n = 1;
			cw = 1;
		} else if ((cw = wcwidth(wc)) < 0)
			cw = 1;
		if (w + cw > maxw)
			break;
		w += cw;
		i += n;
	}
	*width = w;
	return i;
}

int
tui_text_width(const char *s)
{
	int w;

	tui_text_fit(s, 1 << 20, &w);
	return w;
}

struct tui_pen
tui_pen_make(WINDOW *w, const struct tui_term *term, int y, int x, int right)
{
	struct tui_pen p = { w, y, x, right, term };

	return p;
}

struct tui_pen
tui_pen_boxed(WINDOW *w, const struct tui_term *term)
{
	return tui_pen_make(w, term, TUI_BOX_Y, TUI_BOX_X, getmaxx(w) - TUI_BOX_X);
}

struct tui_pen
tui_pen_line(WINDOW *w, const struct tui_term *term)
{
	return tui_pen_make(w, term, 0, TUI_LINE_X, getmaxx(w));
}

void
tui_pen_at(struct tui_pen *p, int y, int x)
{
	p->y = y;
	p->x = x;
}

void
tui_pen_put(struct tui_pen *p, enum tui_style style, const char *s)
{
	int width;
	size_t n;

	if (p->x >= p->right)
		return;
	n = tui_text_fit(s, p->right - p->x, &width);
	wattrset(p->w, p->term->attr[style]);
	if (n > 0)
		mvwaddnstr(p->w, p->y, p->x, s, (int)n);
	wattrset(p->w, A_NORMAL);
	p->x += width;
}

void
tui_pen_printf(struct tui_pen *p, enum tui_style style, const char *fmt, ...)
{
	char buf[TUI_TEXT_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	tui_pen_put(p, style, buf);
}

void
tui_pen_put_cut(struct tui_pen *p, enum tui_style style, const char *s)
{
	const char *cut = tui_glyphs(p->term)->cut;
	char buf[TUI_TEXT_MAX];
	int room = p->right - p->x, width;
	size_t n;

	if (room <= 0 || tui_text_width(s) <= room) {
		tui_pen_put(p, style, s);
		return;
	}
	n = tui_text_fit(s, room - tui_text_width(cut), &width);
	n = n < sizeof buf - 1 ? n : sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	tui_pen_put(p, style, buf);
	tui_pen_put(p, TUI_S_DIM, cut);
}

int
tui_table_x(const struct tui_table *t, int col)
{
	return TUI_BOX_X + t->label_w + col * t->col_w;
}

void
tui_table_put(struct tui_pen *p, const struct tui_table *t, int row, int col,
    enum tui_style style, const char *s)
{
	int right = p->right, x = tui_table_x(t, col);

	tui_pen_at(p, TUI_BOX_Y + row, x);
	if (p->right > x + t->col_w - 1)
		p->right = x + t->col_w - 1;
	tui_pen_put_cut(p, style, s);
	p->right = right;
}

void
tui_table_numbers(WINDOW *w, const struct tui_term *term, const struct tui_table *t,
    const char *label, const int *num, int n, int first, int ncols, int total, int sel)
{
	const struct tui_glyphs *g = tui_glyphs(term);
	int y = getmaxy(w) - 1, i;
	struct tui_pen p = tui_pen_make(w, term, y, TUI_BOX_X, getmaxx(w) - 1);

	tui_pen_put(&p, TUI_S_DIM, label);
	if (first > 0)
		tui_pen_put(&p, TUI_S_DIM, g->more);
	for (i = first; i < n && i < first + ncols; i++) {
		tui_pen_at(&p, y, tui_table_x(t, i - first));
		tui_pen_printf(&p, i == sel ? TUI_S_SELECTED : TUI_S_DIM, i == sel ? "[%d]" : "%d",
		    num[i]);
	}
	if (first + ncols < total) {
		tui_pen_at(&p, y, getmaxx(w) - 1 - TUI_BOX_X - tui_text_width(g->more) + 1);
		tui_pen_put(&p, TUI_S_DIM, g->more);
	}
}

void
tui_pen_choose(struct tui_pen *p, enum tui_style style, const char *a, const char *b,
    const char *c)
{
	if (tui_text_width(a) <= p->right - p->x)
		tui_pen_put(p, style, a);
	else if (c == NULL || tui_text_width(b) <= p->right - p->x)
		tui_pen_put(p, style, b);
	else
		tui_pen_put(p, style, c);
}

#define TUI_FIELDS_MAX 16

/* Columns the fields take: each at its level (0 dropped, 1 short, 2 long). */
static int
fields_width(const struct tui_field *f, const int *level, int n)
{
	int i, w = 0;

	for (i = 0; i < n; i++)
		if (level[i] > 0)
			w += tui_text_width(level[i] == 2 || f[i].shrt == NULL ? f[i].text :
			    f[i].shrt);
	return w;
}

/* The least important priority that can be shortened (a field still long with a
 * short spelling) is; when none can, the least important one still shown is
 * dropped, all its fields at once. 0 when only priority 0 is left. */
static int
fields_shrink(const struct tui_field *f, int *level, int n)
{
	int i, shortest = -1, worst = -1;

	for (i = 0; i < n; i++) {
		if (level[i] == 2 && f[i].shrt != NULL && f[i].prio > shortest)
			shortest = f[i].prio;
		if (level[i] > 0 && f[i].prio > 0 && f[i].prio > worst)
			worst = f[i].prio;
	}
	if (shortest < 0 && worst < 0)
		return 0;
	for (i = 0; i < n; i++)
		if (shortest >= 0 && f[i].prio == shortest && f[i].shrt != NULL)
			level[i] = level[i] == 2 ? 1 : level[i];
		else if (shortest < 0 && f[i].prio == worst)
			level[i] = 0;
	return 1;
}

void
tui_pen_fields(struct tui_pen *p, const struct tui_field *f, int n)
{
	int level[TUI_FIELDS_MAX], i;

	n = n < TUI_FIELDS_MAX ? n : TUI_FIELDS_MAX;
	for (i = 0; i < n; i++)
		level[i] = 2;
	while (fields_width(f, level, n) > p->right - p->x && fields_shrink(f, level, n))
		;
	for (i = 0; i < n; i++)
		if (level[i] > 0)
			tui_pen_put_cut(p, f[i].style, level[i] == 2 || f[i].shrt == NULL ?
			    f[i].text : f[i].shrt);
}

static void
draw_border(WINDOW *w, int utf8)
{
	const char *h = utf8 ? "\u2500" : "-", *vl = utf8 ? "\u2502" : "|";
	int y, x, mx = getmaxx(w) - 1, my = getmaxy(w) - 1;

	for (x = 1; x < mx; x++) {
		mvwaddstr(w, 0, x, h);
		mvwaddstr(w, my, x, h);
	}
	for (y = 1; y < my; y++) {
		mvwaddstr(w, y, 0, vl);
		mvwaddstr(w, y, mx, vl);
	}
	mvwaddstr(w, 0, 0, utf8 ? "\u250c" : "+");
	mvwaddstr(w, 0, mx, utf8 ? "\u2510" : "+");
	mvwaddstr(w, my, 0, utf8 ? "\u2514" : "+");
	mvwaddstr(w, my, mx, utf8 ? "\u2518" : "+");
}

void
tui_box(WINDOW *w, const struct tui_term *term, const char *title, const char *shrt)
{
	struct tui_pen p = tui_pen_make(w, term, 0, TUI_BOX_X, getmaxx(w) - TUI_BOX_X);
	char a[TUI_TEXT_MAX], b[TUI_TEXT_MAX];

	werase(w);
	draw_border(w, term->utf8);
	snprintf(a, sizeof a, " %s ", title);
	snprintf(b, sizeof b, " %s ", shrt != NULL ? shrt : title);
	tui_pen_choose(&p, TUI_S_TITLE, a, b, NULL);
}

const char *
tui_number(char *buf, size_t len, int prec, double x, int have, const struct tui_glyphs *g)
{
	if (have)
		snprintf(buf, len, "%.*f", prec, x);
	else
		snprintf(buf, len, "%s", g->none);
	return buf;
}

const char *
tui_figure(char *buf, size_t len, int prec, double x, int have, int hidden,
    const struct tui_glyphs *g)
{
	if (hidden) {
		snprintf(buf, len, "%s", TUI_HIDDEN);
		return buf;
	}
	return tui_number(buf, len, prec, x, have, g);
}
