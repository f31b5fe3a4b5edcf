/* ngram_dense.c: a model's distribution at a context as a dense vector, with a
 * cache of the dense levels of contexts that have many successors. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "util/simd.h"
#include "source/ngram/ngram.h"
#include "util/xalloc.h"

#define CACHE_BYTES (16u << 20)	/* dense levels kept per scratch */
#define CACHE_SLOTS_MAX 256
#define HEAVY_MIN 64		/* successors that make a context worth caching */

void
ngram_scratch_init(struct ngram_scratch *s, size_t vocab)
{
	size_t fit = CACHE_BYTES / (2 * sizeof(double) * (vocab > 0 ? vocab : 1));

	memset(s, 0, sizeof *s);
	s->vocab = vocab;
	for (s->slots = 1; s->slots * 2 <= fit && s->slots < CACHE_SLOTS_MAX; )
		s->slots *= 2;
	s->heavy = vocab / 32 > HEAVY_MIN ? (uint32_t)(vocab / 32) : HEAVY_MIN;
	s->acc = xcalloc(vocab, sizeof *s->acc);
	s->cache = xcalloc(s->slots, sizeof *s->cache);
}

void
ngram_scratch_free(struct ngram_scratch *s)
{
	size_t i;

	for (i = 0; s->cache != NULL && i < s->slots; i++) {
		free(s->cache[i].q);
		if (s->cache[i].qt != s->cache[i].q)
			free(s->cache[i].qt);
	}
	free(s->cache);
	free(s->acc);
	s->cache = NULL;
	s->acc = NULL;
}

/* What every token gets at least: a dense distribution times a coefficient. */
struct floor {
	const double *p;	/* untempered */
	const double *pt;	/* tempered */
	double sum_t;
	double coef;		/* untempered coefficient */
	struct ngram_cached *e;	/* the cache slot it lives in, NULL for the base */
};

/* Fill a cache slot with level lvl's dense distribution P_lvl = lambda base + terms. */
static void
fill_cached(const struct ngram_model *m, const struct ngram_level *lv, int lvl,
    struct ngram_cached *e, size_t n)
{
	const struct ngram_counts *c = m->c;
	uint32_t j, first = c->kid_first[lv->node], end = first + c->kid_n[lv->node];
	size_t w;

	if (e->q == NULL)
		e->q = xreallocarray(NULL, n, sizeof *e->q);
	if (m->inv_temp != 1.0 && (e->qt == NULL || e->qt == e->q))
		e->qt = xreallocarray(NULL, n, sizeof *e->qt);
	if (m->inv_temp == 1.0) {
		if (e->qt != NULL && e->qt != e->q)
			free(e->qt);
		e->qt = e->q;
	}
	for (w = 0; w < n; w++)
		e->q[w] = lv->lambda * m->base[w];
	for (j = first; j < end; j++)
		e->q[c->kid_word[j]] += lv->term[j];
	if (e->qt != e->q)
		for (w = 0; w < n; w++)
			e->qt[w] = pow(e->q[w], m->inv_temp);
	e->sum_t = dist_sum(e->qt, n);
	e->m = m;
	e->node = lv->node;
	e->lvl = lvl;
	memset(e->fkey, 0, sizeof e->fkey);
}

/* The floor of a distribution: the cached dense level for a context with many
 * successors (then *lowest moves up a level), else the model's base. */
static void
choose_floor(const struct ngram_model *m, const struct ngram_level *lv, int *lowest,
    double base_coef, struct ngram_scratch *s, struct floor *fl)
{
	const struct ngram_level *low = &lv[*lowest];
	struct ngram_cached *e;
	size_t h;

	fl->p = m->base;
	fl->pt = m->base_t;
	fl->sum_t = m->base_t_sum;
	fl->coef = base_coef;
	fl->e = NULL;
	if (*lowest < 2 || !low->active || m->c->kid_n[low->node] < s->heavy)
		return;
	h = (size_t)(((uintptr_t)m >> 4) * 31 + low->node * 0x9e3779b1u) & (s->slots - 1);
	e = &s->cache[h];
	if (e->m != m || e->node != low->node || e->lvl != *lowest)
		fill_cached(m, low, *lowest, e, s->vocab);
	fl->p = e->q;
	fl->pt = e->qt;
	fl->sum_t = e->sum_t;
	fl->coef = low->coef;
	fl->e = e;
	*lowest = *lowest < m->order && lv[*lowest + 1].node != NGRAM_NONE ?
	    *lowest + 1 : 1;
}

/* acc[w] = the levels' own mass for each successor w of the lowest context. */
static void
gather_terms(const struct ngram_counts *c, const struct ngram_level *lv, int lowest,
    int order, double *acc)
{
	uint32_t j, first = c->kid_first[lv[lowest].node];
	uint32_t end = first + c->kid_n[lv[lowest].node];
	int lvl;

	if (lv[lowest].active)
		for (j = first; j < end; j++)
			acc[c->kid_word[j]] = lv[lowest].coef * lv[lowest].term[j];
	else
		for (j = first; j < end; j++)
			acc[c->kid_word[j]] = 0.0;
	for (lvl = lowest + 1; lvl <= order; lvl++) {
		if (!lv[lvl].active)
			continue;
		first = c->kid_first[lv[lvl].node];
		end = first + c->kid_n[lv[lvl].node];
		for (j = first; j < end; j++)
			acc[c->kid_word[j]] += lv[lvl].coef * lv[lvl].term[j];
	}
}

/* Turn acc[w] of the successors of node into their final (tempered, factored)
 * unnormalised values; returns by how much they change the sum over the floor. */
static double
finish_terms(const struct ngram_model *m, uint32_t node, const struct floor *fl,
    double coef_t, const double *factor, double *acc)
{
	const struct ngram_counts *c = m->c;
	uint32_t j, first = c->kid_first[node], end = first + c->kid_n[node];
	double delta = 0.0;

	for (j = first; j < end; j++) {
		uint32_t w = c->kid_word[j];
		double raw = fl->coef * fl->p[w] + acc[w];
		double f = factor != NULL ? factor[w] : 1.0;
		double v = m->inv_temp == 1.0 ? raw : pow(raw, m->inv_temp);

		acc[w] = v * f;
		delta += acc[w] - coef_t * fl->pt[w] * f;
	}
	return delta;
}

#define KERN_BODY "source/ngram/ngram_dense_body.h"
#include "util/simd_kern.h"

/* out = a * pt (* factor). */
static void
fill_floor(double *restrict out, const double *restrict pt,
    const double *restrict factor, double a, size_t n)
{
	DISPATCH(fill_floor, (out, pt, factor, a, n));
}

/* sum_i x[i] y[i] in four partial sums: no chain of additions. */
static double
dot(const double *restrict x, const double *restrict y, size_t n)
{
	return DISPATCH(dot, (x, y, n));
}

/* sum_w pt[w] * f[w] over the floor: the base's is given, a cached level's is
 * remembered per factor key (the same value whether computed or recalled). */
static double
floor_sum(const struct floor *fl, const struct ngram_factor *factor, size_t n)
{
	struct ngram_cached *e = fl->e;
	size_t slot = (size_t)(factor->key % NGRAM_FACTOR_MEMO);

	if (e == NULL)
		return factor->base_sum;
	if (factor->key != 0 && e->fkey[slot] == factor->key)
		return e->fdot[slot];
	e->fdot[slot] = dot(fl->pt, factor->f, n);
	e->fkey[slot] = factor->key;
	return e->fdot[slot];
}

void
ngram_dist(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct ngram_factor *factor, double *out, struct ngram_scratch *s)
{
	const struct ngram_counts *c = m->c;
	const double *f = factor != NULL ? factor->f : NULL;
	struct ngram_level lv[NGRAM_ORDER_MAX + 1];
	struct floor fl;
	double coef_t, full, delta = 0.0, z;
	uint32_t j, first = 0, end = 0;
	int lowest, plain = factor == NULL && m->inv_temp == 1.0;

	choose_floor(m, lv, &lowest, ngram_levels(m, ctx, len, lv, &lowest), s, &fl);
	coef_t = m->inv_temp == 1.0 ? fl.coef : pow(fl.coef, m->inv_temp);
	full = factor == NULL ? fl.sum_t : floor_sum(&fl, factor, c->vocab);
	if (lowest >= 2) {
		gather_terms(c, lv, lowest, m->order, s->acc);
		first = c->kid_first[lv[lowest].node];
		end = first + c->kid_n[lv[lowest].node];
		if (plain)	/* the terms add to the floor as they are */
			for (j = first; j < end; j++)
				delta += s->acc[c->kid_word[j]];
		else
			delta = finish_terms(m, lv[lowest].node, &fl, coef_t, f, s->acc);
	}
	z = 1.0 / (coef_t * full + delta);
	fill_floor(out, fl.pt, f, coef_t * z, c->vocab);
	for (j = first; j < end; j++) {
		uint32_t w = c->kid_word[j];

		out[w] = plain ? out[w] + s->acc[w] * z : s->acc[w] * z;
		s->acc[w] = 0.0;
	}
}

