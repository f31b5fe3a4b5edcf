/* rng.h: the seeded random generator (xoshiro256**, Blackman and Vigna 2018),
 * seeded through splitmix64, with the draws the simulation needs. */
#ifndef SPECDEC_RNG_H
#define SPECDEC_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t s[4];
};

/* Seed the generator; the same seed gives the same stream on every run and machine.
 * stream selects an independent sequence for the same seed (0 for the sampler,
 * 1 for the reference stream, ...). */
void rng_seed(struct rng *rng, uint64_t seed, uint64_t stream);

/* Next raw 64-bit output. */
uint64_t rng_next(struct rng *rng);

/* Uniform double in [0, 1), 53 random bits. */
double rng_uniform(struct rng *rng);

/* Standard normal N(0, 1) by the ziggurat method (Marsaglia and Tsang 2000,
 * with Doornik's 2005 correction: independent bits for layer and value). */
double rng_normal(struct rng *rng);

/* Index i in [0, n) drawn with probability w[i] / total, where total is the sum of the
 * non-negative weights w (pass it in; it need not be 1). Never returns an index
 * whose weight is zero, provided some weight is positive. */
size_t rng_categorical(struct rng *rng, const double *w, size_t n, double total);

#endif
