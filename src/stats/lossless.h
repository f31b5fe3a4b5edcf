/* lossless.h: the losslessness test with power on every source. Each emitted token
 * x at a position whose target is p gives a randomised probability integral
 * transform u = P_p(y before x) + w p(x), w ~ U(0,1), under a per-position order
 * of the vocabulary (by p/q, ties by id). For an exact sampler the u's are i.i.d.
 * uniform on [0, 1] whatever the source (docs/theory.md gives the argument); a
 * sampler that favours the draft, or draws a replacement from the wrong
 * distribution, pushes them towards one end. This module keeps the u's in a fixed
 * histogram (memory flat in the number of tokens) and tests it for uniformity. */
#ifndef SPECDEC_LOSSLESS_H
#define SPECDEC_LOSSLESS_H

#include <stdint.h>

#define LOSSLESS_BINS 20	/* the histogram shown and tested by chi-square */
#define LOSSLESS_FINE 4000	/* fine bins for the Kolmogorov-Smirnov statistic */

struct lossless {
	uint64_t n;
	uint64_t fine[LOSSLESS_FINE];
};

struct lossless_result {
	uint64_t n;		/* u's tested */
	double chi2;		/* Pearson over LOSSLESS_BINS equal bins */
	double chi2_p;
	double ks;		/* sup |F_n - F| over the fine bin edges */
	double ks_p;
	double pit_p;		/* min(1, 2 min(chi2_p, ks_p)): both tests, Bonferroni */
	double id_p;		/* the test by id (stats_id_p) or 1 where not used */
	size_t id_tested;	/* ids it tested; 0 where not used */
	double p_value;		/* the verdict: pit_p, or with the test by id
				 * min(1, 2 min(pit_p, id_p)) (lossless_combine) */
	int testable;		/* enough u's for the approximations (n >= 100) */
};

/* Adds one u; values outside [0, 1) are clamped into the end bins. */
void lossless_add(struct lossless *l, double u);
/* The LOSSLESS_BINS counts of the shown histogram. */
void lossless_hist(const struct lossless *l, uint64_t *bins);
struct lossless_result lossless_test(const struct lossless *l);
/* Join the test by id (p-value id_p over `tested` ids) to the PIT's at the
 * same level: p_value = min(1, 2 min(pit_p, id_p)) (Bonferroni). */
void lossless_combine(struct lossless_result *r, double id_p, size_t tested);

/* The survival function of Kolmogorov's distribution, P(K > x). */
double lossless_kolmogorov_sf(double x);

#endif
