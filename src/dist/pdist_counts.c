/* pdist_counts.c: expected counts summed over distribution handles. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "dist/split.h"
#include "util/simd.h"
#include "util/xalloc.h"

void
pdist_counts_init(struct pdist_counts *c, size_t vocab)
{
	c->vocab = vocab;
	c->sum = xcalloc(vocab, sizeof *c->sum);
	c->nfloors = 0;
}

void
pdist_counts_free(struct pdist_counts *c)
{
	free(c->sum);
	c->sum = NULL;
}

void
pdist_counts_clear(struct pdist_counts *c)
{
	memset(c->sum, 0, c->vocab * sizeof *c->sum);
	c->nfloors = 0;
}

#define KERN_BODY "dist/pdist_counts_body.h"
#include "util/simd_kern.h"

/* The slot of floor f: its own, else a new one, else the last, whose share is
 * first folded into sum. */
static int
floor_slot(struct pdist_counts *c, const struct split_floor *f)
{
	int i;
	size_t x;

	for (i = 0; i < c->nfloors; i++)
		if (c->floor[i] == f)
			return i;
	if (c->nfloors == PDIST_COUNTS_FLOORS) {
		i = --c->nfloors;
		for (x = 0; x < c->vocab; x++)
			c->sum[x] += c->coef[i] * c->floor[i]->w[x];
	}
	i = c->nfloors++;
	c->floor[i] = f;
	c->coef[i] = 0.0;
	return i;
}

/* counts += weight * d: its list directly, its floor through its coef. */
static void
add_split(struct pdist_counts *c, const struct split_dist *d, double weight)
{
	size_t i;

	c->coef[floor_slot(c, d->floor)] += weight * d->scale;
	for (i = 0; i < d->nlist; i++)
		c->sum[d->list[i]] += weight * d->extra[i];
}

void
pdist_counts_add(struct pdist_counts *c, const struct pdist *p, const double *n,
    int m)
{
	const double *dense[4];
	double w[4];
	int i, k = 0;

	for (i = 0; i < m; i++)
		if (p[i].form == PDIST_SPLIT)
			add_split(c, p[i].u.split, n[i]);
	for (i = 0; i < m; i++) {
		if (p[i].form != PDIST_DENSE)
			continue;
		dense[k] = p[i].u.dense;
		w[k++] = n[i];
		if (k == 4) {
			DISPATCH(add_four, (c->sum, dense, w, c->vocab));
			k = 0;
		}
	}
	if (k > 0)
		DISPATCH(add_few, (c->sum, dense, w, k, c->vocab));
}

double
pdist_counts_at(const struct pdist_counts *c, size_t x)
{
	double v = c->sum[x];
	int i;

	for (i = 0; i < c->nfloors; i++)
		v += c->coef[i] * c->floor[i]->w[x];
	return v;
}

void
pdist_counts_values(const struct pdist_counts *c, double *out)
{
	size_t x;

	for (x = 0; x < c->vocab; x++)
		out[x] = pdist_counts_at(c, x);
}
