/* xalloc.c: allocation that never returns NULL; one fatal path. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit_status.h"
#include "xalloc.h"

static void (*fatal_hook)(void);

void
xalloc_set_fatal_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

void
xalloc_fatal(const char *what)
{
	if (fatal_hook != NULL)
		fatal_hook();
	fprintf(stderr, "specdec: %s\n", what);
	exit(EXIT_STATUS_RUNTIME);
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size != 0 ? size : 1);

	if (p == NULL)
		xalloc_fatal("out of memory");
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n != 0 ? n : 1, size != 0 ? size : 1);

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
	q = realloc(p, n * size != 0 ? n * size : 1);
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
