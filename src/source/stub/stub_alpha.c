/* stub_alpha.c: the stub's expected overlap by fixed-seed Monte Carlo, and the
 * noise for a target alpha by the Illinois variant of regula falsi. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dist/dist.h"
#include "util/rng.h"
#include "source/stub/stub_alpha.h"
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

/* A solve's draws, made once and read at every noise it tries (common
 * random numbers): each sample's target logits z, its noise e, in the order
 * the generator gives them, and p = softmax(z). */
struct alpha_draws {
	size_t vocab;
	int samples;
	double *z, *e, *p;	/* samples rows of vocab */
	double *q;		/* one row: the draft at the noise tried */
};

static void
draws_make(struct alpha_draws *d, size_t vocab)
{
	size_t all;
	struct rng rng;
	int m;

	d->vocab = vocab;
	d->samples = stub_alpha_samples(vocab);
	all = (size_t)d->samples * vocab;
	d->z = xreallocarray(NULL, 3 * all + vocab, sizeof *d->z);
	d->e = d->z + all;
	d->p = d->e + all;
	d->q = d->p + all;
	rng_seed(&rng, ALPHA_SEED, ALPHA_STREAM);
	for (m = 0; m < d->samples; m++) {
		size_t at = (size_t)m * vocab;

		rng_normal_fill(&rng, d->z + at, vocab);
		rng_normal_fill(&rng, d->e + at, vocab);
		dist_softmax(d->z + at, d->p + at, vocab);
	}
}

/* The expected overlap at this noise (>= 0) over the draws. */
static double
stub_alpha_expected(double noise, struct alpha_draws *d)
{
	double sum = 0.0, *q = d->q;
	size_t i, n = d->vocab;
	int m;

	for (m = 0; m < d->samples; m++) {
		const double *z = d->z + (size_t)m * n, *e = d->e + (size_t)m * n;

		for (i = 0; i < n; i++)
			q[i] = z[i] + noise * e[i];
		dist_softmax(q, q, n);
		sum += dist_overlap(d->p + (size_t)m * n, q, n);
	}
	return sum / d->samples;
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
solve(double target, struct alpha_draws *d, double noise_max, double *noise,
    double *achieved);

int
stub_alpha_solve(double target, size_t vocab, double noise_max, double *noise,
    double *achieved)
{
	struct alpha_draws d;
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
	draws_make(&d, vocab);
	m->rc = solve(target, &d, noise_max, &m->noise, &m->achieved);
	free(d.z);	/* every row of the draws */
	m->target = target;
	m->vocab = vocab;
	m->noise_max = noise_max;
	m->used = 1;
	*noise = m->noise;
	*achieved = m->achieved;
	return m->rc;
}

static int
solve(double target, struct alpha_draws *d, double noise_max, double *noise,
    double *achieved)
{
	double lo = 0.0, hi = noise_max, flo = 1.0 - target, fhi, s = 0.0, fs = flo;
	int i, side = 0;

	fhi = stub_alpha_expected(hi, d) - target;
	if (fhi > 0.0) {
		*noise = hi;
		*achieved = fhi + target;
		return -1;
	}
	for (i = 0; i < SOLVE_ITER_MAX && fabs(fs) > SOLVE_TOL && flo > 0.0; i++) {
		s = (lo * fhi - hi * flo) / (fhi - flo);
		fs = stub_alpha_expected(s, d) - target;
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
