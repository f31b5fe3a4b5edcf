/* metrics_live.c: scrapes as polls (metrics_live.h): each series' increase since
 * attach in a ring of the last window + 1 polls, gauges per poll, and the
 * increases over a span handed to the accumulator as one sample per series. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics_acc.h"
#include "metrics/metrics_convention.h"
#include "metrics/metrics_live.h"
#include "metrics/metrics_parse.h"
#include "metrics/metrics_text.h"
#include "util/xalloc.h"

struct metrics_live_series {
	char *key;		/* "name{labels}" */
	int what;		/* enum metrics_counter */
	int position;
	double last;		/* the value at the last poll that gave it */
	double *cum;		/* increase since attach, by poll, in the ring */
};

/* A poll's gauges (or every poll's, summed). */
struct metrics_live_poll {
	struct metrics_mean gauge[METRICS_NGAUGES];
	size_t gauge_nan[METRICS_NGAUGES];
	double running;		/* requests running, summed over label sets */
	int has_running;
	size_t polls;		/* polls summed here */
};

/* The gauges of the requests running, one per system. */
static const char *const running_names[] = {
	"vllm:num_requests_running", "sglang:num_running_reqs",
};

void
metrics_live_init(struct metrics_live *l, int window)
{
	memset(l, 0, sizeof *l);
	l->window = window;
	l->format = -1;
	l->ring = xcalloc((size_t)window + 1, sizeof *l->ring);
	l->total = xcalloc(1, sizeof *l->total);
}

static size_t
slot(const struct metrics_live *l, size_t poll)
{
	return poll % ((size_t)l->window + 1);
}

/* The value of a line of a running-requests gauge, or -1. */
static double
running_value(const char *line, const char *end)
{
	const char *s = line;
	double v;
	size_t i, n;

	for (i = 0; i < sizeof running_names / sizeof running_names[0]; i++) {
		n = strlen(running_names[i]);
		if ((size_t)(end - line) > n && memcmp(line, running_names[i], n) == 0 &&
		    (line[n] == '{' || line[n] == ' '))
			break;
	}
	if (i == sizeof running_names / sizeof running_names[0])
		return -1.0;
	for (s = line + n; *s == '{' && s < end; s++)	/* past the labels */
		while (s < end && *s != '}')
			s += (*s == '"') ? 1 + strcspn(s + 1, "\"\n") + 1 : 1;
	if (s >= end || metrics_number(&s, end, &v) != 0 || !(v >= 0.0) || v > 1e9)
		return -1.0;
	return v;
}

/* The requests running in text, summed over label sets, into *p. */
static void
scan_running(struct metrics_live_poll *p, const char *text, size_t len)
{
	const char *s = text, *end = text + len, *nl;
	double v;

	for (; s < end; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		if ((v = running_value(s, nl)) >= 0.0) {
			p->running += v;
			p->has_running = 1;
		}
	}
}

static struct metrics_live_series *
series_known(const struct metrics_live *l, const char *key)
{
	size_t i;

	for (i = 0; i < l->nseries; i++)
		if (strcmp(l->series[i].key, key) == 0)
			return &l->series[i];
	return NULL;
}

/* The series since attach stay within METRICS_SERIES_MAX with a's new ones. */
static int
series_room(const struct metrics_live *l, const struct metrics_acc *a)
{
	size_t i, fresh = 0;

	for (i = 0; i < a->nseries; i++)
		fresh += series_known(l, a->series[i].key) == NULL;
	return l->nseries + fresh <= METRICS_SERIES_MAX;
}

static struct metrics_live_series *
series_find(struct metrics_live *l, const char *key)
{
	struct metrics_live_series *sr;

	if ((sr = series_known(l, key)) != NULL)
		return sr;
	l->series = xreallocarray(l->series, l->nseries + 1, sizeof *l->series);
	sr = &l->series[l->nseries++];
	sr->key = xstrdup(key);
	sr->cum = xcalloc((size_t)l->window + 1, sizeof *sr->cum);
	sr->last = -1.0;
	return sr;
}

/* The scrape's series into the ring at poll l->polls; 1 when one went down. */
static int
take_series(struct metrics_live *l, const struct metrics_acc *a)
{
	size_t now = slot(l, l->polls), i;
	int reset = 0;
	double inc;

	for (i = 0; i < l->nseries; i++)
		l->series[i].cum[now] = l->polls > 0 ?
		    l->series[i].cum[slot(l, l->polls - 1)] : 0.0;
	for (i = 0; i < a->nseries; i++) {
		struct metrics_live_series *sr = series_find(l, a->series[i].key);
		double v = a->series[i].last;

		sr->what = a->series[i].what;
		sr->position = a->series[i].position;
		if (sr->last < 0.0)	/* new: from 0, unless at attach */
			inc = l->polls > 0 ? v : 0.0;
		else if (v < sr->last) {
			inc = v;
			reset = 1;
		} else
			inc = v - sr->last;
		sr->cum[now] += inc;
		sr->last = v;
	}
	return reset;
}

/* The scrape's gauges into poll p and the total. */
static void
take_gauges(struct metrics_live *l, struct metrics_live_poll *p,
    const struct metrics_acc *a)
{
	int g;

	for (g = 0; g < METRICS_NGAUGES; g++) {
		p->gauge[g] = a->gauge[g];
		p->gauge_nan[g] = a->gauge_nan[g];
		l->total->gauge[g].sum += a->gauge[g].sum;
		l->total->gauge[g].sq += a->gauge[g].sq;
		l->total->gauge[g].n += a->gauge[g].n;
		l->total->gauge_nan[g] += a->gauge_nan[g];
	}
	p->polls = 1;
	l->total->polls++;
	if (p->has_running) {
		l->total->running += p->running;
		l->total->has_running++;
	}
}

static int
check_scrape(const struct metrics_live *l, const struct metrics_acc *a, int format,
    char *err, size_t errlen)
{
	if (!series_room(l, a)) {
		snprintf(err, errlen, "more than %d speculative-decoding series since "
		    "attach", METRICS_SERIES_MAX);
		return -1;
	}
	if (l->format >= 0 && format != l->format) {
		snprintf(err, errlen, "the metrics changed format, from %s to %s",
		    metrics_format_name(l->format), metrics_format_name(format));
		return -1;
	}
	return 0;
}

int
metrics_live_scrape(struct metrics_live *l, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct metrics_acc a;
	struct metrics_live_poll *p;
	int format = -1, rc;

	memset(&a, 0, sizeof a);
	if (len > 0 && text[len - 1] != '\n') {
		snprintf(err, errlen, "the body ends mid-line after %zu bytes (cut short?)",
		    len);
		return -1;
	}
	rc = metrics_parse_acc(text, len, &a, &format, err, errlen);
	if (rc == 0)
		rc = check_scrape(l, &a, format, err, errlen);
	if (rc == 0) {
		l->format = format;
		l->resets += take_series(l, &a);
		p = &l->ring[slot(l, l->polls)];
		memset(p, 0, sizeof *p);
		scan_running(p, text, len);
		take_gauges(l, p, &a);
		l->polls++;
	}
	metrics_acc_free(&a);
	return rc;
}

/* The polls whose differences span covers (0 for the total: since attach). */
static size_t
span_diffs(const struct metrics_live *l, enum metrics_span span)
{
	size_t n = l->polls - 1;

	if (span == METRICS_SPAN_LAST)
		return 1;
	if (span == METRICS_SPAN_WINDOW && n > (size_t)l->window)
		return (size_t)l->window;
	return n;
}

/* The gauges of the span's polls summed into *out. */
static void
span_gauges(const struct metrics_live *l, enum metrics_span span,
    struct metrics_live_poll *out)
{
	size_t k, n;
	int g;

	if (span == METRICS_SPAN_TOTAL) {
		*out = *l->total;
		return;
	}
	memset(out, 0, sizeof *out);
	n = span == METRICS_SPAN_LAST ? 1 : span_diffs(l, span);
	for (k = 0; k < n && k < l->polls; k++) {
		const struct metrics_live_poll *p = &l->ring[slot(l, l->polls - 1 - k)];

		for (g = 0; g < METRICS_NGAUGES; g++) {
			out->gauge[g].sum += p->gauge[g].sum;
			out->gauge[g].sq += p->gauge[g].sq;
			out->gauge[g].n += p->gauge[g].n;
			out->gauge_nan[g] += p->gauge_nan[g];
		}
		if (p->has_running) {
			out->running += p->running;
			out->has_running++;
		}
		out->polls++;
	}
}

/* Series sr's increase over the last d polls. */
static double
increase(const struct metrics_live *l, const struct metrics_live_series *sr, size_t d)
{
	double now = sr->cum[slot(l, l->polls - 1)];

	return d >= l->polls - 1 ? now : now - sr->cum[slot(l, l->polls - 1 - d)];
}

int
metrics_live_figures(const struct metrics_live *l, enum metrics_span span,
    int gamma_hint, struct metrics *m, char *err, size_t errlen)
{
	struct metrics_live_poll gp;
	struct metrics_acc a;
	struct metrics_sample s = { 0 };
	const char *why = NULL;
	size_t i, d;
	int g, rc = 0;

	if (l->polls < 2)
		return metrics_refuse(err, errlen, l->polls == 0 ? "no poll yet" :
		    "one poll so far: the increases need two");
	memset(&a, 0, sizeof a);
	d = span_diffs(l, span);
	for (i = 0; i < l->nseries && rc == 0; i++) {
		s.key = l->series[i].key;
		s.keylen = strlen(s.key);
		s.counter = l->series[i].what;
		s.position = l->series[i].position;
		s.value = increase(l, &l->series[i], d);
		rc = metrics_acc_sample(&a, &s, &why);
	}
	span_gauges(l, span, &gp);
	for (g = 0; g < METRICS_NGAUGES; g++) {
		a.gauge[g] = gp.gauge[g];
		a.gauge_nan[g] = gp.gauge_nan[g];
		a.records += gp.gauge[g].n;
	}
	if (rc != 0)
		snprintf(err, errlen, "%s", why);
	else
		rc = metrics_parse_finish(&a, l->format, gamma_hint, m, err, errlen);
	metrics_acc_free(&a);
	return rc;
}

void
metrics_live_info(const struct metrics_live *l, enum metrics_span span,
    struct metrics_live_info *out)
{
	struct metrics_live_poll gp;

	memset(out, 0, sizeof *out);
	out->polls = l->polls;
	out->resets = l->resets;
	if (l->polls == 0)
		return;
	span_gauges(l, span, &gp);
	out->span_polls = gp.polls;
	out->has_running = gp.has_running > 0;
	if (out->has_running)
		out->running = gp.running / gp.has_running;
}

int
metrics_live_is_log(const char *text, size_t len)
{
	size_t n = strlen(METRICS_LOG_HEAD);

	return len > n && memcmp(text, METRICS_LOG_HEAD, n) == 0 && text[n] == '\n';
}

/* The end of the scrape that starts at s: the next marker line, or end. */
static const char *
scrape_end(const char *s, const char *end)
{
	size_t n = strlen(METRICS_LOG_SCRAPE);
	const char *nl;

	for (; s < end; s = nl + 1) {
		if ((size_t)(end - s) > n && memcmp(s, METRICS_LOG_SCRAPE, n) == 0)
			return s;
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			return end;
	}
	return end;
}

int
metrics_live_replay(struct metrics_live *l, const char *text, size_t len, char *err,
    size_t errlen)
{
	const char *s = text + strlen(METRICS_LOG_HEAD) + 1, *end = text + len, *e;
	char why[1024], *copy;
	size_t k = 0;
	int rc = 0;

	while (rc == 0 && (s = scrape_end(s, end)) < end) {
		s += strcspn(s, "\n") + 1;	/* past the marker */
		e = s < end ? scrape_end(s, end) : end;
		copy = xmalloc((size_t)(e - s) + 1);
		memcpy(copy, s, (size_t)(e - s));
		copy[e - s] = '\0';
		k++;
		if ((rc = metrics_live_scrape(l, copy, (size_t)(e - s), why, sizeof why)) != 0)
			snprintf(err, errlen, "scrape %zu: %s", k, why);
		free(copy);
		s = e;
	}
	if (rc == 0 && k == 0)
		return metrics_refuse(err, errlen, "a metrics log without a scrape");
	return rc;
}

void
metrics_live_free(struct metrics_live *l)
{
	size_t i;

	for (i = 0; i < l->nseries; i++) {
		free(l->series[i].key);
		free(l->series[i].cum);
	}
	free(l->series);
	free(l->ring);
	free(l->total);
	memset(l, 0, sizeof *l);
	l->format = -1;
}
