/* memlimit.c: the input memory limit from the environment, and sizes in words. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/memlimit.h"

/* s as a size ("512M", "2G", "1048576"): 0 with *bytes, or -1 when it is not
 * one (empty, no digits, a bad suffix, zero, or beyond 2^64-1). */
static int
memlimit_parse(const char *s, uint64_t *bytes)
{
	static const char units[] = "KMGT";
	const char *u;
	uint64_t v = 0;
	int shift = 0, c;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (*s != '\0') {
		c = *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s;
		if ((u = strchr(units, c)) == NULL || s[1] != '\0')
			return -1;
		shift = 10 * (int)(u - units + 1);
	}
	if (v == 0 || v > UINT64_MAX >> shift)
		return -1;
	*bytes = v << shift;
	return 0;
}

int
memlimit_get(uint64_t *bytes, char *err, size_t errlen)
{
	const char *env = getenv(MEMLIMIT_ENV);

	*bytes = MEMLIMIT_DEFAULT;
	if (env == NULL || *env == '\0')
		return 0;
	if (memlimit_parse(env, bytes) == 0)
		return 0;
	snprintf(err, errlen, MEMLIMIT_ENV "='%s' is not a size: give bytes, or a "
	    "number with K, M, G or T (as in 4G)", env);
	return -1;
}

void
memlimit_format(uint64_t bytes, char *buf, size_t len)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
	double v = (double)bytes;
	int i = -1;

	while (v >= 1024.0 && i < 5) {
		v /= 1024.0;
		i++;
	}
	if (i < 0)
		snprintf(buf, len, "%llu byte%s", (unsigned long long)bytes,
		    bytes == 1 ? "" : "s");
	else if (v < 10.0 && v != (double)(long long)v)
		snprintf(buf, len, "%.1f %s", v, unit[i]);
	else
		snprintf(buf, len, "%.0f %s", v, unit[i]);
}
