/* tui_keys.h: the one table of keys of the live view. The event loop maps keys to
 * actions through it, the help overlay and the key bar print it, and the man
 * page's KEYS section follows it (tests/unit/test_tui_keys checks that). */
#ifndef SPECDEC_TUI_KEYS_H
#define SPECDEC_TUI_KEYS_H

#include <stddef.h>

#include "tui/tui_handlers.h"
#include "tui/tui_ladder.h"

enum tui_action {
	TUI_A_NONE,
	TUI_A_PAUSE,
	TUI_A_STEP,
	TUI_A_GAMMA_UP,
	TUI_A_GAMMA_DOWN,
	TUI_A_NOISE_UP,
	TUI_A_NOISE_DOWN,
	TUI_A_NOISE_UP_FINE,
	TUI_A_NOISE_DOWN_FINE,
	TUI_A_FASTER,
	TUI_A_SLOWER,
	TUI_A_TARGET_DOWN,
	TUI_A_TARGET_UP,
	TUI_A_DRAFT_DOWN,
	TUI_A_DRAFT_UP,
	TUI_A_VERIFY_DOWN,
	TUI_A_VERIFY_UP,
	TUI_A_VERIFIER_NEXT,
	TUI_A_VERIFIER_PREV,
	TUI_A_SCHEDULE_NEXT,
	TUI_A_LENIENCE_DOWN,
	TUI_A_LENIENCE_UP,
	TUI_A_THRESHOLD_DOWN,
	TUI_A_THRESHOLD_UP,
	TUI_A_TEMP_DOWN,
	TUI_A_TEMP_UP,
	TUI_A_DRAFT_TEMP_DOWN,
	TUI_A_DRAFT_TEMP_UP,
	TUI_A_RESET,
	TUI_A_RESEED,
	TUI_A_OLDER,
	TUI_A_NEWER,
	TUI_A_POS_PREV,
	TUI_A_POS_NEXT,
	TUI_A_LOWER,
	TUI_A_SLOWMO,
	TUI_A_SLOWMO_ASK,
	TUI_A_SHOT,
	TUI_A_TEXT,
	TUI_A_REDRAW,
	TUI_A_HELP,
	TUI_A_QUIT,
	TUI_A_BATCH_DOWN,
	TUI_A_BATCH_UP,
	TUI_A_CONTEXT_DOWN,
	TUI_A_CONTEXT_UP,
	TUI_A_CHAPTER_NEXT,
	TUI_A_CHAPTER_PREV,
	TUI_A_DYN_K_DOWN,
	TUI_A_DYN_K_UP,
	TUI_A_DYN_STEPS_DOWN,
	TUI_A_DYN_STEPS_UP,
	TUI_A_DYN_N_DOWN,
	TUI_A_DYN_N_UP,
};

#define TUI_KEY_CODES 3

/* What a key needs from the source or the settings to do anything. */
enum tui_need {
	TUI_NEED_NONE,
	TUI_NEED_NOISE,		/* a draft noise to change (not a replay) */
	TUI_NEED_WORDS,		/* a text of words (the ngram and cmu sources) */
	TUI_NEED_LENIENCE,	/* a rule with an L (lenient) */
	TUI_NEED_THRESHOLD,	/* a schedule with a P or T (draft-p-min, confidence) */
	TUI_NEED_TEMPERATURE,	/* temperatures to change (the cmu source) */
	TUI_NEED_CHAIN,		/* a chain's gamma (not a tree run's shape) */
	TUI_NEED_MACHINE,	/* a machine (--hw): B and S */
	TUI_NEED_NO_MACHINE,	/* costs of their own (not set by a machine) */
	TUI_NEED_DYNAMIC,	/* a dynamic tree (--tree dynamic:K,STEPS,N) */
};

/* What the keys' needs are judged against: the source and the settings. */
struct tui_key_state {
	const char *kind;	/* the source: "stub", "replay", "ngram", "cmu" */
	int has_noise;		/* its draft has a noise to change */
	int has_words;		/* it has words to show as text */
	int has_temperature;	/* it has temperatures to change */
	const char *rule;	/* the verification rule's name */
	int has_lenience;	/* the rule reads L */
	const char *schedule;	/* the schedule's name */
	int has_threshold;	/* the schedule reads P or T */
	int is_tree;		/* a tree run (--tree): no gamma to change */
	int has_machine;	/* a machine (--hw) sets the costs */
	int is_dynamic;		/* a dynamic tree: K, STEPS and N to change */
};

struct tui_key {
	int code[TUI_KEY_CODES];	/* curses key codes; unused slots are 0 */
	const char *name;	/* as the help overlay and the man page print it */
	const char *help;	/* what it does, short enough for the overlay */
	const char *bar_name;	/* its label in the key bar, or NULL: not there */
	const char *bar_help;
	enum tui_action action;
	tui_key_handler *act;	/* what it does (tui_handlers.h) */
	struct tui_ladder ladder;	/* the step it takes, or TUI_LADDER_NONE */
};

extern const struct tui_key tui_keys[];
extern const int tui_nkeys;

/* Whether entries i and i + 1 are the two directions of one thing (gamma up and
 * down, t and T): the help overlay keeps them in one column. */
int tui_keys_paired(int i);

/* What an action needs of the source (a small table beside the keys'). */
enum tui_need tui_keys_need(enum tui_action a);

/* Why key k does nothing in state st (a noise key without a draft noise, e
 * without words, l and L under a rule without L, x and X under a schedule
 * without P or T, y, Y, z and Z without temperatures, b, B, o and O without a
 * machine, t, T, d, D, c and C with one, f, F, g, G, u and U without a
 * dynamic tree), as one line into buf;
 * NULL when it does something. */
const char *tui_keys_why_not(const struct tui_key *k, const struct tui_key_state *st,
    char *buf, size_t len);

struct sim;

/* The state of sim that the keys' needs are judged against. */
void tui_keys_state(const struct sim *sim, struct tui_key_state *st);

/* The table entry bound to a key code, or NULL. */
const struct tui_key *tui_keys_find(int code);

/* The entry of action a, or NULL. */
const struct tui_key *tui_keys_by_action(enum tui_action a);

/* The action bound to a key code, or TUI_A_NONE. */
enum tui_action tui_keys_action(int code);

#endif
