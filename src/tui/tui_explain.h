/* tui_explain.h: the panes that show why: speedup against gamma with its optimum
 * (tui_pane_speedup.c), the distributions of one position (tui_pane_dist.c),
 * the timeline (tui_pane_timeline.c) and one step in slow motion
 * (tui_pane_slowmo.c). Each draws what the model computed (speedup.h,
 * stepview.h, timeline.h, slowmo.h) into its window, as tui_panes.h's do. */
#ifndef SPECDEC_TUI_EXPLAIN_H
#define SPECDEC_TUI_EXPLAIN_H

#include "tui/tui_panes.h"

void tui_draw_speedup(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_dist(WINDOW *w, const struct sim *sim, const struct tui_view *v);
void tui_draw_timeline(WINDOW *w, const struct sim *sim, const struct tui_view *v);

/* In the step detail's window while v->slowmo_stage is set. */
void tui_draw_slowmo(WINDOW *w, const struct sim *sim, const struct tui_view *v);

#endif
