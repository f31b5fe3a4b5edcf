/* tui_help.h: the help overlay's first pages, every entry of the key table on as
 * many pages as the screen needs (the figures page that follows is tui_figures.h,
 * the last every pane of the pane table), and the screen shown instead of the
 * panes while the terminal is too small. */
#ifndef SPECDEC_TUI_HELP_H
#define SPECDEC_TUI_HELP_H

#include "view/tui_layout.h"
#include "tui/tui_panes.h"

/* Where keys page page (from 0; clamped to the pages there are) of the help
 * overlay goes on a cols x lines screen, and its entries in it: tui_layout_help
 * over the key table. */
void tui_help_place(int cols, int lines, int page, struct tui_help_layout *h);

/* Keys page h->page into w, a window at h->win: its entries of the key table,
 * the two keys of a pair in one column; "keys 2/3" on the border when there are
 * several pages, and on the bottom border what ? shows next. */
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

/* The last page: each pane of the pane table, its name and its line, then the
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
