/* tui_prose.h: the token stream's text mode, for the n-gram source: the emitted
 * text read as prose, each word in its outcome's style with its cue (->residual,
 * +bonus), wrapped to the pane, the newest words at the bottom. */
#ifndef SPECDEC_TUI_PROSE_H
#define SPECDEC_TUI_PROSE_H

#include "tui/tui_panes.h"

/* The text mode into w, the token stream's window (box, text, legend). */
void tui_draw_prose(WINDOW *w, const struct sim *sim, const struct tui_view *v);

#endif
