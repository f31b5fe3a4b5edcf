/* split_minsum.c: sum min(q, p / rho) over a split pair, from its floors and
 * its lists. */
#include "config.h"

#include <stdlib.h>

#include "dist/pdist.h"
#include "dist/split.h"
#include "dist/split_minsum.h"
#include "util/xalloc.h"

/* The listed tokens' values and floor parts, gathered into four arrays. */
struct gathered {
	double *p, *q, *fp, *fq;
	size_t n;
};

static void
gather(struct gathered *g, const struct split_dist *p, const struct split_dist *q,
    size_t w, double pe, double qe)
{
	double fp = p->scale * p->floor->w[w], fq = q->scale * q->floor->w[w];

	if (pe == 0.0 && qe == 0.0)	/* its floor parts, counted already */
		return;
	g->fp[g->n] = fp;
	g->fq[g->n] = fq;
	g->p[g->n] = fp + pe;	/* split_prob's sums */
	g->q[g->n] = fq + qe;
	g->n++;
}

/* Every token on either list once: p's, then q's that p does not hold. */
static void
gather_lists(struct gathered *g, const struct split_dist *p, const struct split_dist *q)
{
	int same = p->list == q->list && p->nlist == q->nlist;
	size_t i;

	for (i = 0; i < p->nlist; i++)
		gather(g, p, q, p->list[i], p->extra[i],
		    same ? q->extra[i] : split_extra(q, p->list[i]));
	for (i = 0; !same && i < q->nlist; i++)
		if (p->nlist == 0 || p->find(p->where, q->list[i]) == SPLIT_NONE)
			gather(g, p, q, q->list[i], 0.0, q->extra[i]);
}

int
split_minsum_make(struct split_minsum *m, const struct pdist *hp, const struct pdist *hq)
{
	const struct split_dist *p, *q;
	struct gathered g;
	size_t most;

	if (hp->form != PDIST_SPLIT || hq->form != PDIST_SPLIT)
		return 0;
	p = hp->u.split;
	q = hq->u.split;
	if (!split_floors_pair(p->floor, q->floor) && !split_floors_pair(q->floor, p->floor))
		return 0;
	most = p->nlist + q->nlist;
	g.p = xreallocarray(NULL, 4 * most + 1, sizeof *g.p);
	g.q = g.p + most;
	g.fp = g.q + most;
	g.fq = g.fp + most;
	g.n = 0;
	gather_lists(&g, p, q);
	*m = (struct split_minsum){ p, q, p->floor, q->floor, p->scale, q->scale, { 0 },
	    { 0 } };
	ratio_sums_make(&m->own, g.p, g.q, g.n, NULL);
	ratio_sums_make(&m->part, g.fp, g.fq, g.n, NULL);
	free(g.p);
	return 1;
}

double
split_minsum_beta(const struct split_minsum *m, double rho)
{
	double floors, beta;

	if (split_floors_pair(m->fp, m->fq))
		floors = split_floors_min(m->fp, m->a / rho, m->fq, m->b);
	else
		floors = split_floors_min(m->fq, m->b, m->fp, m->a / rho);
	beta = floors + ratio_sums_beta(&m->own, rho) - ratio_sums_beta(&m->part, rho);
	return beta < 0.0 ? 0.0 : beta > 1.0 ? 1.0 : beta;
}

int
split_minsum_identical(const struct split_minsum *m)
{
	const struct split_dist *p = m->p, *q = m->q;
	size_t i;

	if (p == q)
		return 1;
	if (p->floor != q->floor || p->scale != q->scale || p->nlist != q->nlist)
		return 0;
	for (i = 0; i < p->nlist; i++)
		if (p->list[i] != q->list[i] || p->extra[i] != q->extra[i])
			return 0;
	return 1;
}

void
split_minsum_free(struct split_minsum *m)
{
	ratio_sums_free(&m->own);
	ratio_sums_free(&m->part);
}
