/* tui_tokens.h: a token as every pane shows it. The outcome's colour always
 * comes with a sign that survives monochrome: [rejected], ->residual (the
 * arrow glyph), +bonus; the legend names them. */
#ifndef SPECDEC_TUI_TOKENS_H
#define SPECDEC_TUI_TOKENS_H

#include <stddef.h>

#include "verify/spec.h"
#include "tui/tui_text.h"

struct sim;
struct spec_tree_node;

/* The style of a token of this outcome. */
enum tui_style tui_outcome_style(enum spec_outcome o);

/* The style of a tree node's token on a walk (view/treeview.h): dim when it
 * was never tested, its outcome's once the walk reveals it, plain while its
 * verdict is held back. */
enum tui_style tui_tree_node_style(const struct spec_tree_node *nd, int walk);

/* A token's label (the source's word for its id) with its outcome's sign, into
 * buf; returns buf. */
const char *tui_token_text(const struct sim *sim, const struct spec_token *t,
    const struct tui_glyphs *g, char *buf, size_t len);

/* The legend at the pen: accepted, [rejected] (when rejected is set: the text
 * mode shows no rejected drafts), ->residual, +bonus, each in its style. */
void tui_tokens_legend(struct tui_pen *p, const struct tui_glyphs *g, int rejected);

#endif
