/* noise_rows.c: rows of noise factors, permutations of one sorted sample. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "source/ngram/noise_rows.h"
#include "util/rng.h"
#include "util/xalloc.h"

#define FACTORS_PER_STEP 64	/* a row of vocab factors every vocab / 64 steps */

void
noise_rows_init(struct noise_rows *nr, size_t vocab, const double *base,
    const struct split_floor *split_base)
{
	size_t all = NOISE_ROWS * vocab, cum = NOISE_ROWS * (vocab + 1);

	memset(nr, 0, sizeof *nr);
	nr->vocab = vocab;
	nr->base = base;
	nr->sorted = xreallocarray(NULL, vocab, sizeof *nr->sorted);
	nr->f = xreallocarray(NULL, all, sizeof *nr->f);
	nr->by_factor = xreallocarray(NULL, all, sizeof *nr->by_factor);
	if (split_base == NULL || vocab > NOISE_SPLIT_VOCAB_MAX)
		return;
	nr->split_base = split_base;
	nr->g = xreallocarray(NULL, all, sizeof *nr->g);
	nr->cum_base = xreallocarray(NULL, cum, sizeof *nr->cum_base);
	nr->cum_g = xreallocarray(NULL, cum, sizeof *nr->cum_g);
}

uint64_t
noise_rows_bytes(size_t vocab)
{
	uint64_t all = (uint64_t)NOISE_ROWS * vocab, cum = (uint64_t)NOISE_ROWS * (vocab + 1);
	uint64_t bytes = vocab * sizeof(double) + all * (sizeof(double) + sizeof(uint32_t));

	if (vocab <= NOISE_SPLIT_VOCAB_MAX)	/* g, cum_base, cum_g */
		bytes += all * sizeof(double) + 2 * cum * sizeof(double);
	return bytes;
}

void
noise_rows_free(struct noise_rows *nr)
{
	unsigned r;

	for (r = 0; r < NOISE_ROWS; r++)
		split_floor_forget(&nr->floor[r]);
	free(nr->sorted);
	free(nr->f);
	free(nr->by_factor);
	free(nr->g);
	free(nr->cum_base);
	free(nr->cum_g);
	memset(nr, 0, sizeof *nr);
}

int
noise_rows_split(const struct noise_rows *nr)
{
	return nr->split_base != NULL;
}

const double *
noise_rows_factor(const struct noise_rows *nr, unsigned r)
{
	return nr->f + (size_t)r * nr->vocab;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Row r's factored floor over split_base, from its token order and factors. */
static void
build_floor(struct noise_rows *nr, unsigned r)
{
	size_t n = nr->vocab, i;
	const uint32_t *order = nr->by_factor + r * n;
	const double *bw = nr->split_base->w, *f = nr->f + r * n;
	double *g = nr->g + r * n, *cb = nr->cum_base + r * (n + 1);
	double *cg = nr->cum_g + r * (n + 1);

	cb[0] = cg[0] = 0.0;
	for (i = 0; i < n; i++) {
		size_t w = order[i];

		g[w] = bw[w] * f[w];
		cb[i + 1] = cb[i] + bw[w];
		cg[i + 1] = cg[i] + g[w];
	}
	split_floor_forget(&nr->floor[r]);	/* g changed */
	nr->floor[r] = (struct split_floor){ n, g, NULL, cg[n], nr->split_base, f, order,
	    cb, cg, split_floor_top(g, n), NULL };
}

/* Row r's factors by token, sum and factored floor from its token order. */
static void
build_row(struct noise_rows *nr, unsigned r)
{
	size_t n = nr->vocab, i;
	const uint32_t *order = nr->by_factor + r * n;
	double *f = nr->f + r * n, sum = 0.0;

	for (i = 0; i < n; i++) {
		f[order[i]] = nr->sorted[i];
		sum += nr->base[order[i]] * nr->sorted[i];
	}
	nr->sum[r] = sum;
	nr->key[r] = ++nr->gen * NOISE_ROWS + r;
	if (nr->split_base != NULL)
		build_floor(nr, r);
}

/* A fresh random token order for row r (Fisher and Yates; the modulo's bias is
 * below vocab / 2^64). */
static void
shuffle_row(struct noise_rows *nr, struct rng *rng, unsigned r)
{
	uint32_t *order = nr->by_factor + (size_t)r * nr->vocab;
	size_t i;

	for (i = 0; i < nr->vocab; i++)
		order[i] = (uint32_t)i;
	for (i = nr->vocab; i > 1; i--) {
		size_t j = (size_t)(rng_next(rng) % i);
		uint32_t t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
	build_row(nr, r);
}

/* A fresh sorted sample of factors exp(noise z). */
static void
draw_sample(struct noise_rows *nr, struct rng *rng)
{
	size_t i;

	rng_normal_fill(rng, nr->sorted, nr->vocab);
	qsort(nr->sorted, nr->vocab, sizeof *nr->sorted, by_value);
	for (i = 0; i < nr->vocab; i++)
		nr->sorted[i] = exp(nr->noise * nr->sorted[i]);
}

void
noise_rows_draw(struct noise_rows *nr, struct rng *rng, double noise)
{
	unsigned r;

	nr->noise = noise;
	draw_sample(nr, rng);
	for (r = 0; r < NOISE_ROWS; r++)
		shuffle_row(nr, rng, r);
	nr->next = 0;
	nr->steps = 0;
}

void
noise_rows_step(struct noise_rows *nr, struct rng *rng)
{
	size_t every = nr->vocab / FACTORS_PER_STEP;

	if (++nr->steps < (every > 0 ? every : 1))
		return;
	nr->steps = 0;
	if (nr->next == 0)
		draw_sample(nr, rng);	/* a new sample for each round of the rows */
	shuffle_row(nr, rng, (unsigned)nr->next);
	nr->next = (nr->next + 1) % NOISE_ROWS;
}
