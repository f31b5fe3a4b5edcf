/* tui_keys.c: keys, their actions and their help text, in one table. */
#include "config.h"

#include <stddef.h>

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "tui/tui_handlers.h"
#include "tui/tui_keys.h"
#include "tui/tui_term.h"

#define CTRL(c) ((c) & 0x1f)

/* The ladders of the rows (tui_ladder.h): a step, a factor, along a ladder in
 * an option's range, round a list, or only a direction. */
#define NONE { TUI_LADDER_NONE, 0, 0, NULL, 0, 0 }
#define WAY(dir) { TUI_LADDER_NONE, dir, 0, NULL, 0, 0 }
#define ADD(dir, by) { TUI_LADDER_ADD, dir, by, NULL, 0, 0 }
#define TIMES(dir, by) { TUI_LADDER_TIMES, dir, by, NULL, 0, 0 }
#define ALONG(kind, dir, option) { TUI_LADDER_##kind, dir, 0, option, 0, 0 }
#define CYCLE(dir) { TUI_LADDER_CYCLE, dir, 0, NULL, 0, 0 }
/* x and X: the schedule's P or T, which stops at 0.01 (0 would draft all); the
 * row names draft-p-min, whose range --confidence-threshold shares. */
#define THRESHOLD(dir) { TUI_LADDER_FINE, dir, 0, "draft-p-min", 0.01, 0 }
/* b and B: the batch size along 1, 2, 4, ... in --batch-size's range; o and O:
 * the context along 0, 512, 2k, 8k, 32k, 128k. */
#define BATCH(dir) { TUI_LADDER_POWER, dir, 2, "batch-size", 1, 0 }
#define CONTEXT(dir) { TUI_LADDER_POWER, dir, 4, "context", 512, 131072 }

const struct tui_key tui_keys[] = {
	{ { ' ' }, "space", "pause or resume", "space", "pause", TUI_A_PAUSE,
	    tui_act_pause, NONE },
	{ { 'n' }, "n", "one step, then paused", "n", "step", TUI_A_STEP,
	    tui_act_step, NONE },
	{ { 'N', KEY_NPAGE }, "N, PgDn", "next chapter (a lesson)", NULL, NULL,
	    TUI_A_CHAPTER_NEXT, tui_act_chapter, WAY(+1) },
	{ { '+', '=' }, "+", "gamma +1, new segment", "+/-", "gamma", TUI_A_GAMMA_UP,
	    tui_act_gamma, ADD(+1, 1) },
	{ { '-', '_' }, "-", "gamma -1, new segment", NULL, NULL, TUI_A_GAMMA_DOWN,
	    tui_act_gamma, ADD(-1, 1) },
	{ { ']' }, "]", "noise +0.1, new segment", "]/[", "noise", TUI_A_NOISE_UP,
	    tui_act_noise, ADD(+1, 0.1) },
	{ { '[' }, "[", "noise -0.1, new segment", NULL, NULL, TUI_A_NOISE_DOWN,
	    tui_act_noise, ADD(-1, 0.1) },
	{ { '}' }, "}", "noise +0.01, new segment", NULL, NULL, TUI_A_NOISE_UP_FINE,
	    tui_act_noise, ADD(+1, 0.01) },
	{ { '{' }, "{", "noise -0.01, new segment", NULL, NULL, TUI_A_NOISE_DOWN_FINE,
	    tui_act_noise, ADD(-1, 0.01) },
	{ { '>', '.' }, ">", "faster (up to max)", ">/<", "speed", TUI_A_FASTER,
	    tui_act_speed, ALONG(RATE, +1, "rate") },
	{ { '<', ',' }, "<", "slower (down to 1/s)", NULL, NULL, TUI_A_SLOWER,
	    tui_act_speed, ALONG(RATE, -1, "rate") },
	{ { 't' }, "t", "target cost down", NULL, NULL, TUI_A_TARGET_DOWN,
	    tui_act_target_cost, ALONG(125, -1, "target-ms") },
	{ { 'T' }, "T", "target cost up", NULL, NULL, TUI_A_TARGET_UP,
	    tui_act_target_cost, ALONG(125, +1, "target-ms") },
	{ { 'd' }, "d", "draft cost c -0.01/-0.05", NULL, NULL, TUI_A_DRAFT_DOWN,
	    tui_act_draft_cost, ALONG(FINE, -1, "cost-ratio") },
	{ { 'D' }, "D", "draft cost c +0.01/+0.05", NULL, NULL, TUI_A_DRAFT_UP,
	    tui_act_draft_cost, ALONG(FINE, +1, "cost-ratio") },
	{ { 'c' }, "c", "verify cost k -0.01", NULL, NULL, TUI_A_VERIFY_DOWN,
	    tui_act_verify_cost, ADD(-1, 0.01) },
	{ { 'C' }, "C", "verify cost k +0.01", NULL, NULL, TUI_A_VERIFY_UP,
	    tui_act_verify_cost, ADD(+1, 0.01) },
	{ { 'v' }, "v", "next rule, new segment", NULL, NULL, TUI_A_VERIFIER_NEXT,
	    tui_act_rule, CYCLE(+1) },
	{ { 'V' }, "V", "rule before, new segment", NULL, NULL, TUI_A_VERIFIER_PREV,
	    tui_act_rule, CYCLE(-1) },
	{ { 'a' }, "a", "next schedule, new segment", NULL, NULL, TUI_A_SCHEDULE_NEXT,
	    tui_act_schedule, CYCLE(+1) },
	{ { 'l' }, "l", "L -0.05 (lenient rule)", NULL, NULL, TUI_A_LENIENCE_DOWN,
	    tui_act_lenience, ADD(-1, 0.05) },
	{ { 'L' }, "L", "L +0.05 (lenient rule)", NULL, NULL, TUI_A_LENIENCE_UP,
	    tui_act_lenience, ADD(+1, 0.05) },
	{ { 'x' }, "x", "schedule's P or T down", NULL, NULL, TUI_A_THRESHOLD_DOWN,
	    tui_act_threshold, THRESHOLD(-1) },
	{ { 'X' }, "X", "schedule's P or T up", NULL, NULL, TUI_A_THRESHOLD_UP,
	    tui_act_threshold, THRESHOLD(+1) },
	{ { 'y' }, "y", "target T /1.25 (cmu)", NULL, NULL, TUI_A_TEMP_DOWN,
	    tui_act_temperature, TIMES(-1, 1.25) },
	{ { 'Y' }, "Y", "target T x1.25 (cmu)", NULL, NULL, TUI_A_TEMP_UP,
	    tui_act_temperature, TIMES(+1, 1.25) },
	{ { 'z' }, "z", "draft T /1.25 (cmu)", NULL, NULL, TUI_A_DRAFT_TEMP_DOWN,
	    tui_act_draft_temperature, TIMES(-1, 1.25) },
	{ { 'Z' }, "Z", "draft T x1.25 (cmu)", NULL, NULL, TUI_A_DRAFT_TEMP_UP,
	    tui_act_draft_temperature, TIMES(+1, 1.25) },
	{ { 'b' }, "b", "batch size B /2 (--hw)", NULL, NULL, TUI_A_BATCH_DOWN,
	    tui_act_batch, BATCH(-1) },
	{ { 'B' }, "B", "batch size B x2 (--hw)", NULL, NULL, TUI_A_BATCH_UP,
	    tui_act_batch, BATCH(+1) },
	{ { 'o' }, "o", "context S down (--hw)", NULL, NULL, TUI_A_CONTEXT_DOWN,
	    tui_act_context, CONTEXT(-1) },
	{ { 'O' }, "O", "context S up (--hw)", NULL, NULL, TUI_A_CONTEXT_UP,
	    tui_act_context, CONTEXT(+1) },
	{ { 'f' }, "f", "dynamic tree's K -1", NULL, NULL, TUI_A_DYN_K_DOWN,
	    tui_act_dyn_k, ADD(-1, 1) },
	{ { 'F' }, "F", "dynamic tree's K +1", NULL, NULL, TUI_A_DYN_K_UP,
	    tui_act_dyn_k, ADD(+1, 1) },
	{ { 'g' }, "g", "dynamic tree's STEPS -1", NULL, NULL, TUI_A_DYN_STEPS_DOWN,
	    tui_act_dyn_steps, ADD(-1, 1) },
	{ { 'G' }, "G", "dynamic tree's STEPS +1", NULL, NULL, TUI_A_DYN_STEPS_UP,
	    tui_act_dyn_steps, ADD(+1, 1) },
	{ { 'u' }, "u", "dynamic tree's N -1", NULL, NULL, TUI_A_DYN_N_DOWN,
	    tui_act_dyn_n, ADD(-1, 1) },
	{ { 'U' }, "U", "dynamic tree's N +1", NULL, NULL, TUI_A_DYN_N_UP,
	    tui_act_dyn_n, ADD(+1, 1) },
	{ { 'r' }, "r", "reset the statistics", "r", "reset", TUI_A_RESET,
	    tui_act_reset, NONE },
	{ { 's' }, "s", "new seed (seed + 1)", NULL, NULL, TUI_A_RESEED,
	    tui_act_reseed, NONE },
	{ { KEY_UP, 'k' }, "k, Up", "pause, select older", NULL, NULL, TUI_A_OLDER,
	    tui_act_older, NONE },
	{ { KEY_DOWN, 'j' }, "j, Down", "select newer", NULL, NULL, TUI_A_NEWER,
	    tui_act_newer, NONE },
	{ { KEY_LEFT, '(' }, "(, Left", "earlier position/token", NULL, NULL, TUI_A_POS_PREV,
	    tui_act_move, WAY(-1) },
	{ { KEY_RIGHT, ')' }, "), Right", "later position/token", NULL, NULL, TUI_A_POS_NEXT,
	    tui_act_move, WAY(+1) },
	{ { 'p' }, "p", "cycle lower-right pane", "p", "pane", TUI_A_LOWER,
	    tui_act_lower, NONE },
	{ { 'm' }, "m", "slow-motion step/stage", NULL, NULL, TUI_A_SLOWMO,
	    tui_act_slowmo, NONE },
	{ { 'M' }, "M", "ask before each verdict", NULL, NULL, TUI_A_SLOWMO_ASK,
	    tui_act_slowmo_ask, NONE },
	{ { 'P', KEY_PPAGE }, "P, PgUp", "chapter before (a lesson)", NULL, NULL,
	    TUI_A_CHAPTER_PREV, tui_act_chapter, WAY(-1) },
	{ { 'w' }, "w", "save the screen", NULL, NULL, TUI_A_SHOT,
	    tui_act_shot, NONE },
	{ { 'e' }, "e", "words: steps or text", NULL, NULL, TUI_A_TEXT,
	    tui_act_text, NONE },
	{ { CTRL('l') }, "Ctrl-L", "redraw the screen", NULL, NULL, TUI_A_REDRAW,
	    tui_act_redraw, NONE },
	{ { '?', 'h', KEY_F(1) }, "?", "this help", "?", "help", TUI_A_HELP,
	    tui_act_help, NONE },
	{ { 'q', 'Q', CTRL('c') }, "q, Ctrl-C", "quit", "q", "quit", TUI_A_QUIT,
	    tui_act_quit, NONE },
};

const int tui_nkeys = (int)(sizeof tui_keys / sizeof tui_keys[0]);

int
tui_keys_paired(int i)
{
	static const enum tui_action first[] = {
		TUI_A_GAMMA_UP, TUI_A_NOISE_UP, TUI_A_NOISE_UP_FINE, TUI_A_FASTER,
		TUI_A_TARGET_DOWN, TUI_A_DRAFT_DOWN, TUI_A_VERIFY_DOWN, TUI_A_VERIFIER_NEXT,
		TUI_A_LENIENCE_DOWN, TUI_A_THRESHOLD_DOWN, TUI_A_TEMP_DOWN,
		TUI_A_DRAFT_TEMP_DOWN, TUI_A_OLDER, TUI_A_POS_PREV,
		TUI_A_BATCH_DOWN, TUI_A_CONTEXT_DOWN,
		TUI_A_DYN_K_DOWN, TUI_A_DYN_STEPS_DOWN, TUI_A_DYN_N_DOWN,
	};
	size_t j;

	if (i < 0 || i + 1 >= tui_nkeys)
		return 0;
	for (j = 0; j < sizeof first / sizeof first[0]; j++)
		if (tui_keys[i].action == first[j])
			return tui_keys[i + 1].action == first[j] + 1;
	return 0;
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

const struct tui_key *
tui_keys_by_action(enum tui_action a)
{
	int i;

	for (i = 0; i < tui_nkeys; i++)
		if (tui_keys[i].action == a)
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
	{ TUI_A_BATCH_DOWN, TUI_NEED_MACHINE }, { TUI_A_BATCH_UP, TUI_NEED_MACHINE },
	{ TUI_A_CONTEXT_DOWN, TUI_NEED_MACHINE }, { TUI_A_CONTEXT_UP, TUI_NEED_MACHINE },
	{ TUI_A_TARGET_DOWN, TUI_NEED_NO_MACHINE }, { TUI_A_TARGET_UP, TUI_NEED_NO_MACHINE },
	{ TUI_A_DRAFT_DOWN, TUI_NEED_NO_MACHINE }, { TUI_A_DRAFT_UP, TUI_NEED_NO_MACHINE },
	{ TUI_A_VERIFY_DOWN, TUI_NEED_NO_MACHINE }, { TUI_A_VERIFY_UP, TUI_NEED_NO_MACHINE },
	{ TUI_A_DYN_K_DOWN, TUI_NEED_DYNAMIC }, { TUI_A_DYN_K_UP, TUI_NEED_DYNAMIC },
	{ TUI_A_DYN_STEPS_DOWN, TUI_NEED_DYNAMIC }, { TUI_A_DYN_STEPS_UP, TUI_NEED_DYNAMIC },
	{ TUI_A_DYN_N_DOWN, TUI_NEED_DYNAMIC }, { TUI_A_DYN_N_UP, TUI_NEED_DYNAMIC },
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
	else if (need == TUI_NEED_MACHINE && !st->has_machine)
		snprintf(buf, len, "%s: B and S are the machine's: restart with --hw "
		    "(specdec --list-hw)", k->name);
	else if (need == TUI_NEED_NO_MACHINE && st->has_machine)
		snprintf(buf, len, "%s: the machine (--hw) sets the costs; b/B and o/O "
		    "move B and S", k->name);
	else if (need == TUI_NEED_DYNAMIC && !st->is_dynamic)
		snprintf(buf, len, "%s: K, STEPS and N are a dynamic tree's; this run's %s"
		    " (restart with --tree dynamic:K,STEPS,N)", k->name, st->is_tree ?
		    "tree is a fixed shape" : "draft is a chain");
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
	st->has_machine = sim->par.machine;
	st->is_dynamic = st->is_tree && sim_tree_shape(sim)->dyn_k > 0;
}
