/* metrics_parse.h: the parser's two halves, for a reader that keeps series
 * between texts (a live poller, metrics_live.h): a text into an accumulator,
 * and an accumulator into struct metrics. metrics_parse (metrics.h) is the two
 * in a row. Internal to src/metrics/. */
#ifndef SPECDEC_METRICS_PARSE_H
#define SPECDEC_METRICS_PARSE_H

#include <stddef.h>

#include "metrics/metrics_acc.h"

/* Read text (len bytes, NUL-terminated after them) into *a, which it clears
 * first, and its format's row into *format, without bringing the series to
 * sums: a live poller takes each scrape's series this way (metrics_live.h).
 * 0, or -1 with err as metrics_parse gives it; *a is to be freed either way. */
int metrics_parse_acc(const char *text, size_t len, struct metrics_acc *a, int *format,
    char *err, size_t errlen);

/* The series of *a into sums and the sums into *m by the conventions of
 * format's row; gamma_hint as for metrics_parse. 0, or -1 with err. */
int metrics_parse_finish(struct metrics_acc *a, int format, int gamma_hint,
    struct metrics *m, char *err, size_t errlen);

#endif
