/* figure.h: one row of the figures table (sim/figures.h), the run a row reads
 * its value from, and the report line the rows' writers build. The writers of
 * rows that are more than one value (figures_write.h, figures_pair.h) need only
 * this, so the table depends on them and not the other way round. */
#ifndef SPECDEC_FIGURE_H
#define SPECDEC_FIGURE_H

#include <stddef.h>
#include <stdio.h>

#include "sim/sim.h"
#include "sim/checks.h"
#include "util/json.h"

#define FIGURES_EXPLAIN_MAX 54	/* columns of an explanation: help page 2 fits 72 */
#define FIGURES_NAME_MAX 13	/* columns of a label or a name on the screen */
#define FIGURES_INDENT 13	/* where a report line's value starts */
#define FIGURES_LINE_MAX 4096	/* a report line before wrapping */

enum figure_kind {
	FIGURE_REAL,	/* a double */
	FIGURE_COUNT,	/* a uint64_t */
	FIGURE_INT,	/* an int */
	FIGURE_FLAG,	/* an int, written true or false */
	FIGURE_SIZE,	/* a size_t, written as a count */
	FIGURE_ARRAY,	/* by position or by token: its writers write it */
	FIGURE_NESTED,	/* a nested member (an object, the checks): its writers */
	FIGURE_SCREEN,	/* shown by the live view only: no key, not in the report */
};

/* Where a scalar lives: a member of struct sim_figures, of struct stats, of
 * struct sim or of the run's request. */
enum figure_from {
	FIGURE_FROM_NONE,
	FIGURE_FROM_FIGURES,
	FIGURE_FROM_STATS,
	FIGURE_FROM_SIM,	/* a member of struct sim: its parameters */
	FIGURE_FROM_RUN,	/* a member of struct figures_run: its request */
};

/* A scalar's place in the report: before, the value, after. conv is 'f'
 * (fixed) or 'g' (general) with decimals for a real, 'u' for a count, 'd' for
 * an int; 0: not in the report (or in its writer's text). */
struct figure_format {
	const char *before;
	char conv;
	int decimals;
	const char *after;
};

/* What a run's figures are read from. */
struct figures_run {
	const struct sim *sim;
	const struct sim_figures *fig;
	const struct check *checks;	/* CHECKS_COUNT verdicts */
	uint64_t steps_requested;	/* the steps asked for (a lesson: those run) */
	int complete;			/* all of them ran */
};

/* The report's line being built; a writer adds to it or ends it and prints. */
struct figures_text {
	FILE *out;
	char line[FIGURES_LINE_MAX];
	size_t len;
	int open;		/* a line has begun */
};

struct figure;

typedef void figure_report_fn(struct figures_text *, const struct figure *,
    const struct figures_run *);
typedef void figure_json_fn(struct json *, const struct figure *,
    const struct figures_run *);
typedef double figure_value_fn(const struct figures_run *);

struct figure {
	const char *key;		/* the JSON key: an interface, never renamed;
					 * NULL for FIGURE_SCREEN */
	enum figure_kind kind;
	int header;			/* one of the run's parameters, which the JSON
					 * gives first (figures_json_header) and the
					 * report in its own header: a key and a
					 * place, no format */
	const char *label;		/* the report's label, starting a line; NULL:
					 * the figure goes on the line before */
	struct figure_format text;	/* a scalar's report format */
	enum figure_from from;		/* a scalar's value: at offset in from */
	size_t offset;
	figure_report_fn *report;	/* writes the report's part, or NULL */
	figure_json_fn *json;		/* writes an array or nested member */
	figure_value_fn *value;		/* a row its writers write as one number
					 * (a tree's cost per step): that number,
					 * which a lesson's check reads; NaN where
					 * the JSON leaves it out; NULL: at offset,
					 * or more than one number */
	const char *screen;		/* the figure as the live view shows it
					 * (ASCII); NULL: not on help page 2 */
	const char *screen_utf8;	/* the same in UTF-8; NULL: as screen */
	const char *explain;		/* what it means, in one line of at most
					 * FIGURES_EXPLAIN_MAX columns */
};

/* Where a scalar row's value is in run r. */
const void *figure_place(const struct figure *row, const struct figures_run *r);

/* A scalar row's value (a count or int as a double: for tests and views), or
 * the number of a row with a value function. */
double figure_value(const struct figure *row, const struct figures_run *r);

/* Building a report line: begin ends the line before (printing it wrapped at
 * WRAP_WIDTH, later lines indented FIGURES_INDENT) and starts one with label
 * in the label column; add appends; end prints the open line, if any. */
void figures_text_begin(struct figures_text *t, const char *label);
void figures_text_add(struct figures_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void figures_text_end(struct figures_text *t);

/* A report line of n rates numbered from 1, " k:rate" each, with a dash where
 * tested[k] is 0 (nothing tested there, so no rate). */
void figures_text_rates(struct figures_text *t, const char *label, const uint64_t *tested,
    int n, double (*rate)(const struct stats *st, int k), const struct stats *st);

#endif
