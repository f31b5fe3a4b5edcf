/* test_asciicast.c: the asciicast v2 writer: the header's fields, an output
 * event's JSON escapes, a UTF-8 character cut between two writes kept whole,
 * bytes that are not UTF-8 written as U+FFFD, resize and marker events, and the
 * name checks of --record. The expected lines are written out by hand. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int
main(void)
{
	struct asciicast a;
	char path[] = "/tmp/test_asciicast_XXXXXX.cast", err[512], buf[1024];
	const char *head = "{\"version\": 2, \"width\": 80, \"height\": 24, \"timestamp\": ";
	FILE *f;
	int fd;

	if ((fd = mkstemps(path, 5)) < 0)
		return tap_ok(0, "a temporary file"), tap_done();
	close(fd);
	tap_ok(asciicast_open(&a, path, 80, 24, "t \"q\"", err, sizeof err) == 0, "open");
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
	return tap_done();
}
