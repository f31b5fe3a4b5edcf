/* verify_tree.c: a speculative step over a token tree: drafting every node,
 * the top-down walk that tree rules with a node test plug into, the record,
 * and the closed forms over a shape (verify_tree.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "dist/sparse.h"
#include "dist/topk.h"
#include "source/source.h"
#include "util/radix.h"
#include "util/rng.h"
#include "util/xalloc.h"
#include "verify/tree_memo.h"
#include "verify/verify_tree.h"

/* fmax(0, x) and fmin(x, y) as the C library gives them (x on a tie, so
 * fmax(0, -0) is 0), but inline: the passes over a vocabulary below spend
 * more in a library call than in the arithmetic. No NaN reaches them. */
static inline double
positive(double x)
{
	return x > 0.0 ? x : 0.0;
}

static inline double
lesser(double x, double y)
{
	return y < x ? y : x;
}

double
verify_tree_residual(double *P, const double *Q, size_t n, double a)
{
	double mass = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		mass += positive(a * P[y] - Q[y]);
	if (!(mass > 0.0))
		return 0.0;
	for (y = 0; y < n; y++)
		P[y] = positive(a * P[y] - Q[y]) / mass;
	return mass;
}

double
verify_tree_remove(double *Q, size_t n, size_t x)
{
	double left = 0.0;
	size_t y;

	if (x < n)
		Q[x] = 0.0;
	for (y = 0; y < n; y++)
		left += Q[y];
	if (left > 0.0)
		for (y = 0; y < n; y++)
			Q[y] /= left;
	return left;
}

size_t
verify_tree_sample(const double *P, size_t n, struct rng *rng)
{
	double total = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		total += P[y];
	return rng_categorical(rng, P, n, total);
}

int
verify_tree_test(struct verify_tree_node *node, int i, double px, double qx, double a)
{
	double u = rng_uniform(node->rng);

	node->u[i] = u;
	node->p_force[i] = px;
	node->q_force[i] = qx;
	node->accept[i] = a;
	node->tested = i + 1;
	return u < a;
}

size_t
verify_tree_union(const struct sparse_dist *a, const struct sparse_dist *b, uint32_t *ids)
{
	size_t i = 0, j = 0, n = 0;

	while (i < a->n || j < b->n)
		if (j == b->n || (i < a->n && a->id[i] < b->id[j]))
			ids[n++] = a->id[i++];
		else {
			i += i < a->n && a->id[i] == b->id[j];
			ids[n++] = b->id[j++];
		}
	return n;
}

void
verify_tree_gather(const struct sparse_dist *d, const uint32_t *ids, size_t n, double *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		while (k < d->n && d->id[k] < ids[i])
			k++;
		out[i] = k < d->n && d->id[k] == ids[i] ? d->w[k] : 0.0;
	}
}

int
verify_tree_named(const struct verify_tree_node *nd)
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

void
verify_tree_dense(struct verify_tree_node *nd)
{
	if (nd->dense)
		return;
	if (node_compact(nd)) {
		nd->n = verify_tree_union(nd->hp->u.sparse, nd->hq->u.sparse, nd->idbuf);
		nd->ids = nd->idbuf;
		verify_tree_gather(nd->hp->u.sparse, nd->ids, nd->n, nd->p);
		verify_tree_gather(nd->hq->u.sparse, nd->ids, nd->n, nd->q);
	} else {
		nd->ids = NULL;
		nd->n = nd->vocab;
		pdist_densify(nd->hp, nd->p);
		pdist_densify(nd->hq, nd->q);
	}
	memcpy(nd->P, nd->p, nd->n * sizeof *nd->P);
	memcpy(nd->Q, nd->q, nd->n * sizeof *nd->Q);
	nd->dense = 1;
}

size_t
verify_tree_index(const uint32_t *ids, size_t n, size_t x)
{
	size_t lo = 0, hi = n;

	if (ids == NULL)
		return x < n ? x : n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ids[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ids[lo] == x ? lo : n;
}

/* v (one of nd's vectors) at token x. */
static double
value_at(const struct verify_tree_node *nd, const double *v, size_t x)
{
	size_t i = verify_tree_index(nd->ids, nd->n, x);

	return i < nd->n ? v[i] : 0.0;
}

size_t
verify_tree_sample_at(const double *w, const uint32_t *ids, size_t n, size_t vocab,
    struct rng *rng)
{
	double total = 0.0;
	size_t i;

	if (ids == NULL)
		return verify_tree_sample(w, n, rng);
	for (i = 0; i < n; i++)
		total += w[i];
	return rng_categorical_sparse(rng, ids, w, n, vocab, total);
}

size_t
verify_tree_node_sample(const struct verify_tree_node *nd, const double *w)
{
	return verify_tree_sample_at(w, nd->ids, nd->n, nd->vocab, nd->rng);
}

size_t
verify_tree_sample_residual(struct verify_tree_node *nd, double *mass)
{
	return pdist_sample_residual(nd->hp, nd->hq, 1.0, nd->rng, nd->scratch, mass);
}

/* After one rejection, of x1, the working pair from the handles: P_1 =
 * norm(max(0, p - q)) (p when its mass m1 is 0) and Q_1 = q, or without x1
 * renormalised, made dense for the next update. */
static void
rrs_densify(struct verify_tree_node *nd, double m1, int without, size_t x1)
{
	size_t y;

	verify_tree_dense(nd);
	for (y = 0; y < nd->n; y++)
		nd->P[y] = m1 > 0.0 ? fmax(0.0, nd->p[y] - nd->q[y]) / m1 : nd->p[y];
	if (without)
		verify_tree_remove(nd->Q, nd->n, verify_tree_index(nd->ids, nd->n, x1));
}

/* The first update reads the handles alone: P_1(x) = max(0, p(x) - q(x)) /
 * m1, with m1 the residual's mass, and Q_1(x) = q(x) / (1 - q(x1)) without
 * replacement; only a second rejection makes the pair dense. */
int
verify_tree_rrs(struct verify_tree_node *nd, int without)
{
	double m1 = 0.0, qleft = 1.0;
	size_t x1 = 0;
	int i;

	for (i = 0; i < nd->k; i++) {
		size_t x = (size_t)nd->token[i];
		double px, qx, p0 = pdist_prob(nd->hp, x), q0 = pdist_prob(nd->hq, x);

		if (nd->dense) {
			px = value_at(nd, nd->P, x);
			qx = value_at(nd, nd->Q, x);
		} else if (i == 0) {
			px = p0;
			qx = q0;
		} else {
			px = m1 > 0.0 ? fmax(0.0, p0 - q0) / m1 : p0;
			qx = without ? q0 / qleft : q0;
		}
		if (verify_tree_test(nd, i, px, qx, qx > 0.0 ? fmin(1.0, px / qx) : 0.0))
			return i;
		if (i == 0 && !nd->dense) {
			m1 = nd->resid_mass = pdist_residual_mass(nd->hp, nd->hq, 1.0);
			qleft = 1.0 - q0;
			x1 = x;
			continue;
		}
		if (!nd->dense)
			rrs_densify(nd, m1, without, x1);
		nd->resid_mass = verify_tree_residual(nd->P, nd->Q, nd->n, 1.0);
		if (without)
			verify_tree_remove(nd->Q, nd->n, verify_tree_index(nd->ids, nd->n, x));
	}
	if (nd->dense)
		nd->replacement = (int)verify_tree_node_sample(nd, nd->P);
	else
		nd->replacement = (int)(m1 > 0.0 ? verify_tree_sample_residual(nd, &m1) :
		    pdist_sample(nd->hp, nd->rng));
	return -1;
}

double
verify_tree_geometric(double beta, int k, double *by_rank)
{
	double reach = 1.0;
	int i;

	for (i = 0; i < k; i++) {
		by_rank[i] = reach * beta;
		reach *= 1.0 - beta;
	}
	return 1.0 - reach;
}

void
verify_tree_topk(const double *q, size_t n, int k, int *out)
{
	dist_topk(q, n, k, out);
}

/* One draw without replacement from q, avoiding the k tokens in taken:
 * rejection while most of the mass is left, else from a dense copy; -1
 * when nothing is left. */
static int
draw_without(const struct pdist *q, const int *taken, int k, struct rng *rng,
    double *dense, size_t n)
{
	double left = 1.0;
	int i, x, again;

	for (i = 0; i < k; i++)
		left -= pdist_prob(q, (size_t)taken[i]);
	if (left >= 0.5)
		do {
			x = (int)pdist_sample(q, rng);
			for (again = 0, i = 0; i < k; i++)
				again |= taken[i] == x;
		} while (again);
	else if (q->form == PDIST_SPARSE) {	/* the dense draw, over the entries */
		const struct sparse_dist *d = q->u.sparse;
		size_t j;

		memcpy(dense, d->w, d->n * sizeof *dense);
		for (i = 0; i < k; i++)
			if ((j = verify_tree_index(d->id, d->n, (size_t)taken[i])) < d->n)
				dense[j] = 0.0;
		for (left = 0.0, j = 0; j < d->n; j++)
			left += dense[j];
		if (!(left > 1e-12))
			return -1;
		x = (int)rng_categorical_sparse(rng, d->id, dense, d->n, n, left);
	} else {
		pdist_densify(q, dense);
		for (i = 0; i < k; i++)
			dense[taken[i]] = 0.0;
		for (left = 0.0, i = 0; i < (int)n; i++)
			left += dense[i];
		if (!(left > 1e-12))
			return -1;
		x = (int)rng_categorical(rng, dense, n, left);
	}
	return x;
}

/* The children of node v drawn from q there under draw into tok. */
static void
draft_children(const struct pdist *q, int k, enum verify_tree_draw draw,
    struct rng *rng, double *dense, size_t n, int *tok)
{
	int i;

	if (draw == VERIFY_DRAW_TOPK) {
		pdist_topk(q, k < (int)n ? k : (int)n, tok);
		for (i = (int)n; i < k; i++)
			tok[i] = -1;
		return;
	}
	for (i = 0; i < k; i++)
		if (draw == VERIFY_DRAW_IID)
			tok[i] = (int)pdist_sample(q, rng);
		else if ((tok[i] = draw_without(q, tok, i, rng, dense, n)) < 0)
			break;
	for (; i < k; i++)
		tok[i] = -1;
}

void
verify_tree_draft(struct source *src, struct rng *rng, const struct tree_shape *shape,
    enum verify_tree_draw draw, struct spec_tree *tree, struct spec_scratch *scratch)
{
	double *dense = spec_scratch_work(scratch, src->vocab);
	int tok[TREE_NODES_MAX], v, i;
	struct pdist q;

	spec_tree_clear(tree);
	tree->ntested = 0;
	spec_tree_root(tree, SOURCE_ROOT);
	for (v = 1; v < shape->n; v++) {	/* every node, untested, in shape order */
		spec_tree_add(tree, shape->parent[v], -1, -1, 0.0, 0.0);
		tree->node[v].depth = shape->depth_of[v];
		tree->node[v].rank = shape->rank[v];
	}
	for (v = 0; v < shape->n; v++) {
		int c0 = shape->first_child[v], k = shape->nchild[v];

		if (k == 0 || (v > 0 && tree->node[v].token < 0))
			continue;
		source_dists(src, tree->node[v].source_node, NULL, &q);
		draft_children(&q, k, draw, rng, dense, src->vocab, tok);
		for (i = 0; i < k; i++) {
			struct spec_tree_node *c = &tree->node[c0 + i];

			c->token = tok[i];
			if (tok[i] < 0)
				continue;
			c->q = pdist_prob(&q, (size_t)tok[i]);
			c->source_node = source_child(src, tree->node[v].source_node, tok[i]);
		}
	}
}

/* Children of v that were drafted (they come first). */
static int
drafted_children(const struct tree_shape *shape, const struct spec_tree *tree, int v)
{
	int c0 = shape->first_child[v], k = 0;

	while (k < shape->nchild[v] && tree->node[c0 + k].token >= 0)
		k++;
	return k;
}

/* Top-k drafts are fixed by q: a node is reached exactly when the target's
 * tokens follow its path, so the expected tokens are 1 + the sum over nodes
 * of the target probability of the path to them. */
static double
deterministic_expectation(const struct tree_shape *shape, struct source *src,
    struct spec_tree *tree)
{
	double reach[TREE_NODES_MAX + 1], sum = 1.0;
	struct pdist p;
	int v, i, k;

	for (v = 0; v < shape->n; v++)
		reach[v] = v == 0 ? 1.0 : 0.0;
	for (v = 0; v < shape->n; v++) {
		if ((k = drafted_children(shape, tree, v)) == 0 || reach[v] == 0.0)
			continue;
		source_dists(src, tree->node[v].source_node, &p, NULL);
		for (i = 0; i < k; i++) {
			struct spec_tree_node *c = &tree->node[shape->first_child[v] + i];

			c->p = pdist_prob(&p, (size_t)c->token);
			reach[shape->first_child[v] + i] = reach[v] * c->p;
			sum += reach[v] * c->p;
		}
	}
	return sum;
}

/* The record's position at depth d along the path: node v's pair. */
static void
path_position(struct source *src, const struct spec_tree *tree, int v, int d,
    struct spec_position *at, struct spec_targets *targets)
{
	at->node = tree->node[v].source_node;
	source_dists(src, at->node, &at->p, &at->q);
	targets->p[d] = at->p;
	targets->q[d] = at->q;
	targets->has_q[d] = 1;
}

/* One node's test: the handles, room for the dense copies (made on demand)
 * and the residual's draws, four per-child arrays, and for a pair of sparse
 * lists room for the union of their entries. */
static void
node_work(struct spec_scratch *scratch, size_t n, const struct spec_position *at,
    int k, const int *tok, struct rng *rng, struct verify_tree_node *nd)
{
	double *w = spec_scratch_work(scratch, 5 * n + 4 * (size_t)TREE_NODES_MAX);
	uint32_t *ids = NULL;

	if (at->p.form == PDIST_SPARSE && at->q.form == PDIST_SPARSE)
		ids = spec_scratch_ids(scratch, at->p.u.sparse->n + at->q.u.sparse->n);
	*nd = (struct verify_tree_node){ .hp = &at->p, .hq = &at->q, .p = w, .q = w + n,
	    .P = w + 2 * n, .Q = w + 3 * n, .scratch = w + 4 * n, .vocab = n, .k = k,
	    .n = n, .idbuf = ids,
	    .token = tok, .rng = rng, .u = w + 5 * n,
	    .p_force = w + 5 * n + TREE_NODES_MAX,
	    .q_force = w + 5 * n + 2 * TREE_NODES_MAX,
	    .accept = w + 5 * n + 3 * TREE_NODES_MAX, .replacement = -1 };
}

/* Copy the node test's figures into the tree; the tested children's
 * outcomes. */
static void
record_tests(const struct tree_shape *shape, struct spec_tree *tree, int v,
    const struct verify_tree_node *nd, int accepted)
{
	int i;

	for (i = 0; i < nd->tested; i++) {
		struct spec_tree_node *c = &tree->node[shape->first_child[v] + i];

		c->tested = 1;
		c->order = ++tree->ntested;
		c->u = nd->u[i];
		c->p = pdist_prob(nd->hp, (size_t)c->token);
		c->p_force = nd->p_force[i];
		c->q_force = nd->q_force[i];
		c->accept = nd->accept[i];
		c->outcome = i == accepted ? SPEC_ACCEPTED : SPEC_REJECTED;
	}
}

/* The entries of a sparse q that are positive. */
static int
positive_entries(const struct pdist *q)
{
	size_t i;
	int m = 0;

	for (i = 0; i < q->u.sparse->n; i++)
		m += q->u.sparse->w[i] > 0.0;
	return m;
}

/* One pair's closed forms by width (tree_accept's sum and its by_rank for
 * each width asked), computed once: a step over a pair fixed within it asks
 * for the same widths at several nodes and for its expected tokens. */
struct width_memo {
	int keep;		/* whether to ask tree_memo too (a named pair) */
	int have[TREE_NODES_MAX + 1];
	double sum[TREE_NODES_MAX + 1];
	double rank[TREE_NODES_MAX + 1][TREE_NODES_MAX];
};

static double
memo_accept(const struct verify_entry *e, const struct verify_params *par,
    const double *p, const double *q, size_t n, int k, struct width_memo *m)
{
	double kept[TREE_MEMO_VALUES];
	int tag = TREE_MEMO_ACCEPT((int)par->rule, k);

	if (m->have[k])
		return m->sum[k];
	m->have[k] = 1;
	if (m->keep && k < TREE_MEMO_VALUES && tree_memo_get(tag, p, q, n, kept, k + 1)) {
		memcpy(m->rank[k], kept + 1, (size_t)k * sizeof *kept);
		return m->sum[k] = kept[0];
	}
	m->sum[k] = e->tree_accept(par, p, q, n, k, m->rank[k]);
	if (m->keep && k < TREE_MEMO_VALUES) {	/* the values are the key: tree_memo.h */
		kept[0] = m->sum[k];
		memcpy(kept + 1, m->rank[k], (size_t)k * sizeof *kept);
		tree_memo_put(tag, p, q, n, kept, k + 1);
	}
	return m->sum[k];
}

/* The acceptance expectation at a tested node: the rule's closed form with k
 * children where the source's pair is fixed within a step (it needs the
 * whole pair, dense; m keeps it by width), else the overlap (sim_beta_label
 * names it). */
static double
node_beta(const struct verify_entry *e, const struct verify_params *par,
    struct verify_tree_node *nd, int closed, struct width_memo *m)
{
	if (!closed || e->tree_accept == NULL)
		return pdist_overlap(nd->hp, nd->hq);
	if (e->tree_draw == VERIFY_DRAW_TOPK && nd->idbuf != NULL &&
	    positive_entries(nd->hq) < nd->k)
		nd->idbuf = NULL;	/* the top k reach tokens off the lists: dense */
	verify_tree_dense(nd);
	return memo_accept(e, par, nd->p, nd->q, nd->n, nd->k, m);
}

static double expected_with(const struct verify_entry *e,
    const struct verify_params *par, const struct tree_shape *shape, const double *p,
    const double *q, size_t n, struct width_memo *m);

double
verify_tree_overlap(const double *p, const double *q, size_t n)
{
	double s = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		s += lesser(p[y], q[y]);
	return s;
}

static double ceiling_with(struct ratio_order *o, const double *p, const double *q,
    size_t n, int k);

/* The optimal-transport ceiling at the dense node, kept for its pair; its
 * order from the scratch, which SpecTr's ratio sums share. */
static double
root_ceiling(const struct verify_tree_node *nd, int k, struct spec_scratch *scratch)
{
	double c;

	if (verify_tree_named(nd) &&
	    tree_memo_get(TREE_MEMO_CEILING(k), nd->p, nd->q, nd->n, &c, 1))
		return c;
	c = ceiling_with(&scratch->order, nd->p, nd->q, nd->n, k);
	if (verify_tree_named(nd))
		tree_memo_put(TREE_MEMO_CEILING(k), nd->p, nd->q, nd->n, &c, 1);
	return c;
}

/* Walk down from the root under a rule with a node test. */
static void
walk_top_down(const struct verify_entry *e, const struct verify_params *par,
    const struct tree_shape *shape, struct source *src, struct rng *rng,
    struct spec_step *out, struct spec_targets *targets, struct spec_tree *tree,
    struct spec_scratch *scratch, int fixed_pair)
{
	static _Thread_local struct width_memo memo;	/* a fixed pair's, this step */
	struct spec_position at;
	struct verify_tree_node nd;
	double beta_k[TREE_NODES_MAX + 1];	/* a fixed pair: by width, once */
	int tok[TREE_NODES_MAX], v = 0, d = 0, i, k, r, have[TREE_NODES_MAX + 1] = { 0 };

	memset(memo.have, 0, sizeof memo.have);

	for (;;) {
		path_position(src, tree, v, d, &at, targets);
		if ((k = drafted_children(shape, tree, v)) == 0) {
			spec_add_token(out, pdist_sample(&at.p, rng), &at, 0.0, SPEC_BONUS);
			break;
		}
		for (i = 0; i < k; i++)
			tok[i] = tree->node[shape->first_child[v] + i].token;
		node_work(scratch, src->vocab, &at, k, tok, rng, &nd);
		memo.keep = verify_tree_named(&nd);
		if (!fixed_pair || !have[k]) {	/* every node has the pair: reuse */
			beta_k[k] = node_beta(e, par, &nd, fixed_pair, &memo);
			have[k] = 1;
		}
		out->beta[d] = beta_k[k];
		if (v == 0 && fixed_pair && e->tree_draw == VERIFY_DRAW_IID) {
			verify_tree_dense(&nd);
			out->ot_ceiling = root_ceiling(&nd, k, scratch);
		}
		if (v == 0 && fixed_pair && e->tree_accept != NULL &&
		    e->tree_draw != VERIFY_DRAW_TOPK)
			out->expect_tok = expected_with(e, par, shape, nd.p, nd.q, nd.n,
			    &memo);
		out->resid[d] = pdist_residual_mass(&at.p, &at.q, 1.0);
		out->tested++;
		r = e->tree_node(par, &nd);
		record_tests(shape, tree, v, &nd, r);
		if (r < 0) {
			spec_add_token(out, (size_t)tok[nd.tested - 1], &at,
			    nd.u[nd.tested - 1], SPEC_REJECTED);
			spec_add_token(out, (size_t)nd.replacement, &at, 0.0, SPEC_RESIDUAL);
			out->residual_mass = nd.resid_mass;
			tree->node[v].resid_mass = nd.resid_mass;
			break;
		}
		spec_add_token(out, (size_t)tok[r], &at, nd.u[r], SPEC_ACCEPTED);
		out->accepted++;
		v = shape->first_child[v] + r;
		d++;
	}
	tree->end = v;
}

/* The path's marks, the drafted ids by depth (the path, then first
 * children) with the pairs past the path's end for the faces, and the
 * emitted token. */
static void
finish_record(const struct tree_shape *shape, struct source *src, struct spec_step *out,
    struct spec_targets *targets, struct spec_tree *tree)
{
	int end_depth = tree->node[tree->end].depth, v, d;

	for (v = tree->end; v >= 0; v = shape->parent[v])
		tree->node[v].on_path = 1;
	for (d = 0, v = 0; d < shape->depth; d++) {	/* the path, then first children */
		int c = shape->first_child[v], i;

		for (i = 0; i < shape->nchild[v]; i++)
			if (tree->node[shape->first_child[v] + i].on_path)
				c = shape->first_child[v] + i;
		if (d > end_depth) {	/* q alone, as a chain's untested drafts */
			source_dists(src, tree->node[v].source_node, NULL, &targets->q[d]);
			targets->has_q[d] = 1;
		}
		if (shape->nchild[v] == 0 || tree->node[c].token < 0) {
			out->drafted[d] = 0;
			continue;
		}
		out->drafted[d] = tree->node[c].token;
		v = c;
	}
	if (shape->depth > end_depth) {
		source_dists(src, tree->node[v].source_node, NULL, &targets->q[shape->depth]);
		targets->has_q[shape->depth] = 1;
	}
	tree->last = out->tok[out->ntok - 1].id;
	tree->replaced = out->tok[out->ntok - 1].outcome == SPEC_RESIDUAL;
}

void
verify_tree_step(const struct verify_params *par, const struct tree_shape *shape,
    struct source *src, struct rng *rng, struct spec_step *out,
    struct spec_targets *targets, struct spec_tree *tree, struct spec_scratch *scratch)
{
	const struct verify_entry *e = verify_entry(par->rule);
	struct verify_params with = *par;	/* the rule's memo in the scratch */
	int emitted[SPEC_GAMMA_MAX + 1];

	with.scratch = scratch;
	par = &with;
	out->ntok = out->accepted = out->tested = 0;
	out->residual_mass = 0.0;
	out->expect_tok = out->ot_ceiling = 0.0;
	out->gamma = shape->depth;
	out->nodes = tree_shape_nodes(shape);
	memset(out->q_top, 0, sizeof out->q_top);
	source_begin(src, rng, 1);
	verify_tree_draft(src, rng, shape, e->tree_draw, tree, scratch);
	if (e->tree_draw == VERIFY_DRAW_TOPK)
		out->expect_tok = deterministic_expectation(shape, src, tree);
	if (e->tree_step != NULL)
		e->tree_step(par, shape, src, rng, out, targets, tree, scratch);
	else
		walk_top_down(e, par, shape, src, rng, out, targets, tree, scratch,
		    source_pair_fixed_in_step(src));
	finish_record(shape, src, out, targets, tree);
	out->emitted = spec_emitted_ids(out, emitted);
	source_commit(src, emitted, out->emitted);
}

/* The ceiling over the tokens in the order it (q/p falling, ties in token
 * order): the least p(T) + 1 - q(T)^k over its prefixes T. */
static double
ceiling_over(const double *p, const double *q, const struct radix_item *it, size_t m,
    int k)
{
	double pt = 0.0, qt = 0.0, best = 1.0;
	size_t i;

	for (i = 0; i < m; i++) {
		double px = p[it[i].i], qx = q[it[i].i], qk = 1.0, qc = lesser(qt + qx, 1.0);
		int j;

		pt += px;
		qt += qx;
		for (j = 0; j < k; j++)	/* k is small: no pow */
			qk *= qc;
		best = lesser(best, pt + 1.0 - qk);
	}
	return best;
}

/* The ceiling with the pair's order from o (kept for the pair). */
static double
ceiling_with(struct ratio_order *o, const double *p, const double *q, size_t n, int k)
{
	size_t m;
	const struct radix_item *it = ratio_order_get(o, p, q, n,
	    RATIO_ORDER_Q_OVER_P_FALLING, &m);

	return ceiling_over(p, q, it, m, k);
}

double
verify_tree_ot_ceiling(const double *p, const double *q, size_t n, int k)
{
	struct ratio_order o = { 0 };
	double c = ceiling_with(&o, p, q, n, k);

	ratio_order_free(&o);
	return c;
}

/* E(v) of verify_tree_expected_tokens, with the acceptance by rank at each
 * width cached in rank[k]. */
static double
expected_below(const struct tree_shape *shape, int v,
    double rank[][TREE_NODES_MAX])
{
	double sum = 0.0;
	int i, k = shape->nchild[v];

	for (i = 0; i < k; i++)
		sum += rank[k][i] * (1.0 + expected_below(shape, shape->first_child[v] + i,
		    rank));
	return sum;
}

/* verify_tree_expected_tokens with the widths kept in m. */
static double
expected_with(const struct verify_entry *e, const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n,
    struct width_memo *m)
{
	int v;

	if (e->tree_accept == NULL)
		return -1.0;
	for (v = 0; v < shape->n; v++)
		if (shape->nchild[v] > 0)
			memo_accept(e, par, p, q, n, shape->nchild[v], m);
	return 1.0 + expected_below(shape, 0, m->rank);
}

double
verify_tree_expected_tokens(const struct verify_params *par,
    const struct tree_shape *shape, const double *p, const double *q, size_t n)
{
	static _Thread_local struct width_memo memo;

	memset(memo.have, 0, sizeof memo.have);
	memo.keep = 0;
	return expected_with(verify_entry(par->rule), par, shape, p, q, n, &memo);
}

void
verify_tree_first_law(const struct verify_params *par, const struct tree_shape *shape,
    const double *p, const double *q, size_t n, double *scratch, double *out)
{
	const struct verify_entry *e = verify_entry(par->rule);

	if (e->tree_output == NULL)
		memcpy(out, p, n * sizeof *out);
	else
		e->tree_output(par, p, q, n, shape->nchild[0], scratch, out);
}
