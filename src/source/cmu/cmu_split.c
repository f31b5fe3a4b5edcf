/* cmu_split.c: a cmu node's split pair over the unigram or a heavy word's
 * floor, from the model's successor lists. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "source/cmu/cmu_floors.h"
#include "source/cmu/cmu_rows.h"
#include "source/cmu/cmu_split.h"
#include "source/cmu/sphinx_trie.h"
#include "util/bisect.h"
#include "util/xalloc.h"

/* Where token w sits in a node's list (sorted), or SPLIT_NONE: split_dist's
 * find. */
static size_t
list_find(const void *where, uint32_t w)
{
	const struct cmu_split *sp = where;
	size_t i = bisect_find_id(sp->at, sp->n, w);

	return i < sp->n ? i : SPLIT_NONE;
}

/* A view's context: the backoff weights that scale the floor off the lists. */
struct view {
	int order;		/* the order in force: 1, 2, or 3 where u v is listed */
	double bo_v, bo_c;
};

/* A node's context in the model: its last word v and the listed bigram u v
 * (c, or SPHINX_TRIE_NONE), their successor lists, and both views. */
struct context {
	uint32_t v, c;
	uint32_t bi, be, ti, te;	/* v's bigrams, c's trigrams */
	struct view vp, vq;
};

static int
view_order(int order, uint32_t c)
{
	return order < 2 ? 1 : order == 2 || c == SPHINX_TRIE_NONE ? 2 : 3;
}

static void
context_of(const struct cmu_model *m, const uint32_t *ctx, size_t n, struct context *cx)
{
	const struct sphinx_trie *t = m->lm;

	*cx = (struct context){ SPHINX_TRIE_NONE, SPHINX_TRIE_NONE, 0, 0, 0, 0,
	    { 1, 1.0, 1.0 }, { 1, 1.0, 1.0 } };
	if (n == 0)
		return;
	cx->v = ctx[n - 1];
	cx->bi = t->bg_first[cx->v];
	cx->be = t->bg_first[cx->v + 1];
	if (n > 1 && t->tg_first != NULL &&
	    (cx->c = sphinx_trie_bigram(t, ctx[n - 2], cx->v)) != SPHINX_TRIE_NONE) {
		cx->ti = t->tg_first[cx->c];
		cx->te = t->tg_first[cx->c + 1];
	}
	cx->vp = (struct view){ view_order(m->target_order, cx->c), t->bo1[cx->v],
	    cx->c != SPHINX_TRIE_NONE ? t->bg_bo[cx->c] : 1.0 };
	cx->vq = cx->vp;
	cx->vq.order = view_order(m->draft_order, cx->c);
}

static double
view_scale(const struct view *vw)
{
	return vw->order == 1 ? 1.0 : vw->order == 2 ? vw->bo_v : vw->bo_c * vw->bo_v;
}

/* x^(1/T) at fl's temperature. */
static double
tempered(const struct cmu_floors *fl, double x)
{
	return fl->inv_temp == 1.0 ? x : pow(x, fl->inv_temp);
}

static void
grow_split(struct cmu_split *sp, size_t need)
{
	if (need <= sp->cap)
		return;
	sp->cap = need;
	sp->list = xreallocarray(sp->list, need, sizeof *sp->list);
	sp->ep = xreallocarray(sp->ep, need, sizeof *sp->ep);
	sp->eq = xreallocarray(sp->eq, need, sizeof *sp->eq);
}

/* d = the view over the floor with extras e on sp's list (their sum given),
 * normalised. */
static void
finish_view(const struct split_floor *floor, double scale, const struct cmu_split *sp,
    double *e, double sum, struct split_dist *d)
{
	double z = 1.0 / (scale * floor->sum + sum);
	size_t i, n = sp->n;
	int neg = 0;

	for (i = 0; i < n; i++)		/* vectorised, the search apart */
		e[i] *= z;
	for (i = 0; i < n && !neg; i++)
		neg = e[i] < 0.0;
	*d = (struct split_dist){ floor, scale * z, sp->at, e, sp->n, sum * z,
	    list_find, sp, neg };
}

/* A view of order (a constant where inlined) along v's bigram list, which
 * holds c's trigrams (sphinx_trie.h), into e; returns their sum. Its
 * probability at a listed token (of order 1, the unigram u; of order 2, the
 * bigram p2; of order 3, the trigram or bo(u v) p2), raised to 1/T, less the
 * scaled floor there. */
static inline double
bigram_pass(const struct sphinx_trie *t, const struct cmu_floors *fl,
    const struct context *cx, const struct view *vw, int order, double *restrict e)
{
	const uint32_t *restrict bw = t->bg_word, *restrict tw = t->tg_word;
	const float *restrict bp = t->bg_prob, *restrict tp = t->tg_prob;
	const double *restrict uni = t->uni, *restrict fw = fl->uni.w;
	double it = fl->inv_temp, scale = tempered(fl, view_scale(vw)), sum = 0.0;
	double bo_c = vw->bo_c;
	uint32_t i, ti = cx->ti, te = cx->te;

	for (i = cx->bi; i < cx->be; i++) {
		uint32_t w = bw[i];
		double x = bp[i];

		if (order == 1)
			x = uni[w];
		if (order == 3) {
			x *= bo_c;
			if (ti < te && tw[ti] == w)
				x = tp[ti++];
		}
		sum += *e++ = (it == 1.0 ? x : pow(x, it)) - scale * fw[w];
	}
	return sum;
}

/* bigram_pass at temperature 1 for order 2 or 3, where a step spends most of
 * its time: order 2 multiplies by 1 (exact) and reads no trigram; order 3
 * compares each token with the next trigram's word only. */
static double
plain_pass(const struct sphinx_trie *t, const struct cmu_floors *fl,
    const struct context *cx, const struct view *vw, double *restrict e)
{
	const uint32_t *restrict bw = t->bg_word, *restrict tw = t->tg_word;
	const float *restrict bp = t->bg_prob, *restrict tp = t->tg_prob;
	const double *restrict fw = fl->uni.w;
	double scale = view_scale(vw), bo_c = vw->order == 3 ? vw->bo_c : 1.0, sum = 0.0;
	uint32_t i, ti = cx->ti, te = vw->order == 3 ? cx->te : cx->ti;
	uint32_t next = ti < te ? tw[ti] : SPHINX_TRIE_NONE;

	for (i = cx->bi; i < cx->be; i++) {
		uint32_t w = bw[i];
		double x = bp[i] * bo_c;

		if (w == next) {
			x = tp[ti++];
			next = ti < te ? tw[ti] : SPHINX_TRIE_NONE;
		}
		sum += *e++ = x - scale * fw[w];
	}
	return sum;
}

/* view_pass for order 1, 2 or 3: one loop each. */
static double
view_pass(const struct sphinx_trie *t, const struct cmu_floors *fl,
    const struct context *cx, const struct view *vw, double *e)
{
	if (vw->order == 1)
		return bigram_pass(t, fl, cx, vw, 1, e);
	if (fl->inv_temp == 1.0)
		return plain_pass(t, fl, cx, vw, e);
	if (vw->order == 2)
		return bigram_pass(t, fl, cx, vw, 2, e);
	return bigram_pass(t, fl, cx, vw, 3, e);
}

/* View vw into d along v's bigram list: an order-2 view from the cache when it
 * is there, filling it when it is new; else into the node's own e. */
static void
bigram_view(const struct sphinx_trie *t, const struct cmu_floors *fl,
    struct cmu_rows *rows, const struct context *cx, const struct view *vw,
    struct cmu_split *sp, double *e, struct split_dist *d)
{
	double scale = tempered(fl, view_scale(vw));
	struct cmu_row *row = NULL;
	int fill = 1;

	if (vw->order == 2 && rows != NULL &&
	    (row = cmu_rows_get(rows, cx->v, sp->n, &fill)) != NULL)
		e = row->extra;
	if (fill) {
		finish_view(&fl->uni, scale, sp, e, view_pass(t, fl, cx, vw, e), d);
		if (row != NULL)
			*row = (struct cmu_row){ e, d->scale, d->extra_sum, d->signed_extra };
		return;
	}
	*d = (struct split_dist){ &fl->uni, row->scale, sp->at, row->extra, sp->n,
	    row->extra_sum, list_find, sp, row->signed_extra };
}

/* Over heavy floor f of fl, the row of order 2 after v: the views of orders 2
 * and 3 after u v (trigram bigram c, or none) list the trigrams of c alone. */
static void
build_heavy(const struct cmu_model *m, const struct cmu_floors *fl,
    const struct split_floor *f, uint32_t c, struct cmu_split *sp)
{
	const struct sphinx_trie *t = m->lm;
	uint32_t i, ti = 0, te = 0;
	double bo = tempered(fl, c != SPHINX_TRIE_NONE ? t->bg_bo[c] : 1.0), sum = 0.0,
	    qsum = 0.0;
	int p3 = m->target_order == 3, q3 = m->draft_order == 3;

	if (c != SPHINX_TRIE_NONE) {
		ti = t->tg_first[c];
		te = t->tg_first[c + 1];
	}
	grow_split(sp, (size_t)(te - ti) + 1);
	sp->n = 0;
	sp->at = sp->list;
	for (i = ti; i < te; i++) {
		uint32_t w = t->tg_word[i];
		double e = tempered(fl, t->tg_prob[i]) - bo * f->w[w];

		sp->list[sp->n] = w;
		sum += sp->ep[sp->n] = p3 ? e : 0.0;
		qsum += sp->eq[sp->n] = q3 ? e : 0.0;
		sp->n++;
	}
	finish_view(f, p3 ? bo : 1.0, sp, sp->ep, sum, &sp->p);
	finish_view(f, q3 ? bo : 1.0, sp, sp->eq, qsum, &sp->q);
}

int
cmu_split_build(const struct cmu_model *m, const struct cmu_floors *fl,
    struct cmu_rows *rows, const uint32_t *ctx, size_t n, int want,
    struct cmu_split *sp)
{
	const struct sphinx_trie *t = m->lm;
	struct context cx;
	int slot;

	if (n > 0 && m->target_order >= 2 && m->draft_order >= 2 &&
	    (slot = m->heavy_of[ctx[n - 1]]) != 0) {
		uint32_t c = SPHINX_TRIE_NONE;

		if (n > 1 && t->tg_first != NULL)
			c = sphinx_trie_bigram(t, ctx[n - 2], ctx[n - 1]);
		build_heavy(m, fl, &fl->heavy[slot - 1], c, sp);
		return CMU_SPLIT_P | CMU_SPLIT_Q;
	}
	context_of(m, ctx, n, &cx);
	sp->n = cx.be - cx.bi;
	sp->at = sp->n > 0 ? t->bg_word + cx.bi : t->bg_word;	/* none in a 1-gram model */
	grow_split(sp, sp->n + 1);
	if (want & CMU_SPLIT_P)
		bigram_view(t, fl, rows, &cx, &cx.vp, sp, sp->ep, &sp->p);
	if (want & CMU_SPLIT_Q)
		bigram_view(t, fl, rows, &cx, &cx.vq, sp, sp->eq, &sp->q);
	return want;
}

void
cmu_split_free(struct cmu_split *sp)
{
	free(sp->list);
	free(sp->ep);
	free(sp->eq);
}
