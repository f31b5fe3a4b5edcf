/* metrics_file.c: a metrics file, or standard input for "-", read whole within
 * the input memory limit and parsed (metrics_file.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics_file.h"
#include "metrics/metrics_live.h"
#include "util/memlimit.h"
#include "util/readfile.h"
#include "util/xalloc.h"

static char *
stdin_too_large(char *buf, uint64_t max, char *err, size_t errlen)
{
	char lim[MEMLIMIT_WORDS];

	free(buf);
	memlimit_format(max, lim, sizeof lim);
	snprintf(err, errlen, "-: standard input is more than the input limit of %s (set "
	    MEMLIMIT_ENV " to raise it)", lim);
	return NULL;
}

/* Standard input whole, within max bytes; NULL with err filled. At most max + 1
 * bytes are read and held: one past the limit is enough to refuse. */
static char *
read_stdin(uint64_t max, size_t *len, char *err, size_t errlen)
{
	size_t cap = 65536, n = 0, got, want;
	char *buf;

	if (max < SIZE_MAX - 1 && cap > max + 1)
		cap = (size_t)max + 1;
	buf = xmalloc(cap + 1);
	for (;;) {
		want = cap - n;
		got = fread(buf + n, 1, want, stdin);
		n += got;
		if (n > max)
			return stdin_too_large(buf, max, err, errlen);
		if (got < want)
			break;
		cap = max - cap < cap ? (size_t)max + 1 : cap * 2;
		buf = xreallocarray(buf, cap + 1, 1);
	}
	if (ferror(stdin)) {
		free(buf);
		snprintf(err, errlen, "-: cannot read standard input");
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* A log of scrapes (--metrics-log) replayed: the figures since its first. */
static int
replay(const char *text, size_t len, int gamma_hint, struct metrics *m,
    struct metrics_live_info *info, char *why, size_t whylen)
{
	struct metrics_live l;
	int rc;

	metrics_live_init(&l, 1);
	rc = metrics_live_replay(&l, text, len, why, whylen);
	if (rc == 0)
		rc = metrics_live_figures(&l, METRICS_SPAN_TOTAL, gamma_hint, m, why, whylen);
	if (rc == 0 && info != NULL)
		metrics_live_info(&l, METRICS_SPAN_TOTAL, info);
	metrics_live_free(&l);
	return rc;
}

int
metrics_file_read_info(const char *path, int gamma_hint, struct metrics *m,
    struct metrics_live_info *info, char *err, size_t errlen)
{
	char why[1024];
	uint64_t max;
	size_t len;
	char *text;
	int rc;

	if (info != NULL)
		memset(info, 0, sizeof *info);
	if (strcmp(path, "-") == 0) {
		if (memlimit_get(&max, err, errlen) != 0)
			return -1;
		text = read_stdin(max, &len, err, errlen);
	} else {
		text = readfile_all(path, &len, err, errlen);
	}
	if (text == NULL)
		return -1;
	if (metrics_live_is_log(text, len))
		rc = replay(text, len, gamma_hint, m, info, why, sizeof why);
	else
		rc = metrics_parse(text, len, gamma_hint, m, why, sizeof why);
	free(text);
	if (rc != 0)
		snprintf(err, errlen, "%s: %s", path, why);
	return rc;
}

int
metrics_file_read(const char *path, int gamma_hint, struct metrics *m, char *err,
    size_t errlen)
{
	return metrics_file_read_info(path, gamma_hint, m, NULL, err, errlen);
}
