/* asciicast.h: a terminal session written as an asciicast v2 file (the format
 * of asciinema, https://docs.asciinema.org/manual/asciicast/v2/): one JSON
 * header line (version 2, width, height, timestamp, title, env), then one JSON
 * array a line per event: [time, "o", data] for output, [time, "r", "COLSxROWS"]
 * for a resize, [time, "m", label] for a marker. Time is seconds since the
 * start. Output may arrive cut in the middle of a UTF-8 character; the cut
 * bytes wait for the rest, so every event is valid UTF-8 (a JSON string). No
 * curses: the live view tees its terminal output here. Errors follow errmsg.h. */
#ifndef SPECDEC_ASCIICAST_H
#define SPECDEC_ASCIICAST_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#define ASCIICAST_SUFFIX ".cast"

/* The events may come from two threads (the terminal's pump and the view):
 * each is written whole, under the lock. */
struct asciicast {
	FILE *out;
	pthread_mutex_t lock;
	double t0;		/* clock_seconds at the start */
	unsigned char pending[4];	/* the start of a cut UTF-8 character */
	size_t npending;
	int failed;		/* a write failed: errno at the time in err_no */
	int err_no;
};

/* Check path for a recording: a name ending in ".cast", in a directory that
 * exists, not a directory itself. 0, or -1 with one line in err. */
int asciicast_check(const char *path, char *err, size_t errlen);

/* Create path and write the header for a cols x rows terminal. 0, or -1 with
 * one line in err and nothing left open. */
int asciicast_open(struct asciicast *a, const char *path, int cols, int rows,
    const char *title, char *err, size_t errlen);

/* Events, timed now. */
void asciicast_output(struct asciicast *a, const void *data, size_t len);
void asciicast_resize(struct asciicast *a, int cols, int rows);
void asciicast_marker(struct asciicast *a, const char *label);

/* Flush and close. 0, or -1 with one line in err when a write failed. */
int asciicast_close(struct asciicast *a, const char *path, char *err, size_t errlen);

#endif
