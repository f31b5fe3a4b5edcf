/* stub_alpha.c: the stub's expected overlap by fixed-seed Monte Carlo, and the
 * noise for a target alpha by the Illinois variant of regula falsi. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dist/dist.h"
#include "util/rng.h"
#include "source/stub_alpha.h"
#include "util/xalloc.h"

#define ALPHA_SEED 0x5eedA1FAULL	/* fixed: the estimate is deterministic */
#define ALPHA_STREAM 7
#define ALPHA_WORK 1048576.0	/* token draws per estimate */
#define SAMPLES_MIN 64
#define SAMPLES_MAX 16384
#define SOLVE_TOL 1e-6		/* in alpha */
#define SOLVE_ITER_MAX 100

/* Samples the estimate averages at vocab tokens: 2^20 / vocab (2^20 token draws),
 * held from 64 to 16384 samples (so 2^18.3 draws at 20 tokens). */
static int
stub_alpha_samples(size_t vocab)
{
	double m = ALPHA_WORK / (double)vocab;

	return m < SAMPLES_MIN ? SAMPLES_MIN : m > SAMPLES_MAX ? SAMPLES_MAX : (int)m;
}

/* The expected overlap at this noise (>= 0) over vocab tokens (>= 2). */
static double
stub_alpha_expected(double noise, size_t vocab)
{
	double *z = xreallocarray(NULL, vocab, sizeof *z);
	double *p = xreallocarray(NULL, vocab, sizeof *p);
	double *q = xreallocarray(NULL, vocab, sizeof *q);
	double sum = 0.0;
	int m, samples = stub_alpha_samples(vocab);
	struct rng rng;
	size_t i;

	rng_seed(&rng, ALPHA_SEED, ALPHA_STREAM);
	for (m = 0; m < samples; m++) {
		rng_normal_fill(&rng, z, vocab);
		rng_normal_fill(&rng, q, vocab);
		dist_softmax(z, p, vocab);
		for (i = 0; i < vocab; i++)
			q[i] = z[i] + noise * q[i];
		dist_softmax(q, q, vocab);
		sum += dist_overlap(p, q, vocab);
	}
	free(z);
	free(p);
	free(q);
	return sum / samples;
}

/* The last solves of this thread: the solve is deterministic, and a lesson's
 * set lines ask for the same one again and again (each line's options are
 * parsed anew). */
#define MEMO_SIZE 8

struct solve_memo {
	double target, noise_max, noise, achieved;
	size_t vocab;
	int rc, used;
};

static _Thread_local struct solve_memo memo[MEMO_SIZE];
static _Thread_local int memo_next;

static int
solve(double target, size_t vocab, double noise_max, double *noise, double *achieved);

int
stub_alpha_solve(double target, size_t vocab, double noise_max, double *noise,
    double *achieved)
{
	struct solve_memo *m;
	int i;

	for (i = 0; i < MEMO_SIZE; i++) {
		m = &memo[i];
		if (m->used && m->target == target && m->vocab == vocab &&
		    m->noise_max == noise_max) {
			*noise = m->noise;
			*achieved = m->achieved;
			return m->rc;
		}
	}
	m = &memo[memo_next];
	memo_next = (memo_next + 1) % MEMO_SIZE;
	m->rc = solve(target, vocab, noise_max, &m->noise, &m->achieved);
	m->target = target;
	m->vocab = vocab;
	m->noise_max = noise_max;
	m->used = 1;
	*noise = m->noise;
	*achieved = m->achieved;
	return m->rc;
}

static int
solve(double target, size_t vocab, double noise_max, double *noise, double *achieved)
{
	double lo = 0.0, hi = noise_max, flo = 1.0 - target, fhi, s = 0.0, fs = flo;
	int i, side = 0;

	fhi = stub_alpha_expected(hi, vocab) - target;
	if (fhi > 0.0) {
		*noise = hi;
		*achieved = fhi + target;
		return -1;
	}
	for (i = 0; i < SOLVE_ITER_MAX && fabs(fs) > SOLVE_TOL && flo > 0.0; i++) {
		s = (lo * fhi - hi * flo) / (fhi - flo);
		fs = stub_alpha_expected(s, vocab) - target;
		if (fs > 0.0) {		/* alpha still above the target: more noise */
			lo = s;
			flo = fs;
			fhi = side == 1 ? fhi / 2.0 : fhi;
			side = 1;
		} else {
			hi = s;
			fhi = fs;
			flo = side == -1 ? flo / 2.0 : flo;
			side = -1;
		}
	}
	*noise = flo > 0.0 ? s : 0.0;	/* target 1: noise 0 */
	*achieved = fs + target;
	return 0;
}

void
stub_alpha_unreachable(char *err, size_t errlen, const char *preset, double target,
    size_t vocab, double lowest, double noise_max)
{
	char who[96];

	if (preset != NULL)
		snprintf(who, sizeof who, "--preset %.40s: its alpha %g", preset, target);
	else
		snprintf(who, sizeof who, "--target-alpha %g", target);
	snprintf(err, errlen, "%s is below what the stub reaches at vocab %zu (alpha %.3f"
	    " at noise %g); a larger --vocab reaches lower", who, vocab, lowest,
	    noise_max);
}
