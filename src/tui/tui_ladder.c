/* tui_ladder.c: the steps the keys of the live view take (tui_ladder.h). */
#include "config.h"

#include <math.h>

#include "cli/cli_table.h"
#include "tui/tui_ladder.h"

#define EPS 1e-9	/* a value this close (relative) to a rung is on it */

/* The next value on the 1-2-5 ladder above (up) or below x, kept in [lo,
 * hi]: below the smallest step comes lo, above the largest hi. */
static double
ladder_125(double x, int up, double lo, double hi)
{
	static const double mant[3] = { 1, 2, 5 };
	double best = up ? hi : lo, v;
	int e, i;

	for (e = -4; e <= 7; e++)
		for (i = 0; i < 3; i++) {
			v = mant[i] * pow(10.0, e);
			if (up && v > x * (1 + EPS) && v < best)
				best = v;
			if (!up && v < x * (1 - EPS) && v > best)
				best = v;
		}
	best = fmin(fmax(best, lo), hi);
	return up ? fmax(best, x) : fmin(best, x);
}

/* Steps of TUI_LADDER_FINE_SMALL up to TUI_LADDER_FINE_SWITCH, of
 * TUI_LADDER_FINE_LARGE up to 1, then the 1-2-5 ladder, kept in [lo, hi]. */
static double
ladder_fine(double x, int up, double lo, double hi)
{
	const double small = 1.0 / TUI_LADDER_FINE_SMALL, large = 1.0 / TUI_LADDER_FINE_LARGE;
	const double sw = TUI_LADDER_FINE_SWITCH;
	double v;

	if (up ? x >= 1.0 - EPS : x > 1.0 + EPS)
		return ladder_125(x, up, 1.0, hi);
	if (up)
		v = x < sw - EPS ? (floor(x * small + EPS) + 1.0) / small :
		    (floor(x * large + EPS) + 1.0) / large;
	else
		v = x <= sw + EPS ? (ceil(x * small - EPS) - 1.0) / small :
		    (ceil(x * large - EPS) - 1.0) / large;
	v = v < lo + EPS ? lo : v > hi - EPS ? hi : v;
	return up ? fmax(v, x) : fmin(v, x);
}

/* > and <: the 1-2-5 ladder, then 0 above its top; from 0, down to the top. */
static double
ladder_rate(double x, int up, double lo, double hi)
{
	double v;

	if (x <= 0.0)
		return up ? 0.0 : hi;
	v = ladder_125(x, up, lo, hi);
	return up && v <= x ? 0.0 : v;
}

/* The rung after x on floor by^i (0 below floor when lo is 0) in [lo, hi];
 * off the ladder, the nearest rung that way. */
static double
ladder_power(double x, int up, double floor, double by, double lo, double hi)
{
	double v = floor, below = lo <= 0.0 ? 0.0 : floor;

	if (by <= 1.0 || floor <= 0.0)
		return x;
	if (!up && x <= floor * (1 + EPS))
		return x > below ? below : x;
	while (up ? v <= x * (1 + EPS) : v * by < x * (1 - EPS))
		v *= by;
	if (up)
		return v <= hi * (1 + EPS) ? v : x;
	return v >= lo ? v : x;
}

void
tui_ladder_range(const struct tui_ladder *l, double *lo, double *hi)
{
	const struct cli_option *o = l->option != NULL ? cli_table_find(l->option) : NULL;

	*lo = o == NULL ? -HUGE_VAL : l->kind == TUI_LADDER_POWER ? o->min :
	    fmax(o->min, l->floor);
	*hi = o == NULL ? HUGE_VAL : l->top > 0.0 ? fmin(o->max, l->top) : o->max;
}

double
tui_ladder_next_within(const struct tui_ladder *l, double x, double lo, double hi)
{
	double olo, ohi;
	int up = l->dir > 0;

	tui_ladder_range(l, &olo, &ohi);
	lo = fmax(lo, olo);
	hi = fmin(hi, ohi);
	switch (l->kind) {
	case TUI_LADDER_ADD:
		return round((x + l->dir * l->by) * 100.0) / 100.0;
	case TUI_LADDER_TIMES:
		return up ? x * l->by : x / l->by;
	case TUI_LADDER_125:
		return ladder_125(x, up, lo, hi);
	case TUI_LADDER_FINE:
		return ladder_fine(x, up, lo, hi);
	case TUI_LADDER_RATE:
		return ladder_rate(x, up, lo, hi);
	case TUI_LADDER_POWER:
		return ladder_power(x, up, l->floor, l->by, lo, hi);
	default:
		return x;
	}
}

double
tui_ladder_next(const struct tui_ladder *l, double x)
{
	return tui_ladder_next_within(l, x, -HUGE_VAL, HUGE_VAL);
}

int
tui_ladder_cycle(const struct tui_ladder *l, int i, int n)
{
	return n > 0 ? ((i + l->dir) % n + n) % n : i;
}
