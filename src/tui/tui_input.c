/* tui_input.c: a key or a mouse event to its row of the key table (tui_keys.c),
 * whose handler (tui_actions.c) does it, or to why it does nothing here. */
#include "config.h"

#include "tui/tui_keys.h"
#include "tui/tui_panes.h"
#include "tui/tui_state.h"

/* A click on a step row of the stream selects that step (pausing first); the
 * wheel moves the selection as the selection keys do. */
void
tui_input_mouse(struct tui *t)
{
	MEVENT ev;
	size_t back;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		tui_input_do(t, TUI_A_OLDER);
#ifdef BUTTON5_PRESSED
	else if (ev.bstate & BUTTON5_PRESSED)
		tui_input_do(t, TUI_A_NEWER);
#endif
	else if ((ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) && t->scr.lay.fits &&
	    !t->look.text_mode &&
	    tui_stream_step_at(&t->scr.shown.pane[TUI_P_STREAM], t->pace.paused ? t->look.selected : 0,
	    ev.y, ev.x, &back) && back < t->sim.ring_len) {
		if (!t->pace.paused)
			tui_set_paused(t, 1);
		t->look.selected = back;
		t->look.position = t->look.token = t->look.tree_walk = -1;
	}
}

/* A key of the key table: its action, or why it does nothing here. */
void
tui_input_key(struct tui *t, int ch)
{
	const struct tui_key *k;
	struct tui_key_state st;
	char why[256];

	tui_keys_state(&t->sim, &st);
	if ((k = tui_keys_find(ch)) != NULL && tui_keys_why_not(k, &st, why,
	    sizeof why) != NULL) {
		tui_set_status(t, why);
		return;
	}
	if (k != NULL)
		k->act(t, k);
}

void
tui_input_do(struct tui *t, enum tui_action a)
{
	const struct tui_key *k = tui_keys_by_action(a);

	if (k != NULL)
		k->act(t, k);
}
