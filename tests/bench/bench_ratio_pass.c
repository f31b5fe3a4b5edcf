/* bench_ratio_pass.c: the time of the dense passes over one pair, per block of
 * four tokens, at vocabularies whose pair fits the level-1 data cache (V 1,000:
 * 16 KB) and does not (V 5,000: 80 KB; 50,000: 800 KB): the overlap, the ratio
 * CDF of one token, and the two in one pass (pdist_overlap_ratio_cdf). If a
 * pass took its time in cache misses, its time a block would grow with V. Not
 * built by make; docs/performance.md gives the command. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dist/pdist.h"
#include "util/rng.h"

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The best of 9 timings of the three passes over a random pair of n tokens. */
static void
bench(size_t n)
{
	double *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
	double sp = 0.0, sq = 0.0, best[3] = { 1e9, 1e9, 1e9 }, sink = 0.0, c;
	long reps = (long)(100000000 / n), k;
	struct pdist dp = pdist_dense(p, n), dq = pdist_dense(q, n);
	struct rng r;
	size_t i;
	int round, j;

	rng_seed(&r, 21, 0);
	for (i = 0; i < n; i++) {
		sp += p[i] = rng_uniform(&r) + 1e-3;
		sq += q[i] = rng_uniform(&r) + 1e-3;
	}
	for (i = 0; i < n; i++) {
		p[i] /= sp;
		q[i] /= sq;
	}
	for (round = 0; round < 9; round++) {
		double t[4];

		t[0] = now();
		for (k = 0; k < reps; k++)
			sink += pdist_overlap(&dp, &dq);
		t[1] = now();
		for (k = 0; k < reps; k++)
			sink += pdist_ratio_cdf(&dp, &dq, (size_t)k % n);
		t[2] = now();
		for (k = 0; k < reps; k++)
			sink += pdist_overlap_ratio_cdf(&dp, &dq, (size_t)k % n, &c) + c;
		t[3] = now();
		for (j = 0; j < 3; j++) {
			double ns = (t[j + 1] - t[j]) / (double)reps / (double)(n / 4) * 1e9;

			best[j] = ns < best[j] ? ns : best[j];
		}
	}
	printf("V %6zu, pair %4zu KB: ns a block of 4 (min of 9): overlap %.2f, "
	    "ratio CDF %.2f, both in one pass %.2f%s\n", n, 2 * n * sizeof *p / 1000,
	    best[0], best[1], best[2], sink > 0.0 ? "" : " ?");
	free(p);
	free(q);
}

int
main(void)
{
	bench(1000);
	bench(5000);
	bench(50000);
	return 0;
}
