/* metrics_http.c: a GET through libcurl's easy interface (metrics_http.h). No
 * signals (CURLOPT_NOSIGNAL), so a poller's thread may call it; redirects are
 * not followed; a body is gathered up to METRICS_BODY_MAX bytes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBCURL
#include <curl/curl.h>
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

int
metrics_http_available(void)
{
	return 1;
}

int
metrics_http_init(char *err, size_t errlen)
{
	static int done;

	if (done)
		return 0;
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
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
	CURL *c = curl_easy_init();
	long ms = (long)(timeout_s * 1000.0);

	if (c == NULL)
		return NULL;
	curl_easy_setopt(c, CURLOPT_URL, url);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, ms > 0 ? ms : 1L);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, ms > 0 ? ms : 1L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(c, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, take);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, b);
	curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, progress);
	curl_easy_setopt(c, CURLOPT_XFERINFODATA, b);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, cerr);
	curl_easy_setopt(c, CURLOPT_USERAGENT, "specdec/" PACKAGE_VERSION);
	curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)METRICS_BODY_MAX);
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
		    cerr : curl_easy_strerror(rc));
	else
		snprintf(err, errlen, "%s", cerr[0] != '\0' ? cerr : curl_easy_strerror(rc));
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

	if ((c = request(url, timeout_s, &b, cerr)) == NULL) {
		snprintf(err, errlen, "libcurl could not start a request");
		return -1;
	}
	rc = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
	curl_easy_cleanup(c);
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
metrics_http_available(void)
{
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
