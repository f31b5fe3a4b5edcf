/* heavy_floors.c: pairs of floors, the target's and the draft's rows after one
 * token, the draft's as factors over the target's. */
#include "config.h"

#include <stdlib.h>

#include "source/ngram/heavy_floors.h"
#include "source/ngram/ngram.h"
#include "util/xalloc.h"

/* A token and its factor, for sorting by factor. */
struct by_factor {
	double f;
	uint32_t w;
};

void
heavy_floors_init(struct heavy_floors *h, size_t vocab)
{
	h->vocab = vocab;
	h->n = 0;
}

static void
pair_free(struct heavy_pair *p)
{
	split_floor_forget(&p->f);
	split_floor_forget(&p->g);
	free((void *)p->f.w);
	free((void *)p->f.cdf);
	free((void *)p->g.w);
	free((void *)p->g.factor);
	free((void *)p->g.by_factor);
	free((void *)p->g.cum_base);
	free((void *)p->g.cum_w);
	free(p);
}

void
heavy_floors_free(struct heavy_floors *h)
{
	int i;

	for (i = 0; i < h->n; i++)
		pair_free(h->pair[i]);
	h->n = 0;
}

static int
cmp_factor(const void *a, const void *b)
{
	const struct by_factor *x = a, *y = b;

	if (x->f != y->f)
		return x->f < y->f ? -1 : 1;
	return (x->w > y->w) - (x->w < y->w);
}

/* F: the target's row after v, with its running sums. */
static void
build_plain(struct split_floor *f, const struct ngram_model *target, uint32_t v,
    size_t n, struct ngram_scratch *s)
{
	double *w = xreallocarray(NULL, n, sizeof *w), *cdf;
	size_t i;

	ngram_dist(target, &v, 1, NULL, w, s);
	cdf = xreallocarray(NULL, n, sizeof *cdf);
	for (i = 0; i < n; i++)
		cdf[i] = (i > 0 ? cdf[i - 1] : 0.0) + w[i];
	*f = (struct split_floor){ n, w, cdf, cdf[n - 1], NULL, NULL, NULL, NULL, NULL,
	    split_floor_top(w, n), NULL };
}

/* G: the draft's row after v as f times factors, its tokens in factor order
 * with running sums of both floors in that order. */
static void
build_factored(struct split_floor *g, const struct split_floor *f,
    const struct ngram_model *draft, uint32_t v, size_t n, struct ngram_scratch *s)
{
	double *w = xreallocarray(NULL, n, sizeof *w);
	double *factor = xreallocarray(NULL, n, sizeof *factor);
	double *cb = xreallocarray(NULL, n + 1, sizeof *cb);
	double *cw = xreallocarray(NULL, n + 1, sizeof *cw);
	uint32_t *order = xreallocarray(NULL, n, sizeof *order);
	struct by_factor *t = xreallocarray(NULL, n, sizeof *t);
	size_t i;

	ngram_dist(draft, &v, 1, NULL, w, s);
	for (i = 0; i < n; i++)
		t[i] = (struct by_factor){ factor[i] = w[i] / f->w[i], (uint32_t)i };
	qsort(t, n, sizeof *t, cmp_factor);
	cb[0] = cw[0] = 0.0;
	for (i = 0; i < n; i++) {
		uint32_t x = order[i] = t[i].w;

		w[x] = f->w[x] * factor[x];
		cb[i + 1] = cb[i] + f->w[x];
		cw[i + 1] = cw[i] + w[x];
	}
	free(t);
	*g = (struct split_floor){ n, w, NULL, cw[n], f, factor, order, cb, cw,
	    split_floor_top(w, n), NULL };
}

const struct heavy_pair *
heavy_floors_get(struct heavy_floors *h, const struct ngram_model *target,
    const struct ngram_model *draft, uint32_t v, struct ngram_scratch *s)
{
	struct heavy_pair *p;
	int i;

	for (i = 0; i < h->n; i++)
		if (h->pair[i]->v == v)
			return h->pair[i];
	if (h->n == HEAVY_FLOORS)
		return NULL;
	p = xcalloc(1, sizeof *p);
	p->v = v;
	build_plain(&p->f, target, v, h->vocab, s);
	build_factored(&p->g, &p->f, draft, v, h->vocab, s);
	h->pair[h->n++] = p;
	return p;
}
