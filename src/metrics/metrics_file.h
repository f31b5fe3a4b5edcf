/* metrics_file.h: --metrics FILE: read a serving system's metrics from a file
 * or, for "-", from standard input, and parse them (metrics.h). */
#ifndef SPECDEC_METRICS_FILE_H
#define SPECDEC_METRICS_FILE_H

#include <stddef.h>

#include "metrics/metrics.h"

/* Read and parse path ("-": standard input) into *m; gamma_hint as for
 * metrics_parse. 0, or -1 with "path: reason" in err (errmsg.h). */
int metrics_file_read(const char *path, int gamma_hint, struct metrics *m, char *err,
    size_t errlen);

#endif
