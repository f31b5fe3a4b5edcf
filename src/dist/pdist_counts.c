/* pdist_counts.c: expected counts summed over distribution handles. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "dist/sparse.h"
#include "dist/split.h"
#include "util/simd.h"
#include "util/xalloc.h"

/* The values as computed after the last change, while ok. */
struct pdist_counts_memo {
	double *v;
	int ok;
};

void
pdist_counts_init(struct pdist_counts *c, size_t vocab)
{
	c->vocab = vocab;
	c->sum = xcalloc(vocab, sizeof *c->sum);
	c->nfloors = 0;
	c->memo = xcalloc(1, sizeof *c->memo);
}

void
pdist_counts_free(struct pdist_counts *c)
{
	free(c->sum);
	c->sum = NULL;
	if (c->memo != NULL)
		free(c->memo->v);
	free(c->memo);
	c->memo = NULL;
}

void
pdist_counts_clear(struct pdist_counts *c)
{
	memset(c->sum, 0, c->vocab * sizeof *c->sum);
	c->nfloors = 0;
	c->memo->ok = 0;
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

/* The dense pass's term for one token (pdist_counts_body.h): w0 v0, w0 v0 + w1
 * v1, (w0 v0 + w1 v1) + w2 v2, or (w0 v0 + w1 v1) + (w2 v2 + w3 v3). */
static double
group_term(const double *v, const double *w, int k)
{
	if (k == 1)
		return w[0] * v[0];
	if (k == 2)
		return w[0] * v[0] + w[1] * v[1];
	if (k == 3)
		return (w[0] * v[0] + w[1] * v[1]) + w[2] * v[2];
	return (w[0] * v[0] + w[1] * v[1]) + (w[2] * v[2] + w[3] * v[3]);
}

/* A group of k sparse lists, as the dense pass adds them: the tokens on any of
 * the lists, in ascending order (the others add 0). */
static void
add_sparse_group(struct pdist_counts *c, const struct pdist *const *g, const double *w,
    int k)
{
	size_t at[4] = { 0, 0, 0, 0 };
	double v[4];
	int i;

	for (;;) {
		size_t x = SIZE_MAX;

		for (i = 0; i < k; i++)
			if (at[i] < g[i]->u.sparse->n && g[i]->u.sparse->id[at[i]] < x)
				x = g[i]->u.sparse->id[at[i]];
		if (x == SIZE_MAX)
			return;
		for (i = 0; i < k; i++) {
			const struct sparse_dist *d = g[i]->u.sparse;

			v[i] = at[i] < d->n && d->id[at[i]] == x ? d->w[at[i]++] : 0.0;
		}
		c->sum[x] += group_term(v, w, k);
	}
}

/* A group of k dense or sparse handles, one pass: over the entries when all
 * are sparse, else over the vocabulary (a sparse one written out first). */
static void
add_group(struct pdist_counts *c, const struct pdist *const *g, const double *w, int k)
{
	const double *dense[4];
	double *tmp[4] = { NULL, NULL, NULL, NULL };
	int i, sparse = 0;

	for (i = 0; i < k; i++)
		sparse += g[i]->form == PDIST_SPARSE;
	if (sparse == k) {
		add_sparse_group(c, g, w, k);
		return;
	}
	for (i = 0; i < k; i++) {
		dense[i] = g[i]->u.dense;
		if (g[i]->form == PDIST_SPARSE) {
			tmp[i] = xreallocarray(NULL, c->vocab, sizeof *tmp[i]);
			pdist_densify(g[i], tmp[i]);
			dense[i] = tmp[i];
		}
	}
	if (k == 4)
		DISPATCH(add_four, (c->sum, dense, w, c->vocab));
	else
		DISPATCH(add_few, (c->sum, dense, w, k, c->vocab));
	for (i = 0; i < k; i++)
		free(tmp[i]);
}

void
pdist_counts_add(struct pdist_counts *c, const struct pdist *p, const double *n,
    int m)
{
	const struct pdist *group[4];
	double w[4];
	int i, k = 0;

	c->memo->ok = 0;
	for (i = 0; i < m; i++)
		if (p[i].form == PDIST_SPLIT)
			add_split(c, p[i].u.split, n[i]);
	for (i = 0; i < m; i++) {
		if (p[i].form == PDIST_SPLIT)
			continue;
		group[k] = &p[i];
		w[k++] = n[i];
		if (k == 4) {
			add_group(c, group, w, k);
			k = 0;
		}
	}
	if (k > 0)
		add_group(c, group, w, k);
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

/* pdist_counts_at at every x, a floor at a time: the same terms added in the
 * same order for each x. */
static void
all_values(const struct pdist_counts *c, double *restrict out)
{
	size_t x, n = c->vocab;
	int i;

	memcpy(out, c->sum, n * sizeof *out);
	for (i = 0; i < c->nfloors; i++) {
		const double *restrict w = c->floor[i]->w;
		double coef = c->coef[i];

		for (x = 0; x < n; x++)
			out[x] += coef * w[x];
	}
}

void
pdist_counts_values(const struct pdist_counts *c, double *out)
{
	struct pdist_counts_memo *m = c->memo;

	if (c->nfloors == 0) {	/* nothing to add: the sums are the values */
		memcpy(out, c->sum, c->vocab * sizeof *out);
		return;
	}
	if (!m->ok) {
		if (m->v == NULL)
			m->v = xreallocarray(NULL, c->vocab, sizeof *m->v);
		all_values(c, m->v);
		m->ok = 1;
	}
	memcpy(out, m->v, c->vocab * sizeof *out);
}
