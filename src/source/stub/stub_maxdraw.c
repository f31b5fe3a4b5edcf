/* stub_maxdraw.c: softmax draws over normal logits without drawing them all. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "source/stub/stub_maxdraw.h"
#include "util/rng.h"
#include "util/xalloc.h"

void
maxdraw_init(struct maxdraw *m, size_t vocab)
{
	m->vocab = vocab;
	m->z = xreallocarray(NULL, vocab, sizeof *m->z);
	m->stamp = xcalloc(vocab, sizeof *m->stamp);
	m->call = 0;
}

void
maxdraw_free(struct maxdraw *m)
{
	free(m->z);
	free(m->stamp);
	m->z = NULL;
	m->stamp = NULL;
}

/* log P(N > x) for a standard normal N, accurate in the far tail. */
static double
log_upper_tail(double x)
{
	return log(0.5 * erfc(x / sqrt(2.0)));
}

double
maxdraw_max_normal(struct rng *rng, size_t n)
{
	/* Phi(M)^n = u, so log P(N > M) = log(-expm1(log(u) / n)) =: target */
	double u = ((double)(rng_next(rng) >> 11) + 1.0) * 0x1.0p-53;	/* (0, 1] */
	double target = log(-expm1(log(u) / (double)n));
	double lo = -40.0, hi = 40.0, x = 0.0;
	int i;

	if (u >= 1.0)		/* target -infinity: the largest double of the bracket */
		return hi;
	for (i = 0; i < 200; i++) {	/* Newton's method kept inside a bracket */
		double tail = log_upper_tail(x);	/* once: erfc and log cost */
		double g = tail - target;
		double slope = -exp(-0.5 * x * x - tail) / sqrt(2.0 * M_PI);
		double next = x - g / slope;

		if (g > 0.0)	/* the tail is too heavy: the root lies above x */
			lo = x;
		else
			hi = x;
		if (!(next > lo && next < hi))
			next = 0.5 * (lo + hi);
		if (fabs(next - x) <= 1e-15 * (1.0 + fabs(x)))
			return next;
		x = next;
	}
	return x;
}

/* The logit of token i in this call (M for the largest's token top). */
static double
logit_of(struct maxdraw *m, struct rng *rng, size_t i, size_t top, double max)
{
	double z;

	if (i == top)
		return max;
	if (m->stamp[i] == m->call)
		return m->z[i];
	do
		z = rng_normal(rng);
	while (z >= max);
	m->z[i] = z;
	m->stamp[i] = m->call;
	return z;
}

void
maxdraw_sample(struct maxdraw *m, struct rng *rng, int *ids, int count)
{
	double max = maxdraw_max_normal(rng, m->vocab), v = (double)m->vocab;
	size_t top = (size_t)(rng_uniform(rng) * v), i;
	int k;

	if (++m->call == 0) {	/* the stamps wrapped: forget every old one */
		memset(m->stamp, 0, m->vocab * sizeof *m->stamp);
		m->call = 1;
	}
	for (k = 0; k < count; k++) {
		double u;

		do {	/* u is drawn before the logit: the stream's order is fixed */
			i = (size_t)(rng_uniform(rng) * v);
			u = rng_uniform(rng);
		} while (u >= dist_exp_nonpositive(logit_of(m, rng, i, top, max) - max));
		ids[k] = (int)i;
	}
}
