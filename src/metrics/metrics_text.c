/* metrics_text.c: numbers, counts and quoted errors for the metrics line
 * readers (metrics_text.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "metrics/metrics_text.h"
#include "util/number.h"

int
metrics_fail(char *err, size_t errlen, size_t lineno, const char *line, size_t len,
    const char *why)
{
	int cut = len > METRICS_QUOTE_MAX;

	snprintf(err, errlen, "line %zu: %s: '%.*s%s'", lineno, why,
	    (int)(cut ? METRICS_QUOTE_MAX : len), line, cut ? "..." : "");
	return -1;
}

int
metrics_number(const char **s, const char *end, double *v)
{
	const char *t = *s, *u;
	const char *why;
	char buf[64];

	while (t < end && (*t == ' ' || *t == '\t'))
		t++;
	for (u = t; u < end && !strchr(" \t,()%/", *u); u++)
		;
	if (u == t || (size_t)(u - t) >= sizeof buf || number_check(t, (size_t)(u - t),
	    0, &why) != 0)
		return -1;
	memcpy(buf, t, (size_t)(u - t));
	buf[u - t] = '\0';
	*v = strtod(buf, NULL);
	if (!isfinite(*v))
		return -1;
	*s = u;
	return 0;
}

int
metrics_number_after(const char *line, const char *end, const char *key, double *v,
    int *found)
{
	const char *s = strstr(line, key);

	*found = s != NULL;
	if (s == NULL)
		return 0;
	s += strlen(key);
	return metrics_number(&s, end, v);
}

int
metrics_is_count(double v)
{
	return v >= 0.0 && v <= 1e18 && v == floor(v);
}
