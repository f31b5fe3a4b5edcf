/* readfile.c: read a whole regular file, refusing what it cannot bound. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "util/memlimit.h"
#include "util/readfile.h"
#include "util/xalloc.h"

#define CHUNK 65536
#define READFILE_PATH_SHOWN 4096	/* PATH_MAX on Linux; longer cannot be opened */

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

const char *
readfile_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO or pipe";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

static int
not_regular(const char *path, mode_t mode, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: %s, not a regular file%s", path, readfile_kind(mode),
	    S_ISFIFO(mode) ? " (save what it gives to a file first)" : "");
	return -1;
}

static int
too_large(const char *path, uint64_t size, int at_least, uint64_t max, char *err,
    size_t errlen)
{
	char have[MEMLIMIT_WORDS], lim[MEMLIMIT_WORDS];

	memlimit_format(size, have, sizeof have);
	memlimit_format(max, lim, sizeof lim);
	snprintf(err, errlen, "%s: %s%s, more than the input limit of %s (set "
	    MEMLIMIT_ENV " to raise it)", path, at_least ? "at least " : "", have, lim);
	return -1;
}

/* An open descriptor of path, a regular file of at most max bytes; -1 with err.
 * stat first, so that a FIFO or a device is never opened; then O_NONBLOCK and
 * fstat, in case path changed in between. name is path for the messages. */
static int
open_regular(const char *path, const char *name, uint64_t max, char *err,
    size_t errlen)
{
	struct stat st;
	int fd;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return not_regular(name, st.st_mode, err, errlen);
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0 ||
	    fstat(fd, &st) != 0) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > max) {
		close(fd);
		if (!S_ISREG(st.st_mode))
			return not_regular(name, st.st_mode, err, errlen);
		return too_large(name, (uint64_t)st.st_size, 0, max, err, errlen);
	}
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/* Read fd to its end into a buffer with a '\0' after it; NULL with err when
 * reading fails or the file has grown past max. */
static char *
read_all(int fd, const char *path, uint64_t max, size_t *len, char *err,
    size_t errlen)
{
	size_t cap = 0, n = 0;
	ssize_t got;
	char *buf = NULL;

	for (;;) {
		if (cap - n < CHUNK + 1) {
			cap = cap == 0 ? 2 * CHUNK : 2 * cap;
			buf = xreallocarray(buf, cap, 1);
		}
		if ((got = read(fd, buf + n, CHUNK)) == 0)
			break;
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			free(buf);
			return NULL;
		}
		n += (size_t)got;
		if ((uint64_t)n > max) {
			free(buf);
			too_large(path, (uint64_t)n, 1, max, err, errlen);
			return NULL;
		}
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* path for a message: as it is, or when longer than any path the system opens
 * (so the reason after it always fits in the caller's buffer), its start and
 * end around "...". */
static const char *
shown_path(const char *path, char *buf)
{
	size_t len = strlen(path), half = READFILE_PATH_SHOWN / 2;

	if (len <= READFILE_PATH_SHOWN)
		return path;
	memcpy(buf, path, half);
	memcpy(buf + half, "...", 3);
	memcpy(buf + half + 3, path + len - half, half + 1);
	return buf;
}

char *
readfile_max(const char *path, uint64_t max, size_t *len, char *err, size_t errlen)
{
	char buf[READFILE_PATH_SHOWN + 4], *text;
	const char *name = shown_path(path, buf);
	int fd = open_regular(path, name, max, err, errlen);

	if (fd < 0)
		return NULL;
	text = read_all(fd, name, max, len, err, errlen);
	close(fd);
	return text;
}

char *
readfile_all(const char *path, size_t *len, char *err, size_t errlen)
{
	uint64_t max;

	if (memlimit_get(&max, err, errlen) != 0)
		return NULL;
	return readfile_max(path, max, len, err, errlen);
}
