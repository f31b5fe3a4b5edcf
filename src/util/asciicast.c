/* asciicast.c: the asciicast v2 writer. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/asciicast.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* The length of the UTF-8 character whose first byte is c (1 for a byte that
 * starts none: it is written as it is escaped). */
static size_t
utf8_len(unsigned char c)
{
	return c >= 0xf8 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* n bytes of s onto the line being made. */
static void
put(struct asciicast *a, const void *s, size_t n)
{
	if (a->len + n > a->cap) {
		a->cap = 2 * (a->len + n);
		a->line = xreallocarray(a->line, a->cap, 1);
	}
	memcpy(a->line + a->len, s, n);
	a->len += n;
}

static void
put_str(struct asciicast *a, const char *s)
{
	put(a, s, strlen(s));
}

/* s[0..len) as the inside of a JSON string. Bytes that are not UTF-8 go out as
 * U+FFFD, so the file stays valid JSON. */
static void
json_text(struct asciicast *a, const unsigned char *s, size_t len)
{
	char esc[8];
	size_t i, n, k;

	for (i = 0; i < len; i += n) {
		n = utf8_len(s[i]);
		for (k = 1; k < n && i + k < len && (s[i + k] & 0xc0) == 0x80; k++)
			;
		if (n > 1 && k < n) {	/* a broken sequence */
			put_str(a, "\\ufffd");
			n = k;
		} else if (n > 1) {
			put(a, s + i, n);
		} else if (s[i] == '"' || s[i] == '\\') {
			snprintf(esc, sizeof esc, "\\%c", s[i]);
			put_str(a, esc);
		} else if (s[i] < 0x20 || s[i] == 0x7f) {
			snprintf(esc, sizeof esc, "\\u%04x", s[i]);
			put_str(a, esc);
		} else if (s[i] >= 0x80) {
			put_str(a, "\\ufffd");
		} else {
			put(a, s + i, 1);
		}
	}
}

static void
json_str(struct asciicast *a, const char *s)
{
	if (s != NULL)
		json_text(a, (const unsigned char *)s, strlen(s));
}

/* The line made so far into the file (by one write, unless it falls short),
 * and begun anew. After a failure nothing more is written; the part of a line
 * written before its failure is cut off again, so the file keeps whole lines
 * only. */
static void
write_line(struct asciicast *a)
{
	size_t done = 0;
	ssize_t n = 0;

	while (!a->failed && done < a->len) {
		n = write(a->fd, a->line + done, a->len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			a->failed = 1;
			a->err_no = n < 0 ? errno : EIO;
			if (done > 0 && ftruncate(a->fd, a->size) != 0)
				a->err_no = errno;
			break;
		}
		done += (size_t)n;
	}
	if (!a->failed)
		a->size += (off_t)a->len;
	a->len = 0;
}

/* One event: [t, "code", "text"]. */
static void
event(struct asciicast *a, const char *code, const unsigned char *s, size_t len)
{
	char head[64];

	snprintf(head, sizeof head, "[%.6f, \"%s\", \"", clock_seconds() - a->t0, code);
	put_str(a, head);
	json_text(a, s, len);
	put_str(a, "\"]\n");
	write_line(a);
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
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "--record %s: %s", path, S_ISDIR(st.st_mode) ?
		    "is a directory" : "is not a regular file (a FIFO or a device)");
		return -1;
	}
	return 0;
}

/* The header line. */
static void
header(struct asciicast *a, int cols, int rows, const char *title)
{
	char head[160];

	snprintf(head, sizeof head, "{\"version\": 2, \"width\": %d, \"height\": %d,"
	    " \"timestamp\": %lld, \"title\": \"", cols, rows, (long long)time(NULL));
	put_str(a, head);
	json_str(a, title);
	put_str(a, "\", \"env\": {\"SHELL\": \"");
	json_str(a, getenv("SHELL"));
	put_str(a, "\", \"TERM\": \"");
	json_str(a, getenv("TERM"));
	put_str(a, "\"}}\n");
	write_line(a);
}

/* path created or emptied for writing; a FIFO without a reader fails at once
 * (O_NONBLOCK) and one with a reader is refused, as a device is. The fd, or
 * -1 with one line in err. */
static int
open_regular(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd;

	if (asciicast_check(path, err, errlen) != 0)
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_NOCTTY | O_CLOEXEC,
	    0666);
	if (fd < 0 && errno != ENXIO) {
		snprintf(err, errlen, "--record %s: %s", path, strerror(errno));
		return -1;
	}
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "--record %s: is not a regular file (a FIFO or a "
		    "device)", path);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

static void
write_error(const struct asciicast *a, const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen, "--record %s: cannot write the recording: %s", path,
	    strerror(a->err_no));
}

int
asciicast_open(struct asciicast *a, const char *path, int cols, int rows,
    const char *title, int *write_failed, char *err, size_t errlen)
{
	memset(a, 0, sizeof *a);
	*write_failed = 0;
	if ((a->fd = open_regular(path, err, errlen)) < 0)
		return -1;
	a->t0 = clock_seconds();
	header(a, cols, rows, title);
	if (a->failed) {
		write_error(a, path, err, errlen);
		close(a->fd);
		a->fd = -1;
		unlink(path);
		free(a->line);
		*write_failed = 1;
		return -1;
	}
	pthread_mutex_init(&a->lock, NULL);
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
	if (a->fd < 0)
		return 0;
	if (a->npending > 0)
		event(a, "o", a->pending, a->npending);
	if (close(a->fd) != 0 && !a->failed) {
		a->failed = 1;
		a->err_no = errno;
	}
	a->fd = -1;
	free(a->line);
	a->line = NULL;
	pthread_mutex_destroy(&a->lock);
	if (!a->failed)
		return 0;
	write_error(a, path, err, errlen);
	return -1;
}
