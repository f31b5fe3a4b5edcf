/* rng.c: xoshiro256** with splitmix64 seeding, uniform, ziggurat normal, categorical. */
#include "config.h"

#include <math.h>
#include <pthread.h>

#include "util/rng.h"

#define ZIG_LAYERS 128
#define ZIG_R 3.442619855899		/* start of the tail */
#define ZIG_AREA 9.91256303526217e-3	/* area of each layer */

/* Built once, by the first rng_seed of any thread (sweep threads seed their own
 * generators at once). */
static double zig_x[ZIG_LAYERS + 1];
static double zig_ratio[ZIG_LAYERS];
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
}

void
rng_seed(struct rng *rng, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ULL);
	int i;

	for (i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&x);
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
	double x, f0, f1;

	if (layer == 0)
		return normal_tail(rng, u < 0.0);
	x = u * zig_x[layer];
	f0 = exp(-0.5 * (zig_x[layer] * zig_x[layer] - x * x));
	f1 = exp(-0.5 * (zig_x[layer + 1] * zig_x[layer + 1] - x * x));
	if (f1 + rng_uniform(rng) * (f0 - f1) < 1.0)
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

void
rng_normal_fill(struct rng *rng, double *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = normal_draw(rng);
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
		double b = ((w[i] + w[i + 1]) + (w[i + 2] + w[i + 3])) +
		    ((w[i + 4] + w[i + 5]) + (w[i + 6] + w[i + 7]));

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
