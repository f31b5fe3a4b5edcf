/* datadir.h: where the program's installed data files are: the web player of
 * the course page (--export-html), under "player". Everything else the program
 * needs is compiled in. No path of the source or build tree is compiled in
 * (make installcheck checks the binary's strings). */
#ifndef SPECDEC_DATADIR_H
#define SPECDEC_DATADIR_H

#include <stddef.h>

#define DATADIR_ENV "SPECDEC_DATADIR"

/* The directory that holds sub (a file or a directory): $SPECDEC_DATADIR when
 * set and not empty (only there); else the directory "data" beside the running
 * program, when that holds sub (the build tree: the program sits at its top);
 * else the installed data directory, PKGDATADIR. Written to out; 0, or -1
 * with one line in err naming the places looked in. */
int datadir_find(const char *sub, char *out, size_t outlen, char *err, size_t errlen);

#endif
