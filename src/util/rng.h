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

/* Next raw 64-bit output (inline: the sampler calls it in its inner loops). */
static inline uint64_t
rng_next(struct rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t x = s[1] * 5;
	uint64_t result = ((x << 7) | (x >> 57)) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/* Uniform double in [0, 1), 53 random bits. */
static inline double
rng_uniform(struct rng *rng)
{
	return (double)(rng_next(rng) >> 11) * 0x1.0p-53;
}

/* Standard normal N(0, 1) by the ziggurat method (Marsaglia and Tsang 2000),
 * 128 layers; layer and value come from disjoint bits of one draw (Doornik 2005). */
double rng_normal(struct rng *rng);

/* out[0..n-1] = independent standard normals; the same values, in order, as n calls
 * of rng_normal, only faster. */
void rng_normal_fill(struct rng *rng, double *out, size_t n);

/* Index i in [0, n) drawn with probability w[i] / total, where total is the sum of the
 * non-negative weights w (pass it in; it need not be 1). Never returns an index
 * whose weight is zero, provided some weight is positive. */
size_t rng_categorical(struct rng *rng, const double *w, size_t n, double total);

#endif
