/* metrics_acc.h: the accumulator, the running sums a metrics file is read into.
 * Two kinds of input reach it. Samples of Prometheus series (a counter's value
 * at a scrape, or a gauge's) enter through one function, metrics_acc_sample,
 * whoever parsed them: the file's Prometheus reader today, a live /metrics
 * poller as well. Log lines and CSV rows are increments, which their readers add
 * to the sums below directly. Once everything is in, metrics_acc_series_done
 * turns the series into sums, and a format's conventions (metrics_convention.h)
 * turn the sums into struct metrics. Internal to src/metrics/. */
#ifndef SPECDEC_METRICS_ACC_H
#define SPECDEC_METRICS_ACC_H

#include <stddef.h>

#include "metrics/metrics.h"

/* The gauges, as struct metrics_acc's gauge[]. */
enum metrics_gauge {
	METRICS_G_LENGTH, METRICS_G_RATE, METRICS_G_EFFICIENCY,
};
#define METRICS_NGAUGES 3

#define METRICS_READER_STATE 8	/* ints a line reader keeps between lines */

/* The counters a series can be. */
enum metrics_counter {
	METRICS_C_DRAFTS, METRICS_C_DRAFTED, METRICS_C_ACCEPTED, METRICS_C_POS,
};

/* One parsed sample of a Prometheus series. */
struct metrics_sample {
	const char *key;	/* "name{labels}", the series */
	size_t keylen;
	int counter;		/* an enum metrics_counter, or -1 for a gauge */
	int gauge;		/* an enum metrics_gauge (gauges) */
	int position;		/* the position label's value + 1; 0 none, -1 not
				 * a position from 0 to 63 */
	double value;
};

/* One Prometheus series (a name with its labels): the first and last values read,
 * so that two scrapes count their difference. */
struct metrics_series {
	char *key;		/* "name{labels}" as written */
	int what;		/* enum metrics_counter */
	int position;		/* the position label's value + 1; 0 none */
	double first, last;
	size_t seen;
};

/* A mean over records with its sum of squares, for a gauge or a log's rate. */
struct metrics_mean {
	double sum, sq;
	size_t n;
};

struct metrics_acc {
	size_t records;		/* lines or samples read */
	int gamma;		/* given by the file (a log's positions, n_draft) */
	double drafts, drafted, accepted;
	int has_drafts, has_drafted, has_accepted;
	double pos[METRICS_POS_MAX];	/* counts by position (or rate sums) */
	size_t pos_n[METRICS_POS_MAX];	/* records that gave the position */
	double pos_drafts[METRICS_POS_MAX];	/* drafts by position (CSV) */
	int npos;		/* highest position seen */
	int pos_rates;		/* pos holds sums of rates, not counts */
	struct metrics_mean gauge[METRICS_NGAUGES];	/* by enum metrics_gauge:
				 * the mean acceptance length (bonus included),
				 * accepted / drafted, vLLM's efficiency */
	size_t gauge_nan[METRICS_NGAUGES];	/* samples of the length, rate,
						 * efficiency gauges that were NaN
						 * or infinite (not set) */
	size_t repeated;	/* counters seen in more than one scrape */
	size_t increased;	/* of those, the ones that went up */
	struct metrics_series *series;
	size_t nseries;
	int reader[METRICS_READER_STATE];	/* the line reader's own, kept
						 * between lines (the CSV's
						 * columns); 0 at the start */
};

/* Take one sample: a record, a gauge's value or a counter's value at a scrape.
 * 0, or -1 with *why (a negative value, a counter that is not a count or went
 * down, a per-position counter without its position, too many series). */
int metrics_acc_sample(struct metrics_acc *a, const struct metrics_sample *s,
    const char **why);

/* A sample of gauge g that was NaN or infinite: present, not set yet. */
void metrics_acc_gauge_unset(struct metrics_acc *a, int g);

/* Add one value to a mean. */
void metrics_mean_add(struct metrics_mean *m, double v);

/* The series' differences into the sums, once every sample is in. */
void metrics_acc_series_done(struct metrics_acc *a);

/* Free the series. */
void metrics_acc_free(struct metrics_acc *a);

#endif
