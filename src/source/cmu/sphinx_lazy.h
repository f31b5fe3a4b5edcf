/* sphinx_lazy.h: the six sphinxbase functions sphinx_lm.c calls, opened at run
 * time (util/lazylib.h) from SPHINXBASE_SONAME, the library configure found, so
 * that a run of another source loads no sphinxbase (nor its BLAS, LAPACK and
 * Fortran libraries). The types and constants still come from sphinxbase's
 * headers. Built with HAVE_SPHINXBASE. */
#ifndef SPECDEC_SPHINX_LAZY_H
#define SPECDEC_SPHINX_LAZY_H

#include <stddef.h>
#include <stdio.h>

#include <sphinxbase/err.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/ngram_model.h>

struct sphinx_lazy {
	void (*err_set_logfp)(FILE *stream);
	logmath_t *(*logmath_init)(float64 base, int shift, int use_table);
	int (*logmath_free)(logmath_t *lmath);
	ngram_model_t *(*ngram_model_read)(cmd_ln_t *config, const char *file_name,
	    ngram_file_type_t file_type, logmath_t *lmath);
	int (*ngram_model_write)(ngram_model_t *model, const char *file_name,
	    ngram_file_type_t format);
	int (*ngram_model_free)(ngram_model_t *model);
};

/* The functions, sphinxbase opened on the first call; NULL with one line in err
 * naming the library when it cannot be loaded. Call it in the parent before
 * forking a child that converts a model: the child then opens nothing (a
 * dlopen after fork in a process with threads could wait on a lock forever);
 * a first call in a child works too. */
const struct sphinx_lazy *sphinx_lazy(char *err, size_t errlen);

#endif
