/* metrics_prom.c: Prometheus text exposition lines (vLLM, SGLang, TensorRT-LLM):
 * "name{labels} value [timestamp]" samples and "#" comments. Counters are kept
 * per series, first and last value, so that two scrapes in one file count their
 * difference; gauges are averaged over their samples. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "metrics/metrics_acc.h"
#include "util/xalloc.h"

/* A metric the reader uses: its name, its system, and what it is. */
struct prom_name {
	const char *name;
	enum metrics_format format;
	int counter;		/* an enum metrics_counter, or -1 for a gauge */
	int gauge;		/* an enum metrics_gauge (gauges) */
};

static const struct prom_name prom_names[] = {
	{ "vllm:spec_decode_num_drafts_total", METRICS_VLLM_PROM, METRICS_C_DRAFTS, 0 },
	{ "vllm:spec_decode_num_draft_tokens_total", METRICS_VLLM_PROM,
	    METRICS_C_DRAFTED, 0 },
	{ "vllm:spec_decode_num_accepted_tokens_total", METRICS_VLLM_PROM,
	    METRICS_C_ACCEPTED, 0 },
	{ "vllm:spec_decode_num_accepted_tokens_per_pos_total", METRICS_VLLM_PROM,
	    METRICS_C_POS, 0 },
	{ "vllm:spec_decode_draft_acceptance_rate", METRICS_VLLM_PROM, -1,
	    METRICS_G_RATE },
	{ "vllm:spec_decode_efficiency", METRICS_VLLM_PROM, -1, METRICS_G_EFFICIENCY },
	{ "sglang:spec_accept_length", METRICS_SGLANG_PROM, -1, METRICS_G_LENGTH },
	{ "sglang:spec_accept_rate", METRICS_SGLANG_PROM, -1, METRICS_G_RATE },
	{ "trtllm_spec_decode_num_draft_tokens_total", METRICS_TRTLLM,
	    METRICS_C_DRAFTED, 0 },
	{ "trtllm_spec_decode_num_accepted_tokens_total", METRICS_TRTLLM,
	    METRICS_C_ACCEPTED, 0 },
	{ "trtllm_spec_decode_acceptance_length", METRICS_TRTLLM, -1, METRICS_G_LENGTH },
};

static const char *const prom_prefixes[METRICS_NFORMATS] = {
	[METRICS_VLLM_PROM] = "vllm:spec_decode_",
	[METRICS_SGLANG_PROM] = "sglang:spec_",
	[METRICS_TRTLLM] = "trtllm_spec_decode_",
};

static int
name_char(char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	    c == ':' || (!first && c >= '0' && c <= '9');
}

/* The end of the label set that starts at s ('{'), or NULL when it is not one:
 * name="value" pairs, values with \\, \" and \n escapes. *position gets the
 * position label's value + 1 (0: none, -1: not a small integer). */
static const char *
labels_end(const char *s, const char *end, int *position)
{
	const char *name, *v;
	size_t nlen;

	*position = 0;
	for (s++; s < end && *s != '}';) {
		name = s;
		while (s < end && name_char(*s, s == name))
			s++;
		nlen = (size_t)(s - name);
		if (nlen == 0 || s + 1 >= end || s[0] != '=' || s[1] != '"')
			return NULL;
		v = s += 2;
		while (s < end && *s != '"')
			s += (*s == '\\' && s + 1 < end) ? 2 : 1;
		if (s >= end)
			return NULL;
		if (nlen == 8 && memcmp(name, "position", 8) == 0) {
			char *e;
			long p = strtol(v, &e, 10);

			*position = (e == s && e > v && v[0] >= '0' && v[0] <= '9' &&
			    p >= 0 && p < METRICS_POS_MAX) ? (int)p + 1 : -1;
		}
		s++;
		if (s < end && *s == ',')
			s++;
	}
	return s < end ? s + 1 : NULL;
}

static const struct prom_name *
find_name(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof prom_names / sizeof prom_names[0]; i++)
		if (strlen(prom_names[i].name) == len &&
		    memcmp(prom_names[i].name, s, len) == 0)
			return &prom_names[i];
	return NULL;
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

static void
add_gauge(struct metrics_acc *a, int gauge, double v)
{
	metrics_mean_add(gauge == METRICS_G_LENGTH ? &a->len : gauge == METRICS_G_RATE ?
	    &a->rate : &a->eff, v);
}

/* A sample of NaN or an infinity: passed over for a metric the reader does
 * not use (pn NULL), counted as not set for one of its gauges (of the file's
 * system); 0 for a counter, which must be a number. */
static int
gauge_unset(struct metrics_acc *a, const struct prom_name *pn)
{
	if (pn == NULL)
		return 1;
	if (pn->counter >= 0 || pn->format != a->format)
		return 0;
	a->gauge_nan[pn->gauge]++;
	return 1;
}

/* One sample of a metric the reader uses. */
static int
use_sample(struct metrics_acc *a, const struct prom_name *pn, const char *line,
    size_t keylen, int position, double v, size_t lineno, char *err, size_t errlen,
    size_t len)
{
	struct metrics_series *sr;

	if (!(v >= 0.0))
		return metrics_fail(err, errlen, lineno, line, len, "a negative value");
	a->records++;
	if (pn->counter < 0) {
		add_gauge(a, pn->gauge, v);
		return 0;
	}
	if (!metrics_is_count(v))
		return metrics_fail(err, errlen, lineno, line, len, "a counter of events "
		    "that is not a whole number (at most 1e18)");
	if (pn->counter == METRICS_C_POS && position <= 0)
		return metrics_fail(err, errlen, lineno, line, len, position < 0 ?
		    "the position label is not a position from 0 to 63" :
		    "a per-position counter without a position label");
	if ((sr = series_get(a, line, keylen)) == NULL)
		return metrics_fail(err, errlen, lineno, line, len,
		    "more than 1024 speculative-decoding series");
	if (sr->seen > 0 && v < sr->last)
		return metrics_fail(err, errlen, lineno, line, len, "the counter went down "
		    "since the scrape before (a restart between scrapes?)");
	sr->what = pn->counter;
	sr->position = position;
	if (sr->seen++ == 0)
		sr->first = v;
	sr->last = v;
	return 0;
}

int
metrics_prom_line(struct metrics_acc *a, const char *line, size_t len, size_t lineno,
    char *err, size_t errlen)
{
	const char *end = line + len, *s = line, *after;
	const struct prom_name *pn;
	size_t nlen;
	int position = 0, f;
	double v, ts;

	if (len == 0 || line[0] == '#')
		return 0;
	while (s < end && name_char(*s, s == line))
		s++;
	nlen = (size_t)(s - line);
	if (nlen == 0)
		return metrics_fail(err, errlen, lineno, line, len,
		    "not a Prometheus sample or comment");
	if (s < end && *s == '{' && (s = labels_end(s, end, &position)) == NULL)
		return metrics_fail(err, errlen, lineno, line, len, "a label set that does "
		    "not close");
	after = s;
	if (s >= end || (*s != ' ' && *s != '\t') || metrics_number(&s, end, &v) != 0) {
		/* Prometheus writes NaN and +Inf too: a gauge not yet set. */
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s < end && (strncmp(s, "NaN", 3) == 0 || strncmp(s, "+Inf", 4) == 0 ||
		    strncmp(s, "-Inf", 4) == 0) && gauge_unset(a, find_name(line, nlen)))
			return 0;
		return metrics_fail(err, errlen, lineno, line, len, "not a Prometheus "
		    "sample: a name, labels and a number");
	}
	if (s < end && metrics_number(&s, end, &ts) != 0)
		return metrics_fail(err, errlen, lineno, line, len, "after the value, "
		    "something other than a timestamp");
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s < end)
		return metrics_fail(err, errlen, lineno, line, len, "more after the "
		    "timestamp");
	if ((pn = find_name(line, nlen)) == NULL) {
		for (f = 0; f < METRICS_NFORMATS; f++)
			if (prom_prefixes[f] != NULL && f != (int)a->format &&
			    strncmp(line, prom_prefixes[f], strlen(prom_prefixes[f])) == 0)
				return metrics_fail(err, errlen, lineno, line, len,
				    "another system's metrics in the same file");
		return 0;	/* another metric of the scrape */
	}
	if (pn->format != a->format)
		return metrics_fail(err, errlen, lineno, line, len, "another system's "
		    "metrics in the same file");
	return use_sample(a, pn, line, (size_t)(after - line), position, v, lineno, err,
	    errlen, len);
}

void
metrics_prom_finish(struct metrics_acc *a)
{
	const struct metrics_series *sr;
	double d;
	size_t i;

	for (i = 0; i < a->nseries; i++) {
		sr = &a->series[i];
		d = sr->seen > 1 ? sr->last - sr->first : sr->last;
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
}

void
metrics_prom_free(struct metrics_acc *a)
{
	size_t i;

	for (i = 0; i < a->nseries; i++)
		free(a->series[i].key);
	free(a->series);
	a->series = NULL;
	a->nseries = 0;
}
