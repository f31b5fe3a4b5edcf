/* metrics_text.h: what every line reader of src/metrics/ needs to read text:
 * numbers, counts, and the error that quotes the line. Depends on nothing else
 * of src/metrics/, so the readers and the driver all sit above it. */
#ifndef SPECDEC_METRICS_TEXT_H
#define SPECDEC_METRICS_TEXT_H

#include <stddef.h>

/* A reader's failure: the reason into err as "line N: WHY: 'LINE'" (the line
 * quoted, cut to METRICS_QUOTE_MAX bytes); returns -1. */
int metrics_fail(char *err, size_t errlen, size_t lineno, const char *line, size_t len,
    const char *why);

/* A number of number.h's grammar at *s (after spaces), ending at a space, comma,
 * parenthesis, percent sign, slash or the end; *s moves past it. 0 or -1. */
int metrics_number(const char **s, const char *end, double *v);

/* The number after key in line: *found says whether key is there (*v untouched
 * when not); -1 when key is there and no number follows. */
int metrics_number_after(const char *line, const char *end, const char *key, double *v,
    int *found);

/* v is a count of events: a whole number from 0 to 1e18. */
int metrics_is_count(double v);

#endif
