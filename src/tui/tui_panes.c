/* tui_panes.c: the pane table, and which pane each rectangle shows. */
#include "config.h"

#include <string.h>

#include "tui/tui_panes.h"

/* The order the help lists them in; within a rectangle, the panes its actions
 * show come before the rectangle's own. Each entry is in its own
 * tui_pane_NAME.c (docs/design.md, "Add a pane"). */
#define PANE_ROWS(ROW) \
	ROW(header) \
	ROW(prose) \
	ROW(stream) \
	ROW(slowmo) \
	ROW(detail) \
	ROW(roofline) \
	ROW(cost) \
	ROW(stats) \
	ROW(speedup) \
	ROW(curve) \
	ROW(dist) \
	ROW(timeline) \
	ROW(tree) \
	ROW(metrics) \
	ROW(calib) \
	ROW(keybar) \
	/* a new pane: one ROW(name) line above */

#define PANE_DECLARE(n) extern const struct tui_pane_def tui_pane_##n;
#define PANE_ENTRY(n) &tui_pane_##n,

PANE_ROWS(PANE_DECLARE)

const struct tui_pane_def *const tui_pane_table[] = { PANE_ROWS(PANE_ENTRY) };

const int tui_npanes = (int)(sizeof tui_pane_table / sizeof tui_pane_table[0]);

/* Whether pane d's action is on in v (TUI_A_LOWER: p's cycle, decided by the
 * lower-right rectangle; elsewhere such a pane is its rectangle's own). */
static int
pane_switched_on(const struct tui_pane_def *d, const struct tui_view *v)
{
	switch (d->action) {
	case TUI_A_TEXT:
		return v->text_mode;
	case TUI_A_SLOWMO:
		return v->slowmo_stage > 0;
	case TUI_A_BATCH_UP:
		return v->machine;
	default:
		return 1;
	}
}

const struct tui_pane_def *
tui_pane_for(enum tui_pane slot, const struct tui_view *v)
{
	const struct tui_pane_def *d;
	int i;

	for (i = 0; i < tui_npanes; i++) {
		d = tui_pane_table[i];
		if (slot == TUI_P_CURVE ? d == v->lower :
		    d->slot == slot && pane_switched_on(d, v))
			return d;
	}
	return NULL;
}

const struct tui_pane_def *
tui_pane_named(const char *name)
{
	int i;

	for (i = 0; name != NULL && i < tui_npanes; i++)
		if (strcmp(tui_pane_table[i]->name, name) == 0)
			return tui_pane_table[i];
	return NULL;
}

int
tui_pane_in_cycle(const struct tui_pane_def *d, const struct tui_layout *lay, int runs)
{
	return d != NULL && d->action == TUI_A_LOWER &&
	    (d->runs == TUI_R_ALL || (d->runs == TUI_R_TREE && (runs & TUI_RUN_TREE)) ||
	    (d->runs == TUI_R_METRICS && (runs & TUI_RUN_METRICS))) &&
	    (d->slot == TUI_P_CURVE || lay->pane[d->slot].h == 0);
}

/* cur's row in the table, or -1. */
static int
pane_row(const struct tui_pane_def *cur)
{
	int i;

	for (i = 0; i < tui_npanes; i++)
		if (tui_pane_table[i] == cur)
			return i;
	return -1;
}

const struct tui_pane_def *
tui_pane_next_lower(const struct tui_pane_def *cur, const struct tui_layout *lay, int runs)
{
	int from = tui_pane_in_cycle(cur, lay, runs) ? pane_row(cur) : -1, k, i;

	for (k = 1; k <= tui_npanes; k++) {
		i = (from + k) % tui_npanes;
		if (tui_pane_in_cycle(tui_pane_table[i], lay, runs))
			return tui_pane_table[i];
	}
	return cur;
}

void
tui_pane_min_sizes(struct tui_size min[TUI_P_COUNT], int machine)
{
	const struct tui_pane_def *d;
	int i;

	memset(min, 0, TUI_P_COUNT * sizeof min[0]);
	for (i = 0; i < tui_npanes; i++) {
		d = tui_pane_table[i];
		if (d->action == TUI_A_BATCH_UP && !machine)
			continue;	/* the roofline: a machine's runs only */
		min[d->slot].h = d->min.h > min[d->slot].h ? d->min.h : min[d->slot].h;
		min[d->slot].w = d->min.w > min[d->slot].w ? d->min.w : min[d->slot].w;
	}
}
