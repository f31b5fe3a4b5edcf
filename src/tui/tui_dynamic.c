/* tui_dynamic.c: f/F, g/G and u/U: a dynamic tree's K, STEPS and N along their
 * rows' ladders, and the status line that says which of SGLang's options
 * moved and to what, or why the tree refused it. */
#include "config.h"

#include <stdio.h>

#include "tui/tui_handlers.h"
#include "tui/tui_ladder.h"
#include "tui/tui_state.h"

/* Which of the three a key moves: its SGLang option and its place in
 * dynamic:K,STEPS,N. */
enum dyn_field { DYN_K, DYN_STEPS, DYN_N };

static const char *const dyn_option[] = {
	[DYN_K] = "speculative_eagle_topk",
	[DYN_STEPS] = "speculative_num_steps",
	[DYN_N] = "speculative_num_draft_tokens",
};

/* Move field f of the run's dynamic tree one step of k's ladder. */
static void
dyn_move(struct tui *t, const struct tui_key *k, enum dyn_field f)
{
	const struct tree_shape *s = sim_tree_shape(&t->sim);
	int v[3] = { s->dyn_k, s->depth, s->n }, was = v[f];
	char msg[256], why[200];

	v[f] = (int)tui_ladder_next(&k->ladder, was);
	if (sim_set_dynamic(&t->sim, v[DYN_K], v[DYN_STEPS], v[DYN_N], why,
	    sizeof why) != 0)
		snprintf(msg, sizeof msg, "%s: %s %d refused: %s", k->name, dyn_option[f],
		    v[f], why);
	else
		snprintf(msg, sizeof msg, "%s: %s %d -> %d (dynamic:%d,%d,%d), new segment",
		    k->name, dyn_option[f], was, v[f], v[DYN_K], v[DYN_STEPS], v[DYN_N]);
	tui_set_status(t, msg);
}

void
tui_act_dyn_k(struct tui *t, const struct tui_key *k)
{
	dyn_move(t, k, DYN_K);
}

void
tui_act_dyn_steps(struct tui *t, const struct tui_key *k)
{
	dyn_move(t, k, DYN_STEPS);
}

void
tui_act_dyn_n(struct tui *t, const struct tui_key *k)
{
	dyn_move(t, k, DYN_N);
}
