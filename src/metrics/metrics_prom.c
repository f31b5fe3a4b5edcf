/* metrics_prom.c: Prometheus text exposition lines (vLLM, SGLang, TensorRT-LLM):
 * "name{labels} value [timestamp]" samples and "#" comments. A sample of a
 * metric the file's format reads is handed to the accumulator, which keeps
 * counters per series and averages gauges (metrics_acc.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "metrics/metrics_prom.h"
#include "metrics/metrics_text.h"

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

/* The metric named s among the Prometheus formats of all, and its format. */
static const struct metrics_prom_metric *
find_name(const struct metrics_format_entry *const *all, const char *s, size_t len,
    const struct metrics_format_entry **of)
{
	const struct metrics_prom_metric *pm;

	for (; *all != NULL; all++)
		for (pm = (*all)->prom; pm != NULL && pm->name != NULL; pm++)
			if (strlen(pm->name) == len && memcmp(pm->name, s, len) == 0) {
				*of = *all;
				return pm;
			}
	return NULL;
}

/* The name starts with another Prometheus format's mark. */
static int
foreign_prefix(const struct metrics_reader *r, const char *s)
{
	const struct metrics_format_entry *const *f;

	for (f = r->all; *f != NULL; f++)
		if ((*f)->prom != NULL && *f != r->self &&
		    strncmp(s, (*f)->mark, strlen((*f)->mark)) == 0)
			return 1;
	return 0;
}

/* A value of NaN or an infinity at s: passed over (1) for a metric the reader
 * does not use, counted as not set for one of its format's gauges (1); 0 for a
 * counter, which must be a number, or another format's gauge. */
static int
value_unset(const struct metrics_reader *r, const char *line, size_t nlen,
    const char *s, const char *end)
{
	const struct metrics_format_entry *of = NULL;
	const struct metrics_prom_metric *pm;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (!(s < end && (strncmp(s, "NaN", 3) == 0 || strncmp(s, "+Inf", 4) == 0 ||
	    strncmp(s, "-Inf", 4) == 0)))
		return 0;
	if ((pm = find_name(r->all, line, nlen, &of)) == NULL)
		return 1;
	if (pm->counter >= 0 || of != r->self)
		return 0;
	metrics_acc_gauge_unset(r->acc, pm->gauge);
	return 1;
}

/* After the name and labels at s: the value into *v, then an optional
 * timestamp. 0, 1 for a value not set (passed over), or -1 with *why. */
static int
value_part(const struct metrics_reader *r, const char *line, size_t nlen,
    const char *s, const char *end, double *v, const char **why)
{
	double ts;

	if (s >= end || (*s != ' ' && *s != '\t') || metrics_number(&s, end, v) != 0) {
		/* Prometheus writes NaN and +Inf too: a gauge not yet set. */
		if (value_unset(r, line, nlen, s, end))
			return 1;
		*why = "not a Prometheus sample: a name, labels and a number";
		return -1;
	}
	if (s < end && metrics_number(&s, end, &ts) != 0) {
		*why = "after the value, something other than a timestamp";
		return -1;
	}
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s < end) {
		*why = "more after the timestamp";
		return -1;
	}
	return 0;
}

/* The sample of the metric named by line's first nlen bytes, its series key
 * (name and labels) keylen bytes. */
static int
take(const struct metrics_reader *r, const char *line, size_t nlen, size_t keylen,
    int position, double v, const char **why)
{
	const struct metrics_format_entry *of = NULL;
	const struct metrics_prom_metric *pm = find_name(r->all, line, nlen, &of);
	struct metrics_sample s;

	if (pm == NULL && !foreign_prefix(r, line))
		return 0;	/* another metric of the scrape */
	if (pm == NULL || of != r->self) {
		*why = "another system's metrics in the same file";
		return -1;
	}
	s.key = line;
	s.keylen = keylen;
	s.counter = pm->counter;
	s.gauge = pm->gauge;
	s.position = position;
	s.value = v;
	return metrics_acc_sample(r->acc, &s, why);
}

int
metrics_prom_line(const struct metrics_reader *r, const char *line, size_t len,
    const char **why)
{
	const char *end = line + len, *s = line, *after;
	size_t nlen;
	int position = 0, rc;
	double v;

	if (len == 0 || line[0] == '#')
		return 0;
	while (s < end && name_char(*s, s == line))
		s++;
	nlen = (size_t)(s - line);
	if (nlen == 0) {
		*why = "not a Prometheus sample or comment";
		return -1;
	}
	if (s < end && *s == '{' && (s = labels_end(s, end, &position)) == NULL) {
		*why = "a label set that does not close";
		return -1;
	}
	after = s;
	if ((rc = value_part(r, line, nlen, s, end, &v, why)) != 0)
		return rc > 0 ? 0 : -1;
	return take(r, line, nlen, (size_t)(after - line), position, v, why);
}
