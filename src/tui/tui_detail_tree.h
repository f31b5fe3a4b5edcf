/* tui_detail_tree.h: the step detail of a tree run (tui_pane_detail.c hands
 * it over): one column per tested node in the order the rule tested them,
 * read from the step's tree (spec_tree.h), as the tree pane shows them. */
#ifndef SPECDEC_TUI_DETAIL_TREE_H
#define SPECDEC_TUI_DETAIL_TREE_H

#include "tui/tui_panes.h"

struct sim_entry;

/* Draw entry e's tree into the step detail's box w: each tested node's path
 * (its siblings' ranks from the root), token, q, the P in force, the
 * acceptance probability, u and the verdict in its outcome's style, then the
 * token the step ended with; the walk (v->tree_walk) holds back the u and
 * verdict of the nodes after the one it is at (predict, then reveal) and
 * keeps that node in view. */
void tui_detail_tree(WINDOW *w, const struct sim *sim, const struct sim_entry *e,
    const struct tui_view *v);

#endif
