/* xalloc.c: allocation that never returns NULL; one fatal path.
 *
 * The test hook (SPECDEC_TEST_ALLOC_FAIL, see xalloc.h) is how the tests make
 * memory run out: it fails a chosen allocation deterministically, under any
 * sanitizer, at any vocabulary size. `ulimit -v` would need a vocabulary large
 * enough to cross the limit at the right moment, and does not work under ASan
 * (its shadow memory reserves terabytes of address space). The count is
 * atomic, and the variable read once (pthread_once): sweep threads allocate at
 * once (the n-gram source's caches). Under threads which allocation is the
 * N-th is up to the scheduler; the tests that use the hook run one thread. */
#include "config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/exit_status.h"
#include "util/xalloc.h"

static void (*_Atomic fatal_hook)(void);	/* taken by one exchange */
static unsigned long long fail_at;	/* the allocation to fail; 0 = none */
static atomic_ullong allocs;		/* allocations so far */
static pthread_once_t fail_read = PTHREAD_ONCE_INIT;	/* fail_at is read */

void
xalloc_set_fatal_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

_Noreturn void
xalloc_fatal(const char *what)
{
	/* a hook that fails must not run twice */
	void (*hook)(void) = atomic_exchange(&fatal_hook, NULL);

	if (hook != NULL)
		hook();
	fprintf(stderr, "specdec: %s\n", what);
	exit(EXIT_STATUS_RUNTIME);
}

static void
read_fail_at(void)
{
	const char *env = getenv(XALLOC_TEST_ENV);
	char *end;

	if (env == NULL || *env < '1' || *env > '9')
		return;
	fail_at = strtoull(env, &end, 10);
	if (*end != '\0')
		fail_at = 0;
}

/* Whether the test hook fails this allocation. */
static int
test_fails(void)
{
	pthread_once(&fail_read, read_fail_at);
	return fail_at != 0 && atomic_fetch_add(&allocs, 1) + 1 == fail_at;
}

void *
xmalloc(size_t size)
{
	void *p = test_fails() ? NULL : malloc(size != 0 ? size : 1);

	if (p == NULL)
		xalloc_fatal("out of memory");
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = test_fails() ? NULL : calloc(n != 0 ? n : 1, size != 0 ? size : 1);

	if (p == NULL)
		xalloc_fatal("out of memory");
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	void *q;

	if (size != 0 && n > SIZE_MAX / size)
		xalloc_fatal("out of memory");
	q = test_fails() ? NULL : realloc(p, n * size != 0 ? n * size : 1);
	if (q == NULL)
		xalloc_fatal("out of memory");
	return q;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		xalloc_fatal("out of memory");	/* EOVERFLOW: past INT_MAX bytes */
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}
