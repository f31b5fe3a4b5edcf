/* parallel.h: run n independent jobs on threads. Each job writes only its own
 * result, so the results do not depend on how many threads ran them. */
#ifndef SPECDEC_PARALLEL_H
#define SPECDEC_PARALLEL_H

#include <stddef.h>

/* One job: 0, or -1 with one line in err (errmsg.h). */
typedef int (*parallel_job)(void *ctx, int i, char *err, size_t errlen);

/* The threads to use for a request of 0 (every online processor) or n. */
int parallel_threads(int asked);

/* Run job(ctx, i) for i = 0..n-1 on threads threads (1: in the calling thread).
 * After a failure no new job starts; the first failure's line goes to err. With
 * progress, a bar on stderr says how many jobs are done (what names them), and is
 * cleared at the end. 0, or -1. */
int parallel_run(parallel_job job, void *ctx, int n, int threads, int progress,
    const char *what, char *err, size_t errlen);

#endif
