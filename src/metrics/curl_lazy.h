/* curl_lazy.h: the seven libcurl functions --metrics URL calls, opened at run
 * time (util/lazylib.h) from CURL_SONAME, the library configure found, so that
 * a run without a URL loads no libcurl (nor its TLS and LDAP libraries). The
 * types and constants still come from <curl/curl.h>. Built with HAVE_LIBCURL. */
#ifndef SPECDEC_CURL_LAZY_H
#define SPECDEC_CURL_LAZY_H

#include <stddef.h>

#include <curl/curl.h>

struct curl_lazy {
	CURLcode (*global_init)(long flags);
	CURL *(*easy_init)(void);
	CURLcode (*easy_setopt)(CURL *c, CURLoption opt, ...);
	CURLcode (*easy_perform)(CURL *c);
	CURLcode (*easy_getinfo)(CURL *c, CURLINFO info, ...);
	void (*easy_cleanup)(CURL *c);
	const char *(*easy_strerror)(CURLcode rc);
};

/* The functions, libcurl opened on the first call (make it from the main
 * thread, before any other starts: later calls only read); NULL with one line
 * in err naming the library when it cannot be loaded (every call then says so
 * again). */
const struct curl_lazy *curl_lazy(char *err, size_t errlen);

#endif
