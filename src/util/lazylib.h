/* lazylib.h: a shared library opened at run time, the first time a feature
 * needs it, instead of linked into the program: libcurl for --metrics URL and
 * sphinxbase for --source cmu pull in some forty libraries (TLS, Kerberos,
 * LDAP, BLAS...) whose relocation was most of every run's start-up. The
 * library is opened by its SONAME (the one configure found), every symbol is
 * resolved at once, and the handle is never closed. Call it before starting
 * threads or forking where you can: a child then uses what its parent opened. */
#ifndef SPECDEC_LAZYLIB_H
#define SPECDEC_LAZYLIB_H

#include <stddef.h>

/* One function to resolve: its name, and the function pointer to set, passed as
 * (void **)&fp (POSIX's way from dlsym's void * to a function pointer). */
struct lazylib_sym {
	const char *name;
	void **slot;
};

/* soname opened and the n syms resolved; 0, or -1 with one line in err naming
 * the library and what the dynamic linker said (every slot is then NULL). */
int lazylib_open(const char *soname, const struct lazylib_sym *syms, size_t n,
    char *err, size_t errlen);

#endif
