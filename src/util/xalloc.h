/* xalloc.h: allocation that never returns NULL. On failure it calls the fatal
 * hook (the live view registers one that restores the terminal), prints one line
 * "specdec: out of memory" on stderr and ends the process with EXIT_STATUS_RUNTIME.
 * Code below the faces uses these and so never exits on its own.
 *
 * A test hook: when SPECDEC_TEST_ALLOC_FAIL is set to a positive integer N, the
 * N-th allocation made through these functions fails as if memory had run out
 * (the count starts at 1 with the process). Unset, empty or not a positive
 * integer, it does nothing. */
#ifndef SPECDEC_XALLOC_H
#define SPECDEC_XALLOC_H

#include <stddef.h>

#define XALLOC_TEST_ENV "SPECDEC_TEST_ALLOC_FAIL"

#if defined(__GNUC__) || defined(__clang__)
#define XALLOC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define XALLOC_PRINTF(f, a)
#endif

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
/* n * size bytes, refusing (as out of memory) a product that overflows */
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
/* A formatted string (printf's rules) in memory of its own length: never cut. */
char *xasprintf(const char *fmt, ...) XALLOC_PRINTF(1, 2);

/* The function run before the process ends on a fatal error (NULL for none);
 * it must only restore state (the terminal), not allocate. */
void xalloc_set_fatal_hook(void (*hook)(void));

/* Ends the process with EXIT_STATUS_RUNTIME after running the hook (once, even
 * if the hook itself fails) and printing "specdec: WHAT" on stderr. */
_Noreturn void xalloc_fatal(const char *what);

#endif
