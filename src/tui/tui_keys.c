/* tui_keys.c: keys, their actions and their help text, in one table. */
#include "config.h"

#include <stddef.h>

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_keys.h"
#include "tui/tui_term.h"

#define CTRL(c) ((c) & 0x1f)

const struct tui_key tui_keys[] = {
	{ { ' ' }, "space", "pause or resume", "space", "pause", TUI_A_PAUSE },
	{ { 'n' }, "n", "one step, then paused", "n", "step", TUI_A_STEP },
	{ { '+', '=' }, "+", "gamma +1, new segment", "+/-", "gamma", TUI_A_GAMMA_UP },
	{ { '-', '_' }, "-", "gamma -1, new segment", NULL, NULL, TUI_A_GAMMA_DOWN },
	{ { ']' }, "]", "noise +0.1, new segment", "]/[", "noise", TUI_A_NOISE_UP },
	{ { '[' }, "[", "noise -0.1, new segment", NULL, NULL, TUI_A_NOISE_DOWN },
	{ { '}' }, "}", "noise +0.01, new segment", NULL, NULL, TUI_A_NOISE_UP_FINE },
	{ { '{' }, "{", "noise -0.01, new segment", NULL, NULL, TUI_A_NOISE_DOWN_FINE },
	{ { '>', '.' }, ">", "faster (up to max)", ">/<", "speed", TUI_A_FASTER },
	{ { '<', ',' }, "<", "slower (down to 1/s)", NULL, NULL, TUI_A_SLOWER },
	{ { 't' }, "t", "target cost down", NULL, NULL, TUI_A_TARGET_DOWN },
	{ { 'T' }, "T", "target cost up", NULL, NULL, TUI_A_TARGET_UP },
	{ { 'd' }, "d", "draft cost c -0.01/-0.05", NULL, NULL, TUI_A_DRAFT_DOWN },
	{ { 'D' }, "D", "draft cost c +0.01/+0.05", NULL, NULL, TUI_A_DRAFT_UP },
	{ { 'c' }, "c", "verify cost k -0.01", NULL, NULL, TUI_A_VERIFY_DOWN },
	{ { 'C' }, "C", "verify cost k +0.01", NULL, NULL, TUI_A_VERIFY_UP },
	{ { 'v' }, "v", "next rule, new segment", NULL, NULL,
	    TUI_A_VERIFIER_NEXT },
	{ { 'V' }, "V", "rule before, new segment", NULL, NULL,
	    TUI_A_VERIFIER_PREV },
	{ { 'a' }, "a", "next schedule, new segment", NULL, NULL,
	    TUI_A_SCHEDULE_NEXT },
	{ { 'l' }, "l", "L -0.05 (lenient rule)", NULL, NULL,
	    TUI_A_LENIENCE_DOWN },
	{ { 'L' }, "L", "L +0.05 (lenient rule)", NULL, NULL,
	    TUI_A_LENIENCE_UP },
	{ { 'x' }, "x", "schedule's P or T down", NULL, NULL,
	    TUI_A_THRESHOLD_DOWN },
	{ { 'X' }, "X", "schedule's P or T up", NULL, NULL,
	    TUI_A_THRESHOLD_UP },
	{ { 'y' }, "y", "target T /1.25 (cmu)", NULL, NULL,
	    TUI_A_TEMP_DOWN },
	{ { 'Y' }, "Y", "target T x1.25 (cmu)", NULL, NULL,
	    TUI_A_TEMP_UP },
	{ { 'z' }, "z", "draft T /1.25 (cmu)", NULL, NULL,
	    TUI_A_DRAFT_TEMP_DOWN },
	{ { 'Z' }, "Z", "draft T x1.25 (cmu)", NULL, NULL,
	    TUI_A_DRAFT_TEMP_UP },
	{ { 'r' }, "r", "reset the statistics", "r", "reset", TUI_A_RESET },
	{ { 's' }, "s", "new seed (seed + 1)", NULL, NULL, TUI_A_RESEED },
	{ { KEY_UP, 'k' }, "k, Up", "pause, select older", NULL, NULL, TUI_A_OLDER },
	{ { KEY_DOWN, 'j' }, "j, Down", "select newer", NULL, NULL, TUI_A_NEWER },
	{ { KEY_LEFT, '(' }, "(, Left", "earlier position/token", NULL, NULL,
	    TUI_A_POS_PREV },
	{ { KEY_RIGHT, ')' }, "), Right", "later position/token", NULL, NULL,
	    TUI_A_POS_NEXT },
	{ { 'p' }, "p", "cycle lower-right pane", "p", "pane", TUI_A_LOWER },
	{ { 'm' }, "m", "slow-motion step/stage", NULL, NULL, TUI_A_SLOWMO },
	{ { 'M' }, "M", "ask before each verdict", NULL, NULL, TUI_A_SLOWMO_ASK },
	{ { 'w' }, "w", "save the screen", NULL, NULL, TUI_A_SHOT },
	{ { 'e' }, "e", "words: steps or text", NULL, NULL, TUI_A_TEXT },
	{ { CTRL('l') }, "Ctrl-L", "redraw the screen", NULL, NULL, TUI_A_REDRAW },
	{ { '?', 'h', KEY_F(1) }, "?", "this help", "?", "help",
	    TUI_A_HELP },
	{ { 'q', 'Q', CTRL('c') }, "q, Ctrl-C", "quit", "q", "quit", TUI_A_QUIT },
};

const int tui_nkeys = (int)(sizeof tui_keys / sizeof tui_keys[0]);

/* Entries i and i + 1 are the two directions of one thing (gamma up and down). */
static int
paired(int i)
{
	static const enum tui_action first[] = {
		TUI_A_GAMMA_UP, TUI_A_NOISE_UP, TUI_A_NOISE_UP_FINE, TUI_A_FASTER,
		TUI_A_TARGET_DOWN, TUI_A_DRAFT_DOWN, TUI_A_VERIFY_DOWN, TUI_A_VERIFIER_NEXT,
		TUI_A_LENIENCE_DOWN, TUI_A_THRESHOLD_DOWN, TUI_A_TEMP_DOWN,
		TUI_A_DRAFT_TEMP_DOWN, TUI_A_OLDER, TUI_A_POS_PREV,
	};
	size_t j;

	if (i < 0 || i + 1 >= tui_nkeys)
		return 0;
	for (j = 0; j < sizeof first / sizeof first[0]; j++)
		if (tui_keys[i].action == first[j])
			return tui_keys[i + 1].action == first[j] + 1;
	return 0;
}

int
tui_keys_help_rows(int ncols)
{
	int rows, c;

	ncols = ncols > 0 ? ncols : 1;
	rows = (tui_nkeys + ncols - 1) / ncols;
	for (c = 1; c < ncols && rows < tui_nkeys; c++)
		if (paired(c * rows - 1)) {
			rows++;
			c = 0;
		}
	return rows;
}

const struct tui_key *
tui_keys_find(int code)
{
	int i, j;

	for (i = 0; i < tui_nkeys; i++)
		for (j = 0; j < TUI_KEY_CODES && tui_keys[i].code[j] != 0; j++)
			if (tui_keys[i].code[j] == code)
				return &tui_keys[i];
	return NULL;
}

enum tui_action
tui_keys_action(int code)
{
	const struct tui_key *k = tui_keys_find(code);

	return k != NULL ? k->action : TUI_A_NONE;
}

/* The actions that need something of the source; the rest work with any. */
static const struct {
	enum tui_action action;
	enum tui_need need;
} needs[] = {
	{ TUI_A_NOISE_UP, TUI_NEED_NOISE }, { TUI_A_NOISE_DOWN, TUI_NEED_NOISE },
	{ TUI_A_NOISE_UP_FINE, TUI_NEED_NOISE }, { TUI_A_NOISE_DOWN_FINE, TUI_NEED_NOISE },
	{ TUI_A_TEXT, TUI_NEED_WORDS },
	{ TUI_A_LENIENCE_DOWN, TUI_NEED_LENIENCE }, { TUI_A_LENIENCE_UP, TUI_NEED_LENIENCE },
	{ TUI_A_THRESHOLD_DOWN, TUI_NEED_THRESHOLD }, { TUI_A_THRESHOLD_UP, TUI_NEED_THRESHOLD },
	{ TUI_A_TEMP_DOWN, TUI_NEED_TEMPERATURE }, { TUI_A_TEMP_UP, TUI_NEED_TEMPERATURE },
	{ TUI_A_DRAFT_TEMP_DOWN, TUI_NEED_TEMPERATURE },
	{ TUI_A_DRAFT_TEMP_UP, TUI_NEED_TEMPERATURE },
	{ TUI_A_GAMMA_UP, TUI_NEED_CHAIN }, { TUI_A_GAMMA_DOWN, TUI_NEED_CHAIN },
};

enum tui_need
tui_keys_need(enum tui_action a)
{
	size_t i;

	for (i = 0; i < sizeof needs / sizeof needs[0]; i++)
		if (needs[i].action == a)
			return needs[i].need;
	return TUI_NEED_NONE;
}

const char *
tui_keys_why_not(const struct tui_key *k, const struct tui_key_state *st, char *buf,
    size_t len)
{
	enum tui_need need = tui_keys_need(k->action);

	if (need == TUI_NEED_CHAIN && st->is_tree)
		snprintf(buf, len, "%s: a tree run has no gamma; its depth is --tree's"
		    " shape (restart with another)", k->name);
	else if (need == TUI_NEED_NOISE && !st->has_noise)
		snprintf(buf, len, "%s: the %s source's draft has no noise to change",
		    k->name, st->kind);
	else if (need == TUI_NEED_WORDS && !st->has_words)
		snprintf(buf, len, "%s: only the ngram and cmu sources have words to show "
		    "as text", k->name);
	else if (need == TUI_NEED_TEMPERATURE && !st->has_temperature)
		snprintf(buf, len, "%s: only the cmu source has temperatures to change",
		    k->name);
	else if (need == TUI_NEED_LENIENCE && !st->has_lenience)
		snprintf(buf, len, "%s: the %s rule has no L; v to the lenient rule",
		    k->name, st->rule);
	else if (need == TUI_NEED_THRESHOLD && !st->has_threshold)
		snprintf(buf, len, "%s: the %s schedule has no P or T; a to draft-p-min or"
		    " confidence", k->name, st->schedule);
	else
		return NULL;
	return buf;
}

void
tui_keys_state(const struct sim *sim, struct tui_key_state *st)
{
	enum schedule_kind sk = sim->par.schedule;
	double tp, tq;

	st->kind = sim->src.kind;
	st->has_noise = source_has_noise(&sim->src);
	st->has_words = source_has_words(&sim->src);
	st->has_temperature = source_temperatures(&sim->src, &tp, &tq);
	st->rule = verify_entry(sim->par.verify.rule)->name;
	st->has_lenience = verify_uses_param(sim->par.verify.rule,
	    offsetof(struct verify_params, lenience));
	st->schedule = schedule_name(sk);
	st->has_threshold = sk == SCHEDULE_THRESHOLD || sk == SCHEDULE_CONFIDENCE;
	st->is_tree = sim_is_tree(sim);
}
