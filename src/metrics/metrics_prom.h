/* metrics_prom.h: the reader of Prometheus text exposition lines, which every
 * Prometheus format's row uses with its own table of metrics (metrics_format.h).
 * Internal to src/metrics/. */
#ifndef SPECDEC_METRICS_PROM_H
#define SPECDEC_METRICS_PROM_H

#include <stddef.h>

#include "metrics/metrics_format.h"

/* One line: a sample of a metric in r->self->prom goes to the accumulator
 * (metrics_acc_sample); comments and other metrics are passed over; a sample of
 * another format's metrics, or a line that is not a sample, is refused. 0, or
 * -1 with *why. */
int metrics_prom_line(const struct metrics_reader *r, const char *line, size_t len,
    const char **why);

#endif
