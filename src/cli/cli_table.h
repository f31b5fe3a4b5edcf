/* cli_table.h: the option table, one row per command-line option, in the spirit of
 * tmux's options-table.c. getopt_long's array, --help, the range messages, the
 * defaults and the checks of which mode an option goes with are all made from the
 * rows (which source takes it is the source's row: source/source_table.h); tests/unit/test_cli_table.c holds the man page's OPTIONS to them. */
#ifndef SPECDEC_CLI_TABLE_H
#define SPECDEC_CLI_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "cli/options.h"

/* What an option's value is, and how it is stored at its field. */
enum cli_kind {
	CLI_KIND_FLAG,		/* no value: stores 1 in an int */
	CLI_KIND_MODE,		/* no value: asks for the mode in .asks */
	CLI_KIND_INT,		/* a decimal integer in [min, max], any unsigned width */
	CLI_KIND_U64,		/* any 64-bit unsigned integer (a seed); no min, max */
	CLI_KIND_REAL,		/* a finite double in [min, max], min excluded if open_min */
	CLI_KIND_RATE,		/* a REAL, or the word max, stored as 0 */
	CLI_KIND_CHOICE,	/* one of .choices, stored as its index (an int or enum) */
	CLI_KIND_FILE,		/* a non-empty string, kept as a pointer into argv */
	CLI_KIND_TEXT,		/* any string, kept as a pointer into argv */
};

/* The modes an option applies to: a mask of 1 << enum cli_mode. */
#define CLI_M_LIVE	(1u << CLI_LIVE)
#define CLI_M_BATCH	(1u << CLI_BATCH)
#define CLI_M_THEORY	(1u << CLI_THEORY)
#define CLI_M_EXPORT	(1u << CLI_EXPORT)
#define CLI_M_SIM	(CLI_M_LIVE | CLI_M_BATCH)	/* the modes that simulate */
#define CLI_M_ANY	(CLI_M_SIM | CLI_M_THEORY)

/* The headings of --help, in order. */
enum cli_group {
	CLI_GROUP_MODES, CLI_GROUP_SIM, CLI_GROUP_SOURCES, CLI_GROUP_SWEEP,
	CLI_GROUP_THEORY, CLI_GROUP_MACHINE, CLI_GROUP_METRICS,
	CLI_GROUP_LIVE, CLI_GROUP_OTHER, CLI_NGROUPS,
};

/* One option. A row whose list_max is above 0 takes a comma-separated list of up to
 * list_max values of its kind into an array field, and their count into the int at
 * count_offset. */
struct cli_option {
	const char *name;	/* the long name, without the dashes */
	char letter;		/* the short option, or 0 */
	enum cli_kind kind;
	const char *arg;	/* the value's name in --help and the man page; NULL: none */
	size_t offset;		/* the field in struct options (of a list: the array) */
	size_t size;		/* its size (of a list: one element's) */
	int list_max;
	size_t count_offset;
	double min, max;	/* CLI_KIND_INT, REAL and RATE */
	int open_min;		/* min itself is not allowed */
	const char *unit;	/* for a number: "seconds" says "a number of seconds" */
	const char *const *choices;	/* CLI_KIND_CHOICE: the names, NULL-terminated */
	const char *const *aliases;	/* CLI_KIND_CHOICE: older names still
					 * accepted, as pairs (alias, choice),
					 * NULL-terminated; NULL: none */
	enum cli_mode asks;	/* CLI_KIND_MODE: the mode it asks for */
	const char *def;	/* the default, as it would be typed; NULL: zero */
	const char *def_note;	/* follows the default in --help */
	unsigned modes;		/* CLI_M_*: the modes it applies to */
	const char *ignored_with;	/* another option that, in the modes of
					 * ignored_modes, makes this one do nothing:
					 * both given there is a usage error */
	unsigned ignored_modes;
	const char *ignored_hint;	/* why, after that refusal */
	unsigned metrics_modes;	/* CLI_M_*: modes it also applies to with
				 * --metrics */
	enum cli_group group;
	enum cli_axis axis;	/* with --sweep, a list of values for this axis */
	const char *help;	/* the --help line, before the range and default */
};

/* The field of struct options an option fills, and an array field with its count. */
#define CLI_FIELD(f) \
	.offset = offsetof(struct options, f), .size = sizeof(((struct options *)0)->f)
#define CLI_LIST(f, count) \
	.offset = offsetof(struct options, f), \
	.size = sizeof(((struct options *)0)->f[0]), \
	.list_max = (int)(sizeof(((struct options *)0)->f) / \
	    sizeof(((struct options *)0)->f[0])), \
	.count_offset = offsetof(struct options, count)

#define CLI_OPTIONS_MAX 128	/* rows the table may hold */

/* The rows given on the command line: bit i of the set for row i. */
#define CLI_GIVEN_WORDS ((CLI_OPTIONS_MAX + 63) / 64)
struct cli_given {
	uint64_t w[CLI_GIVEN_WORDS];
};

/* Mark row i given; whether it was. */
void cli_given_set(struct cli_given *g, size_t row);
int cli_given_has(const struct cli_given *g, size_t row);

/* The first row given whose name is not among names[0..n-1], or NULL: for a
 * mode that reads only those options. */
const struct cli_option *cli_given_outside(const struct cli_given *g,
    const char *const *names, size_t n);

extern const struct cli_option cli_options[];
extern const size_t cli_noptions;
extern const char *const cli_group_heading[CLI_NGROUPS];	/* "" for none */

/* The row of the long name, or NULL. */
const struct cli_option *cli_table_find(const char *name);

/* The row of the short letter, or NULL. */
const struct cli_option *cli_table_find_letter(int letter);

/* The source's name as --source takes it (its row's in source_table.h); "?" out
 * of range. */
const char *cli_source_name(enum cli_source s);

#endif
