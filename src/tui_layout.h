/* tui_layout.h: where each pane of the live view goes for a terminal size. Pure
 * arithmetic, no curses, so it is unit-tested. */
#ifndef SPECDEC_TUI_LAYOUT_H
#define SPECDEC_TUI_LAYOUT_H

#define TUI_MIN_COLS 72		/* below this the view shows "terminal too small" */
#define TUI_MIN_LINES 20

enum tui_pane {
	TUI_P_HEADER,	/* top line: parameters, state, step */
	TUI_P_STREAM,	/* left: one row per step, legend at its foot */
	TUI_P_DETAIL,	/* left: the newest or selected step, token by token */
	TUI_P_COST,	/* left: the cost model */
	TUI_P_STATS,	/* right: the running statistics and histogram */
	TUI_P_CURVE,	/* right: E[tokens/step] against gamma */
	TUI_P_KEYS,	/* bottom line: the key bar */
	TUI_P_COUNT,
};

struct tui_rect {
	int y, x, h, w;
};

struct tui_layout {
	int cols, lines;
	int fits;	/* 0: the terminal is below TUI_MIN_COLS x TUI_MIN_LINES */
	struct tui_rect pane[TUI_P_COUNT];	/* all zero when it does not fit */
};

/* Lay the panes out over cols x lines; returns lay->fits. The panes tile the
 * screen: header and key bar take a line each, the left column (stream, detail,
 * cost) about 55% of the width, the right (statistics, curve) the rest. Extra
 * lines go to the stream, the curve and the histogram. */
int tui_layout_compute(int cols, int lines, struct tui_layout *lay);

/* The help overlay for n entries of entry_w columns each: centred, with a border,
 * in as many columns as needed to fit the screen; *ncols gets the column count. */
struct tui_rect tui_layout_help(int cols, int lines, int n, int entry_w, int *ncols);

#endif
