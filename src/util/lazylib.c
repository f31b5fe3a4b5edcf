/* lazylib.c: dlopen and dlsym behind lazylib.h. */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>

#include "util/lazylib.h"

/* Every slot NULL, the handle closed; -1 with err naming soname. */
static int
fail(void *h, const char *soname, const struct lazylib_sym *syms, size_t n,
    const char *why, char *err, size_t errlen)
{
	size_t i;

	snprintf(err, errlen, "cannot load %s (%s)", soname, why != NULL ? why :
	    "no reason given");
	for (i = 0; i < n; i++)
		*syms[i].slot = NULL;
	if (h != NULL)
		dlclose(h);
	return -1;
}

int
lazylib_open(const char *soname, const struct lazylib_sym *syms, size_t n,
    char *err, size_t errlen)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	size_t i;

	if (h == NULL)
		return fail(NULL, soname, syms, n, dlerror(), err, errlen);
	for (i = 0; i < n; i++)
		if ((*syms[i].slot = dlsym(h, syms[i].name)) == NULL)
			return fail(h, soname, syms, n, dlerror(), err, errlen);
	return 0;
}
