/* memlimit.h: the most memory one input may take, and sizes in words.
 *
 * A file read whole (--corpus, --labels, $SPECDEC_CORPUS) larger than the
 * limit is refused before it is read, and so is n-gram training whose estimate
 * is larger (sim_setup.c). The limit is MEMLIMIT_DEFAULT, or the environment's
 * MEMLIMIT_ENV: a number of bytes with an optional K, M, G or T (powers of 1024). */
#ifndef SPECDEC_MEMLIMIT_H
#define SPECDEC_MEMLIMIT_H

#include <stddef.h>
#include <stdint.h>

#define MEMLIMIT_ENV "SPECDEC_MEMORY_LIMIT"
#define MEMLIMIT_DEFAULT ((uint64_t)1 << 30)	/* 1 GiB */
#define MEMLIMIT_WORDS 32	/* room for a size in words */

/* The limit in *bytes: 0, or -1 with a message in err (errmsg.h) when the
 * environment's value is not a size. */
int memlimit_get(uint64_t *bytes, char *err, size_t errlen);

/* bytes in words for a message: "1 GiB", "1.5 GiB", "300 MiB", "12 KiB", "100 bytes". */
void memlimit_format(uint64_t bytes, char *buf, size_t len);

#endif
