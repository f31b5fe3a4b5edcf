/* rng.h: the seeded random generator (xoshiro256**, Blackman and Vigna 2018),
 * seeded through splitmix64, with the draws the simulation needs. Besides its own
 * state it keeps four xoshiro256+ generators, the lanes, which the normal fills
 * step together as one four-lane vector (xoshiro256+ is the one of the family
 * for floating point: one addition an output, its weak low bits unused). */
#ifndef SPECDEC_RNG_H
#define SPECDEC_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t s[4];
	uint64_t lane[4][4];	/* lane[w][l]: state word w of lane l */
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
 * 512 layers; layer and value come from disjoint bits of one draw (Doornik 2005). */
double rng_normal(struct rng *rng);

/* out[0..n-1] = independent standard normals, by the same ziggurat four at a time
 * from the lanes (a point outside a layer's rectangle, about one in 125, is
 * settled from the main state, as rng_normal does); the portable and the AVX2
 * build give the same values. Not the values of n calls of rng_normal. */
void rng_normal_fill(struct rng *rng, double *out, size_t n);

/* The fill fused with the uses the stub makes of it: out[i] = base[i] + scale N_i
 * (base NULL: out[i] = N_i, whatever scale), the N_i the normals rng_normal_fill
 * would give; returns the largest out[i] (-infinity when n is 0). */
double rng_normal_fill_max(struct rng *rng, double *out, const double *base,
    double scale, size_t n);

/* Every normal the generator gives lies within +-RNG_NORMAL_BOUND: the base
 * layer's tail reaches R - log(2^-53) / R = 13.39 (rng.c), the rest less. */
#define RNG_NORMAL_BOUND 13.5

/* The fill fused with a softmax's exponentials, the same values as
 * rng_normal_fill_max: out[i] = base[i] + scale N_i (out may be NULL: then only
 * w), w[i] = exp(out[i] - shift) by fast_exp_nonpositive (util/fastexp.h;
 * shift must be at least every out[i], RNG_NORMAL_BOUND for plain normals);
 * returns the sum of w. */
double rng_normal_fill_exp(struct rng *rng, double *out, const double *base,
    double scale, size_t n, double shift, double *w);

/* Index i in [0, n) drawn with probability w[i] / total, where total is the sum of the
 * non-negative weights w (pass it in; it need not be 1). Never returns an index
 * whose weight is zero, provided some weight is positive. */
size_t rng_categorical(struct rng *rng, const double *w, size_t n, double total);

/* rng_categorical for weights w whose running sums cum (cum[i] = w[0] + ... +
 * w[i], in any order of addition) are at hand: one uniform, as rng_categorical
 * takes, and a binary search for the first running sum above u cum[n-1] (sums
 * that rounding leaves a unit out of order move a draw's chance by that
 * rounding). Never returns an index whose weight is zero, provided some weight
 * is positive. */
size_t rng_categorical_cum(struct rng *rng, const double *cum, const double *w,
    size_t n);

/* rng_categorical over n weights of which only the m listed ones may be
 * positive: w[k] at index id[k], the ids ascending and distinct, every other
 * weight 0. The same uniform and the same index as rng_categorical on the
 * weights written out, at a cost in m, not n. */
size_t rng_categorical_sparse(struct rng *rng, const uint32_t *id, const double *w,
    size_t m, size_t n, double total);

/* rng_categorical's running sums over the blocks of 8 weights it sums, kept
 * beside a vector that is drawn from again and again (a cached n-gram row): a
 * draw is then a binary search over the blocks and a scan of one, and takes
 * the uniform and the index rng_categorical takes, bit for bit. run has
 * RNG_BLOCKS(n) entries; filled is 0 until rng_blocks_fill. */
#define RNG_BLOCKS(n) ((n) / 8 > 0 ? (n) / 8 : 1)

struct rng_blocks {
	double *run;		/* run[k]: the sum of blocks 0..k, added as the scan does */
	size_t last;		/* the last block with a positive sum, n / 8 if none */
	int filled;
};

/* The block sums of the n non-negative weights w into b (b->run allocated). */
void rng_blocks_fill(struct rng_blocks *b, const double *w, size_t n);

/* rng_categorical(rng, w, n, total) from w's filled block sums b. */
size_t rng_categorical_blocks(struct rng *rng, const double *w, size_t n,
    const struct rng_blocks *b, double total);

#endif
