/* tui_ladder.h: how a key of the live view moves its value. Each row of the key
 * table (tui_keys.c) carries its ladder, so a step size lives in that row alone
 * and the ends of a ladder are its option's range in the option table. */
#ifndef SPECDEC_TUI_LADDER_H
#define SPECDEC_TUI_LADDER_H

enum tui_ladder_kind {
	TUI_LADDER_NONE,	/* a key without a value; dir may still say which way */
	TUI_LADDER_ADD,		/* x + dir * by, rounded to 0.01 */
	TUI_LADDER_TIMES,	/* x * by up, x / by down */
	TUI_LADDER_125,		/* along 1, 2, 5, 10, ... in the option's range */
	TUI_LADDER_FINE,	/* by 0.01 up to 0.1, by 0.05 up to 1, then 1, 2, 5 */
	TUI_LADDER_RATE,	/* along 1, 2, 5, ... to the option's top, then 0
				 * (as fast as it goes) */
	TUI_LADDER_CYCLE,	/* the next entry of a list by dir, round its end */
	TUI_LADDER_POWER,	/* along floor, floor by, floor by^2, ... up to top,
				 * with 0 below floor where the option takes 0 */
};

/* The steps of TUI_LADDER_FINE below 1, the first up to TUI_LADDER_FINE_SWITCH. */
#define TUI_LADDER_FINE_SMALL 0.01
#define TUI_LADDER_FINE_LARGE 0.05
#define TUI_LADDER_FINE_SWITCH 0.1

struct tui_ladder {
	enum tui_ladder_kind kind;
	int dir;		/* +1: up (or next, later), -1: down */
	double by;		/* TUI_LADDER_ADD: the step; TUI_LADDER_TIMES: the factor */
	const char *option;	/* the option (cli_table.c) whose range holds the
				 * value, or NULL: no ends (the model's setter keeps it) */
	double floor;		/* a lower end above the option's, or 0;
				 * TUI_LADDER_POWER: its first rung above 0 */
	double top;		/* an upper end below the option's, or 0: none */
};

/* The ends l keeps its value in: its option's range, raised to its floor and
 * lowered to its top (-HUGE_VAL..HUGE_VAL without an option); a
 * TUI_LADDER_POWER ladder keeps the option's lower end (its 0). */
void tui_ladder_range(const struct tui_ladder *l, double *lo, double *hi);

/* The value after x, one step of l in its direction, kept in l's range. From
 * outside the range a key toward it lands on its end and a key away from it
 * leaves x alone: x never moves the other way. */
double tui_ladder_next(const struct tui_ladder *l, double x);

/* tui_ladder_next with the range narrowed further to [lo, hi] (a value whose
 * ends depend on another one, as c = D/T does on T). */
double tui_ladder_next_within(const struct tui_ladder *l, double x, double lo, double hi);

/* Entry i of a list of n, moved one step in l's direction, round the end. */
int tui_ladder_cycle(const struct tui_ladder *l, int i, int n);

#endif
