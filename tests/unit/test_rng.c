/* test_rng.c: reference outputs, reproducibility, moments, categorical draws. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "util/rng.h"
#include "lib/tap.h"

#define DRAWS 1000000

static void
test_reference_vector(void)
{
	struct rng r = { { 1, 2, 3, 4 } };

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

static void
test_normal_moments(void)
{
	struct rng r;
	double m1 = 0, m2 = 0, m3 = 0, m4 = 0, tail = 0;
	int i;

	rng_seed(&r, 11, 0);
	for (i = 0; i < DRAWS; i++) {
		double x = rng_normal(&r);

		m1 += x;
		m2 += x * x;
		m3 += x * x * x;
		m4 += x * x * x * x;
		tail += fabs(x) > 3.442619855899;
	}
	tap_near(m1 / DRAWS, 0.0, 0.005, "normal mean");
	tap_near(m2 / DRAWS, 1.0, 0.007, "normal variance");
	tap_near(m3 / DRAWS, 0.0, 0.02, "normal third moment");
	tap_near(m4 / DRAWS, 3.0, 0.05, "normal fourth moment");
	/* P(|X| > 3.4426) = 5.76e-4: the ziggurat's tail path is exercised and right */
	tap_near(tail / DRAWS, 5.76e-4, 1.2e-4, "normal tail mass beyond the base layer");
}

static void
test_normal_fill(void)
{
	struct rng a, b;
	double buf[257];
	int i, same = 1;

	rng_seed(&a, 5, 0);
	rng_seed(&b, 5, 0);
	rng_normal_fill(&a, buf, 257);
	for (i = 0; i < 257; i++)
		same &= buf[i] == rng_normal(&b);
	tap_ok(same, "rng_normal_fill equals successive rng_normal calls");
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

int
main(void)
{
	test_reference_vector();
	test_reproducible();
	test_uniform();
	test_normal_moments();
	test_normal_fill();
	test_categorical();
	return tap_done();
}
