/* rng.c: xoshiro256** with splitmix64 seeding, uniform, ziggurat normal (one at a
 * time and four lanes at a time), categorical. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "util/fastexp.h"
#include "util/rng.h"
#include "util/simd.h"

#define ZIG_BITS 9
#define ZIG_LAYERS (1 << ZIG_BITS)
#define ZIG_R 3.852046150368391		/* start of the tail */
#define ZIG_AREA 2.456766351541357e-3	/* area of each layer */

/* Built once, by the first rng_seed of any thread (sweep threads seed their own
 * generators at once). */
static double zig_x[ZIG_LAYERS + 1];
static double zig_ratio[ZIG_LAYERS];
static double zig_f[ZIG_LAYERS + 1];	/* the density exp(-x^2 / 2) at zig_x */
static pthread_once_t zig_once = PTHREAD_ONCE_INIT;

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Layer edges of the ziggurat: x[0] is the base layer's virtual width. */
static void
zig_init(void)
{
	double f = exp(-0.5 * ZIG_R * ZIG_R);
	int i;

	zig_x[0] = ZIG_AREA / f;
	zig_x[1] = ZIG_R;
	zig_x[ZIG_LAYERS] = 0.0;
	for (i = 2; i < ZIG_LAYERS; i++) {
		zig_x[i] = sqrt(-2.0 * log(ZIG_AREA / zig_x[i - 1] + f));
		f = exp(-0.5 * zig_x[i] * zig_x[i]);
	}
	for (i = 0; i < ZIG_LAYERS; i++)
		zig_ratio[i] = zig_x[i + 1] / zig_x[i];
	for (i = 0; i <= ZIG_LAYERS; i++)
		zig_f[i] = exp(-0.5 * zig_x[i] * zig_x[i]);
}

void
rng_seed(struct rng *rng, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ULL);
	int i;

	for (i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&x);
	for (i = 0; i < 16; i++)
		rng->lane[i % 4][i / 4] = splitmix64(&x);
	pthread_once(&zig_once, zig_init);
}

/* Uniform in (0, 1], safe for log(). */
static double
uniform_open0(struct rng *rng)
{
	return ((double)(rng_next(rng) >> 11) + 1.0) * 0x1.0p-53;
}

static double
normal_tail(struct rng *rng, int negative)
{
	double x, y;

	do {
		x = log(uniform_open0(rng)) / ZIG_R;
		y = log(uniform_open0(rng));
	} while (-2.0 * y < x * x);
	return negative ? x - ZIG_R : ZIG_R - x;
}

/* The rare path: the base layer's tail, or a point in a layer's wedge. Kept out of
 * line so the common path stays a small leaf function. NAN asks for another try. */
static double __attribute__((noinline))
normal_slow(struct rng *rng, unsigned layer, double u)
{
	double x, y;

	if (layer == 0)
		return normal_tail(rng, u < 0.0);
	x = u * zig_x[layer];
	/* a height uniform over the layer, under the density at x? */
	y = zig_f[layer] + rng_uniform(rng) * (zig_f[layer + 1] - zig_f[layer]);
	if (y < fast_exp_nonpositive(-0.5 * x * x))
		return x;
	return NAN;
}

static inline double
normal_draw(struct rng *rng)
{
	for (;;) {
		uint64_t bits = rng_next(rng);
		double u = 2.0 * ((double)(bits >> 11) * 0x1.0p-53) - 1.0;
		unsigned layer = (unsigned)(bits & (ZIG_LAYERS - 1));
		double x;

		if (fabs(u) < zig_ratio[layer])
			return u * zig_x[layer];
		x = normal_slow(rng, layer, u);
		if (!isnan(x))
			return x;
	}
}

double
rng_normal(struct rng *rng)
{
	return normal_draw(rng);
}

/* A lane's point (layer, u) that fell outside its layer's rectangle: the wedge or
 * tail test from the main state, and a fresh scalar draw when that rejects. */
static double
normal_settle(struct rng *rng, unsigned layer, double u)
{
	double x = normal_slow(rng, layer, u);

	return isnan(x) ? normal_draw(rng) : x;
}

/* The next output of lane l: xoshiro256+ (Blackman and Vigna 2018), whose
 * weak low bits (of low linear complexity) end up only in the last bits of u
 * below; four of them step together as one vector in the fill. */
static uint64_t
lane_next(struct rng *rng, int l)
{
	uint64_t (*s)[4] = rng->lane;
	uint64_t result = s[0][l] + s[3][l], t = s[1][l] << 17;

	s[2][l] ^= s[0][l];
	s[3][l] ^= s[1][l];
	s[1][l] ^= s[2][l];
	s[0][l] ^= s[3][l];
	s[2][l] ^= t;
	s[3][l] = (s[3][l] << 45) | (s[3][l] >> 19);
	return result;
}

/* The ziggurat's point of a lane's output bits, as the vector fill computes it
 * (the same operations on one lane): the layer from the top ZIG_BITS bits, u in
 * [-1, 1) from the 52 below them (exactly 2 d - 3 for d in [1, 2)); whether it
 * lies in its layer's rectangle. */
static int
lane_point(uint64_t bits, unsigned *layer, double *u)
{
	uint64_t one = ((bits << ZIG_BITS) >> 12) | 0x3ff0000000000000ULL;
	double d;

	memcpy(&d, &one, sizeof d);
	*u = (d + d) - 3.0;
	*layer = (unsigned)(bits >> (64 - ZIG_BITS));
	return fabs(*u) < zig_ratio[*layer];
}

/* One settled value x at index i of a fill: out[i] = base[i] + scale x (as the
 * fill computes it), and w[i] = its exponential when w is not NULL; the sum of
 * w, or else the largest value, is carried in acc. */
static double
fill_put(double *out, const double *base, double scale, double shift, double *w,
    size_t i, double x, double acc)
{
	double z = base != NULL ? base[i] + scale * x : x;

	if (out != NULL)
		out[i] = z;
	if (w == NULL)
		return z > acc ? z : acc;
	w[i] = fast_exp_nonpositive(z - shift);
	return acc + w[i];
}

/* Settle the lanes outside their rectangle in the blocks held (at[k]: the
 * block's first index, outside[k]: the bits of those lanes, held[k]: its four
 * outputs), in order, through fill_put. */
static double
settle_pending(struct rng *rng, double *out, const double *base, double scale,
    double shift, double *w, const size_t *at, const int *outside, const void *held,
    int pending, double acc)
{
	const uint64_t *bits = held;
	unsigned layer, left;
	double u;
	int k, l;

	for (k = 0; k < pending; k++)	/* the lanes outside, lowest first: a loop
					 * that runs once, mostly, not four tests
					 * of random bits */
		for (left = (unsigned)outside[k]; left != 0; left &= left - 1) {
			l = __builtin_ctz(left);
			lane_point(bits[4 * k + l], &layer, &u);
			acc = fill_put(out, base, scale, shift, w, at[k] + (size_t)l,
			    normal_settle(rng, layer, u), acc);
		}
	return acc;
}

/* The last n % 4 values of a fill at index from: one more output of the lanes,
 * settled at once, lane by lane (the same in every build). */
static double
fill_rest(struct rng *rng, double *out, const double *base, double scale,
    double shift, double *w, size_t from, size_t n, double acc)
{
	uint64_t bits[4];
	unsigned layer;
	double u;
	size_t l;

	for (l = 0; l < 4; l++)
		bits[l] = lane_next(rng, (int)l);
	for (l = 0; l < n - from; l++) {
		double x = lane_point(bits[l], &layer, &u) ? u * zig_x[layer] :
		    normal_settle(rng, layer, u);

		acc = fill_put(out, base, scale, shift, w, from + l, x, acc);
	}
	return acc;
}

#define KERN_BODY "util/rng_fill_body.h"
#include "util/simd_kern.h"

/* Both fills: the blocks of four, then the rest. */
static double
fill(struct rng *rng, double *out, const double *base, double scale, size_t n,
    double shift, double *w)
{
	size_t whole = n - n % 4;
	double acc;

	acc = DISPATCH(fill_blocks, (rng, out, base, scale, whole, shift, w));
	if (whole == n)
		return acc;
	return fill_rest(rng, out, base, scale, shift, w, whole, n, acc);
}

double
rng_normal_fill_max(struct rng *rng, double *out, const double *base, double scale,
    size_t n)
{
	return fill(rng, out, base, scale, n, 0.0, NULL);
}

double
rng_normal_fill_exp(struct rng *rng, double *out, const double *base, double scale,
    size_t n, double shift, double *w)
{
	return fill(rng, out, base, scale, n, shift, w);
}

void
rng_normal_fill(struct rng *rng, double *out, size_t n)
{
	fill(rng, out, NULL, 1.0, n, 0.0, NULL);
}

/* The index in [start, end) at which the running sum of w (acc before start)
 * first exceeds target, else end; *last is set to the last positive weight seen. */
static size_t
scan_block(const double *w, size_t start, size_t end, double target, double acc,
    size_t *last)
{
	size_t i;

	for (i = start; i < end; i++) {
		if (w[i] <= 0.0)
			continue;
		acc += w[i];
		*last = i;
		if (target < acc)
			return i;
	}
	return end;
}

/* ((w0 + w1) + (w2 + w3)) + ((w4 + w5) + (w6 + w7)), as rng_categorical sums a
 * block. */
static double
block_sum(const double *w)
{
	return ((w[0] + w[1]) + (w[2] + w[3])) + ((w[4] + w[5]) + (w[6] + w[7]));
}

/* Blocks of 8 weights are summed as a tree (independent additions), so the long
 * scan costs one dependent addition per block; the block where the running sum
 * passes the target is then walked one weight at a time. */
size_t
rng_categorical(struct rng *rng, const double *w, size_t n, double total)
{
	double target = rng_uniform(rng) * total;
	double acc = 0.0;
	size_t i, last = 0, last_block = n, tail_last = n, hit;

	for (i = 0; i + 8 <= n; i += 8) {
		double b = block_sum(w + i);

		if (b > 0.0)
			last_block = i;
		if (target < acc + b &&
		    (hit = scan_block(w, i, i + 8, target, acc, &last)) < i + 8)
			return hit;
		acc += b;
	}
	if ((hit = scan_block(w, i, n, target, acc, &tail_last)) < n)
		return hit;
	if (tail_last < n)
		return tail_last;
	if (last_block < n)
		scan_block(w, last_block, last_block + 8, INFINITY, 0.0, &last);
	return last;
}

void
rng_blocks_fill(struct rng_blocks *b, const double *w, size_t n)
{
	double acc = 0.0;
	size_t i;

	b->last = n / 8;
	for (i = 0; i + 8 <= n; i += 8) {
		double s = block_sum(w + i);

		if (s > 0.0)
			b->last = i / 8;
		b->run[i / 8] = acc += s;
	}
	b->filled = 1;
}

/* rng_categorical's loop enters the first block whose running sum passes the
 * target (the sums only rise) and, when rounding leaves the scan of one short,
 * the blocks after it; what follows the blocks is its own. */
size_t
rng_categorical_blocks(struct rng *rng, const double *w, size_t n,
    const struct rng_blocks *b, double total)
{
	double target = rng_uniform(rng) * total;
	size_t nb = n / 8, lo = 0, hi = nb, k, last = 0, tail_last = n, hit;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (target < b->run[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	for (k = lo; k < nb; k++)
		if ((hit = scan_block(w, 8 * k, 8 * k + 8, target, k > 0 ? b->run[k - 1] :
		    0.0, &last)) < 8 * k + 8)
			return hit;
	if ((hit = scan_block(w, 8 * nb, n, target, nb > 0 ? b->run[nb - 1] : 0.0,
	    &tail_last)) < n)
		return hit;
	if (tail_last < n)
		return tail_last;
	if (b->last < nb)
		scan_block(w, 8 * b->last, 8 * b->last + 8, INFINITY, 0.0, &last);
	return last;
}

/* The entries k0..*k1-1 of the block of 8 indices from i written out in blk;
 * *k1 is the first entry past it. */
static void
sparse_block(const uint32_t *id, const double *w, size_t m, size_t i, size_t k0,
    size_t *k1, double *blk)
{
	size_t k;

	memset(blk, 0, 8 * sizeof *blk);
	for (k = k0; k < m && id[k] < i + 8; k++)
		blk[id[k] - i] = w[k];
	*k1 = k;
}

size_t
rng_categorical_sparse(struct rng *rng, const uint32_t *id, const double *w,
    size_t m, size_t n, double total)
{
	double target = rng_uniform(rng) * total;
	double acc = 0.0, blk[8];
	size_t n8 = n - n % 8, k = 0, k1, i, at, hit;
	size_t last = 0, last_block = n, last_k = 0, tail_last = n;

	while (k < m && id[k] < n8) {	/* the blocks with entries, as whole ones */
		double b;

		i = id[k] - id[k] % 8;
		sparse_block(id, w, m, i, k, &k1, blk);
		b = block_sum(blk);
		if (b > 0.0) {
			last_block = i;
			last_k = k;
		}
		at = 8;
		if (target < acc + b &&
		    (hit = scan_block(blk, 0, 8, target, acc, &at)) < 8)
			return i + hit;
		if (at < 8)
			last = i + at;
		acc += b;
		k = k1;
	}
	for (; k < m; k++) {		/* the tail, one weight at a time */
		if (w[k] <= 0.0)
			continue;
		acc += w[k];
		tail_last = id[k];
		if (target < acc)
			return id[k];
	}
	if (tail_last < n)
		return tail_last;
	if (last_block < n) {
		sparse_block(id, w, m, last_block, last_k, &k1, blk);
		at = 8;
		scan_block(blk, 0, 8, INFINITY, 0.0, &at);
		last = last_block + at;
	}
	return last;
}

size_t
rng_categorical_cum(struct rng *rng, const double *cum, const double *w, size_t n)
{
	double target = rng_uniform(rng) * cum[n - 1];
	size_t lo = 0, hi = n - 1, i;

	while (lo < hi) {	/* the first i with cum[i] > target, else n - 1 */
		size_t mid = lo + (hi - lo) / 2;
		size_t above = -(size_t)(cum[mid] > target);	/* all ones or 0 */

		/* both bounds by masks, not by a branch that the target makes a
		 * coin toss (a misprediction a probe, half the time) */
		hi = (mid & above) | (hi & ~above);
		lo = (lo & above) | ((mid + 1) & ~above);
	}
	for (i = lo; i > 0 && w[i] <= 0.0; i--)	/* rounding's ties: a positive one */
		;
	for (; i < n - 1 && w[i] <= 0.0; i++)
		;
	return i;
}
