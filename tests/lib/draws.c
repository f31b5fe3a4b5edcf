/* draws.c: chi-square tests of random draws for the unit tests. */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>

#include "stats/chisq.h"
#include "lib/draws.h"
#include "dist/pdist.h"
#include "util/rng.h"
#include "lib/tap.h"

int
draws_check(const uint64_t *count, const double *prob, double total,
    size_t n, const char *what)
{
	double *expect = malloc(n * sizeof *expect);
	uint64_t draws = 0;
	struct chisq_result c;
	size_t i;

	for (i = 0; i < n; i++)
		draws += count[i];
	for (i = 0; i < n; i++)
		expect[i] = (double)draws * prob[i] / total;
	c = chisq_test(count, expect, n);
	free(expect);
	return tap_ok(c.p_value > 0.001 && c.impossible == 0, "%s: chi2 %.2f df %d p %.4f, "
	    "%" PRIu64 " draws where nothing is expected", what, c.statistic, c.df, c.p_value,
	    c.impossible);
}

int
draws_sample(const struct pdist *p, uint64_t seed, long draws, const char *what)
{
	uint64_t *count = calloc(p->vocab, sizeof *count);
	double *dp = malloc(p->vocab * sizeof *dp);
	struct rng r;
	long i;
	int ok;

	rng_seed(&r, seed, 0);
	for (i = 0; i < draws; i++)
		count[pdist_sample(p, &r)]++;
	pdist_densify(p, dp);
	ok = draws_check(count, dp, 1.0, p->vocab, what);
	free(count);
	free(dp);
	return ok;
}
