/* metrics_format.h: a metrics format is one row: its names, the mark that
 * detects it, the reader of one of its lines, the conventions that bring its
 * sums to struct metrics, and the names it gives its gauges. Each row is in its
 * own metrics_fmt_NAME.c; metrics_format_table.c lists them (docs/design.md,
 * "Add a metrics format"). Internal to src/metrics/. */
#ifndef SPECDEC_METRICS_FORMAT_H
#define SPECDEC_METRICS_FORMAT_H

#include <stddef.h>

#include "metrics/metrics_acc.h"

/* How a format's mark is found in a line (after a "# HELP " or "# TYPE "). */
enum metrics_mark {
	METRICS_MARK_START,	/* the line starts with it */
	METRICS_MARK_ANYWHERE,	/* the line holds it */
	METRICS_MARK_FIELD,	/* the line's first comma-separated field is it */
};

/* A Prometheus metric a format reads: its name and the counter or gauge it is. */
struct metrics_prom_metric {
	const char *name;
	int counter;		/* an enum metrics_counter, or -1 for a gauge */
	int gauge;		/* an enum metrics_gauge (gauges) */
};

struct metrics_format_entry;

/* What a line reader is given besides the line. */
struct metrics_reader {
	struct metrics_acc *acc;
	const struct metrics_format_entry *self;	/* the file's format */
	const struct metrics_format_entry *const *all;	/* every format, NULL-ended:
							 * another system's
							 * samples are refused */
};

struct metrics_format_entry {
	/* its names, as the report, the JSON and the plot give them */
	const char *name;	/* "vllm-prometheus" */
	const char *system;	/* "vLLM" */
	/* detect: the first line of a file that bears a row's mark (rows tried in
	 * the table's order) decides the format of every line */
	const char *mark;
	enum metrics_mark mark_at;
	const char *mark_also;	/* NULL, or text the marked line must hold too */
	/* parse a line: len bytes, NUL-terminated, no NUL inside. Lines that are
	 * not the format's are passed over (0); a line read adds to r->acc and
	 * counts a record; -1 with *why: the line could not be read */
	int (*line)(const struct metrics_reader *r, const char *line, size_t len,
	    const char **why);
	const struct metrics_prom_metric *prom;	/* Prometheus formats: the
						 * metrics read, ended by a NULL
						 * name (for metrics_prom_line);
						 * NULL for the others */
	/* conventions: the sums, once every line is read, into *m (its format,
	 * records and the checks common to all formats done); hint is --gamma or
	 * 0. 0, or -1 with err (metrics_convention.h has the parts) */
	int (*finish)(const struct metrics_format_entry *self, const struct metrics_acc *a,
	    struct metrics *m, int hint, char *err, size_t errlen);
	/* units: the gauges' names in the format's own words, by enum
	 * metrics_gauge, for the errors; NULL: "a gauge" */
	const char *gauge_names[METRICS_NGAUGES];
};

/* The rows in detection order, NULL-ended; enum metrics_format names the first
 * ones. */
extern const struct metrics_format_entry *const metrics_formats[];

#endif
