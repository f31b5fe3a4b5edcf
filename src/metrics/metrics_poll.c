/* metrics_poll.c: polling a live /metrics (metrics_poll.h): one poll is a GET,
 * a scrape into the live state and a line of the log; the batch way runs them
 * in a row, the thread way on a thread that publishes a snapshot after each. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "metrics/metrics_http.h"
#include "metrics/metrics_poll.h"
#include "util/xalloc.h"

double
metrics_poll_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static FILE *
log_open(const char *path, char *err, size_t errlen)
{
	FILE *f;

	if (path == NULL)
		return NULL;
	if ((f = fopen(path, "w")) == NULL) {
		snprintf(err, errlen, "--metrics-log: %s: %s", path, strerror(errno));
		return NULL;
	}
	fprintf(f, "%s\n", METRICS_LOG_HEAD);
	return f;
}

/* A scrape the live state took, with the wall-clock time, into the log. */
static void
log_scrape(FILE *f, const char *body, size_t len)
{
	struct timespec ts;

	if (f == NULL)
		return;
	clock_gettime(CLOCK_REALTIME, &ts);
	fprintf(f, "%s%lld.%03ld\n", METRICS_LOG_SCRAPE, (long long)ts.tv_sec,
	    ts.tv_nsec / 1000000L);
	fwrite(body, 1, len, f);
	fflush(f);
}

/* One poll: GET, scrape, log. 0, or -1 with the reason in err. */
static int
poll_once(const struct metrics_poll_setup *s, struct metrics_live *l, FILE *log,
    int (*cancel)(void *), void *arg, char *err, size_t errlen)
{
	char *body;
	size_t len;
	int rc;

	if (metrics_http_get(s->url, s->interval, cancel, arg, &body, &len, err,
	    errlen) != 0)
		return -1;
	if ((rc = metrics_live_scrape(l, body, len, err, errlen)) == 0)
		log_scrape(log, body, len);
	free(body);
	return rc;
}

static void
sleep_until(double due, volatile int *stop)
{
	double left;
	struct timespec ts;

	while ((stop == NULL || !*stop) && (left = due - metrics_poll_now()) > 0.0) {
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
	}
}

int
metrics_poll_batch(const struct metrics_poll_setup *s, int polls,
    struct metrics_live *l, volatile int *stop, char *err, size_t errlen)
{
	char why[1024] = "";
	double t0 = metrics_poll_now();
	FILE *log = NULL;
	int k, rc = 0;

	if (s->log != NULL && (log = log_open(s->log, err, errlen)) == NULL)
		return -1;
	for (k = 0; k < polls && rc == 0 && !*stop; k++) {
		sleep_until(t0 + k * s->interval, stop);
		if (!*stop && (rc = poll_once(s, l, log, NULL, NULL, why, sizeof why)) != 0)
			snprintf(err, errlen, "%s: poll %d: %s", s->url, k + 1, why);
	}
	if (log != NULL && fclose(log) != 0 && rc == 0) {
		snprintf(err, errlen, "--metrics-log: %s: %s", s->log, strerror(errno));
		rc = -1;
	}
	return rc;
}

struct metrics_poller {
	struct metrics_poll_setup setup;
	struct metrics_live live;	/* the thread's own */
	FILE *log;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	int stop;		/* under lock */
	struct metrics_poll_view view;	/* under lock */
};

static int
stopping(void *arg)
{
	struct metrics_poller *p = arg;
	int s;

	pthread_mutex_lock(&p->lock);
	s = p->stop;
	pthread_mutex_unlock(&p->lock);
	return s;
}

/* The figures after a poll into v (outside the lock: v is the thread's copy). */
static void
figures(struct metrics_poller *p, struct metrics_poll_view *v)
{
	int span;

	for (span = 0; span < 3; span++) {
		v->has[span] = metrics_live_figures(&p->live, (enum metrics_span)span,
		    p->setup.gamma_hint, &v->m[span], v->why[span],
		    sizeof v->why[span]) == 0;
		metrics_live_info(&p->live, (enum metrics_span)span, &v->info[span]);
	}
}

/* A poll and its snapshot. */
static void
poll_publish(struct metrics_poller *p, struct metrics_poll_view *v)
{
	char why[METRICS_POLL_WHY];
	double now;

	v->polls_tried++;
	if (poll_once(&p->setup, &p->live, p->log, stopping, p, why, sizeof why) == 0) {
		v->state = METRICS_POLL_OK;
		v->last_ok = metrics_poll_now();
		figures(p, v);
	} else {
		now = metrics_poll_now();
		if (v->state != METRICS_POLL_FAILING)
			v->failing_since = now;
		v->state = METRICS_POLL_FAILING;
		snprintf(v->error, sizeof v->error, "%s", why);
	}
	pthread_mutex_lock(&p->lock);
	p->view = *v;
	pthread_mutex_unlock(&p->lock);
}

static void
wait_until(struct metrics_poller *p, double due)
{
	struct timespec ts;

	ts.tv_sec = (time_t)due;
	ts.tv_nsec = (long)((due - (double)ts.tv_sec) * 1e9);
	pthread_mutex_lock(&p->lock);
	while (!p->stop && metrics_poll_now() < due)
		if (pthread_cond_timedwait(&p->wake, &p->lock, &ts) == ETIMEDOUT)
			break;
	pthread_mutex_unlock(&p->lock);
}

static void *
run(void *arg)
{
	struct metrics_poller *p = arg;
	struct metrics_poll_view *v = xcalloc(1, sizeof *v);
	double due = metrics_poll_now();

	while (!stopping(p)) {
		poll_publish(p, v);
		due += p->setup.interval;
		if (due < metrics_poll_now())	/* a slow poll: start again from now */
			due = metrics_poll_now();
		wait_until(p, due);
	}
	free(v);
	return NULL;
}

static int
sync_init(struct metrics_poller *p)
{
	pthread_condattr_t ca;
	int rc;

	pthread_mutex_init(&p->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	rc = pthread_cond_init(&p->wake, &ca);
	pthread_condattr_destroy(&ca);
	return rc;
}

struct metrics_poller *
metrics_poll_start(const struct metrics_poll_setup *s, char *err, size_t errlen)
{
	struct metrics_poller *p = xcalloc(1, sizeof *p);

	p->setup = *s;
	if (metrics_http_init(err, errlen) != 0 ||
	    (s->log != NULL && (p->log = log_open(s->log, err, errlen)) == NULL)) {
		free(p);
		return NULL;
	}
	metrics_live_init(&p->live, s->window);
	if (sync_init(p) != 0 || pthread_create(&p->thread, NULL, run, p) != 0) {
		snprintf(err, errlen, "--metrics: cannot start the polling thread");
		metrics_live_free(&p->live);
		if (p->log != NULL)
			fclose(p->log);
		free(p);
		return NULL;
	}
	return p;
}

void
metrics_poll_snapshot(struct metrics_poller *p, struct metrics_poll_view *v)
{
	pthread_mutex_lock(&p->lock);
	*v = p->view;
	pthread_mutex_unlock(&p->lock);
}

void
metrics_poll_stop(struct metrics_poller *p)
{
	if (p == NULL)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = 1;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	metrics_live_free(&p->live);
	if (p->log != NULL)
		fclose(p->log);
	free(p);
}
