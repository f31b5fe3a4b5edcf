/* tui_pane_keybar.c: the key bar: the keys that do something for this source,
 * or the status message while there is one. */
#include "config.h"

#include <stdio.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

/* Whether key i goes in the key bar for this source. */
static int
keybar_offers(int i, const struct sim *sim)
{
	struct tui_key_state st;
	char why[160];

	tui_keys_state(sim, &st);
	return tui_keys[i].bar_name != NULL && tui_keys_why_not(&tui_keys[i], &st, why,
	    sizeof why) == NULL;
}

/* The key bar: the keys that do something for this source, or the status
 * message while there is one. */
static void
draw_keybar(WINDOW *w, const struct sim *sim, const struct tui_view *v)
{
	struct tui_pen p = tui_pen_line(w, v->term);
	const char *gap = "  ";
	char entry[128];
	int i, width = p.x;

	werase(w);
	if (v->status != NULL) {
		tui_pen_put_cut(&p, TUI_S_STATE, v->status);
		return;
	}
	for (i = 0; i < tui_nkeys; i++)
		if (keybar_offers(i, sim)) {
			snprintf(entry, sizeof entry, "%s %s%s", tui_keys[i].bar_name,
			    tui_keys[i].bar_help, gap);
			width += tui_text_width(entry);
		}
	if (width > p.right)
		gap = " ";
	for (i = 0; i < tui_nkeys; i++) {
		if (!keybar_offers(i, sim))
			continue;
		tui_pen_put(&p, TUI_S_KEY, tui_keys[i].bar_name);
		tui_pen_printf(&p, TUI_S_NORMAL, " %s%s", tui_keys[i].bar_help, gap);
	}
}

const struct tui_pane_def tui_pane_keybar = {
	"key bar", TUI_P_KEYS, { 1, 0 }, draw_keybar, TUI_A_NONE, TUI_R_ALL,
	"the main keys for this source; why a key did nothing",
};
