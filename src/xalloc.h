/* xalloc.h: allocation that never returns NULL. On failure it calls the fatal
 * hook (the live view registers one that restores the terminal), prints one line
 * "specdec: out of memory" on stderr and ends the process with EXIT_STATUS_RUNTIME.
 * Code below the faces uses these and so never exits on its own. */
#ifndef SPECDEC_XALLOC_H
#define SPECDEC_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
/* n * size bytes, refusing (as out of memory) a product that overflows */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);

/* The function run before the process ends on a fatal error (NULL for none);
 * it must only restore state (the terminal), not allocate. */
void xalloc_set_fatal_hook(void (*hook)(void));

/* Ends the process with EXIT_STATUS_RUNTIME after running the hook and printing
 * "specdec: WHAT" on stderr. */
void xalloc_fatal(const char *what);

#endif
