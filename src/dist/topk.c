/* topk.c: the k most likely tokens, dense and from the split form. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "dist/pdist.h"
#include "dist/sparse.h"
#include "dist/split.h"
#include "dist/topk.h"
#include "util/bisect.h"
#include "util/xalloc.h"

#define TOPK_STEPS_SPARE 64	/* floor tokens walked past k and the list
				 * before a pass over the vocabulary is cheaper */
#define TOPK_STACK 16		/* k kept on the stack; larger k allocates */

struct cand {
	double v;
	size_t id;
};

/* The best first k candidates kept in order: by value falling, ties by id. */
struct best {
	struct cand *c;
	int n, k;
};

static int
outranks(double v, size_t id, const struct cand *c)
{
	return v > c->v || (v == c->v && id < c->id);
}

/* Offer a token: it enters when there is room or it outranks the last. */
static void
offer(struct best *b, double v, size_t id)
{
	int j;

	if (b->n == b->k) {
		if (b->k == 0 || !outranks(v, id, &b->c[b->k - 1]))
			return;
		j = b->k - 1;
	} else {
		j = b->n++;
	}
	for (; j > 0 && outranks(v, id, &b->c[j - 1]); j--)
		b->c[j] = b->c[j - 1];
	b->c[j] = (struct cand){ v, id };
}

/* b for k tokens, in stack (TOPK_STACK entries) when they fit. */
static void
best_open(struct best *b, struct cand *stack, int k)
{
	b->c = k <= TOPK_STACK ? stack :
	    xreallocarray(NULL, (size_t)k, sizeof *b->c);
	b->n = 0;
	b->k = k;
}

/* The kept ids into out (-1 past them) and, when prob is not NULL, their
 * values into prob (0 past them); b's storage released. */
static void
best_out(struct best *b, const struct cand *stack, int *out, double *prob)
{
	int i;

	for (i = 0; i < b->k; i++) {
		out[i] = i < b->n ? (int)b->c[i].id : -1;
		if (prob != NULL)
			prob[i] = i < b->n ? b->c[i].v : 0.0;
	}
	if (b->c != stack)
		free(b->c);
}

/* Offer a token unless it cannot enter: the test that keeps a long pass
 * from calling offer for every token. */
static inline void
offer_if(struct best *b, double v, size_t id)
{
	if (b->n < b->k || v >= b->c[b->k - 1].v)
		offer(b, v, id);
}

/* In a pass by rising id a token that ties with the last kept comes after
 * it: once k are kept, only a larger value enters. */
static void
dense_topk(const double *p, size_t n, int k, int *out, double *prob)
{
	struct cand stack[TOPK_STACK];
	struct best b;
	size_t y;

	best_open(&b, stack, k);
	for (y = 0; y < n && k > 0; y++)
		if (b.n < k || p[y] > b.c[k - 1].v)
			offer(&b, p[y], y);
	best_out(&b, stack, out, prob);
}

void
dist_topk(const double *p, size_t n, int k, int *out)
{
	dense_topk(p, n, k, out, NULL);
}

/* The entries, then the tokens off the list (0) by rising id while one can
 * still enter. */
static void
sparse_topk(const struct sparse_dist *d, int k, int *out, double *prob)
{
	struct cand stack[TOPK_STACK];
	struct best b;
	size_t i, y, next = 0;

	best_open(&b, stack, k);
	for (i = 0; i < d->n && k > 0; i++)
		offer(&b, d->w[i], d->id[i]);
	for (y = 0; y < d->vocab && k > 0; y++) {
		if (next < d->n && d->id[next] == y) {
			next++;
			continue;
		}
		if (b.n == k && !outranks(0.0, y, &b.c[k - 1]))
			break;
		offer(&b, 0.0, y);
	}
	best_out(&b, stack, out, prob);
}

/* A pass over every token's P (the exact fallback). */
static void
offer_all(const struct split_dist *d, struct best *b)
{
	size_t y;

	b->n = 0;
	for (y = 0; y < d->floor->vocab; y++)
		offer_if(b, split_prob(d, y), y);
}

struct weight_below {
	const struct split_floor *floor;
	const uint32_t *desc;
	double w;
};

static int
weight_below(size_t i, const void *arg)
{
	const struct weight_below *at = arg;

	return at->floor->w[at->desc[i]] < at->w;
}

/* The first place of the floor's order after j with a weight below token t's:
 * past the rest of t's group of equal weights. */
static size_t
past_group(const struct split_floor *floor, const uint32_t *desc, size_t j, size_t t)
{
	struct weight_below at = { floor, desc + j, floor->w[t] };

	return j + bisect(floor->vocab - j, weight_below, &at);
}

/* Walks the floor's order: a token off the list has P = scale w, which does
 * not rise along the order (w falls, and scaling keeps order up to ties). A
 * token whose P falls below the k-th kept ends the walk; one that ties with
 * it but has a larger id cannot enter, nor can the rest of its group of equal
 * weights (larger ids still), so the walk jumps past the group: a lower
 * weight may round to the same P with a lower id. */
static int
offer_floor(const struct split_dist *d, struct best *b)
{
	const struct split_floor *fl = d->floor;
	const uint32_t *desc = split_floor_desc(fl);
	size_t j = 0, n = fl->vocab, steps = 0;
	size_t budget = (size_t)b->k + d->nlist + TOPK_STEPS_SPARE;

	while (j < n) {
		size_t t = desc[j];
		double v = d->scale * fl->w[t];
		const struct cand *last = b->n == b->k && b->k > 0 ? &b->c[b->k - 1] : NULL;

		if (++steps > budget)
			return 0;
		if (last != NULL && v < last->v)
			break;
		if (last != NULL && v == last->v && t > last->id) {
			j = past_group(fl, desc, j, t);
			continue;
		}
		if (d->nlist == 0 || d->find(d->where, (uint32_t)t) == SPLIT_NONE)
			offer(b, v, t);
		j++;
	}
	return 1;
}

/* The listed tokens, each at split_prob's value, scale floor(w) + its
 * extra, offered while they can enter: from the k-th kept's value on (the
 * bar, held here, not read back through b at every token). */
static void
offer_list(const struct split_dist *d, struct best *b)
{
	const double *w = d->floor->w, *extra = d->extra, scale = d->scale;
	const uint32_t *list = d->list;
	double bar = -HUGE_VAL;
	size_t i;

	for (i = 0; i < d->nlist; i++) {
		double v = scale * w[list[i]] + extra[i];

		if (v >= bar) {
			offer(b, v, list[i]);
			if (b->n == b->k)
				bar = b->c[b->k - 1].v;
		}
	}
}

static void
split_topk_probs(const struct split_dist *d, int k, int *out, double *prob)
{
	struct cand stack[TOPK_STACK];
	struct best b;

	best_open(&b, stack, k);
	if (k > 0)
		offer_list(d, &b);
	if (k > 0 && (!(d->scale > 0.0) || !offer_floor(d, &b)))
		offer_all(d, &b);
	best_out(&b, stack, out, prob);
}

void
split_topk(const struct split_dist *d, int k, int *out)
{
	split_topk_probs(d, k, out, NULL);
}

void
pdist_topk_probs(const struct pdist *p, int k, int *out, double *prob)
{
	if (p->form == PDIST_SPLIT) {
		split_topk_probs(p->u.split, k, out, prob);
	} else if (p->form == PDIST_DENSE) {
		dense_topk(p->u.dense, p->vocab, k, out, prob);
	} else {
		sparse_topk(p->u.sparse, k, out, prob);
	}
}

void
pdist_topk(const struct pdist *p, int k, int *out)
{
	pdist_topk_probs(p, k, out, NULL);
}
