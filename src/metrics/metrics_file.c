/* metrics_file.c: a metrics file, or standard input for "-", read whole within
 * the input memory limit and parsed (metrics_file.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics_file.h"
#include "util/memlimit.h"
#include "util/readfile.h"
#include "util/xalloc.h"

/* Standard input whole, within max bytes; NULL with err filled. */
static char *
read_stdin(uint64_t max, size_t *len, char *err, size_t errlen)
{
	size_t cap = 65536, n = 0, got;
	char *buf = xmalloc(cap + 1);

	while ((got = fread(buf + n, 1, cap - n, stdin)) > 0) {
		n += got;
		if (n > max) {
			free(buf);
			snprintf(err, errlen, "-: standard input is larger than the input "
			    "memory limit (%s)", MEMLIMIT_ENV);
			return NULL;
		}
		if (n == cap)
			buf = xreallocarray(buf, (cap *= 2) + 1, 1);
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

int
metrics_file_read(const char *path, int gamma_hint, struct metrics *m, char *err,
    size_t errlen)
{
	char why[1024];
	uint64_t max;
	size_t len;
	char *text;
	int rc;

	if (strcmp(path, "-") == 0) {
		if (memlimit_get(&max, err, errlen) != 0)
			return -1;
		text = read_stdin(max, &len, err, errlen);
	} else {
		text = readfile_all(path, &len, err, errlen);
	}
	if (text == NULL)
		return -1;
	rc = metrics_parse(text, len, gamma_hint, m, why, sizeof why);
	free(text);
	if (rc != 0)
		snprintf(err, errlen, "%s: %s", path, why);
	return rc;
}
