/* readfile.c: read a whole file. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "readfile.h"
#include "xalloc.h"

#define CHUNK 65536

char *
readfile_all(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 0, n = 0, got;
	char *buf = NULL;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	do {
		if (cap - n < CHUNK + 1) {
			cap = cap == 0 ? 2 * CHUNK : 2 * cap;
			buf = xreallocarray(buf, cap, 1);
		}
		n += got = fread(buf + n, 1, CHUNK, f);
	} while (got > 0);
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}
