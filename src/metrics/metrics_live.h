/* metrics_live.h: a serving system's /metrics scraped again and again (a live
 * endpoint, or a log of its scrapes replayed). Per series (a name with its
 * labels) the last value is kept; a poll adds v_now - v_prev to the series'
 * increase since attach, or v_now when v_now < v_prev (a counter reset: the
 * server restarted), as Prometheus' increase() does. The increases over a span
 * of polls (the last poll, the last N, everything since attach) go through the
 * same accumulator and conventions as a file (metrics_acc.h), so the figures
 * equal --metrics on a file holding the summed increases. Gauges are averaged
 * over the polls of the span. Pure: text in, struct metrics out. */
#ifndef SPECDEC_METRICS_LIVE_H
#define SPECDEC_METRICS_LIVE_H

#include <stddef.h>

#include "metrics/metrics.h"

#define METRICS_LIVE_WINDOW_MAX 3600	/* largest --window */
#define METRICS_LOG_HEAD "# specdec metrics-log 1"	/* a log's first line */
#define METRICS_LOG_SCRAPE "# specdec-scrape "	/* then, before each scrape,
						 * this and the poll's time */

/* The polls a set of figures covers. */
enum metrics_span {
	METRICS_SPAN_LAST,	/* the last poll against the one before */
	METRICS_SPAN_WINDOW,	/* the last N polls (--window) */
	METRICS_SPAN_TOTAL,	/* since the first poll */
};

struct metrics_live_series;
struct metrics_live_poll;

struct metrics_live {
	int window;		/* N */
	int format;		/* the first scrape's format; -1 before it */
	size_t polls;		/* scrapes taken */
	size_t resets;		/* polls at which a counter went down */
	struct metrics_live_series *series;
	size_t nseries;
	struct metrics_live_poll *ring;	/* the last window + 1 polls' gauges */
	struct metrics_live_poll *total;	/* every poll's gauges */
};

/* What a span says besides struct metrics. */
struct metrics_live_info {
	size_t polls;		/* polls taken in all */
	size_t resets;
	size_t span_polls;	/* polls the span's gauges are averaged over */
	int has_running;	/* the endpoint gives the requests running */
	double running;		/* their mean over the span's polls, summed over
				 * label sets (vllm:num_requests_running,
				 * sglang:num_running_reqs) */
};

/* An empty state that keeps window polls (1..METRICS_LIVE_WINDOW_MAX). */
void metrics_live_init(struct metrics_live *l, int window);

/* One scrape (len bytes, NUL-terminated after them) as the next poll. 0, or -1
 * with one line in err (the state is then unchanged): a body that ends
 * mid-line, a line the parser refuses, no speculative-decoding metrics, a
 * format other than the first scrape's. */
int metrics_live_scrape(struct metrics_live *l, const char *text, size_t len, char *err,
    size_t errlen);

/* The figures over span into *m; gamma_hint as for metrics_parse. 0, or -1 with
 * err (fewer than two polls; nothing drafted in the span). */
int metrics_live_figures(const struct metrics_live *l, enum metrics_span span,
    int gamma_hint, struct metrics *m, char *err, size_t errlen);

/* The polls, resets and requests running over span. */
void metrics_live_info(const struct metrics_live *l, enum metrics_span span,
    struct metrics_live_info *out);

/* text starts with METRICS_LOG_HEAD. */
int metrics_live_is_log(const char *text, size_t len);

/* Every scrape of a log (--metrics-log) into *l, which is initialised. 0, or -1
 * with "scrape K: reason" in err. */
int metrics_live_replay(struct metrics_live *l, const char *text, size_t len, char *err,
    size_t errlen);

/* Free what *l holds. */
void metrics_live_free(struct metrics_live *l);

#endif
