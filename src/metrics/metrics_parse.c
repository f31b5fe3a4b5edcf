/* metrics_parse.c: the driver of the metrics parser (metrics.h): find the format
 * of a file by the first line that bears a row's mark (metrics_format.h), read
 * every line with that row's reader into the accumulator, and bring the sums to
 * one convention with the row's finish. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "metrics/metrics_convention.h"
#include "metrics/metrics_parse.h"
#include "metrics/metrics_text.h"
#include "util/xalloc.h"

/* Row f's mark is in s (its first bytes past a "# HELP " or "# TYPE "). */
static int
marked(const struct metrics_format_entry *f, const char *s)
{
	size_t n = strlen(f->mark);

	switch (f->mark_at) {
	case METRICS_MARK_START:
		return strncmp(s, f->mark, n) == 0;
	case METRICS_MARK_FIELD:
		return strncmp(s, f->mark, n) == 0 && (s[n] == ',' || s[n] == '\0');
	default:
		return strstr(s, f->mark) != NULL &&
		    (f->mark_also == NULL || strstr(s, f->mark_also) != NULL);
	}
}

/* The format a line marks, or -1. */
static int
line_format(const char *s)
{
	int f;

	if (strncmp(s, "# HELP ", 7) == 0 || strncmp(s, "# TYPE ", 7) == 0)
		s += 7;
	for (f = 0; metrics_formats[f] != NULL; f++)
		if (marked(metrics_formats[f], s))
			return f;
	return -1;
}

/* Calls fn on each line (its copy NUL-terminated, a final '\r' dropped); stops at
 * the first that returns non-zero and returns that. */
static int
each_line(const char *text, size_t len, int (*fn)(void *, const char *, size_t, size_t),
    void *arg)
{
	size_t start = 0, end, n, lineno = 0;
	char *line;
	int rc = 0;

	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	while (start < len && rc == 0) {
		for (end = start; end < len && text[end] != '\n'; end++)
			;
		n = end - start;
		if (n > 0 && text[start + n - 1] == '\r')
			n--;
		line = xmalloc(n + 1);
		memcpy(line, text + start, n);
		line[n] = '\0';
		rc = fn(arg, line, n, ++lineno);
		free(line);
		start = end + 1;
	}
	return rc;
}

struct pass {
	struct metrics_reader reader;
	int format;		/* pass 1: the format found; -1 none */
	size_t first_line;	/* pass 1: the first line with anything on it */
	char first[METRICS_QUOTE_MAX + 1];
	size_t first_len;
	char *err;
	size_t errlen;
};

static int
detect(void *arg, const char *line, size_t len, size_t lineno)
{
	struct pass *p = arg;

	if (len > 0 && p->first_line == 0) {
		p->first_line = lineno;
		p->first_len = len < METRICS_QUOTE_MAX ? len : METRICS_QUOTE_MAX;
		memcpy(p->first, line, p->first_len);
	}
	if (strlen(line) != len)
		return 0;
	p->format = line_format(line);
	return p->format >= 0;
}

static int
read_line(void *arg, const char *line, size_t len, size_t lineno)
{
	struct pass *p = arg;
	const char *why = NULL;

	if (strlen(line) != len)
		return metrics_fail(p->err, p->errlen, lineno, line, strlen(line),
		    "a NUL byte in the line");
	if (p->reader.self->line(&p->reader, line, len, &why) != 0)
		return metrics_fail(p->err, p->errlen, lineno, line, len, why);
	return 0;
}

/* No format found: the input is empty, or its first line is quoted. */
static int
unknown(const struct pass *p, char *err, size_t errlen)
{
	if (p->first_line == 0)
		return metrics_refuse(err, errlen, "no speculative-decoding metrics: the "
		    "input is empty");
	return metrics_fail(err, errlen, p->first_line, p->first, p->first_len,
	    "no speculative-decoding metrics of vLLM, SGLang, llama.cpp, "
	    "TensorRT-LLM or the CSV; the first line");
}

int
metrics_parse_acc(const char *text, size_t len, struct metrics_acc *a, int *format,
    char *err, size_t errlen)
{
	struct pass p = { .reader = { .acc = a, .all = metrics_formats }, .format = -1,
	    .err = err, .errlen = errlen };

	memset(a, 0, sizeof *a);
	each_line(text, len, detect, &p);
	if (p.format < 0)
		return unknown(&p, err, errlen);
	p.reader.self = metrics_formats[p.format];
	*format = p.format;
	return each_line(text, len, read_line, &p) != 0 ? -1 : 0;
}

int
metrics_parse_finish(struct metrics_acc *a, int format, int gamma_hint,
    struct metrics *m, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	m->format = format;
	metrics_acc_series_done(a);
	return metrics_convention_apply(metrics_formats[format], a, m, gamma_hint, err,
	    errlen) != 0 ? -1 : 0;
}

int
metrics_parse(const char *text, size_t len, int gamma_hint, struct metrics *m,
    char *err, size_t errlen)
{
	struct metrics_acc a;
	int rc, format;

	memset(m, 0, sizeof *m);
	rc = metrics_parse_acc(text, len, &a, &format, err, errlen);
	if (rc == 0)
		rc = metrics_parse_finish(&a, format, gamma_hint, m, err, errlen);
	metrics_acc_free(&a);
	return rc;
}
