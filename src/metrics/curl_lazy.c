/* curl_lazy.c: libcurl through dlopen (curl_lazy.h). */
#include "config.h"

#include "metrics/curl_lazy.h"
#include "util/lazylib.h"

const struct curl_lazy *
curl_lazy(char *err, size_t errlen)
{
	static struct curl_lazy f;
	static int loaded;
	const struct lazylib_sym syms[] = {
		{ "curl_global_init", (void **)&f.global_init },
		{ "curl_easy_init", (void **)&f.easy_init },
		{ "curl_easy_setopt", (void **)&f.easy_setopt },
		{ "curl_easy_perform", (void **)&f.easy_perform },
		{ "curl_easy_getinfo", (void **)&f.easy_getinfo },
		{ "curl_easy_cleanup", (void **)&f.easy_cleanup },
		{ "curl_easy_strerror", (void **)&f.easy_strerror },
	};

	if (!loaded && lazylib_open(CURL_SONAME, syms, sizeof syms / sizeof syms[0],
	    err, errlen) == 0)
		loaded = 1;
	return loaded ? &f : NULL;
}
