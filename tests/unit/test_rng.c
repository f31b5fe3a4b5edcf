/* test_rng.c: reference outputs, reproducibility, moments, categorical draws. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "dist/dist.h"
#include "source/stub/stub_maxdraw.h"
#include "util/rng.h"
#include "lib/tap.h"

#define DRAWS 1000000

static void
test_reference_vector(void)
{
	struct rng r = { { 1, 2, 3, 4 }, { { 0 } } };

	tap_ok(rng_next(&r) == 11520ULL, "xoshiro256** output 1 from state {1,2,3,4}");
	tap_ok(rng_next(&r) == 0ULL, "xoshiro256** output 2");
	tap_ok(rng_next(&r) == 1509978240ULL, "xoshiro256** output 3");
	tap_ok(rng_next(&r) == 1215971899390074240ULL, "xoshiro256** output 4");
}

static void
test_reproducible(void)
{
	struct rng a, b, c;
	int i, same = 1, differs = 0, stream_differs = 0;

	rng_seed(&a, 42, 0);
	rng_seed(&b, 42, 0);
	rng_seed(&c, 43, 0);
	for (i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a), y = rng_next(&b), z = rng_next(&c);

		same &= x == y;
		differs |= x != z;
	}
	rng_seed(&a, 42, 0);
	rng_seed(&b, 42, 1);
	for (i = 0; i < 10; i++)
		stream_differs |= rng_next(&a) != rng_next(&b);
	tap_ok(same, "same seed, same stream: identical 1000 outputs");
	tap_ok(differs, "seeds 42 and 43 give different outputs");
	tap_ok(stream_differs, "streams 0 and 1 of one seed differ");
}

static void
test_uniform(void)
{
	struct rng r;
	double sum = 0.0, sum2 = 0.0, lo = 1.0, hi = 0.0;
	int i;

	rng_seed(&r, 7, 0);
	for (i = 0; i < DRAWS; i++) {
		double u = rng_uniform(&r);

		sum += u;
		sum2 += u * u;
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
	}
	tap_ok(lo >= 0.0 && hi < 1.0, "uniform draws lie in [0, 1): min %g max %g", lo, hi);
	/* standard error of the mean: sqrt(1/12 / 1e6) = 2.9e-4 */
	tap_near(sum / DRAWS, 0.5, 0.0015, "uniform mean");
	tap_near(sum2 / DRAWS - (sum / DRAWS) * (sum / DRAWS), 1.0 / 12.0, 0.001,
	    "uniform variance");
}

/* Moments of n normals from draw (rng_normal one at a time, or the lanes' fill
 * in blocks of 999, which leaves a partial vector at the end of each block). */
static void
check_normal_moments(int fill, const char *what)
{
	static double buf[999];
	struct rng r;
	double m1 = 0, m2 = 0, m3 = 0, m4 = 0, tail = 0;
	int i, k = 999;

	rng_seed(&r, 11, 0);
	for (i = 0; i < DRAWS; i++) {
		double x;

		if (!fill) {
			x = rng_normal(&r);
		} else {
			if (k == 999) {
				rng_normal_fill(&r, buf, 999);
				k = 0;
			}
			x = buf[k++];
		}
		m1 += x;
		m2 += x * x;
		m3 += x * x * x;
		m4 += x * x * x * x;
		tail += fabs(x) > 3.852046150368391;
	}
	tap_ok(fabs(m1 / DRAWS) <= 0.005, "%s: normal mean %g", what, m1 / DRAWS);
	tap_ok(fabs(m2 / DRAWS - 1.0) <= 0.007, "%s: normal variance %g", what, m2 / DRAWS);
	tap_ok(fabs(m3 / DRAWS) <= 0.02, "%s: normal third moment %g", what, m3 / DRAWS);
	tap_ok(fabs(m4 / DRAWS - 3.0) <= 0.05, "%s: normal fourth moment %g", what,
	    m4 / DRAWS);
	/* P(|X| > 3.8520) = 1.171e-4 (erfc by hand; standard error 1.1e-5): the
	 * ziggurat's tail path is exercised and right */
	tap_ok(fabs(tail / DRAWS - 1.171e-4) <= 5.5e-5,
	    "%s: normal tail mass beyond the base layer %g", what, tail / DRAWS);
}

static void
test_normal_moments(void)
{
	check_normal_moments(0, "rng_normal");
	check_normal_moments(1, "rng_normal_fill");
}

/* The fused fill gives base + scale N for the fill's own N, and their maximum. */
static void
test_normal_fill(void)
{
	struct rng a, b;
	double base[257], plain[257], fused[257], top = -INFINITY, max;
	int i, same = 1;

	for (i = 0; i < 257; i++)
		base[i] = 0.01 * i - 1.0;
	rng_seed(&a, 5, 0);
	rng_seed(&b, 5, 0);
	rng_normal_fill(&a, plain, 257);
	max = rng_normal_fill_max(&b, fused, base, 0.3, 257);
	for (i = 0; i < 257; i++) {
		same &= fused[i] == base[i] + 0.3 * plain[i];
		top = fused[i] > top ? fused[i] : top;
	}
	tap_ok(same, "rng_normal_fill_max gives base + scale N for rng_normal_fill's N");
	tap_ok(max == top, "rng_normal_fill_max returns the largest value: %g", max);
	rng_normal_fill(&a, plain, 3);
	tap_ok(rng_normal_fill_max(&b, fused, NULL, 7.0, 3) ==
	    (plain[0] > plain[1] ? (plain[0] > plain[2] ? plain[0] : plain[2]) :
	    (plain[1] > plain[2] ? plain[1] : plain[2])) && fused[2] == plain[2],
	    "without a base the fill's values are the normals themselves");
}

static void
test_categorical(void)
{
	const double w[5] = { 0.0, 2.0, 0.0, 1.0, 1.0 };
	double want[5] = { 0.0, 0.5, 0.0, 0.25, 0.25 }, chi2 = 0.0;
	long count[5] = { 0 };
	struct rng r;
	int i;

	rng_seed(&r, 3, 0);
	for (i = 0; i < 400000; i++)
		count[rng_categorical(&r, w, 5, 4.0)]++;
	tap_ok(count[0] == 0 && count[2] == 0, "zero weights are never drawn");
	for (i = 0; i < 5; i++)
		if (want[i] > 0.0) {
			double e = want[i] * 400000.0;

			chi2 += (count[i] - e) * (count[i] - e) / e;
		}
	/* 2 df: P(chi2 > 13.8) = 0.001 */
	tap_ok(chi2 < 13.8, "categorical frequencies match the weights: chi2 %.2f on 2 df", chi2);
	{
		const double one[4] = { 0.0, 0.0, 0.3, 0.0 };
		int all = 1;

		/* the total passed in is larger than the sum: the overshoot falls on the
		 * last positive weight, never on a zero one */
		for (i = 0; i < 1000; i++)
			all &= rng_categorical(&r, one, 4, 1.0) == 2;
		tap_ok(all, "a total above the weights' sum still lands on a positive weight");
	}
}

/* Draws by binary search of running sums: zero weights never, the others at
 * their frequencies, the running sums those of a loop to rounding. */
static void
test_categorical_cum(void)
{
	double w[7] = { 0.0, 2.0, 0.0, 1.0, 1.0, 0.0, 0.0 }, cum[7], chi2 = 0.0;
	long count[7] = { 0 };
	struct rng r;
	int i;

	dist_scale_cum(w, cum, 7, 0.25);
	tap_ok(cum[0] == 0.0 && cum[1] == 0.5 && cum[2] == 0.5 && cum[3] == 0.75 &&
	    cum[4] == 1.0 && cum[6] == 1.0 && w[1] == 0.5,
	    "dist_scale_cum scales and sums: %g %g %g %g %g", cum[0], cum[1], cum[2], cum[3],
	    cum[4]);
	rng_seed(&r, 4, 0);
	for (i = 0; i < 400000; i++)
		count[rng_categorical_cum(&r, cum, w, 7)]++;
	tap_ok(count[0] == 0 && count[2] == 0 && count[5] == 0 && count[6] == 0,
	    "rng_categorical_cum never draws a zero weight");
	chi2 += (count[1] - 200000.0) * (count[1] - 200000.0) / 200000.0;
	chi2 += (count[3] - 100000.0) * (count[3] - 100000.0) / 100000.0;
	chi2 += (count[4] - 100000.0) * (count[4] - 100000.0) / 100000.0;
	/* 2 df: P(chi2 > 13.8) = 0.001 */
	tap_ok(chi2 < 13.8, "rng_categorical_cum frequencies match: chi2 %.2f on 2 df", chi2);
}

/* n weights for the block sums' test: uniform ones, with whole blocks of 8 and
 * the tail zero in some, and weights of very different sizes in others (so
 * that a block's tree sum and the scan's running sum round apart). */
static void
blocks_weights(struct rng *r, double *w, size_t n, int kind)
{
	size_t i;

	for (i = 0; i < n; i++) {
		double u = rng_uniform(r);

		w[i] = kind == 0 ? u : kind == 1 ? (u < 0.6 || (i / 8) % 3 == 1 ? 0.0 : u) :
		    (u < 0.5 ? u * 1e-17 : u);
		if (kind == 1 && i + n % 8 >= n)
			w[i] = 0.0;		/* a zero tail */
	}
}

/* The block sums of 18 weights worked by hand: blocks 1..8 (36) and 8 zeros
 * (still 36, and not the last positive block), the tail of 2 left out. */
static int
blocks_fill_ok(void)
{
	double w[18] = { 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1 }, run[2];
	struct rng_blocks b = { run, 99, 0 };

	rng_blocks_fill(&b, w, 18);
	return b.filled && run[0] == 36.0 && run[1] == 36.0 && b.last == 0;
}

/* rng_categorical_blocks against rng_categorical: the same token from the same
 * uniform, at totals below, at and above the sum (draws past the end take the
 * fallback, the last positive weight), for lengths around the blocks of 8. */
static void
test_categorical_blocks(void)
{
	static const size_t len[] = { 1, 7, 8, 9, 16, 61, 1003 };
	static double w[1003], run[RNG_BLOCKS(1003)];
	static const double scale[] = { 0.999, 1.0, 1.5 };
	struct rng r, a, b;
	size_t k, i, j, draws = 0;
	int kind, ok = 1;

	rng_seed(&r, 8, 0);
	for (k = 0; k < sizeof len / sizeof *len; k++)
		for (kind = 0; kind < 3; kind++) {
			struct rng_blocks blk = { run, 0, 0 };
			double sum = 0.0;

			blocks_weights(&r, w, len[k], kind);
			for (i = 0; i < len[k]; i++)
				sum += w[i];
			rng_blocks_fill(&blk, w, len[k]);
			for (j = 0; j < 3; j++) {
				rng_seed(&a, 9 + j, 0);
				rng_seed(&b, 9 + j, 0);
				for (i = 0; i < 500; i++, draws++)
					ok &= rng_categorical_blocks(&a, w, len[k], &blk,
					    sum * scale[j]) == rng_categorical(&b, w, len[k],
					    sum * scale[j]);
			}
		}
	tap_ok(ok && blocks_fill_ok(), "rng_categorical_blocks: rng_categorical's "
	    "token in all %zu draws", draws);
}

/* The largest of n normals drawn from its own law, against Phi(m)^n worked
 * with libm's erfc here; and the count draws of one step, against the same step
 * done the long way (a fill of all the logits and their softmax): the chance
 * that two draws of one step agree is E sum p^2, which a draw that forgot its
 * logits between proposals would make 1 / V. */
static void
test_maxdraw(void)
{
	const size_t v = 64;
	struct maxdraw m;
	struct rng r;
	double z[64], p[64], below = 0.0, want, sum2 = 0.0, se;
	int i, ids[2];
	long agree = 0, steps = 20000;
	size_t x;

	rng_seed(&r, 12, 0);
	for (i = 0; i < 20000; i++)
		below += maxdraw_max_normal(&r, 1000) <= 3.2;
	want = pow(1.0 - 0.5 * erfc(3.2 / sqrt(2.0)), 1000.0);	/* 0.5029 */
	se = sqrt(want * (1.0 - want) / 20000.0);
	tap_ok(fabs(below / 20000.0 - want) < 4.5 * se,
	    "max of 1000 normals: P(M <= 3.2) %.4f, Phi(3.2)^1000 = %.4f", below / 20000.0,
	    want);
	maxdraw_init(&m, v);
	for (i = 0; i < steps; i++) {
		maxdraw_sample(&m, &r, ids, 2);
		agree += ids[0] == ids[1];
		rng_normal_fill(&r, z, v);
		dist_softmax(z, p, v);
		for (x = 0; x < v; x++)
			sum2 += p[x] * p[x];
	}
	maxdraw_free(&m);
	want = sum2 / (double)steps;
	se = sqrt(want * (1.0 - want) / (double)steps);
	tap_ok(fabs((double)agree / (double)steps - want) < 4.5 * se + 0.001,
	    "two draws of one step agree %.4f of the time, E sum p^2 = %.4f",
	    (double)agree / (double)steps, want);
}

int
main(void)
{
	test_reference_vector();
	test_reproducible();
	test_uniform();
	test_normal_moments();
	test_normal_fill();
	test_categorical();
	test_categorical_cum();
	test_categorical_blocks();
	test_maxdraw();
	return tap_done();
}
