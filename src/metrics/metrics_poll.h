/* metrics_poll.h: --metrics URL: poll a live endpoint every interval seconds
 * (each request bounded by that interval), take each scrape into a live state
 * (metrics_live.h) and record it to a log (--metrics-log) that --metrics FILE
 * replays. Two ways: a fixed number of polls in the calling thread (--batch
 * --polls N), or polls on a thread of their own while a face reads snapshots,
 * so a slow or silent server never holds the face up. */
#ifndef SPECDEC_METRICS_POLL_H
#define SPECDEC_METRICS_POLL_H

#include <stddef.h>

#include "metrics/metrics.h"
#include "metrics/metrics_live.h"

#define METRICS_POLL_WHY 256	/* bytes of a reason kept in a snapshot */

/* What to poll. */
struct metrics_poll_setup {
	const char *url;
	double interval;	/* seconds between polls, and each one's timeout */
	int window;		/* --window N */
	int gamma_hint;		/* --gamma or 0 */
	const char *log;	/* --metrics-log FILE, or NULL */
};

/* The state of the endpoint as a face shows it. */
enum metrics_poll_state {
	METRICS_POLL_FIRST,	/* no answer yet */
	METRICS_POLL_OK,	/* the last poll was read */
	METRICS_POLL_FAILING,	/* the last poll failed: error says why */
};

/* A copy of the poller's figures, taken under its lock. */
struct metrics_poll_view {
	enum metrics_poll_state state;
	double last_ok;		/* seconds (monotonic clock) of the last good poll;
				 * 0 none */
	double failing_since;	/* seconds of the first failure since then */
	char error[METRICS_POLL_WHY];	/* the last failure */
	unsigned long polls_tried;
	int has[3];		/* by enum metrics_span: figures known */
	struct metrics m[3];
	char why[3][METRICS_POLL_WHY];	/* where not: the reason */
	struct metrics_live_info info[3];
};

/* The seconds of the monotonic clock. */
double metrics_poll_now(void);

/* The batch way: poll s->polls times, one every s->interval seconds, into *l
 * (initialised by the caller); stops at the first poll that fails, or when
 * *stop becomes non-zero. 0, or -1 with "URL: reason" in err. */
int metrics_poll_batch(const struct metrics_poll_setup *s, int polls,
    struct metrics_live *l, volatile int *stop, char *err, size_t errlen);

struct metrics_poller;

/* The thread way: start polling. NULL with err when the log cannot be opened or
 * the thread cannot start. */
struct metrics_poller *metrics_poll_start(const struct metrics_poll_setup *s, char *err,
    size_t errlen);

/* The latest figures into *v. */
void metrics_poll_snapshot(struct metrics_poller *p, struct metrics_poll_view *v);

/* Stop the thread (within about a second, a request in flight abandoned) and
 * free everything. */
void metrics_poll_stop(struct metrics_poller *p);

#endif
