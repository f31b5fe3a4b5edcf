/* tui_layout.h: where each pane of the live view goes for a terminal size. Pure
 * arithmetic, no curses, so it is unit-tested. */
#ifndef SPECDEC_TUI_LAYOUT_H
#define SPECDEC_TUI_LAYOUT_H

enum tui_pane {
	TUI_P_HEADER,	/* top line: parameters, state, step */
	TUI_P_STREAM,	/* left: one row per step, legend at its foot */
	TUI_P_DETAIL,	/* left: the newest or selected step, token by token */
	TUI_P_COST,	/* left: the cost model */
	TUI_P_STATS,	/* right: the running statistics and histogram */
	TUI_P_CURVE,	/* right: E[tokens/step] against gamma */
	TUI_P_KEYS,	/* bottom line: the key bar */
	TUI_P_DIST,	/* right, wide screens: the distributions of one position */
	TUI_P_TIMELINE,	/* left, wide screens: the timeline's lanes */
	TUI_P_COUNT,
};

#define TUI_WIDE_COLS 120	/* from this size every pane shows at once */
#define TUI_WIDE_LINES 40

struct tui_rect {
	int y, x, h, w;
};

/* What a pane needs: lines and columns, borders included (tui_panes.h's table
 * says it for each pane). */
struct tui_size {
	int h, w;
};

struct tui_layout {
	int cols, lines;
	int need_cols, need_lines;	/* the least size that fits */
	int fits;	/* 0: the terminal is below need_cols x need_lines */
	int wide;	/* TUI_P_DIST and TUI_P_TIMELINE have rectangles of their own */
	struct tui_rect pane[TUI_P_COUNT];	/* all zero when it does not fit */
};

/* Lay the panes out over cols x lines, each rectangle i at least min[i] (the
 * pane table's sizes); returns lay->fits. The panes tile the screen: header and
 * key bar take a line each, the left column (stream, detail, cost) about 55% of
 * the width but at least its widest need, the right (statistics, curve) the
 * rest. The detail, the cost model and the timeline get their need, the
 * statistics theirs and a share of the extra lines, the stream and the curve
 * what is left. The view fits when each column's needs fit (72x20 with the
 * panes as they are). From TUI_WIDE_COLS x TUI_WIDE_LINES the timeline takes
 * lines from the stream (left) and the distributions about 3/5 of the curve's
 * (right). */
int tui_layout_compute(int cols, int lines, const struct tui_size min[TUI_P_COUNT],
    struct tui_layout *lay);

/* The panes of base laid out above a band of band lines over the key bar (a
 * lesson's captions): in each column the panes keep their order and go whole
 * or not at all (height 0). Rows come first from the column's stretching pane
 * (the stream, the lower right) down to its need, then from the others, the
 * pane nearest the band first; then whole panes give way, the nearest the band
 * first. The pane keep (a slot; TUI_P_COUNT: none) gives rows last and never
 * gives way; the rows left over go to the stretching pane, else to keep, else
 * to the column's first pane. band 0 (or a layout that does not fit): base
 * itself. */
void tui_layout_band(const struct tui_layout *base, int band, enum tui_pane keep,
    const struct tui_size min[TUI_P_COUNT], struct tui_layout *lay);

#define TUI_HELP_NAME_W 10	/* the key name column of a help entry */
#define TUI_HELP_COLS_MAX 32	/* columns of entries the overlay may use */

/* The help overlay: its window, and where each entry of its page goes inside
 * it. The entries run down columns of rows entries, ncols columns a page: entry
 * i (first <= i < first + ncols * rows) is in column (i - first) / rows, on row
 * top + (i - first) % rows; its key name at col_x of its column, its text
 * TUI_HELP_NAME_W further on, clipped at the border's inner space. */
struct tui_help_layout {
	struct tui_rect win;	/* centred, border included, clipped to the screen;
				 * as wide as the widest page */
	int ncols, rows;	/* columns of entries a page; entries per column */
	int npages, page;	/* pages of entries (1: all on one), the one laid out */
	int first;		/* the page's first entry */
	int shown;		/* rows of each column shown (rows, or fewer when
				 * the screen is too short for a single row of the
				 * pairs: the rest are left out) */
	int top;		/* the first entry's row in win */
	int col_x[TUI_HELP_COLS_MAX];	/* each column's first x in win */
};

/* Lay page page (clamped to the pages there are) of the help overlay out over
 * cols x lines for n entries: text_w(i) is the width of entry i's text, and
 * paired(i) says that entries i and i + 1 are a pair (x and X), which no column
 * or page break parts. Of the column counts the width holds (each column's
 * name and 16 columns of its text; a longer text is cut at the right edge), it
 * takes the fewest whose rows fit between the border and a blank line above and
 * below them, or else between the borders alone. When none holds every entry,
 * the entries go on pages of the most columns, as few pages as hold them
 * between the borders, the rows shared out evenly over their columns (a blank
 * line above and below when the rows leave room). Each column is as wide as its
 * widest entry, two apart. */
void tui_layout_help(int cols, int lines, int n, int (*text_w)(int i),
    int (*paired)(int i), int page, struct tui_help_layout *h);

#endif
