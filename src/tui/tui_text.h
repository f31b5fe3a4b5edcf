/* tui_text.h: the clipped, styled text writer of the live view. It measures UTF-8
 * text in screen columns, writes it in a style through a pen that clips at a right
 * edge, draws the box (border and title) around a pane, and holds the words and
 * signs that have a Unicode and an ASCII spelling. It knows nothing of the model. */
#ifndef SPECDEC_TUI_TEXT_H
#define SPECDEC_TUI_TEXT_H

#include <stddef.h>

#include "tui/tui_term.h"

#define TUI_BOX_Y 1		/* first text row inside a box: below the border */
#define TUI_BOX_X 2		/* first text column inside a box: border, then a space */
#define TUI_BOX_W (2 * TUI_BOX_X)	/* columns a box takes from its text, both sides */
#define TUI_BOX_H (2 * TUI_BOX_Y)	/* lines it takes: the top and bottom border */
#define TUI_LINE_X 1		/* first text column of an unboxed line (header, key bar) */

/* Words and signs that have a Unicode and an ASCII spelling. */
struct tui_glyphs {
	const char *gamma, *alpha, *alpha_hat, *chi2, *arrow, *more;
	const char *measured, *mark, *ceiling;
	const char *cut;	/* ends a label clipped to its column */
	const char *none;	/* a figure with no data behind it yet */
	const char *one_x;	/* the 1x tick in the speedup bar */
};

/* The Unicode glyphs when the terminal's locale is UTF-8, else the ASCII ones. */
const struct tui_glyphs *tui_glyphs(const struct tui_term *term);

/* Bytes of s that fit in maxw columns (whole characters; a byte that is not valid
 * in the locale counts as one column); *width gets the columns they take. */
size_t tui_text_fit(const char *s, int maxw, int *width);

/* Columns the whole of s takes. */
int tui_text_width(const char *s);

/* x with prec decimals into buf, or the no-data glyph when there is no data
 * (have 0); returns buf. */
const char *tui_number(char *buf, size_t len, int prec, double x, int have,
    const struct tui_glyphs *g);

#define TUI_HIDDEN "?"	/* a figure a lesson's question waits on */

/* As tui_number, but TUI_HIDDEN when hidden. */
const char *tui_figure(char *buf, size_t len, int prec, double x, int have, int hidden,
    const struct tui_glyphs *g);

/* A write position in a window; text stops at column right. */
struct tui_pen {
	WINDOW *w;
	int y, x;
	int right;
	const struct tui_term *term;
};

/* A pen at (y, x) that clips at column right. */
struct tui_pen tui_pen_make(WINDOW *w, const struct tui_term *term, int y, int x, int right);

/* A pen at the first text row and column inside w's box, clipping inside it. */
struct tui_pen tui_pen_boxed(WINDOW *w, const struct tui_term *term);

/* A pen for an unboxed line (header, key bar): from TUI_LINE_X to w's edge. */
struct tui_pen tui_pen_line(WINDOW *w, const struct tui_term *term);

void tui_pen_at(struct tui_pen *p, int y, int x);

/* Write s in style at the pen, clipped, and move the pen past it. */
void tui_pen_put(struct tui_pen *p, enum tui_style style, const char *s);
void tui_pen_printf(struct tui_pen *p, enum tui_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Like tui_pen_put, but a text that does not fit ends in the cut glyph where it
 * was clipped, so that a clipped word never passes for a shorter one. */
void tui_pen_put_cut(struct tui_pen *p, enum tui_style style, const char *s);

/* A table in a box: row labels label_w wide, then columns col_w wide; row 0
 * is the box's first text row. */
struct tui_table {
	int label_w, col_w;
};

/* The first screen column of column col. */
int tui_table_x(const struct tui_table *t, int col);

/* s in style in the cell (row, col), clipped with the cut glyph so that a
 * space stays before the next column. */
void tui_table_put(struct tui_pen *p, const struct tui_table *t, int row, int col,
    enum tui_style style, const char *s);

/* On w's bottom border, label, then from column first on the number of each
 * column shown (num[i] for column i, n of them; sel's in brackets and
 * selected), ncols shown of total columns, with the more glyph at an end
 * where columns are out of view. */
void tui_table_numbers(WINDOW *w, const struct tui_term *term, const struct tui_table *t,
    const char *label, const int *num, int n, int first, int ncols, int total, int sel);

/* The first of the texts a, b, c (c may be NULL) that fits where the pen is, or
 * the last, clipped. */
void tui_pen_choose(struct tui_pen *p, enum tui_style style, const char *a, const char *b,
    const char *c);

/* One field of a line that tui_pen_fields lays out: its text (a separator
 * included), a shorter spelling or NULL, its style, and its priority (0 is kept
 * longest). */
struct tui_field {
	const char *text;
	const char *shrt;
	enum tui_style style;
	int prio;
};

/* Write the n fields in order from the pen so that no field is ever cut: while
 * they do not fit, fields take their short spellings, the least important
 * priority first; then whole priorities are dropped, the least important first.
 * Only priority-0 fields that still do not fit are clipped, with the cut glyph. */
void tui_pen_fields(struct tui_pen *p, const struct tui_field *f, int n);

/* Erase w and draw its border, with title on the top edge, or shrt (NULL: the
 * same) when title does not fit. Line-drawing characters in UTF-8, ASCII ones
 * otherwise; never the terminal's alternate character set, which not every
 * terminal (or capture) renders. */
void tui_box(WINDOW *w, const struct tui_term *term, const char *title, const char *shrt);

#endif
