/* draws.h: tests of random draws against the distribution they should follow,
 * by Pearson's chi-square (chisq.h). A point passes at p > 0.001 with no draw
 * where nothing is expected: a correct sampler fails it once in a thousand
 * runs at most, and the tests' seeds are fixed. */
#ifndef SPECDEC_DRAWS_H
#define SPECDEC_DRAWS_H

#include <stddef.h>
#include <stdint.h>

struct pdist;

/* One TAP point: count[0..n) (draws in all) against draws * prob / total;
 * what names it. Returns whether it passed. */
int draws_check(const uint64_t *count, const double *prob, double total,
    size_t n, const char *what);

/* One TAP point: draws tokens from p with pdist_sample (rng seeded with seed)
 * against p itself. */
int draws_sample(const struct pdist *p, uint64_t seed, long draws, const char *what);

#endif
