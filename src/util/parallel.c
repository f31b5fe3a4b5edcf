/* parallel.c: a job counter under a mutex, shared by a few POSIX threads. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/clock.h"
#include "util/errmsg.h"
#include "util/parallel.h"
#include "util/xalloc.h"

#define THREADS_LIMIT 256
#define BAR_WIDTH 30
#define PROGRESS_SECONDS 0.1

struct pool {
	pthread_mutex_t lock;
	parallel_job job;
	void *ctx;
	int n, next, done, failed, progress;
	const char *what;
	double last;
	char err[ERRMSG_MAX];
};

int
parallel_threads(int asked)
{
	long cores;

	if (asked > 0)
		return asked < THREADS_LIMIT ? asked : THREADS_LIMIT;
	cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores < 1 ? 1 : cores > THREADS_LIMIT ? THREADS_LIMIT : (int)cores;
}

/* The bar, under the lock, at most every PROGRESS_SECONDS. */
static void
show_progress(struct pool *p)
{
	char bar[BAR_WIDTH + 1];
	int fill = p->done * BAR_WIDTH / p->n;
	double t = clock_seconds();

	if (!p->progress || (t - p->last < PROGRESS_SECONDS && p->done < p->n))
		return;
	p->last = t;
	memset(bar, '#', (size_t)fill);
	memset(bar + fill, '.', (size_t)(BAR_WIDTH - fill));
	bar[BAR_WIDTH] = '\0';
	fprintf(stderr, "\rspecdec: [%s] %d of %d %s ", bar, p->done, p->n, p->what);
}

static void *
worker(void *arg)
{
	struct pool *p = arg;
	char err[ERRMSG_MAX];
	int i, rc;

	for (;;) {
		pthread_mutex_lock(&p->lock);
		i = p->failed || p->next >= p->n ? -1 : p->next++;
		pthread_mutex_unlock(&p->lock);
		if (i < 0)
			return NULL;
		rc = p->job(p->ctx, i, err, sizeof err);
		pthread_mutex_lock(&p->lock);
		p->done++;
		if (rc != 0 && !p->failed) {
			p->failed = 1;
			snprintf(p->err, sizeof p->err, "%s", err);
		}
		show_progress(p);
		pthread_mutex_unlock(&p->lock);
	}
}

/* Start threads - 1 helpers, work in this thread too, then join them. */
static void
run_threads(struct pool *p, int threads)
{
	pthread_t *tid = xreallocarray(NULL, (size_t)threads, sizeof *tid);
	int i, started = 0;

	for (i = 1; i < threads; i++)
		if (pthread_create(&tid[started], NULL, worker, p) == 0)
			started++;
	worker(p);
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	free(tid);
}

int
parallel_run(parallel_job job, void *ctx, int n, int threads, int progress,
    const char *what, char *err, size_t errlen)
{
	struct pool p;

	memset(&p, 0, sizeof p);
	pthread_mutex_init(&p.lock, NULL);
	p.job = job;
	p.ctx = ctx;
	p.n = n;
	p.progress = progress && n > 0;
	p.what = what;
	p.last = clock_seconds();
	run_threads(&p, threads < n ? threads : n > 0 ? n : 1);
	pthread_mutex_destroy(&p.lock);
	if (p.progress)
		fprintf(stderr, "\r%*s\r", BAR_WIDTH + 40, "");
	if (p.failed)
		snprintf(err, errlen, "%s", p.err);
	return p.failed ? -1 : 0;
}
