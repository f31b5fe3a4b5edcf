/* readfile.h: a whole file into memory, within bounds. */
#ifndef SPECDEC_READFILE_H
#define SPECDEC_READFILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The contents of path in a malloc'd buffer with a '\0' after its *len bytes; NULL
 * with "path: reason" in err (errlen bytes, errmsg.h) when it cannot be read.
 * Only a regular file is read: a directory, FIFO, device or socket is refused
 * without opening it for reading or waiting on it. A file larger than max bytes
 * is refused before it is read (and one that grows past max while it is read),
 * naming the limit and MEMLIMIT_ENV (memlimit.h). */
char *readfile_max(const char *path, uint64_t max, size_t *len, char *err,
    size_t errlen);

/* What a file of st_mode mode is when it is not a regular file: "a directory",
 * "a FIFO or pipe", "a character device" ... */
const char *readfile_kind(mode_t mode);

/* readfile_max with the input memory limit (memlimit_get). */
char *readfile_all(const char *path, size_t *len, char *err, size_t errlen);

#endif
