/* tui_pane_keybar.c: the key bar: the keys that do something for this source,
 * or the status message while there is one. */
#include "config.h"

#include <stdio.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_panes.h"
#include "tui/tui_text.h"

/* Whether key i does something for this source. */
static int
keybar_works(int i, const struct sim *sim)
{
	struct tui_key_state st;
	char why[160];

	tui_keys_state(sim, &st);
	return tui_keys_why_not(&tui_keys[i], &st, why, sizeof why) == NULL;
}

/* Whether key i goes in the key bar for this source. */
static int
keybar_offers(int i, const struct sim *sim)
{
	return tui_keys[i].bar_name != NULL && keybar_works(i, sim);
}

/* Keys the bar names after the others, each only where it fits whole, so a
 * narrow bar stays as it was: what the key table leaves out of the bar for
 * room, named by its action. */
static const struct keybar_extra {
	enum tui_action action;
	const char *help;
} keybar_extras[] = {
	{ TUI_A_SLOWMO, "slow motion" },
	{ TUI_A_VERIFIER_NEXT, "rule" },
};

/* The key table's entry for action a that does something now, or -1. */
static int
keybar_key_of(enum tui_action a, const struct sim *sim)
{
	int i;

	for (i = 0; i < tui_nkeys; i++)
		if (tui_keys[i].action == a)
			return keybar_works(i, sim) ? i : -1;
	return -1;
}

/* The extra keys at the pen, each where it fits, gap after each. */
static void
keybar_put_extras(struct tui_pen *p, const struct sim *sim, const char *gap)
{
	char entry[128];
	size_t j;
	int i;

	for (j = 0; j < sizeof keybar_extras / sizeof keybar_extras[0]; j++) {
		if ((i = keybar_key_of(keybar_extras[j].action, sim)) < 0)
			continue;
		snprintf(entry, sizeof entry, "%s %s", tui_keys[i].name, keybar_extras[j].help);
		if (tui_text_width(entry) > p->right - p->x)
			return;
		tui_pen_put(p, TUI_S_KEY, tui_keys[i].name);
		tui_pen_printf(p, TUI_S_NORMAL, " %s%s", keybar_extras[j].help, gap);
	}
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
	keybar_put_extras(&p, sim, gap);
}

const struct tui_pane_def tui_pane_keybar = {
	"key bar", TUI_P_KEYS, { 1, 0 }, draw_keybar, TUI_A_NONE, TUI_R_ALL,
	"the main keys for this source; why a key did nothing",
};
