/* errmsg.h: the one error convention for opening sources and reading files.
 *
 * A function that can fail for a reason the user must read (a file that cannot
 * be read, a bad line in it) takes a buffer err of errlen bytes and returns 0, or
 * -1 with one line in err: no "specdec: " prefix and no newline, the face adds
 * them. Running out of memory is not such a reason: allocation never returns
 * NULL (xalloc.h). The faces give ERRMSG_MAX bytes, room for two paths of PATH_MAX
 * bytes and the words around them, so nothing the user must read is cut. */
#ifndef SPECDEC_ERRMSG_H
#define SPECDEC_ERRMSG_H

#define ERRMSG_MAX 16384

#endif
