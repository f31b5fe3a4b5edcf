/* ratio_tables.c: the ratio CDF of the dense pairs that come back. */
#include "config.h"

#include <stdlib.h>

#include "dist/dist.h"
#include "dist/ratio_tables.h"
#include "dist/sparse.h"
#include "util/xalloc.h"

struct keyed {
	double key;
	uint32_t id;
};

/* A pair, by its names, with its uses and, once built, its table. */
struct ratio_entry {
	uint64_t pname, qname;
	size_t vocab;
	int sparse;		/* a pair of sparse handles (a table of entries) */
	uint64_t uses;
	uint64_t last;		/* the tick of its last use */
	double *cdf;		/* vocab entries, or NULL until built */
	/* A sparse pair's table, in p's positive entries: their keys and ids in
	 * the ratio order, and before[i] the sum of p over the first i. */
	struct keyed *order;
	double *before;
	size_t norder;
};

struct ratio_tables {
	struct ratio_entry e[RATIO_TABLES_KEPT];
	uint64_t tick;
	uint64_t built, served;
};

struct ratio_tables *
ratio_tables_new(void)
{
	return xcalloc(1, sizeof(struct ratio_tables));
}

void
ratio_tables_free(struct ratio_tables *t)
{
	int i;

	for (i = 0; t != NULL && i < RATIO_TABLES_KEPT; i++) {
		free(t->e[i].cdf);
		free(t->e[i].order);
		free(t->e[i].before);
	}
	free(t);
}

static int
by_key_then_id(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* cdf[y] = the sum of p over the tokens before y in the ratio order. */
static void
build(struct ratio_entry *e, const double *p, const double *q)
{
	struct keyed *k = xreallocarray(NULL, e->vocab, sizeof *k);
	double sum = 0.0;
	size_t i;

	for (i = 0; i < e->vocab; i++) {
		k[i].key = dist_ratio(p[i], q[i]);
		k[i].id = (uint32_t)i;
	}
	qsort(k, e->vocab, sizeof *k, by_key_then_id);
	e->cdf = xreallocarray(e->cdf, e->vocab, sizeof *e->cdf);
	for (i = 0; i < e->vocab; i++) {
		e->cdf[k[i].id] = sum < 1.0 ? sum : 1.0;
		sum += p[k[i].id];
	}
	free(k);
}

/* The table of a sparse pair: p's positive entries sorted as build sorts the
 * vocabulary, with the same running sum (the other tokens add 0 to it). */
static void
build_sparse(struct ratio_entry *e, const struct sparse_dist *p,
    const struct sparse_dist *q)
{
	double sum = 0.0;
	size_t k, n = 0;

	e->order = xreallocarray(NULL, p->n + 1, sizeof *e->order);
	e->before = xreallocarray(NULL, p->n + 1, sizeof *e->before);
	for (k = 0; k < p->n; k++)
		if (p->w[k] > 0.0) {
			e->order[n].key = dist_ratio(p->w[k], sparse_prob(q, p->id[k]));
			e->order[n++].id = p->id[k];
		}
	qsort(e->order, n, sizeof *e->order, by_key_then_id);
	for (k = 0; k < n; k++) {
		e->before[k] = sum;
		sum += sparse_prob(p, e->order[k].id);
	}
	e->before[n] = sum;
	e->norder = n;
}

/* build's cdf[x] from a sparse table: the sum before the first entry that
 * comes after x in the ratio order, at most 1. */
static double
sparse_lookup(const struct ratio_entry *e, const struct sparse_dist *p,
    const struct sparse_dist *q, size_t x)
{
	struct keyed kx = { dist_ratio(sparse_prob(p, x), sparse_prob(q, x)), (uint32_t)x };
	size_t lo = 0, hi = e->norder;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (by_key_then_id(&e->order[mid], &kx) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return e->before[lo] < 1.0 ? e->before[lo] : 1.0;
}

static int
built(const struct ratio_entry *e)
{
	return e->cdf != NULL || e->order != NULL;
}

/* Which of a and b to give up: one still being counted before one with a table
 * (a run of pairs seen once must not push the built tables out), else the one
 * used longer ago. */
static struct ratio_entry *
to_evict(struct ratio_entry *a, struct ratio_entry *b)
{
	if (built(a) != built(b))
		return built(a) ? b : a;
	return b->last < a->last ? b : a;
}

/* The pair's entry: found, or one taken for it (to_evict). */
static struct ratio_entry *
entry(struct ratio_tables *t, uint64_t pname, uint64_t qname, size_t vocab,
    int sparse)
{
	struct ratio_entry *e, *old = &t->e[0];
	int i;

	for (i = 0; i < RATIO_TABLES_KEPT; i++) {
		e = &t->e[i];
		if (e->uses > 0 && e->pname == pname && e->qname == qname &&
		    e->vocab == vocab && e->sparse == sparse)
			return e;
		old = to_evict(old, e);
	}
	old->pname = pname;
	old->qname = qname;
	old->vocab = vocab;
	old->sparse = sparse;
	old->uses = 0;
	free(old->cdf);
	free(old->order);
	free(old->before);
	old->cdf = NULL;
	old->order = NULL;
	old->before = NULL;
	return old;
}

/* Whether ratio_tables_cdf would take the pair: named dense or sparse rows
 * over one vocabulary that is not too large. */
static inline int
takes(const struct pdist *p, const struct pdist *q)
{
	int sparse = p->form == PDIST_SPARSE && q->form == PDIST_SPARSE;

	return (sparse || (p->form == PDIST_DENSE && q->form == PDIST_DENSE)) &&
	    p->name != 0 && q->name != 0 && p->vocab == q->vocab &&
	    p->vocab <= RATIO_TABLES_VOCAB_MAX;
}

int
ratio_tables_would_serve(const struct ratio_tables *t, const struct pdist *p,
    const struct pdist *q)
{
	const struct ratio_entry *e;
	int i, sparse = p->form == PDIST_SPARSE;

	if (t == NULL || !takes(p, q))
		return 0;
	for (i = 0; i < RATIO_TABLES_KEPT; i++) {
		e = &t->e[i];
		if (e->uses > 0 && e->pname == p->name && e->qname == q->name &&
		    e->vocab == p->vocab && e->sparse == sparse)
			return built(e) || e->uses + 1 >= RATIO_TABLES_AFTER;
	}
	return RATIO_TABLES_AFTER <= 1;
}

int
ratio_tables_cdf(struct ratio_tables *t, const struct pdist *p, const struct pdist *q,
    const size_t *xs, int m, double *out)
{
	struct ratio_entry *e;
	int j;

	int sparse = p->form == PDIST_SPARSE && q->form == PDIST_SPARSE;

	if (!takes(p, q))
		return 0;
	e = entry(t, p->name, q->name, p->vocab, sparse);
	e->last = ++t->tick;
	if (!built(e) && ++e->uses >= RATIO_TABLES_AFTER) {
		if (sparse)
			build_sparse(e, p->u.sparse, q->u.sparse);
		else
			build(e, p->u.dense, q->u.dense);
		t->built++;
	}
	if (!built(e))
		return 0;
	for (j = 0; j < m; j++)
		out[j] = sparse ? sparse_lookup(e, p->u.sparse, q->u.sparse, xs[j]) :
		    e->cdf[xs[j]];
	t->served++;
	return 1;
}

void
ratio_tables_stats(const struct ratio_tables *t, uint64_t *built, uint64_t *served)
{
	*built = t != NULL ? t->built : 0;
	*served = t != NULL ? t->served : 0;
}
