/* metrics_acc.c: the accumulator (metrics_acc.h): samples of Prometheus series
 * kept first and last per series, gauges averaged, and the series brought to
 * sums once every sample is in. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "metrics/metrics_acc.h"
#include "metrics/metrics_text.h"
#include "util/xalloc.h"

void
metrics_mean_add(struct metrics_mean *m, double v)
{
	m->sum += v;
	m->sq += v * v;
	m->n++;
}

void
metrics_acc_gauge_unset(struct metrics_acc *a, int g)
{
	a->gauge_nan[g]++;
}

static struct metrics_series *
series_get(struct metrics_acc *a, const char *key, size_t len)
{
	struct metrics_series *sr;
	size_t i;

	for (i = 0; i < a->nseries; i++)
		if (strlen(a->series[i].key) == len && memcmp(a->series[i].key, key, len) == 0)
			return &a->series[i];
	if (a->nseries == METRICS_SERIES_MAX)
		return NULL;
	a->series = xreallocarray(a->series, a->nseries + 1, sizeof *a->series);
	sr = &a->series[a->nseries++];
	memset(sr, 0, sizeof *sr);
	sr->key = xmalloc(len + 1);
	memcpy(sr->key, key, len);
	sr->key[len] = '\0';
	return sr;
}

/* A counter's value at a scrape: its series' first and last. */
static int
take_counter(struct metrics_acc *a, const struct metrics_sample *s, const char **why)
{
	struct metrics_series *sr;

	if (!metrics_is_count(s->value))
		*why = "a counter of events that is not a whole number (at most 1e18)";
	else if (s->counter == METRICS_C_POS && s->position <= 0)
		*why = s->position < 0 ? "the position label is not a position from 0 "
		    "to 63" : "a per-position counter without a position label";
	else if ((sr = series_get(a, s->key, s->keylen)) == NULL)
		*why = "more than 1024 speculative-decoding series";
	else if (sr->seen > 0 && s->value < sr->last)
		*why = "the counter went down since the scrape before (a restart between "
		    "scrapes?)";
	else {
		sr->what = s->counter;
		sr->position = s->position;
		if (sr->seen++ == 0)
			sr->first = s->value;
		sr->last = s->value;
		return 0;
	}
	return -1;
}

int
metrics_acc_sample(struct metrics_acc *a, const struct metrics_sample *s,
    const char **why)
{
	if (!(s->value >= 0.0)) {
		*why = "a negative value";
		return -1;
	}
	a->records++;
	if (s->counter >= 0)
		return take_counter(a, s, why);
	metrics_mean_add(&a->gauge[s->gauge], s->value);
	return 0;
}

/* Series sr's difference (or its one value) into the sums. */
static void
add_series(struct metrics_acc *a, const struct metrics_series *sr)
{
	double d = sr->seen > 1 ? sr->last - sr->first : sr->last;

	a->repeated += sr->seen > 1;
	a->increased += sr->seen > 1 && d > 0.0;
	switch (sr->what) {
	case METRICS_C_DRAFTS:
		a->drafts += d;
		a->has_drafts = 1;
		break;
	case METRICS_C_DRAFTED:
		a->drafted += d;
		a->has_drafted = 1;
		break;
	case METRICS_C_ACCEPTED:
		a->accepted += d;
		a->has_accepted = 1;
		break;
	default:
		a->pos[sr->position - 1] += d;
		a->pos_n[sr->position - 1]++;
		if (sr->position > a->npos)
			a->npos = sr->position;
		break;
	}
}

void
metrics_acc_series_done(struct metrics_acc *a)
{
	size_t i;

	for (i = 0; i < a->nseries; i++)
		add_series(a, &a->series[i]);
}

void
metrics_acc_free(struct metrics_acc *a)
{
	size_t i;

	for (i = 0; i < a->nseries; i++)
		free(a->series[i].key);
	free(a->series);
	a->series = NULL;
	a->nseries = 0;
}
