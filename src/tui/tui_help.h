/* tui_help.h: the help overlay's first page, every entry of the key table (the
 * second is tui_figures.h, the third every pane of the pane table), and the screen
 * shown instead of the panes while the terminal is too small. */
#ifndef SPECDEC_TUI_HELP_H
#define SPECDEC_TUI_HELP_H

#include "view/tui_layout.h"
#include "tui/tui_panes.h"

/* Where the help overlay goes on a cols x lines screen, and its entries in it:
 * tui_layout_help over the key table. */
void tui_help_place(int cols, int lines, struct tui_help_layout *h);

/* The help overlay into w, a window at h->win: every entry of the key table, the
 * two keys of a pair in one column. */
void tui_draw_help(WINDOW *w, const struct tui_help_layout *h, const struct tui_view *v);

/* A page of the help that lists entries, a label and a line each: the figures
 * (tui_figures.h) and the panes. */
struct tui_help_list {
	const char *title, *shrt;	/* on the top border; shrt when title does not fit */
	const char *footer;	/* on the bottom border */
	int (*count)(void);	/* entries */
	int label_w;		/* the label column, and a space */
	const char *(*label)(int i, const struct tui_term *term);
	const char *(*text)(int i);
};

/* The third page: each pane of the pane table, its name and its line, then the
 * lesson's caption band, drawn over the panes (tui_lesson.c). */
extern const struct tui_help_list tui_help_panes;

/* Where page l goes on a cols x lines screen: centred, as wide as its widest
 * line needs, clipped to the screen. */
struct tui_rect tui_help_list_place(const struct tui_help_list *l, int cols, int lines);

/* Page l into w, a window at tui_help_list_place: the entries, then its footer. */
void tui_help_list_draw(WINDOW *w, const struct tui_help_list *l, const struct tui_term *term);

/* The whole screen w when it is below need_cols x need_lines. */
void tui_draw_small(WINDOW *w, int need_cols, int need_lines);

#endif
