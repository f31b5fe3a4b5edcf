/* metrics_acc.h: the running sums the metrics parser keeps while it reads
 * (metrics_parse.c drives it; metrics_prom.c and metrics_lines.c each read one
 * kind of line into it), and the error convention of its line readers. Internal
 * to src/metrics/. */
#ifndef SPECDEC_METRICS_ACC_H
#define SPECDEC_METRICS_ACC_H

#include <stddef.h>

#include "metrics/metrics.h"

/* One Prometheus series (a name with its labels): the first and last values read,
 * so that two scrapes count their difference. */
struct metrics_series {
	char *key;		/* "name{labels}" as written */
	int what;		/* enum metrics_counter */
	int position;		/* the position label's value + 1; 0 none */
	double first, last;
	size_t seen;
};

/* The gauges, as struct metrics_acc's len, rate and eff. */
enum metrics_gauge {
	METRICS_G_LENGTH, METRICS_G_RATE, METRICS_G_EFFICIENCY,
};

/* The counters a series can be. */
enum metrics_counter {
	METRICS_C_DRAFTS, METRICS_C_DRAFTED, METRICS_C_ACCEPTED, METRICS_C_POS,
};

/* A mean over records with its sum of squares, for a gauge or a log's rate. */
struct metrics_mean {
	double sum, sq;
	size_t n;
};

struct metrics_acc {
	enum metrics_format format;
	size_t records;
	int gamma;		/* given by the file (a log's positions, n_draft) */
	double drafts, drafted, accepted;
	int has_drafts, has_drafted, has_accepted;
	double pos[METRICS_POS_MAX];	/* counts by position (or rate sums) */
	size_t pos_n[METRICS_POS_MAX];	/* records that gave the position */
	double pos_drafts[METRICS_POS_MAX];	/* CSV: drafts by position */
	int npos;		/* highest position seen */
	int pos_rates;		/* pos holds sums of rates, not counts */
	struct metrics_mean len;	/* mean acceptance length, bonus included */
	struct metrics_mean rate;	/* accepted / drafted */
	struct metrics_mean eff;	/* vLLM's efficiency gauge */
	size_t gauge_nan[3];	/* samples of the length, rate, efficiency
				 * gauges that were NaN or infinite (not set) */
	size_t repeated;	/* counters seen in more than one scrape */
	size_t increased;	/* of those, the ones that went up */
	struct metrics_series *series;
	size_t nseries;
	int csv_cols[4];	/* CSV: column of position, accepted, drafts, rate; -1 */
	int csv_header;		/* CSV: the header was read */
	int csv_header_line;	/* CSV: the line just read was the header */
};

/* A line reader's failure: the reason into err as "line N: WHY: 'LINE'" (the line
 * quoted, cut to METRICS_QUOTE_MAX bytes); returns -1. */
int metrics_fail(char *err, size_t errlen, size_t lineno, const char *line, size_t len,
    const char *why);

/* A number of number.h's grammar at *s (after spaces), ending at a space, comma,
 * parenthesis, percent sign, slash or the end; *s moves past it. 0 or -1. */
int metrics_number(const char **s, const char *end, double *v);

/* v is a count of events: a whole number from 0 to 1e18. */
int metrics_is_count(double v);

/* Add one value to a mean. */
void metrics_mean_add(struct metrics_mean *m, double v);

/* Read one Prometheus line of the acc's format (comments, samples of other
 * metrics passed over); 0, or -1 with err filled. */
int metrics_prom_line(struct metrics_acc *a, const char *line, size_t len,
    size_t lineno, char *err, size_t errlen);

/* The series' totals into the acc's counts once every line is read. */
void metrics_prom_finish(struct metrics_acc *a);

/* Free the series table. */
void metrics_prom_free(struct metrics_acc *a);

/* Read one line of a log format or the CSV (lines without the format's marker
 * are passed over, except in the CSV); 0, or -1 with err filled. */
int metrics_log_line(struct metrics_acc *a, const char *line, size_t len,
    size_t lineno, char *err, size_t errlen);

#endif
