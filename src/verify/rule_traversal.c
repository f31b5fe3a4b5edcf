/* rule_traversal.c: traversal verification (Weng et al. 2025, arXiv
 * 2505.12398, Algorithm 1), leaf to root and by sequence. Children are drawn
 * without replacement. Each node v carries a sequence weight w(v): w(root) =
 * 1, and a child with token x has w = min(1, w(v) P_v(x) / Q_v(x)) from its
 * parent's current P_v and Q_v. The nodes are visited in post-order (a
 * node's subtrees first, first child first). A node whose children have all
 * been deleted is tested: kept with probability w(v), which ends the step
 * with the path to v and a token from P_v (the bonus from p at a leaf of the
 * drafted tree). Otherwise it is deleted, and its parent u is updated:
 * Z = sum max(0, w(u) P_u - Q_u), P_u <- norm(max(0, w(u) P_u - Q_u)),
 * w(u) <- Z / (Z + 1 - w(u)), Q_u(x) <- 0 and renormalised. The root's weight
 * stays 1, so it ends the step when reached. On a chain this is block
 * verification (Sun et al. 2024); at depth 1, recursive rejection sampling
 * without replacement. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dist/dense.h"
#include "dist/pdist.h"
#include "dist/sparse.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/rule.h"
#include "verify/rule_traversal.h"

struct traversal {
	const struct tree_shape *shape;
	struct spec_tree *tree;
	struct spec_scratch *scratch;	/* the step's working storage */
	struct source *src;
	struct rng *rng;
	traversal_uniform_fn *uniform;	/* each test's u, given its w */
	void *ctx;
	size_t n;
	double w[TREE_NODES_MAX + 1];
	/* Node v's P_v and Q_v, read at one token from the source's handles
	 * while it has had at most one child deleted (P_v = norm(max(0, a1 p -
	 * q)) with mass z1, Q_v = q without x1), dense after the second. */
	int fetched[TREE_NODES_MAX + 1];
	struct pdist hp[TREE_NODES_MAX + 1], hq[TREE_NODES_MAX + 1];
	int deletions[TREE_NODES_MAX + 1];
	double a1[TREE_NODES_MAX + 1], z1[TREE_NODES_MAX + 1];
	size_t x1[TREE_NODES_MAX + 1];
	double *vec[TREE_NODES_MAX + 1];	/* P_v then Q_v (at vec + n), once dense */
	/* Their entries: len[v] of them, at tokens ids_at[v] onwards in the
	 * tree's ids for a pair of sparse lists (the union of their entries,
	 * every other token 0), else the vocabulary (len n, no ids). */
	size_t len[TREE_NODES_MAX + 1], ids_at[TREE_NODES_MAX + 1];
	int listed[TREE_NODES_MAX + 1];
	size_t ids_used;
	int deleted_child[TREE_NODES_MAX + 1];	/* the last child deleted; 0 none */
	double *arena;
	int used;
};

/* The source's handles at v, fetched once. */
static void
fetch(struct traversal *t, int v)
{
	if (!t->fetched[v]) {
		source_dists(t->src, t->tree->node[v].source_node, &t->hp[v], &t->hq[v]);
		t->fetched[v] = 1;
	}
}

/* The tokens of v's dense vectors (NULL: the vocabulary). */
static const uint32_t *
vec_ids(const struct traversal *t, int v)
{
	return t->listed[v] ? t->scratch->ids + t->ids_at[v] : NULL;
}

/* P_v(x) and Q_v(x) at v's current state. */
static void
state_at(struct traversal *t, int v, size_t x, double *px, double *qx)
{
	double p, q;

	fetch(t, v);
	if (t->vec[v] != NULL) {
		size_t i = dense_index(vec_ids(t, v), t->len[v], x);

		*px = i < t->len[v] ? t->vec[v][i] : 0.0;
		*qx = i < t->len[v] ? t->vec[v][t->n + i] : 0.0;
		return;
	}
	p = pdist_prob(&t->hp[v], x);
	q = pdist_prob(&t->hq[v], x);
	if (t->deletions[v] == 0) {
		*px = p;
		*qx = q;
		return;
	}
	*px = t->z1[v] > 0.0 ? fmax(0.0, t->a1[v] * p - q) / t->z1[v] : p;
	q = pdist_prob(&t->hq[v], t->x1[v]);
	*qx = x == t->x1[v] ? 0.0 : q < 1.0 ? pdist_prob(&t->hq[v], x) / (1.0 - q) : 0.0;
}

/* v's p and q into P and Q: over the union of their entries for a pair of
 * sparse lists (its ids taken from the tree's), else over the vocabulary. */
static void
fill_pair(struct traversal *t, int v, double *P, double *Q)
{
	const struct pdist *hp = &t->hp[v], *hq = &t->hq[v];
	uint32_t *ids;

	t->listed[v] = hp->form == PDIST_SPARSE && hq->form == PDIST_SPARSE;
	if (!t->listed[v]) {
		pdist_densify(hp, P);
		pdist_densify(hq, Q);
		t->len[v] = t->n;
		return;
	}
	ids = spec_scratch_ids(t->scratch, t->ids_used + hp->u.sparse->n + hq->u.sparse->n);
	t->ids_at[v] = t->ids_used;
	t->len[v] = dense_union(hp->u.sparse, hq->u.sparse, ids + t->ids_used);
	t->ids_used += t->len[v];
	dense_gather(hp->u.sparse, ids + t->ids_at[v], t->len[v], P);
	dense_gather(hq->u.sparse, ids + t->ids_at[v], t->len[v], Q);
}

/* v's state made dense (2 n doubles of the arena): P_v and Q_v after its one
 * deletion so far. */
static void
make_dense(struct traversal *t, int v)
{
	double *P = t->arena + (size_t)t->used++ * 2 * t->n, *Q = P + t->n;
	size_t y;

	fill_pair(t, v, P, Q);
	for (y = 0; y < t->len[v]; y++)
		P[y] = t->z1[v] > 0.0 ? fmax(0.0, t->a1[v] * P[y] - Q[y]) / t->z1[v] : P[y];
	dense_remove(Q, t->len[v], dense_index(vec_ids(t, v), t->len[v],
	    t->x1[v]));
	t->vec[v] = P;
}

/* Child x of v deleted: Z = sum max(0, w P_v - Q_v), P_v <- norm(max(0,
 * w P_v - Q_v)), w <- Z / (Z + 1 - w), Q_v(x) <- 0 renormalised. */
static void
delete_child(struct traversal *t, int v, size_t x)
{
	double z;

	fetch(t, v);
	if (t->deletions[v] == 0) {
		z = pdist_residual_mass(&t->hp[v], &t->hq[v], t->w[v]);
		t->a1[v] = t->w[v];
		t->z1[v] = z;
		t->x1[v] = x;
	} else {
		if (t->vec[v] == NULL)
			make_dense(t, v);
		z = dense_residual(t->vec[v], t->vec[v] + t->n, t->len[v], t->w[v]);
		dense_remove(t->vec[v] + t->n, t->len[v],
		    dense_index(vec_ids(t, v), t->len[v], x));
	}
	t->deletions[v]++;
	t->tree->node[v].resid_mass = z;
	t->w[v] = verify_block_h(t->w[v], z);
}

/* A sample of P_v at v's current state (after at least one deletion). */
static size_t
sample_state(struct traversal *t, int v)
{
	double mass;

	if (t->vec[v] != NULL)
		return dense_sample_at(t->vec[v], vec_ids(t, v), t->len[v], t->n,
		    t->rng);
	if (t->z1[v] > 0.0)
		return pdist_sample_residual(&t->hp[v], &t->hq[v], t->a1[v], t->rng,
		    t->arena + (size_t)t->used * 2 * t->n, &mass);
	return pdist_sample(&t->hp[v], t->rng);
}

/* Test node v (not the root), its subtrees done: 1 when it is kept. */
static int
test_node(struct traversal *t, int v)
{
	struct spec_tree_node *nd = &t->tree->node[v];

	nd->u = t->uniform(t->ctx, t->w[v]);
	nd->accept = t->w[v];
	nd->tested = 1;
	nd->order = ++t->tree->ntested;
	nd->outcome = nd->u < t->w[v] ? SPEC_ACCEPTED : SPEC_REJECTED;
	return nd->outcome == SPEC_ACCEPTED;
}

/* Visit v's subtree in post-order; 1 when the step ended inside it. */
static int
visit(struct traversal *t, int v)
{
	const struct tree_shape *s = t->shape;
	int i;

	for (i = 0; i < s->nchild[v]; i++) {
		int c = s->first_child[v] + i;
		size_t x;
		double px, qx;

		if (t->tree->node[c].token < 0)
			break;
		x = (size_t)t->tree->node[c].token;
		state_at(t, v, x, &px, &qx);
		t->w[c] = qx > 0.0 ? fmin(1.0, t->w[v] * px / qx) : 0.0;
		t->tree->node[c].p_force = px;
		if (visit(t, c))
			return 1;
		delete_child(t, v, x);
		t->deleted_child[v] = c;
	}
	if (v == SPEC_TREE_ROOT)
		return 1;
	return test_node(t, v);
}

/* The record: the path to the kept node end, then its token. */
static void
record(struct traversal *t, int end, struct spec_step *out, struct spec_targets *targets)
{
	int path[TREE_DEPTH_MAX + 1], len = 0, v, d;
	struct spec_position at;

	for (v = end; v != SPEC_TREE_ROOT; v = t->shape->parent[v])
		path[len++] = v;
	path[len] = SPEC_TREE_ROOT;
	for (d = 0; d <= len; d++) {
		int node = d == 0 ? SPEC_TREE_ROOT : path[len - d];

		at.node = t->tree->node[node].source_node;
		source_dists(t->src, at.node, &at.p, &at.q);
		targets->p[d] = at.p;
		targets->q[d] = at.q;
		targets->has_q[d] = 1;
		if (d < SPEC_GAMMA_MAX) {	/* tested here: not a leaf at full depth */
			out->beta[d] = pdist_overlap(&at.p, &at.q);
			out->resid[d] = out->beta[d] < 1.0 ? 1.0 - out->beta[d] : 0.0;
		}
		if (d < len) {
			int c = path[len - d - 1];

			spec_add_token(out, (size_t)t->tree->node[c].token, &at,
			    t->tree->node[c].u, SPEC_ACCEPTED);
			out->accepted++;
			out->tested++;
		} else if (t->deleted_child[node] > 0) {
			int c = t->deleted_child[node];

			spec_add_token(out, (size_t)t->tree->node[c].token, &at,
			    t->tree->node[c].u, SPEC_REJECTED);
			spec_add_token(out, sample_state(t, node), &at, 0.0, SPEC_RESIDUAL);
			out->residual_mass = t->tree->node[node].resid_mass;
			out->tested++;
		} else {
			spec_add_token(out, pdist_sample(&at.p, t->rng), &at, 0.0, SPEC_BONUS);
		}
	}
}

/* The kept node: the deepest tested node that was accepted, else the root. */
static int
kept_node(const struct traversal *t)
{
	int v;

	for (v = 1; v < t->shape->n; v++)
		if (t->tree->node[v].tested && t->tree->node[v].outcome == SPEC_ACCEPTED)
			return v;
	return SPEC_TREE_ROOT;
}

/* The rule's own uniforms: from its generator, whatever w. */
static double
draw_uniform(void *ctx, double w)
{
	(void)w;
	return rng_uniform(ctx);
}

/* Set t up over the drafted tree and walk it: the node the path ends at. */
static int
walk(struct traversal *t, const struct tree_shape *shape, struct spec_tree *tree,
    struct spec_scratch *scratch, struct source *src, struct rng *rng, traversal_uniform_fn *uniform, void *ctx)
{
	int v, end;

	memset(t, 0, sizeof *t);
	t->shape = shape;
	t->tree = tree;
	t->scratch = scratch;
	t->src = src;
	t->rng = rng;
	t->uniform = uniform;
	t->ctx = ctx;
	t->n = src->vocab;
	t->arena = spec_scratch_work(scratch, 2 * t->n * ((size_t)shape->n + 1));
	t->w[SPEC_TREE_ROOT] = 1.0;
	visit(t, SPEC_TREE_ROOT);
	end = kept_node(t);
	for (v = end; v != SPEC_TREE_ROOT; v = shape->parent[v])
		tree->node[v].outcome = SPEC_ACCEPTED;	/* the path is kept */
	tree->end = end;
	return end;
}

static void
traversal_step(const struct verify_params *par, const struct tree_shape *shape,
    struct source *src, struct rng *rng, struct spec_step *out,
    struct spec_targets *targets, struct spec_tree *tree, struct spec_scratch *scratch)
{
	static _Thread_local struct traversal t;
	int end;

	(void)par;
	end = walk(&t, shape, tree, scratch, src, rng, draw_uniform, rng);
	record(&t, end, out, targets);
}

int
traversal_walk(const struct tree_shape *shape, struct spec_tree *tree,
    struct spec_scratch *scratch, struct source *src, traversal_uniform_fn *uniform,
    void *ctx, double *law)
{
	static _Thread_local struct traversal t;
	int end = walk(&t, shape, tree, scratch, src, NULL, uniform, ctx);
	size_t y;

	fetch(&t, end);
	if (t.vec[end] != NULL) {
		const uint32_t *ids = vec_ids(&t, end);

		if (ids == NULL) {
			memcpy(law, t.vec[end], t.n * sizeof *law);
			return end;
		}
		memset(law, 0, t.n * sizeof *law);
		for (y = 0; y < t.len[end]; y++)
			law[ids[y]] = t.vec[end][y];
		return end;
	}
	pdist_densify(&t.hp[end], law);
	if (t.deletions[end] > 0 && t.z1[end] > 0.0) {
		double *q = t.arena + (size_t)t.used * 2 * t.n;

		pdist_densify(&t.hq[end], q);
		for (y = 0; y < t.n; y++)
			law[y] = fmax(0.0, t.a1[end] * law[y] - q[y]) / t.z1[end];
	}
	return end;
}

const struct verify_entry verify_rule_traversal = {
	.name = "traversal",
	.flags = VERIFY_F_TREE | VERIFY_F_LOSSLESS | VERIFY_F_DRAWS_U,
	.test = "u < w (the path's weight)",
	.replacement = "norm(max(0, w P - Q)) at the kept node",
	.bonus_name = "p",
	.beta_name = "none: measured only",
	.tree_draw = VERIFY_DRAW_WITHOUT,
	.tree_step = traversal_step,
	.explain = "tree: leaf to root, by sequence weight (Weng et al. 2025)",
};
