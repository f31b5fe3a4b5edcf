/* metrics_http.c: a GET through libcurl's easy interface (metrics_http.h),
 * opened at run time (curl_lazy.h). No
 * signals (CURLOPT_NOSIGNAL), so a poller's thread may call it; redirects are
 * not followed; a body is gathered up to METRICS_BODY_MAX bytes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBCURL
#include "metrics/curl_lazy.h"
#endif
#include "metrics/metrics_http.h"
#include "util/xalloc.h"

int
metrics_http_is_url(const char *s)
{
	return strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0;
}

#ifdef HAVE_LIBCURL

struct body {
	char *buf;
	size_t len, cap;
	int too_large;
	int (*cancel)(void *);
	void *arg;
};

static const struct curl_lazy *cl;	/* set once, by the main thread */

int
metrics_http_available(char *err, size_t errlen)
{
	if (cl == NULL && (cl = curl_lazy(err, errlen)) == NULL) {
		snprintf(err + strlen(err), errlen - strlen(err), ": install libcurl "
		    "(Debian: %s), or give a metrics file", CURL_PACKAGE);
		return 0;
	}
	return 1;
}

int
metrics_http_init(char *err, size_t errlen)
{
	static int done;

	if (done)
		return 0;
	if (!metrics_http_available(err, errlen))
		return -1;
	if (cl->global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		snprintf(err, errlen, "libcurl could not start");
		return -1;
	}
	done = 1;
	return 0;
}

/* libcurl's write callback: the bytes kept, or a short count (which stops the
 * transfer) past the limit. */
static size_t
take(char *data, size_t size, size_t n, void *arg)
{
	struct body *b = arg;

	n *= size;
	if (n > METRICS_BODY_MAX - b->len) {
		b->too_large = 1;
		return 0;
	}
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->buf = xreallocarray(b->buf, b->cap, 1);
	}
	memcpy(b->buf + b->len, data, n);
	b->len += n;
	b->buf[b->len] = '\0';
	return n;
}

/* libcurl's progress callback, about once a second at least: non-zero ends
 * the transfer. */
static int
progress(void *arg, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d)
{
	struct body *bd = arg;

	(void)a;
	(void)b;
	(void)c;
	(void)d;
	return bd->cancel != NULL && bd->cancel(bd->arg);
}

static CURL *
request(const char *url, double timeout_s, struct body *b, char *cerr)
{
	CURL *c = cl->easy_init();
	long ms = (long)(timeout_s * 1000.0);

	if (c == NULL)
		return NULL;
	cl->easy_setopt(c, CURLOPT_URL, url);
	cl->easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	cl->easy_setopt(c, CURLOPT_TIMEOUT_MS, ms > 0 ? ms : 1L);
	cl->easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, ms > 0 ? ms : 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
	cl->easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
#else
	cl->easy_setopt(c, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	cl->easy_setopt(c, CURLOPT_WRITEFUNCTION, take);
	cl->easy_setopt(c, CURLOPT_WRITEDATA, b);
	cl->easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
	cl->easy_setopt(c, CURLOPT_XFERINFOFUNCTION, progress);
	cl->easy_setopt(c, CURLOPT_XFERINFODATA, b);
	cl->easy_setopt(c, CURLOPT_ERRORBUFFER, cerr);
	cl->easy_setopt(c, CURLOPT_USERAGENT, "specdec/" PACKAGE_VERSION);
	cl->easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)METRICS_BODY_MAX);
	return c;
}

/* The reason a transfer failed, in err. */
static void
failure(CURLcode rc, const struct body *b, const char *cerr, double timeout_s,
    char *err, size_t errlen)
{
	if (b->too_large || rc == CURLE_FILESIZE_EXCEEDED)
		snprintf(err, errlen, "the body is larger than %u MiB", METRICS_BODY_MAX >> 20);
	else if (rc == CURLE_ABORTED_BY_CALLBACK)
		snprintf(err, errlen, "stopped");
	else if (rc == CURLE_OPERATION_TIMEDOUT)
		snprintf(err, errlen, "no complete answer within %g s (the timeout is "
		    "--interval)", timeout_s);
	else if (rc == CURLE_PARTIAL_FILE || rc == CURLE_RECV_ERROR)
		snprintf(err, errlen, "the body was cut short (%s)", cerr[0] != '\0' ?
		    cerr : cl->easy_strerror(rc));
	else
		snprintf(err, errlen, "%s", cerr[0] != '\0' ? cerr : cl->easy_strerror(rc));
}

int
metrics_http_get(const char *url, double timeout_s, int (*cancel)(void *), void *arg,
    char **body, size_t *len, char *err, size_t errlen)
{
	struct body b = { NULL, 0, 0, 0, cancel, arg };
	char cerr[CURL_ERROR_SIZE] = "";
	long status = 0;
	CURLcode rc;
	CURL *c;

	if (cl == NULL || (c = request(url, timeout_s, &b, cerr)) == NULL) {
		snprintf(err, errlen, "libcurl could not start a request");
		return -1;
	}
	rc = cl->easy_perform(c);
	cl->easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	cl->easy_cleanup(c);
	if (rc == CURLE_OK && status != 200)
		snprintf(err, errlen, "HTTP status %ld, not 200", status);
	else if (rc != CURLE_OK)
		failure(rc, &b, cerr, timeout_s, err, errlen);
	if (rc != CURLE_OK || status != 200) {
		free(b.buf);
		return -1;
	}
	*body = b.buf != NULL ? b.buf : xcalloc(1, 1);
	*len = b.len;
	return 0;
}

#else

int
metrics_http_available(char *err, size_t errlen)
{
	snprintf(err, errlen, "this specdec was built without libcurl: it reads "
	    "metrics from files only (configure --with-libcurl)");
	return 0;
}

int
metrics_http_init(char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	return 0;
}

int
metrics_http_get(const char *url, double timeout_s, int (*cancel)(void *), void *arg,
    char **body, size_t *len, char *err, size_t errlen)
{
	(void)url;
	(void)timeout_s;
	(void)cancel;
	(void)arg;
	(void)body;
	(void)len;
	snprintf(err, errlen, "this specdec was built without libcurl: it reads "
	    "metrics from files only (configure --with-libcurl)");
	return -1;
}

#endif
