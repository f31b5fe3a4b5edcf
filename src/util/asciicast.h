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
#include <sys/types.h>

#define ASCIICAST_SUFFIX ".cast"

/* The events may come from two threads (the terminal's pump and the view):
 * each is written whole, under the lock, by one write(2) of its whole line, so
 * that the file ends on a whole line whatever ends the process. A write that
 * fails or falls short (a full disk, a file size limit with SIGXFSZ ignored)
 * has its part cut off again, and nothing is written after it: the file is
 * then the recording up to the failure, every line whole. */
struct asciicast {
	int fd;			/* -1 when closed */
	pthread_mutex_t lock;
	double t0;		/* clock_seconds at the start */
	unsigned char pending[4];	/* the start of a cut UTF-8 character */
	size_t npending;
	char *line;		/* the event being made */
	size_t len, cap;
	off_t size;		/* the bytes of whole lines in the file */
	int failed;		/* a write failed: errno at the time in err_no */
	int err_no;
};

/* Check path for a recording: a name ending in ".cast", not an existing
 * directory, FIFO, device or anything but a regular file. 0, or -1 with one
 * line in err. */
int asciicast_check(const char *path, char *err, size_t errlen);

/* Create path and write the header for a cols x rows terminal. 0, or -1 with
 * one line in err and nothing left open: path is refused as asciicast_check
 * does (found a FIFO after all, it is not opened for good, so no reader is
 * waited for), or cannot be created, or the header cannot be written (then
 * *write_failed is 1 and the file is removed again). */
int asciicast_open(struct asciicast *a, const char *path, int cols, int rows,
    const char *title, int *write_failed, char *err, size_t errlen);

/* Events, timed now. */
void asciicast_output(struct asciicast *a, const void *data, size_t len);
void asciicast_resize(struct asciicast *a, int cols, int rows);
void asciicast_marker(struct asciicast *a, const char *label);

/* After a successful asciicast_open: the held-back bytes of a cut character
 * written, and the file closed. 0, or -1 with one line in err when a write
 * failed (the file then holds the whole lines written before the failure). */
int asciicast_close(struct asciicast *a, const char *path, char *err, size_t errlen);

#endif
