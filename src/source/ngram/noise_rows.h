/* noise_rows.h: the n-gram draft's noise, factors exp(noise z) with z standard
 * normal per token, kept in rows that draft positions pick from at random.
 *
 * Setting the noise draws a vocabulary-sized sample of z and sorts it, and every
 * row is a random permutation of that sample. As steps pass the rows are
 * reshuffled one at a time (one row every vocab / 64 steps, about 64 factors a
 * step), and each round of the 16 rows starts with a fresh sample, so the noise
 * keeps changing over a run. A row built from a sorted sample knows its tokens
 * in ascending factor order without a sort of its own; with running sums of a
 * floor in that order a row is a factored floor (split_floor.h), and a target and a
 * noisy draft stay cheap to compare. */
#ifndef SPECDEC_NOISE_ROWS_H
#define SPECDEC_NOISE_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split_floor.h"

#define NOISE_ROWS 16
#define NOISE_SPLIT_VOCAB_MAX 262144	/* factored floors up to this vocabulary */

struct rng;

struct noise_rows {
	size_t vocab;
	const double *base;	/* the draft's floor values, for the sums */
	const struct split_floor *split_base;	/* the floor the rows factor, or NULL */
	double noise;		/* the standard deviation the rows were drawn at */
	double *sorted;		/* the current sample's factors, ascending */
	double *f;		/* NOISE_ROWS x vocab: each row's factor by token */
	uint32_t *by_factor;	/* NOISE_ROWS x vocab: tokens, ascending factor */
	double *g;		/* NOISE_ROWS x vocab: split_base->w * f */
	double *cum_base;	/* NOISE_ROWS x (vocab + 1), in by_factor order */
	double *cum_g;		/* NOISE_ROWS x (vocab + 1), in by_factor order */
	double sum[NOISE_ROWS];	/* sum_w base[w] * f[w] per row */
	uint64_t key[NOISE_ROWS];	/* names each row's contents; new on a change */
	uint64_t gen;
	struct split_floor floor[NOISE_ROWS];	/* the factored floors */
	size_t next;		/* the row reshuffled next */
	size_t steps;		/* steps since the last reshuffle */
};

/* Room for rows over vocab tokens. base (vocab entries) weighs the sums;
 * split_base, when not NULL and the vocabulary is at most NOISE_SPLIT_VOCAB_MAX,
 * makes each row a factored floor over it too (its values must be base's). */
void noise_rows_init(struct noise_rows *nr, size_t vocab, const double *base,
    const struct split_floor *split_base);
void noise_rows_free(struct noise_rows *nr);

/* The bytes noise_rows_init takes at most for vocab tokens (the factored
 * floors' arrays included when the vocabulary allows them): 16 rows of 36
 * bytes a token and the sample, 584 bytes a token in all. */
uint64_t noise_rows_bytes(size_t vocab);

/* Whether the rows are factored floors (see noise_rows_init). */
int noise_rows_split(const struct noise_rows *nr);

/* Draw a fresh sample at this noise (> 0) and every row from it. */
void noise_rows_draw(struct noise_rows *nr, struct rng *rng, double noise);

/* A step begins: reshuffle the next row when its turn has come (from a fresh
 * sample when it is row 0). */
void noise_rows_step(struct noise_rows *nr, struct rng *rng);

/* Row r's factors (vocab entries). */
const double *noise_rows_factor(const struct noise_rows *nr, unsigned r);

#endif
