/* lossless.c: uniformity tests of the per-position PIT values. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "stats/chisq.h"
#include "stats/lossless.h"

#define MIN_TESTABLE 100

void
lossless_add(struct lossless *l, double u)
{
	long k;

	if (!(u >= 0.0))	/* NaN or negative: the first bin */
		k = 0;
	else if (u >= 1.0)
		k = LOSSLESS_FINE - 1;
	else {
		k = (long)(u * LOSSLESS_FINE);
		if (k >= LOSSLESS_FINE)
			k = LOSSLESS_FINE - 1;
	}
	l->fine[k]++;
	l->n++;
}

void
lossless_hist(const struct lossless *l, uint64_t *bins)
{
	int i;

	memset(bins, 0, LOSSLESS_BINS * sizeof *bins);
	for (i = 0; i < LOSSLESS_FINE; i++)
		bins[i / (LOSSLESS_FINE / LOSSLESS_BINS)] += l->fine[i];
}

double
lossless_kolmogorov_sf(double x)
{
	double sum = 0.0, sign = 1.0;
	int j;

	if (x <= 0.0)
		return 1.0;
	if (x < 0.2)
		return 1.0;	/* the series converges slowly here; the value is 1 - 1e-20 */
	for (j = 1; j <= 100; j++) {
		double term = exp(-2.0 * j * j * x * x);

		sum += sign * term;
		if (term < 1e-17)
			break;
		sign = -sign;
	}
	sum *= 2.0;
	return sum < 0.0 ? 0.0 : sum > 1.0 ? 1.0 : sum;
}

static double
chi2_uniform(const struct lossless *l)
{
	uint64_t bins[LOSSLESS_BINS];
	double e = (double)l->n / LOSSLESS_BINS, x = 0.0;
	int i;

	lossless_hist(l, bins);
	for (i = 0; i < LOSSLESS_BINS; i++)
		x += ((double)bins[i] - e) * ((double)bins[i] - e) / e;
	return x;
}

/* Sup over the fine bin edges of |F_n(t) - t|: the binned statistic is never
 * above the exact one, so its p-value errs on the side of passing. */
static double
ks_binned(const struct lossless *l)
{
	uint64_t below = 0;
	double d = 0.0;
	int i;

	for (i = 0; i < LOSSLESS_FINE; i++) {
		double gap;

		below += l->fine[i];
		gap = fabs((double)below / (double)l->n - (double)(i + 1) / LOSSLESS_FINE);
		if (gap > d)
			d = gap;
	}
	return d;
}

struct lossless_result
lossless_test(const struct lossless *l)
{
	struct lossless_result r = { .n = l->n, .chi2_p = 1.0, .ks_p = 1.0, .pit_p = 1.0,
	    .id_p = 1.0, .p_value = 1.0 };
	double sn, best;

	if (l->n < MIN_TESTABLE)
		return r;
	r.testable = 1;
	r.chi2 = chi2_uniform(l);
	r.chi2_p = chisq_sf(r.chi2, LOSSLESS_BINS - 1);
	r.ks = ks_binned(l);
	sn = sqrt((double)l->n);
	r.ks_p = lossless_kolmogorov_sf((sn + 0.12 + 0.11 / sn) * r.ks);
	best = r.chi2_p < r.ks_p ? r.chi2_p : r.ks_p;
	r.pit_p = 2.0 * best > 1.0 ? 1.0 : 2.0 * best;
	r.p_value = r.pit_p;
	return r;
}

void
lossless_combine(struct lossless_result *r, double id_p, size_t tested)
{
	r->id_p = id_p;
	r->id_tested = tested;
	if (!r->testable)
		return;
	r->p_value = fmin(1.0, 2.0 * fmin(r->pit_p, id_p));
}
