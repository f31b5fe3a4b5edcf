/* asciicast.c: the asciicast v2 writer. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "util/asciicast.h"
#include "util/clock.h"

/* The length of the UTF-8 character whose first byte is c (1 for a byte that
 * starts none: it is written as it is escaped). */
static size_t
utf8_len(unsigned char c)
{
	return c >= 0xf8 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* s[0..len) as the inside of a JSON string. Bytes that are not UTF-8 go out as
 * U+FFFD, so the file stays valid JSON. */
static void
json_text(FILE *f, const unsigned char *s, size_t len)
{
	size_t i, n, k;

	for (i = 0; i < len; i += n) {
		n = utf8_len(s[i]);
		for (k = 1; k < n && i + k < len && (s[i + k] & 0xc0) == 0x80; k++)
			;
		if (n > 1 && k < n) {	/* a broken sequence */
			fputs("\\ufffd", f);
			n = k;
		} else if (n > 1) {
			fwrite(s + i, 1, n, f);
		} else if (s[i] == '"' || s[i] == '\\') {
			fprintf(f, "\\%c", s[i]);
		} else if (s[i] < 0x20 || s[i] == 0x7f) {
			fprintf(f, "\\u%04x", s[i]);
		} else if (s[i] >= 0x80) {
			fputs("\\ufffd", f);
		} else {
			fputc(s[i], f);
		}
	}
}

static void
note_failure(struct asciicast *a)
{
	if (!a->failed && ferror(a->out)) {
		a->failed = 1;
		a->err_no = errno;
	}
}

/* One event: [t, "code", "text"]. */
static void
event(struct asciicast *a, const char *code, const unsigned char *s, size_t len)
{
	fprintf(a->out, "[%.6f, \"%s\", \"", clock_seconds() - a->t0, code);
	json_text(a->out, s, len);
	fputs("\"]\n", a->out);
	note_failure(a);
}

int
asciicast_check(const char *path, char *err, size_t errlen)
{
	size_t n = strlen(path), m = strlen(ASCIICAST_SUFFIX);
	struct stat st;

	if (n <= m || strcmp(path + n - m, ASCIICAST_SUFFIX) != 0) {
		snprintf(err, errlen, "--record %s: the recording's name must end in %s",
		    path, ASCIICAST_SUFFIX);
		return -1;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--record %s: is a directory", path);
		return -1;
	}
	return 0;
}

/* The header line. */
static void
header(struct asciicast *a, int cols, int rows, const char *title)
{
	const char *shell = getenv("SHELL"), *term = getenv("TERM");

	fprintf(a->out, "{\"version\": 2, \"width\": %d, \"height\": %d, \"timestamp\": %lld,"
	    " \"title\": \"", cols, rows, (long long)time(NULL));
	json_text(a->out, (const unsigned char *)title, strlen(title));
	fputs("\", \"env\": {\"SHELL\": \"", a->out);
	json_text(a->out, (const unsigned char *)(shell != NULL ? shell : ""),
	    shell != NULL ? strlen(shell) : 0);
	fputs("\", \"TERM\": \"", a->out);
	json_text(a->out, (const unsigned char *)(term != NULL ? term : ""),
	    term != NULL ? strlen(term) : 0);
	fputs("\"}}\n", a->out);
	note_failure(a);
}

int
asciicast_open(struct asciicast *a, const char *path, int cols, int rows,
    const char *title, char *err, size_t errlen)
{
	memset(a, 0, sizeof *a);
	if (asciicast_check(path, err, errlen) != 0)
		return -1;
	if ((a->out = fopen(path, "w")) == NULL) {
		snprintf(err, errlen, "--record %s: %s", path, strerror(errno));
		return -1;
	}
	pthread_mutex_init(&a->lock, NULL);
	a->t0 = clock_seconds();
	header(a, cols, rows, title);
	return 0;
}

void
asciicast_output(struct asciicast *a, const void *data, size_t len)
{
	const unsigned char *s = data;
	unsigned char buf[4096 + 4];
	size_t n = 0, cut, need;

	pthread_mutex_lock(&a->lock);
	while (len > 0) {
		memcpy(buf, a->pending, a->npending);
		n = a->npending;
		a->npending = 0;
		cut = len < 4096 ? len : 4096;
		memcpy(buf + n, s, cut);
		n += cut;
		s += cut;
		len -= cut;
		/* hold back a character cut at the end */
		for (need = 1; need <= 3 && need <= n; need++)
			if ((buf[n - need] & 0xc0) != 0x80)
				break;
		if (need <= 3 && need <= n && utf8_len(buf[n - need]) > need &&
		    buf[n - need] >= 0xc0) {
			a->npending = need;
			memcpy(a->pending, buf + n - need, need);
			n -= need;
		}
		if (n > 0)
			event(a, "o", buf, n);
	}
	pthread_mutex_unlock(&a->lock);
}

void
asciicast_resize(struct asciicast *a, int cols, int rows)
{
	char size[48];

	snprintf(size, sizeof size, "%dx%d", cols, rows);
	pthread_mutex_lock(&a->lock);
	event(a, "r", (const unsigned char *)size, strlen(size));
	pthread_mutex_unlock(&a->lock);
}

void
asciicast_marker(struct asciicast *a, const char *label)
{
	pthread_mutex_lock(&a->lock);
	event(a, "m", (const unsigned char *)label, strlen(label));
	pthread_mutex_unlock(&a->lock);
}

int
asciicast_close(struct asciicast *a, const char *path, char *err, size_t errlen)
{
	int rc = 0;

	if (a->out == NULL)
		return 0;
	if (a->npending > 0)
		event(a, "o", a->pending, a->npending);
	if (fclose(a->out) != 0 && !a->failed) {
		a->failed = 1;
		a->err_no = errno;
	}
	a->out = NULL;
	pthread_mutex_destroy(&a->lock);
	if (a->failed) {
		snprintf(err, errlen, "--record %s: cannot write the recording: %s", path,
		    strerror(a->err_no));
		rc = -1;
	}
	return rc;
}
