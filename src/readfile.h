/* readfile.h: a whole file into memory. */
#ifndef SPECDEC_READFILE_H
#define SPECDEC_READFILE_H

#include <stddef.h>

/* The contents of path in a malloc'd buffer with a '\0' after its *len bytes; NULL
 * with "path: reason" in err (errlen bytes, errmsg.h) when it cannot be read. */
char *readfile_all(const char *path, size_t *len, char *err, size_t errlen);

#endif
