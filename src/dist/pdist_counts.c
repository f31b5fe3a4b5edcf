/* pdist_counts.c: expected counts summed over distribution handles. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "dist/split.h"
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

/* sum += w[0] p[0] + ... + w[m-1] p[m-1] (m = 1..3) in one pass. */
static void
add_few(double *restrict sum, const double *const *p, const double *w, int m, size_t n)
{
	const double *restrict p0 = p[0], *restrict p1 = p[m > 1], *restrict p2 = p[m - 1];
	double w0 = w[0], w1 = w[m > 1], w2 = w[m - 1];
	size_t i;

	if (m == 1)
		for (i = 0; i < n; i++)
			sum[i] += w0 * p0[i];
	else if (m == 2)
		for (i = 0; i < n; i++)
			sum[i] += w0 * p0[i] + w1 * p1[i];
	else
		for (i = 0; i < n; i++)
			sum[i] += (w0 * p0[i] + w1 * p1[i]) + w2 * p2[i];
}

/* The same for four distributions. */
static void
add_four(double *restrict sum, const double *const *p, const double *w, size_t n)
{
	const double *restrict p0 = p[0], *restrict p1 = p[1];
	const double *restrict p2 = p[2], *restrict p3 = p[3];
	double w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3];
	size_t i;

	for (i = 0; i < n; i++)
		sum[i] += (w0 * p0[i] + w1 * p1[i]) + (w2 * p2[i] + w3 * p3[i]);
}

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
			add_four(c->sum, dense, w, c->vocab);
			k = 0;
		}
	}
	if (k > 0)
		add_few(c->sum, dense, w, k, c->vocab);
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
