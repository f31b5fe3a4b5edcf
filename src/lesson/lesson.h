/* lesson.h: a lesson script, parsed. A lesson is a small line-based text (the
 * man page's LESSON SCRIPTS) that drives the live view: title, set (any option
 * the command line takes in the live view, parsed by the option table itself),
 * unset, chapter, caption, keys, wait, pause, ask (with its choice, answer,
 * figure and explain lines) and check. Parsing resolves everything it can
 * before anything runs: every set line's options (each line's options are the
 * command line's, then the lesson's set lines so far), every figure key in the
 * figures table, every key name, every choice's range; an error is one line
 * "FILE:LINE: message". A pair line (one fixed pair of distributions, with
 * labels) becomes a replay file and a labels file of its own, set as --replay
 * and --labels. No curses. */
#ifndef SPECDEC_LESSON_H
#define SPECDEC_LESSON_H

#include <stddef.h>
#include <stdint.h>

#include "cli/options.h"
#include "sim/figure.h"

#define LESSON_CHOICES_MAX 6
#define LESSON_KEYS_MAX 32
#define LESSON_TEXT_MAX 400	/* bytes of a caption, question or explanation */
#define LESSON_PACE_S 0.7	/* keys: seconds between keys by default */
#define LESSON_WAIT_STEPS_MAX 10000000	/* wait N steps: the largest N */
#define LESSON_WAIT_S_MAX 600.0	/* wait S s, a caption's hold: the longest */
#define LESSON_CHANGES_MAX 1000	/* set, unset and pair lines' changes of the
				 * options (a pair with labels makes two):
				 * each keeps a whole options struct */

enum lesson_op {
	LESSON_TITLE,
	LESSON_SET,		/* also unset: opt holds the options after it */
	LESSON_CHAPTER,
	LESSON_CAPTION,
	LESSON_KEYS,
	LESSON_WAIT_STEPS,
	LESSON_WAIT_SECONDS,
	LESSON_PAUSE,
	LESSON_ASK,
	LESSON_CHECK,
	LESSON_SHOW,		/* text: the pane to keep in view */
};

/* The keys a script may press: the view's own keys that change no parameter
 * (set does that, so the headless run follows the same steps). */
enum lesson_key {
	LESSON_KEY_STEP,	/* n */
	LESSON_KEY_SLOWMO,	/* m */
	LESSON_KEY_ASK,		/* M */
	LESSON_KEY_PANE,	/* p */
	LESSON_KEY_TEXT,	/* e */
	LESSON_KEY_LEFT,	/* Left */
	LESSON_KEY_RIGHT,	/* Right */
	LESSON_KEY_UP,		/* Up */
	LESSON_KEY_DOWN,	/* Down */
};

/* One answer of an ask: the figure's value is in [lo, hi]. */
struct lesson_choice {
	char key;		/* the key that gives it: a letter or a digit */
	double lo, hi;		/* -HUGE_VAL or HUGE_VAL for an open end */
	char *text;
};

struct lesson_item {
	enum lesson_op op;
	int line;
	char *text;		/* title, chapter, caption, question; a check's note */
	double seconds;		/* caption: its hold (0: none); wait S s; keys: pace */
	uint64_t steps;		/* wait N steps */
	struct options *opt;	/* set: the options from here on (its own
				 * allocation: only set lines need one) */
	int reopen;		/* set: the option changes the simulation, which
				 * starts again (not so --rate or --paused) */
	char **argv;		/* set: the command line they were parsed from */
	enum lesson_key keys[LESSON_KEYS_MAX];
	int nkeys;
	const struct figure *figure;	/* ask, check: the figure that settles it */
	int fixed;		/* ask, check: the figure is a parameter of the
				 * options in force, fixed_value */
	double fixed_value;
	double want, tol;	/* check: |figure - want| <= tol */
	struct lesson_choice choice[LESSON_CHOICES_MAX];	/* ask */
	int nchoices;
	int answer;		/* ask: the stated answer's index in choice */
	char *explain;		/* ask: why, shown after the answer */
	int pair;		/* set: --replay is a pair line's file */
};

struct lesson {
	char *name;		/* the file's name, or the built-in lesson's */
	char *title;
	struct lesson_item *item;
	int n;
	int nalloc;		/* items allocated: grown by half each time */
	struct options start;	/* the options before the first set line */
	int nasks, nchecks;
	char **temp;		/* files made for pair lines, removed with the lesson */
	int ntemp, ntemp_alloc;
};

/* Parse text (len bytes) named name into ls, with base the command line's
 * options (whose argc and argv the set lines are parsed after). 0, or -1 with
 * "NAME:LINE: message" in err. */
int lesson_parse(struct lesson *ls, const char *name, const char *text, size_t len,
    const struct options *base, char *err, size_t errlen);

/* Load the lesson base->lesson names: a built-in lesson of that name, else a
 * file, and open the sources its set lines read (lesson_check_sources). 0, or
 * -1 with one line in err. */
int lesson_load(struct lesson *ls, const struct options *base, char *err,
    size_t errlen);

void lesson_free(struct lesson *ls);

/* The panes a show line may name, as the live view's help names them;
 * NULL-terminated (lesson_show.c). */
extern const char *const lesson_panes[];
/* The script that name names: a built-in lesson's text, else the file's; a new
 * string (free it) of *len bytes and a NUL, or NULL with one line in err. */
char *lesson_script(const char *name, size_t *len, char *err, size_t errlen);

/* lesson_load without opening the sources: for what only reads the script's
 * text (--quiz). */
int lesson_parse_named(struct lesson *ls, const struct options *base, char *err,
    size_t errlen);

/* A key's name as the screen shows it ("n", "Left"). */
const char *lesson_key_name(enum lesson_key k);

#endif
