/* sphinx_lazy.c: sphinxbase through dlopen (sphinx_lazy.h). */
#include "config.h"

#include "source/cmu/sphinx_lazy.h"
#include "util/lazylib.h"

const struct sphinx_lazy *
sphinx_lazy(char *err, size_t errlen)
{
	static struct sphinx_lazy f;
	static int loaded;
	const struct lazylib_sym syms[] = {
		{ "err_set_logfp", (void **)&f.err_set_logfp },
		{ "logmath_init", (void **)&f.logmath_init },
		{ "logmath_free", (void **)&f.logmath_free },
		{ "ngram_model_read", (void **)&f.ngram_model_read },
		{ "ngram_model_write", (void **)&f.ngram_model_write },
		{ "ngram_model_free", (void **)&f.ngram_model_free },
	};

	if (!loaded && lazylib_open(SPHINXBASE_SONAME, syms, sizeof syms /
	    sizeof syms[0], err, errlen) == 0)
		loaded = 1;
	return loaded ? &f : NULL;
}
