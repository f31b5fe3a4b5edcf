/* test_noise_rows.c: noise rows as permutations of one sorted sample, each a
 * factored floor over the draft's floor. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/ngram/noise_rows.h"
#include "util/rng.h"
#include "dist/split_floor.h"
#include "lib/tap.h"

#define NOISE 0.5

/* A positive base and a plain floor over the same values. */
struct base {
	size_t vocab;
	double *w, *cdf;
	struct split_floor fl;
};

static void
base_init(struct base *b, size_t vocab)
{
	double sum = 0.0;
	size_t i;

	b->vocab = vocab;
	b->w = malloc(vocab * sizeof *b->w);
	b->cdf = malloc(vocab * sizeof *b->cdf);
	if (b->w == NULL || b->cdf == NULL)
		abort();
	for (i = 0; i < vocab; i++) {
		b->w[i] = 0.25 + (double)((i * 7) % 13) / 4.0;
		b->cdf[i] = sum += b->w[i];
	}
	b->fl = (struct split_floor){ .vocab = vocab, .w = b->w, .cdf = b->cdf, .sum = sum,
	    .top = split_floor_top(b->w, vocab) };
}

static void
base_free(struct base *b)
{
	free(b->w);
	free(b->cdf);
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Row r's factors are the current sorted sample permuted (when current, else
 * just positive); by_factor is a permutation of the tokens with the factors
 * ascending along it. */
static int
row_permutes(const struct noise_rows *nr, unsigned r, int current, double *tmp,
    unsigned char *seen)
{
	const double *f = noise_rows_factor(nr, r);
	const uint32_t *by = nr->by_factor + (size_t)r * nr->vocab;
	size_t n = nr->vocab, i;
	int ok = 1;

	memcpy(tmp, f, n * sizeof *tmp);
	qsort(tmp, n, sizeof *tmp, by_value);
	ok &= current ? memcmp(tmp, nr->sorted, n * sizeof *tmp) == 0 : tmp[0] > 0.0;
	memset(seen, 0, n);
	for (i = 0; i < n; i++) {
		ok &= by[i] < n && !seen[by[i]];
		if (by[i] < n)
			seen[by[i]] = 1;
		ok &= i == 0 || f[by[i - 1]] <= f[by[i]];
	}
	return ok;
}

/* Row r's sum and factored floor against sums in the test: the worst error
 * relative to the row's total (the sums differ in order, hence in rounding). */
static double
row_floor_error(const struct noise_rows *nr, unsigned r, const struct base *b, int *shape)
{
	const double *f = noise_rows_factor(nr, r);
	const struct split_floor *fl = &nr->floor[r];
	double sum = 0.0, cb = 0.0, cw = 0.0, worst;
	size_t n = nr->vocab, i;

	*shape = fl->vocab == n && fl->base == &b->fl && fl->factor == f && fl->cdf == NULL &&
	    fl->by_factor == nr->by_factor + (size_t)r * n && fl->cum_base[0] == 0.0 &&
	    fl->cum_w[0] == 0.0;
	for (i = 0; i < n; i++)
		sum += b->w[i] * f[i];
	worst = fmax(fabs(nr->sum[r] - sum), fabs(fl->sum - sum));
	for (i = 0; i < n; i++) {
		uint32_t w = fl->by_factor[i];

		*shape &= fl->w[w] == b->w[w] * f[w];
		cb += b->w[w];
		cw += b->w[w] * f[w];
		worst = fmax(worst, fabs(fl->cum_base[i + 1] - cb));
		worst = fmax(worst, fabs(fl->cum_w[i + 1] - cw));
	}
	return worst / fmax(1.0, sum);
}

/* Every row against its floor, and rows 0..current-1 against the current
 * sample; what names the moment. */
static void
check_rows(const struct noise_rows *nr, const struct base *b, unsigned current,
    const char *what)
{
	size_t n = nr->vocab, i;
	double *tmp = malloc(n * sizeof *tmp), worst = 0.0;
	unsigned char *seen = malloc(n);
	int sorted = 1, perm = 1, shape = 1, sh;
	unsigned r;

	if (tmp == NULL || seen == NULL)
		abort();
	for (i = 0; i < n; i++)
		sorted &= nr->sorted[i] > 0.0 && (i == 0 || nr->sorted[i - 1] <= nr->sorted[i]);
	tap_ok(sorted, "%s: sorted sample positive and ascending", what);
	for (r = 0; r < NOISE_ROWS; r++) {
		perm &= row_permutes(nr, r, r < current, tmp, seen);
		worst = fmax(worst, row_floor_error(nr, r, b, &sh));
		shape &= sh;
	}
	tap_ok(perm, "%s: the first %u rows permute the current sample, by_factor"
	    " ascending", what, current);
	tap_ok(shape, "%s: factored floors over the base, w = base * f", what);
	tap_ok(worst <= 1e-12, "%s: sums and running sums, worst relative error %.3g", what,
	    worst);
	free(tmp);
	free(seen);
}

static void
test_rows(void)
{
	struct noise_rows nr;
	struct base b;
	struct rng rng;
	unsigned r, s, same = 0;
	int keys = 1;

	base_init(&b, 50);
	rng_seed(&rng, 3, 0);
	noise_rows_init(&nr, 50, b.w, &b.fl);
	tap_ok(nr.vocab == 50 && noise_rows_split(&nr), "init, vocab 50, split rows");
	noise_rows_draw(&nr, &rng, NOISE);
	check_rows(&nr, &b, NOISE_ROWS, "vocab 50 after a draw");
	for (r = 0; r < NOISE_ROWS; r++)
		for (s = r + 1; s < NOISE_ROWS; s++) {
			keys &= nr.key[r] != nr.key[s];
			same += memcmp(nr.by_factor + r * 50, nr.by_factor + s * 50,
			    50 * sizeof *nr.by_factor) == 0;
		}
	tap_ok(keys, "16 distinct keys after a draw");
	tap_ok(same == 0, "rows differ: %u pairs of rows alike", same);
	noise_rows_free(&nr);
	base_free(&b);
}

/* calls steps: row k changes on call every * (k + 1), in order, the others never. */
static void
test_step(size_t vocab, unsigned every, unsigned calls)
{
	struct noise_rows nr;
	struct base b;
	struct rng rng;
	uint64_t before[NOISE_ROWS];
	unsigned i, r, wrong = 0, changes = 0;
	double *first;
	char what[64];

	base_init(&b, vocab);
	rng_seed(&rng, 4, 0);
	noise_rows_init(&nr, vocab, b.w, &b.fl);
	noise_rows_draw(&nr, &rng, NOISE);
	if ((first = malloc(vocab * sizeof *first)) == NULL)
		abort();
	memcpy(first, nr.sorted, vocab * sizeof *first);
	for (i = 1; i <= calls; i++) {
		memcpy(before, nr.key, sizeof before);
		noise_rows_step(&nr, &rng);
		for (r = 0; r < NOISE_ROWS; r++) {
			int want = i % every == 0 && r == (i / every - 1) % NOISE_ROWS;

			changes += nr.key[r] != before[r];
			wrong += (nr.key[r] != before[r]) != want;
		}
	}
	tap_ok(wrong == 0, "vocab %zu: %u steps, %u row changes, %u unexpected", vocab, calls,
	    changes, wrong);
	snprintf(what, sizeof what, "vocab %zu after %u steps", vocab, calls);
	check_rows(&nr, &b, (unsigned)nr.next, what);
	tap_ok(memcmp(first, nr.sorted, vocab * sizeof *first) != 0, "vocab %zu: a round"
	    " of the rows began with a fresh sample", vocab);
	free(first);
	noise_rows_free(&nr);
	base_free(&b);
}

/* log(f) / noise over every row and token: mean near 0, variance near 1. */
static void
test_moments(void)
{
	struct noise_rows nr;
	struct base b;
	struct rng rng;
	double sum = 0.0, sq = 0.0, mean, var, n = NOISE_ROWS * 4000.0;
	size_t i;
	unsigned r;

	base_init(&b, 4000);
	rng_seed(&rng, 5, 0);
	noise_rows_init(&nr, 4000, b.w, &b.fl);
	noise_rows_draw(&nr, &rng, NOISE);
	for (r = 0; r < NOISE_ROWS; r++)
		for (i = 0; i < 4000; i++) {
			double z = log(noise_rows_factor(&nr, r)[i]) / NOISE;

			sum += z;
			sq += z * z;
		}
	mean = sum / n;
	var = sq / n - mean * mean;
	tap_near(mean, 0.0, 0.1, "vocab 4000: mean of log(f) / noise");
	tap_near(var, 1.0, 0.1, "vocab 4000: variance of log(f) / noise");
	check_rows(&nr, &b, NOISE_ROWS, "vocab 4000 after a draw");
	noise_rows_free(&nr);
	base_free(&b);
}

static void
test_split_flag(void)
{
	struct noise_rows nr;
	struct base b, big;

	base_init(&b, 50);
	base_init(&big, NOISE_SPLIT_VOCAB_MAX + 1);
	noise_rows_init(&nr, 50, b.w, NULL);
	tap_ok(!noise_rows_split(&nr), "no floor: rows not split");
	noise_rows_free(&nr);
	noise_rows_init(&nr, big.vocab, big.w, &big.fl);
	tap_ok(!noise_rows_split(&nr), "vocab past NOISE_SPLIT_VOCAB_MAX: rows not split");
	noise_rows_free(&nr);
	noise_rows_init(&nr, 50, b.w, &b.fl);
	tap_ok(noise_rows_split(&nr), "floor and vocab 50: rows split");
	noise_rows_free(&nr);
	base_free(&b);
	base_free(&big);
}

int
main(void)
{
	test_rows();
	test_step(50, 1, 40);
	test_step(640, 10, 200);
	test_moments();
	test_split_flag();
	return tap_done();
}
