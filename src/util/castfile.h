/* castfile.h: an asciicast v2 file read back and checked (the format
 * asciicast.h writes): the header's size and title, the markers, and the
 * bytes themselves. Every line must be whole JSON of the format: line 1 an
 * object with "version": 2 and whole "width" and "height" (1 to
 * CASTFILE_SIZE_MAX), then one event a line, [time, "code", "data"], time a
 * number from 0 that never goes back. The file is read as readfile.h reads
 * (only a regular file, never a FIFO or device), within the input memory
 * limit (memlimit.h). No curses. Errors follow errmsg.h: "FILE: reason" or
 * "FILE:LINE: reason". */
#ifndef SPECDEC_CASTFILE_H
#define SPECDEC_CASTFILE_H

#include <stddef.h>

#define CASTFILE_SIZE_MAX 1000		/* columns or rows of the terminal */

struct castfile_marker {
	double time;		/* seconds from the start */
	char *label;		/* UTF-8, may be empty; label_len bytes (NUL
				 * bytes possible), then a NUL */
	size_t label_len;
};

struct castfile {
	char *bytes;		/* the whole file, then a NUL */
	size_t len;
	int width, height;
	char *title;		/* the header's, or NULL */
	size_t title_len;
	double duration;	/* the last event's time */
	size_t nevents;
	struct castfile_marker *marker;
	size_t nmarkers;
};

/* Read and check path into c. 0, or -1 with one line in err and nothing to
 * free. */
int castfile_read(struct castfile *c, const char *path, char *err, size_t errlen);

void castfile_free(struct castfile *c);

#endif
