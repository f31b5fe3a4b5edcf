/* tree_node.c: the node test the tree rules share (tree_node.h). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dist/dense.h"
#include "dist/pdist.h"
#include "util/rng.h"
#include "verify/tree_node.h"

int
tree_node_test(struct verify_tree_node *node, int i, double px, double a)
{
	double u = rng_uniform(node->rng);

	node->u[i] = u;
	node->p_force[i] = px;
	node->accept[i] = a;
	node->tested = i + 1;
	return u < a;
}

int
tree_node_named(const struct verify_tree_node *nd)
{
	return nd->hp->name != 0 && nd->hq->name != 0;
}

/* Whether the pair at nd can be kept over the union of its entries. */
static int
node_compact(const struct verify_tree_node *nd)
{
	return nd->idbuf != NULL && nd->hp->form == PDIST_SPARSE &&
	    nd->hq->form == PDIST_SPARSE;
}

/* The dense vector of h: its own when it is one, else a copy in buf. */
static const double *
dense_of(const struct pdist *h, double *buf)
{
	if (h->form == PDIST_DENSE)
		return h->u.dense;
	pdist_densify(h, buf);
	return buf;
}

void
tree_node_dense(struct verify_tree_node *nd)
{
	if (nd->dense)
		return;
	if (node_compact(nd)) {
		nd->n = dense_union(nd->hp->u.sparse, nd->hq->u.sparse, nd->idbuf);
		nd->ids = nd->idbuf;
		dense_gather(nd->hp->u.sparse, nd->ids, nd->n, nd->pbuf);
		dense_gather(nd->hq->u.sparse, nd->ids, nd->n, nd->qbuf);
		nd->p = nd->pbuf;
		nd->q = nd->qbuf;
	} else {
		nd->ids = NULL;
		nd->n = nd->vocab;
		nd->p = dense_of(nd->hp, nd->pbuf);
		nd->q = dense_of(nd->hq, nd->qbuf);
	}
	nd->dense = 1;
}

void
tree_node_work(struct verify_tree_node *nd)
{
	if (nd->work)
		return;
	tree_node_dense(nd);
	memcpy(nd->P, nd->p, nd->n * sizeof *nd->P);
	memcpy(nd->Q, nd->q, nd->n * sizeof *nd->Q);
	nd->work = 1;
}

/* v (one of nd's vectors) at token x. */
static double
value_at(const struct verify_tree_node *nd, const double *v, size_t x)
{
	size_t i = dense_index(nd->ids, nd->n, x);

	return i < nd->n ? v[i] : 0.0;
}

size_t
tree_node_sample(const struct verify_tree_node *nd, const double *w)
{
	return dense_sample_at(w, nd->ids, nd->n, nd->vocab, nd->rng);
}

size_t
tree_node_sample_residual(struct verify_tree_node *nd, double *mass)
{
	return pdist_sample_residual(nd->hp, nd->hq, 1.0, nd->rng, nd->scratch, mass);
}

/* The dense working pair of recursive rejection sampling, read in place:
 * p and q until an update writes nd's P or Q (NULL while the node reads the
 * handles), so that a node copies no vector it does not change. */
struct rrs_pair {
	const double *P, *Q;
};

/* The pair from the node made dense: p and q. */
static void
rrs_in_place(struct verify_tree_node *nd, struct rrs_pair *w)
{
	tree_node_dense(nd);
	w->P = nd->p;
	w->Q = nd->q;
}

/* Q without token x, renormalised (draws without replacement): into nd's
 * Q, from q the first time. */
static void
rrs_remove(struct verify_tree_node *nd, struct rrs_pair *w, size_t x)
{
	if (w->Q != nd->Q) {
		memcpy(nd->Q, w->Q, nd->n * sizeof *nd->Q);
		w->Q = nd->Q;
	}
	dense_remove(nd->Q, nd->n, dense_index(nd->ids, nd->n, x));
}

/* After one rejection, of x1, the working pair from the handles: P_1 =
 * norm(max(0, p - q)) (p when its mass m1 is 0) and Q_1 = q, or without x1
 * renormalised, made dense for the next update. */
static void
rrs_densify(struct verify_tree_node *nd, double m1, int without, size_t x1,
    struct rrs_pair *w)
{
	size_t y;

	rrs_in_place(nd, w);
	for (y = 0; y < nd->n; y++)
		nd->P[y] = m1 > 0.0 ? fmax(0.0, nd->p[y] - nd->q[y]) / m1 : nd->p[y];
	w->P = nd->P;
	if (without)
		rrs_remove(nd, w, x1);
}

/* The first update reads the handles alone: P_1(x) = max(0, p(x) - q(x)) /
 * m1, with m1 the residual's mass, and Q_1(x) = q(x) / (1 - q(x1)) without
 * replacement; only a second rejection makes the pair dense. */
int
tree_node_rrs(struct verify_tree_node *nd, int without)
{
	struct rrs_pair w = { NULL, NULL };
	double m1 = 0.0, qleft = 1.0;
	size_t x1 = 0;
	int i;

	if (nd->dense)	/* made dense already: the working pair from it */
		rrs_in_place(nd, &w);
	for (i = 0; i < nd->k; i++) {
		size_t x = (size_t)nd->token[i];
		double px, qx, p0 = pdist_prob(nd->hp, x), q0 = pdist_prob(nd->hq, x);

		if (w.P != NULL) {
			px = value_at(nd, w.P, x);
			qx = value_at(nd, w.Q, x);
		} else if (i == 0) {
			px = p0;
			qx = q0;
		} else {
			px = m1 > 0.0 ? fmax(0.0, p0 - q0) / m1 : p0;
			qx = without ? q0 / qleft : q0;
		}
		if (tree_node_test(nd, i, px, qx > 0.0 ? fmin(1.0, px / qx) : 0.0))
			return i;
		if (i == 0 && w.P == NULL) {
			m1 = nd->resid_mass = pdist_residual_mass(nd->hp, nd->hq, 1.0);
			qleft = 1.0 - q0;
			x1 = x;
			continue;
		}
		if (w.P == NULL)
			rrs_densify(nd, m1, without, x1, &w);
		nd->resid_mass = dense_residual_into(nd->P, w.P, w.Q, nd->n, 1.0);
		if (nd->resid_mass > 0.0)	/* else P is unchanged */
			w.P = nd->P;
		if (without)
			rrs_remove(nd, &w, x);
	}
	if (w.P != NULL)
		nd->replacement = (int)tree_node_sample(nd, w.P);
	else
		nd->replacement = (int)(m1 > 0.0 ? tree_node_sample_residual(nd, &m1) :
		    pdist_sample(nd->hp, nd->rng));
	return -1;
}

double
tree_node_geometric(double beta, int k, double *by_rank)
{
	double reach = 1.0;
	int i;

	for (i = 0; i < k; i++) {
		by_rank[i] = reach * beta;
		reach *= 1.0 - beta;
	}
	return 1.0 - reach;
}
