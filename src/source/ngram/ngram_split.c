/* ngram_split.c: a model's distribution at a context in split form (a scaled
 * floor plus the context's successors), and ancestral sampling of the
 * interpolation; neither makes a pass over the vocabulary. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "util/bisect.h"
#include "dist/dist.h"
#include "source/ngram/ngram.h"
#include "util/rng.h"

/* out = a * x; out may be x. */
static void
scale_into(double *out, const double *x, double a, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = a * x[i];
}

/* extra[j] = the levels' own mass for the j-th successor of the lowest context:
 * the higher levels' successors are found there through kid_suffix. */
static void
gather_packed(const struct ngram_counts *c, const struct ngram_level *lv, int lowest,
    int order, double *extra)
{
	uint32_t j, first = c->kid_first[lv[lowest].node], n = c->kid_n[lv[lowest].node];
	int lvl, l;

	if (lv[lowest].active)
		scale_into(extra, lv[lowest].term + first, lv[lowest].coef, n);
	else
		memset(extra, 0, n * sizeof *extra);
	for (lvl = lowest + 1; lvl <= order; lvl++) {
		uint32_t end;

		if (!lv[lvl].active)
			continue;
		first = c->kid_first[lv[lvl].node];
		end = first + c->kid_n[lv[lvl].node];
		for (j = first; j < end; j++) {
			uint32_t off = c->kid_suffix[j];

			for (l = lvl - 1; l > lowest; l--)
				off = c->kid_suffix[c->kid_first[lv[l].node] + off];
			extra[off] += lv[lvl].coef * lv[lvl].term[j];
		}
	}
}

/* The tempered distribution's excess over its scaled floor coef_t * base_t at
 * each successor of node (just the levels' own mass at temperature 1); returns
 * their sum. */
static double
temper_packed(const struct ngram_model *m, uint32_t node, double coef, double coef_t,
    double *extra)
{
	const struct ngram_counts *c = m->c;
	const uint32_t *word = c->kid_word + c->kid_first[node];
	uint32_t j, n = c->kid_n[node];

	for (j = 0; m->inv_temp != 1.0 && j < n; j++) {
		double v = pow(coef * m->base[word[j]] + extra[j], m->inv_temp) -
		    coef_t * m->base_t[word[j]];

		extra[j] = v > 0.0 ? v : 0.0;
	}
	return dist_sum(extra, n);
}

static size_t
list_find(const void *where, uint32_t w)
{
	const struct ngram_list *l = where;
	uint32_t nd = ngram_child(l->c, l->node, w);

	return nd == NGRAM_NONE ? SPLIT_NONE :
	    (size_t)(l->c->kid_at[nd] - l->c->kid_first[l->node]);
}

/* extra[j] *= the factor of the j-th successor of node; returns their sum. */
static double
factor_packed(const struct ngram_counts *c, uint32_t node, const double *factor,
    double *extra)
{
	const uint32_t *word = c->kid_word + c->kid_first[node];
	uint32_t j, n = c->kid_n[node];

	for (j = 0; j < n; j++)
		extra[j] *= factor[word[j]];
	return dist_sum(extra, n);
}

/* out = scale times its floor (set) plus extra on where's successors (their
 * sum given), normalised to 1. */
static void
split_finish(struct split_dist *out, double scale, double *extra, double sum,
    const struct ngram_list *where)
{
	const struct ngram_counts *c = where->c;
	uint32_t n = where->node != 0 ? c->kid_n[where->node] : 0;
	double z = 1.0 / (scale * out->floor->sum + sum);

	scale_into(extra, extra, z, n);
	out->scale = scale * z;
	out->list = c->kid_word + c->kid_first[where->node];
	out->extra = extra;
	out->nlist = n;
	out->extra_sum = sum * z;
	out->find = list_find;
	out->where = where;
}

/* where on the successors of level's context, gathered into extra; on none
 * when level is 0 (no context of the model's levels occurred). */
static void
gather_level(const struct ngram_model *m, const struct ngram_level *lv, int level,
    double *extra, struct ngram_list *where)
{
	where->c = m->c;
	where->node = level > 0 ? lv[level].node : 0;
	if (level > 0)
		gather_packed(m->c, lv, level, m->order, extra);
}

void
ngram_split(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct split_floor *factored, double *extra, struct ngram_list *where,
    struct split_dist *out)
{
	struct ngram_level lv[NGRAM_ORDER_MAX + 1];
	int lowest;
	double coef = ngram_levels(m, ctx, len, lv, &lowest);
	double coef_t = m->inv_temp == 1.0 ? coef : pow(coef, m->inv_temp);
	double sum = 0.0;

	gather_level(m, lv, lowest >= 2 ? lowest : 0, extra, where);
	if (where->node != 0) {
		sum = temper_packed(m, where->node, coef, coef_t, extra);
		if (factored != NULL)
			sum = factor_packed(m->c, where->node, factored->factor, extra);
	}
	out->floor = factored != NULL ? factored : &m->floor;
	split_finish(out, coef_t, extra, sum, where);
}

void
ngram_split_over(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    const struct split_floor *row, double *extra, struct ngram_list *where,
    struct split_dist *out)
{
	struct ngram_level lv[NGRAM_ORDER_MAX + 1];
	int lowest;

	ngram_levels(m, ctx, len, lv, &lowest);
	gather_level(m, lv, m->order >= 3 && lv[3].node != NGRAM_NONE ? 3 : 0, extra,
	    where);
	out->floor = row;
	split_finish(out, lv[2].coef, extra, where->node != 0 ?
	    dist_sum(extra, m->c->kid_n[where->node]) : 0.0, where);
}

size_t
ngram_split_size(const struct ngram_model *m, const uint32_t *ctx, size_t len)
{
	uint32_t node;

	/* The lowest level with a context is 2 whenever any is: every context that
	 * occurred ends in a token that occurred. */
	if (m->order < 2 || len == 0)
		return 0;
	node = ngram_find(m->c, ctx + len - 1, 1);
	return node == NGRAM_NONE ? 0 : m->c->kid_n[node];
}

size_t
ngram_split_over_size(const struct ngram_model *m, const uint32_t *ctx, size_t len)
{
	uint32_t node;

	if (m->order < 3 || len < 2)
		return 0;
	node = ngram_find(m->c, ctx + len - 2, 2);
	return node == NGRAM_NONE ? 0 : m->c->kid_n[node];
}

/* The successor of an active level at which the running sum of its discounted
 * shares first exceeds target (< 1 - lambda); the last one with a share when
 * rounding leaves target past the end. */
static uint32_t
pick_successor(const struct ngram_counts *c, const struct ngram_level *lv, double target)
{
	uint32_t j, first = c->kid_first[lv->node], end = first + c->kid_n[lv->node];
	uint32_t last = first;
	double acc = 0.0;

	for (j = first; j < end; j++) {
		if (lv->term[j] <= 0.0)
			continue;
		acc += lv->term[j];
		last = j;
		if (target < acc)
			break;
	}
	return c->kid_word[last];
}

/* The first token whose running sum of the base exceeds target. */
static uint32_t
pick_base(const struct ngram_model *m, double target)
{
	return (uint32_t)bisect_sums(m->base_cdf, m->c->vocab, target);
}

uint32_t
ngram_sample(const struct ngram_model *m, const uint32_t *ctx, size_t len,
    struct rng *rng)
{
	struct ngram_level lv;
	int lvl;

	for (lvl = m->order; lvl >= 2; lvl--) {
		double u;

		ngram_level_at(m, ctx, len, lvl, &lv);
		if (!lv.active)
			continue;
		u = rng_uniform(rng);
		if (u < 1.0 - lv.lambda)
			return pick_successor(m->c, &lv, u);
	}
	return pick_base(m, rng_uniform(rng) * m->base_cdf[m->c->vocab - 1]);
}

