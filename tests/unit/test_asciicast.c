/* test_asciicast.c: the asciicast v2 writer: the header's fields, an output
 * event's JSON escapes, a UTF-8 character cut between two writes kept whole,
 * bytes that are not UTF-8 written as U+FFFD, resize and marker events, the
 * name checks of --record, a FIFO or a device refused without waiting, and a
 * write that fails past a file size limit leaving whole lines only. The
 * expected lines are written out by hand. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/tap.h"
#include "util/asciicast.h"

/* Line n (0-based) of path, from the first '"' after its time, into buf. */
static const char *
event_text(const char *path, int n, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	const char *q;
	int i;

	buf[0] = '\0';
	if (f == NULL)
		return buf;
	for (i = 0; i <= n && fgets(line, sizeof line, f) != NULL; i++)
		if (i == n && (q = strchr(line, '"')) != NULL)
			snprintf(buf, len, "%s", q);
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* A FIFO and a device are refused by the check and by open, which does not
 * wait for a reader. */
static void
test_not_regular(void)
{
	char dir[] = "/tmp/test_asciicast_XXXXXX", fifo[64], dev[64], err[512];
	struct asciicast a;
	int failed = 0;

	if (mkdtemp(dir) == NULL) {
		tap_ok(0, "a temporary directory");
		return;
	}
	snprintf(fifo, sizeof fifo, "%s/f.cast", dir);
	snprintf(dev, sizeof dev, "%s/d.cast", dir);
	if (mkfifo(fifo, 0600) != 0 || symlink("/dev/null", dev) != 0)
		tap_ok(0, "a FIFO and a link to /dev/null");
	tap_ok(asciicast_check(fifo, err, sizeof err) != 0 &&
	    strstr(err, "is not a regular file") != NULL, "a FIFO refused: %s", err);
	tap_ok(asciicast_check(dev, err, sizeof err) != 0 &&
	    strstr(err, "is not a regular file") != NULL, "a device refused: %s", err);
	tap_ok(asciicast_open(&a, fifo, 80, 24, "t", &failed, err, sizeof err) != 0 &&
	    !failed, "open refuses the FIFO at once: %s", err);
	unlink(fifo);
	unlink(dev);
	rmdir(dir);
}

/* The bytes of path, or -1. */
static long
file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* Whether path ends on a newline (and is not empty). */
static int
ends_whole(const char *path)
{
	FILE *f = fopen(path, "r");
	int c = EOF, last = EOF;

	if (f == NULL)
		return 0;
	while ((c = getc(f)) != EOF)
		last = c;
	fclose(f);
	return last == '\n';
}

/* Past a file size limit (SIGXFSZ ignored, as --record runs): the event that
 * crosses it is cut off again and nothing after it is written, not even an
 * event that would fit; close says why. */
static void
test_size_limit(void)
{
	char path[] = "/tmp/test_asciicast_XXXXXX.cast", err[512], big[3000];
	struct rlimit old, lim;
	struct asciicast a;
	long header, after_one;
	int fd, failed;

	if ((fd = mkstemps(path, 5)) < 0 || getrlimit(RLIMIT_FSIZE, &old) != 0) {
		tap_ok(0, "a temporary file and the file size limit");
		return;
	}
	close(fd);
	signal(SIGXFSZ, SIG_IGN);
	memset(big, 'x', sizeof big);
	lim = old;
	lim.rlim_cur = 4096;
	tap_ok(asciicast_open(&a, path, 80, 24, "t", &failed, err, sizeof err) == 0,
	    "open under a 4096-byte limit");
	header = file_size(path);
	setrlimit(RLIMIT_FSIZE, &lim);
	asciicast_output(&a, big, sizeof big);
	after_one = file_size(path);
	asciicast_output(&a, big, sizeof big);	/* crosses 4096 */
	asciicast_marker(&a, "m");		/* would fit */
	tap_ok(file_size(path) == after_one && after_one > header + 3000 &&
	    ends_whole(path), "the crossing event cut off, nothing after it: %ld bytes"
	    " (header %ld, one event %ld)", file_size(path), header, after_one);
	tap_ok(asciicast_close(&a, path, err, sizeof err) != 0 &&
	    strstr(err, "cannot write the recording: File too large") != NULL,
	    "close reports it: %s", err);
	tap_ok(file_size(path) == after_one && ends_whole(path), "and the file still ends"
	    " on a whole line: %ld bytes", file_size(path));
	lim.rlim_cur = 10;		/* not even the header */
	setrlimit(RLIMIT_FSIZE, &lim);
	tap_ok(asciicast_open(&a, path, 80, 24, "t", &failed, err, sizeof err) != 0 &&
	    failed && strstr(err, "File too large") != NULL && file_size(path) < 0,
	    "a header that cannot be written: refused, the file removed: %s", err);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, SIG_DFL);
	unlink(path);
}

int
main(void)
{
	struct asciicast a;
	char path[] = "/tmp/test_asciicast_XXXXXX.cast", err[512], buf[1024];
	const char *head = "{\"version\": 2, \"width\": 80, \"height\": 24, \"timestamp\": ";
	FILE *f;
	int fd, failed;

	if ((fd = mkstemps(path, 5)) < 0)
		return tap_ok(0, "a temporary file"), tap_done();
	close(fd);
	tap_ok(asciicast_open(&a, path, 80, 24, "t \"q\"", &failed, err, sizeof err) == 0, "open");
	asciicast_output(&a, "a\"b\\c\033[1m\n", 10);
	asciicast_output(&a, "\xc3", 1);	/* é cut after its first byte */
	asciicast_output(&a, "\xa9!", 2);
	asciicast_output(&a, "x\xff", 2);	/* not UTF-8 */
	asciicast_resize(&a, 100, 30);
	asciicast_marker(&a, "1. One");
	tap_ok(asciicast_close(&a, path, err, sizeof err) == 0, "close");
	f = fopen(path, "r");
	if (f != NULL && fgets(buf, sizeof buf, f) != NULL)
		tap_ok(strncmp(buf, head, strlen(head)) == 0 && strstr(buf, "\"title\": \"t \\\"q\\\"\", \"env\": {\"SHELL\": ") !=
		    NULL, "header: version, size, timestamp, title escaped, env: %s", buf);
	if (f != NULL)
		fclose(f);
	tap_ok(strcmp(event_text(path, 1, buf, sizeof buf),
	    "\"o\", \"a\\\"b\\\\c\\u001b[1m\\u000a\"]") == 0, "escapes: %s", buf);
	tap_ok(strcmp(event_text(path, 2, buf, sizeof buf), "\"o\", \"\xc3\xa9!\"]") == 0,
	    "a cut character waits for its rest: %s", buf);
	tap_ok(strcmp(event_text(path, 3, buf, sizeof buf), "\"o\", \"x\\ufffd\"]") == 0,
	    "a byte that is not UTF-8: U+FFFD: %s", buf);
	tap_ok(strcmp(event_text(path, 4, buf, sizeof buf), "\"r\", \"100x30\"]") == 0,
	    "resize: %s", buf);
	tap_ok(strcmp(event_text(path, 5, buf, sizeof buf), "\"m\", \"1. One\"]") == 0,
	    "marker: %s", buf);
	unlink(path);
	tap_ok(asciicast_check("x.txt", err, sizeof err) != 0 &&
	    strstr(err, "must end in .cast") != NULL, "x.txt refused: %s", err);
	tap_ok(asciicast_check(".cast", err, sizeof err) != 0, ".cast alone refused");
	tap_ok(asciicast_check("/tmp", err, sizeof err) != 0, "a directory refused");
	tap_ok(asciicast_check("a.cast", err, sizeof err) == 0, "a.cast taken");
	test_not_regular();
	test_size_limit();
	return tap_done();
}
