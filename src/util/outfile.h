/* outfile.h: an output file replaced atomically: written to a temporary file
 * beside it and renamed into place only when every byte reached the disk, so a
 * full disk, a file size limit or an interruption leaves the old file intact and
 * no partial one. */
#ifndef SPECDEC_OUTFILE_H
#define SPECDEC_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#define OUTFILE_TEMP_NAME ".specdec-XXXXXX"	/* the temporary's name in its directory */
#define OUTFILE_PATH_MAX 4096			/* PATH_MAX on Linux */

/* One output being written: fp writes the temporary file at temp. */
struct outfile {
	FILE *fp;
	char temp[OUTFILE_PATH_MAX];
	int holding;		/* holds the signals (outfile_open) */
};

/* Whether path can be written as an outfile, checked before any work is done
 * for it: its directory exists and is writable, and path, when it exists, is a
 * regular file (a FIFO, device or directory is refused without opening it, as
 * readfile.h refuses inputs). 0, or -1 with "path: reason" in err (errmsg.h). */
int outfile_check(const char *path, char *err, size_t errlen);

/* Open a new temporary file in the directory of path for writing; it gets the
 * permissions of path when that exists, else 0666 less the umask. Signals that
 * end the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT) are held until
 * outfile_commit or outfile_discard, so that the temporary never outlives the
 * run, and SIGXFSZ is ignored, so that a file size limit fails a write with
 * EFBIG. 0, or -1 with "path: reason" in err. */
int outfile_open(struct outfile *of, const char *path, char *err, size_t errlen);

/* Flush, sync and close the temporary; then rename it to path. On any failure
 * the temporary is removed and path left as it was. 0, or -1 with
 * "path: reason" in err. */
int outfile_commit(struct outfile *of, const char *path, char *err, size_t errlen);

/* Flush, sync and close the temporary, keeping it for outfile_place_new.
 * 0, or -1 with "path: reason" in err (path names the file being written) and
 * the temporary removed. */
int outfile_close(struct outfile *of, const char *path, char *err, size_t errlen);

/* Give the closed temporary the name path unless path exists (link(2), which
 * never replaces a file; rename(2) after a check where the file system has no
 * hard links). 0; 1 when path exists (nothing done); -1 with "path: reason" in
 * err. Whatever remains of the temporary goes with outfile_discard. */
int outfile_place_new(struct outfile *of, const char *path, char *err, size_t errlen);

/* Remove the temporary (open or closed) and release the held signals. */
void outfile_discard(struct outfile *of);

#endif
