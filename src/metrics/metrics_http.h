/* metrics_http.h: one GET of a /metrics endpoint over HTTP or HTTPS, through
 * libcurl where the build has it (configure --with-libcurl), loaded only when a
 * URL is read. The whole request
 * (connect, send, read every byte) is bounded by a timeout; a body larger than
 * METRICS_BODY_MAX is refused, not held. Safe to call from a thread other than
 * the main one once metrics_http_init has run. */
#ifndef SPECDEC_METRICS_HTTP_H
#define SPECDEC_METRICS_HTTP_H

#include <stddef.h>

#define METRICS_BODY_MAX (4u << 20)	/* bytes of a body read: 4 MiB */

/* s is a URL of the form --metrics takes: it starts with http:// or https://. */
int metrics_http_is_url(const char *s);

/* The build reads URLs: it has libcurl, and libcurl loads (it is opened here,
 * the first time: call it from the main thread). 1, or 0 with one line in err
 * naming the library. */
int metrics_http_available(char *err, size_t errlen);

/* Once, in the main thread, before any thread fetches (it loads libcurl). 0,
 * or -1 with err. */
int metrics_http_init(char *err, size_t errlen);

/* GET url within timeout_s seconds: the body (NUL-terminated after *len bytes,
 * to free) into *body. cancel (NULL: none) is asked about once a second and
 * ends the transfer when it returns non-zero. 0, or -1 with one line in err (no
 * URL in it: the caller names the endpoint): cannot connect, timed out, an
 * HTTP status other than 200, a body over METRICS_BODY_MAX, a transfer cut
 * short. */
int metrics_http_get(const char *url, double timeout_s, int (*cancel)(void *), void *arg,
    char **body, size_t *len, char *err, size_t errlen);

#endif
