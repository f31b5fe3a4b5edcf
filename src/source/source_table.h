/* source_table.h: the sources, one row each, as the verification rules are
 * (verify/rule_table.c). Each row is one `const struct source_entry` in its
 * own folder, src/source/NAME/NAME_entry.c, and one ROW(NAME) line in
 * source_table.c; a row's position is its index, the value of --source
 * (options.h: enum cli_source names the first four). Every face reads the
 * row: the option checks (which options a source takes, how a refusal names
 * it), --source's choices, the opening, the JSON's keys, the reports' names.
 * Nothing else asks which source it is (docs/design.md, "Add a source"). */
#ifndef SPECDEC_SOURCE_TABLE_H
#define SPECDEC_SOURCE_TABLE_H

#include <stddef.h>

struct json;
struct options;
struct source;

/* An option a source refuses, and why, after the refusal. */
struct source_refusal {
	const char *option;	/* its long name, without the dashes */
	const char *hint;
};

/* The row's flags. */
#define SOURCE_F_QUIET_DRAFT	(1u << 0)	/* the draft noise is 0 unless
						 * --noise is given (the option
						 * table's default is the stub's) */
#define SOURCE_F_READS_INPUT	(1u << 1)	/* opening reads a file or trains
						 * a model, so it can fail */
#define SOURCE_F_NEEDS_CHOOSER	(1u << 2)	/* --source NAME needs its
						 * chosen_by option too */

#define SOURCE_NAME_MAX 16

struct source_entry {
	/* As --source takes it; the reports', the sweep's and the JSON's
	 * "source". An array, so that source_names can list its address. */
	char name[SOURCE_NAME_MAX];
	const char *noun;	/* how a refusal names it; NULL: "the NAME source" */
	const char *prep;	/* the word before noun in "only applies to ...";
				 * NULL: "to" */
	const char *choose;	/* how to choose it, after the refusal of an option
				 * only it takes; NULL: none */
	const char *chosen_by;	/* an option whose value chooses it (a FILE that
				 * implies --source NAME), or NULL */
	const char *conflict;	/* the refusal when chosen_by and an earlier
				 * row's are both given; NULL: "--A and --B
				 * choose different sources" */
	const char *const *takes;	/* the options only some sources take that
					 * this one takes, NULL-terminated; NULL:
					 * none */
	const struct source_refusal *refuses;	/* hints for options it refuses,
						 * ended by a NULL option; NULL:
						 * none */
	unsigned flags;		/* SOURCE_F_* */
	/* 1 when this build can open it; NULL: always (the cmu source needs
	 * sphinxbase at configure time; its open then says which packages). */
	int (*available)(void);
	/* Open the source o asks for into src; the simulation then runs at o's
	 * gamma and noise, which the open may set (the stub by position). On
	 * failure write one line to err and return -1, leaving nothing to close. */
	int (*open)(struct options *o, struct source *src, char *err, size_t errlen);
	/* The JSON keys of its own settings (the file it read, its orders); NULL:
	 * none. */
	void (*json)(struct json *j, const struct options *o);
};

extern const struct source_entry *const source_table[];
extern const int source_nentries;
/* The names as --source's choices read them, NULL-terminated. */
extern const char *const source_names[];

/* The row at index, or NULL out of range. */
const struct source_entry *source_table_entry(int index);

/* The index of the row named name, or -1. */
int source_table_find(const char *name);

/* The row's name for the reports: "?" out of range. */
const char *source_table_name(int index);

/* Whether the row takes option (a long name): it is listed in its takes. */
int source_takes(const struct source_entry *e, const char *option);

/* Whether any row takes option: an option no row lists applies to all. */
int source_table_scoped(const char *option);

/* How a refusal names the row, and the word before it (see noun and prep):
 * into buf (size len), returned. */
const char *source_noun(const struct source_entry *e, char *buf, size_t len);
const char *source_prep(const struct source_entry *e);

/* The row's hint for refusing option, or NULL. */
const char *source_refusal_hint(const struct source_entry *e, const char *option);

#endif
