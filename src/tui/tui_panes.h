/* tui_panes.h: one draw function per pane of the live view. Each erases its
 * window, draws the model's current state into it and leaves the refresh to the
 * caller (wnoutrefresh per window, one doupdate per frame). */
#ifndef SPECDEC_TUI_PANES_H
#define SPECDEC_TUI_PANES_H

#include <stddef.h>

#include "verify/spec.h"
#include "view/tui_layout.h"
#include "tui/tui_term.h"

struct sim;
struct sim_figures;

/* What the panes show besides the model itself. */
struct tui_view {
	const struct tui_term *term;	/* styles, UTF-8 or ASCII */
	const struct sim_figures *fig;	/* sim_figures of this frame */
	int tv_pass;		/* the batch check on TV passes */
	int paused;
	double rate;		/* steps/s asked for; 0: as fast as it goes */
	double measured_rate;	/* steps/s actually run lately */
	int measured;		/* measured_rate is from a full window at this speed */
	int short_of_rate;	/* the rate asked for is not being kept up */
	size_t selected;	/* steps back from the newest; only when paused */
	enum tui_lower lower;	/* what the right-hand lower pane shows */
	int position;		/* the distributions' position in the step; -1: its last */
	int slowmo_stage;	/* slow motion's stage (slowmo.h) of the newest step; 0: off */
	int slowmo_auto;	/* the stages advance by themselves */
	int token;		/* the step detail's selected token, or -1: the last
				 * tested one */
	const char *status;	/* a message for the key bar's line, or NULL */
	int text_mode;		/* the stream shows the emitted text as prose */
};

struct tui_glyphs;

/* The style of a token of this outcome. */
enum tui_style tui_outcome_style(enum spec_outcome o);

/* A token's label with the cue that survives monochrome, into buf: [rejected],
 * ->residual (the arrow glyph), +bonus. */
const char *tui_token_text(const struct sim *sim, const struct spec_token *t,
    const struct tui_glyphs *g, char *buf, size_t len);

/* The token of step s the step detail selects: position when the step has it,
 * else the last tested draft (the rejected one, or the last accepted before a
 * bonus). */
int tui_detail_selected(const struct spec_step *s, int position);

/* The step shown on screen row y, column x, of the token stream at pane, as steps
 * back from the newest into *back, when the selected step is selected; 0 when
 * (y, x) is not on a step row (the border, the legend). */
int tui_stream_step_at(const struct tui_rect *pane, size_t selected, int y, int x,
    size_t *back);

void tui_draw_header(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_stream(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_detail(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_stats(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_curve(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_cost(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_keybar(WINDOW *w, const struct sim *sim, const struct tui_view *v);

struct textplot_grid;

/* Copy a plot grid into w from (y, x), each cell in the style its plot style
 * maps to (TEXTPLOT_S_USER + i: the i-th curve colour; from TEXTPLOT_S_USER + 4: the
 * measured alpha's). */
void tui_draw_grid(WINDOW *w, const struct textplot_grid *grid, int y, int x,
    const struct tui_view *v);

/* Where the help overlay goes on a cols x lines screen, and its entries in it:
 * tui_layout_help over the key table. */
void tui_help_place(int cols, int lines, struct tui_help_layout *h);

/* The help overlay into w, a window at h->win: every entry of the key table, the
 * two keys of a pair in one column. */
void tui_draw_help(WINDOW *w, const struct tui_help_layout *h, const struct tui_view *v);

/* The whole screen w when it is below need_cols x need_lines. */
void tui_draw_small(WINDOW *w, int need_cols, int need_lines);

#endif
