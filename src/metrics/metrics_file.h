/* metrics_file.h: --metrics FILE: read a serving system's metrics from a file
 * or, for "-", from standard input, and parse them (metrics.h). A log of a live
 * endpoint's scrapes (--metrics-log, metrics_live.h) is replayed poll by poll,
 * counter resets counted as a live poller counts them; any other file is one
 * text, in which a counter that goes down is refused. */
#ifndef SPECDEC_METRICS_FILE_H
#define SPECDEC_METRICS_FILE_H

#include <stddef.h>

#include "metrics/metrics.h"

/* Read and parse path ("-": standard input) into *m; gamma_hint as for
 * metrics_parse. 0, or -1 with "path: reason" in err (errmsg.h). */
int metrics_file_read(const char *path, int gamma_hint, struct metrics *m, char *err,
    size_t errlen);

struct metrics_live_info;

/* The same, and for a log its polls, resets and requests running into *info
 * (NULL: not wanted; zeros for a file that is not a log). */
int metrics_file_read_info(const char *path, int gamma_hint, struct metrics *m,
    struct metrics_live_info *info, char *err, size_t errlen);

#endif
