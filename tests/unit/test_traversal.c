/* test_traversal.c: the rule traversal (Weng et al. 2025, arXiv:2505.12398,
 * Algorithm 1) against Algorithm 1 written out again here, literally: the
 * sequence weights of every node set from the root down; then, until a node
 * is kept, the first leaf in post-order of what is left is tested with its
 * weight; a rejected leaf is deleted and its parent u updated (P_u <-
 * norm(max(0, w_u P_u - Q_u)) with Z its mass, Q_u without the leaf's token,
 * w_u <- Z / (Z + 1 - w_u)), and the weights below u set again; the kept node
 * emits its path and a token from its P. The pairs differ by node (by the
 * node's token, a different pair at the root), V = 3.
 *
 * For each shape, every draft tree (children without replacement) and every
 * outcome of the tests is enumerated, both for the program's walk (its
 * uniforms supplied: 0 keeps a node, 1 deletes it; weighted by w or 1 - w)
 * and for the literal algorithm; the two laws of a step's emitted text agree
 * to 1e-12, are lossless (the text starts with s with the target's
 * probability of s, every s), and have the same expected accepted length. On
 * chains the law is block verification's (Sun et al. 2024, written out here
 * from its h_i), at depth 1 recursive rejection sampling without
 * replacement's. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "source/source.h"
#include "verify/rule_traversal.h"
#include "verify/spec_tree.h"
#include "verify/tree_shape.h"

#define V 3
#define LMAX 4			/* emitted tokens: depth 3 + 1 */
#define NSEQ 81			/* 3^4 */
#define NMAX 16			/* nodes of the shapes here, the root included */

/* The pairs: at the root, and at a node by its token. */
/* The walks' working storage, one for the whole test. */
static struct spec_scratch scratch;

static const double root_p[V] = { 1.0 / 2, 1.0 / 3, 1.0 / 6 };
static const double root_q[V] = { 1.0 / 6, 1.0 / 2, 1.0 / 3 };
static const double tok_p[V][V] = { { 0.2, 0.7, 0.1 }, { 0.6, 0.1, 0.3 },
	{ 0.3, 0.3, 0.4 } };
static const double tok_q[V][V] = { { 0.45, 0.25, 0.3 }, { 0.2, 0.5, 0.3 },
	{ 0.5, 0.2, 0.3 } };

/* A law over emitted texts: by length, then by code (first token most
 * significant). */
struct law {
	double pr[LMAX + 1][NSEQ];
};

/* One drafted tree: each node's token (-1 at the root). */
struct draft {
	const struct tree_shape *s;
	int token[NMAX];
};

static const double *
p_at(const struct draft *d, int v)
{
	return v == 0 ? root_p : tok_p[d->token[v]];
}

static const double *
q_at(const struct draft *d, int v)
{
	return v == 0 ? root_q : tok_q[d->token[v]];
}

/* The code of the path's tokens, root excluded, and its length. */
static int
path_code(const struct draft *d, int v, int *len)
{
	int tok[NMAX], n = 0, code = 0, i;

	for (; v != 0; v = d->s->parent[v])
		tok[n++] = d->token[v];
	for (i = n - 1; i >= 0; i--)
		code = code * V + tok[i];
	*len = n;
	return code;
}

/* out += w * (the path to v, then a token from law). */
static void
emit(struct law *out, const struct draft *d, int v, const double *law, double w)
{
	int len, code = path_code(d, v, &len), y;

	for (y = 0; y < V; y++)
		out->pr[len + 1][code * V + y] += w * law[y];
}

/* ---- Algorithm 1, literally ---- */

struct state {
	double P[NMAX][V], Q[NMAX][V], w[NMAX];
	int deleted[NMAX];
};

/* w of v's live descendants from w[v] down. */
static void
weights_below(const struct draft *d, struct state *st, int v)
{
	int i;

	for (i = 0; i < d->s->nchild[v]; i++) {
		int c = d->s->first_child[v] + i, x = d->token[c];

		if (st->deleted[c])
			continue;
		st->w[c] = st->Q[v][x] > 0.0 ? fmin(1.0, st->w[v] * st->P[v][x] / st->Q[v][x]) :
		    0.0;
		weights_below(d, st, c);
	}
}

/* The first leaf in post-order of the live tree: down the first live child. */
static int
first_leaf(const struct draft *d, const struct state *st)
{
	int v = 0, i, next;

	for (;;) {
		for (next = -1, i = 0; i < d->s->nchild[v] && next < 0; i++)
			if (!st->deleted[d->s->first_child[v] + i])
				next = d->s->first_child[v] + i;
		if (next < 0)
			return v;
		v = next;
	}
}

/* Leaf tau deleted: its parent's pair and weight updated, weights below set
 * again. */
static void
delete_leaf(const struct draft *d, struct state *st, int tau)
{
	int u = d->s->parent[tau], y;
	double z = 0.0, left = 0.0;

	st->deleted[tau] = 1;
	for (y = 0; y < V; y++)
		z += fmax(0.0, st->w[u] * st->P[u][y] - st->Q[u][y]);
	if (z > 0.0)
		for (y = 0; y < V; y++)
			st->P[u][y] = fmax(0.0, st->w[u] * st->P[u][y] - st->Q[u][y]) / z;
	st->Q[u][d->token[tau]] = 0.0;
	for (y = 0; y < V; y++)
		left += st->Q[u][y];
	for (y = 0; y < V; y++)
		st->Q[u][y] = left > 0.0 ? st->Q[u][y] / left : 0.0;
	st->w[u] = z / (z + 1.0 - st->w[u]);
	weights_below(d, st, u);
}

/* Every outcome from state st on, reached with probability reach. */
static void
algorithm1_from(const struct draft *d, const struct state *st, double reach,
    struct law *out)
{
	int tau = first_leaf(d, st);
	struct state next;

	if (tau == 0) {		/* the root is kept */
		emit(out, d, 0, st->P[0], reach);
		return;
	}
	emit(out, d, tau, st->P[tau], reach * st->w[tau]);
	if (reach * (1.0 - st->w[tau]) == 0.0)
		return;
	next = *st;
	delete_leaf(d, &next, tau);
	algorithm1_from(d, &next, reach * (1.0 - st->w[tau]), out);
}

static void
algorithm1(const struct draft *d, double weight, struct law *out)
{
	struct state *st = calloc(1, sizeof *st);
	int v;

	for (v = 0; v < d->s->n; v++) {
		memcpy(st->P[v], p_at(d, v), sizeof st->P[v]);
		memcpy(st->Q[v], q_at(d, v), sizeof st->Q[v]);
	}
	st->w[0] = 1.0;
	weights_below(d, st, 0);
	algorithm1_from(d, st, weight, out);
	free(st);
}

/* ---- the program's walk, every outcome ---- */

/* The script of one run: keep the node tested at position keep_at, delete
 * the others (u = 0 or the largest uniform, below 1); the run's probability
 * and tests counted. */
struct script {
	int keep_at, tests;
	double prob;
};

static double
scripted(void *ctx, double w)
{
	struct script *sc = ctx;
	int keep = sc->tests++ == sc->keep_at;

	sc->prob *= keep ? w : 1.0 - w;
	return keep ? 0.0 : 1.0 - 0x1p-53;	/* the largest uniform: w = 1 keeps */
}

/* The draft into the program's tree, in a begun step of src. */
static void
program_tree(const struct draft *d, struct source *src, struct spec_tree *tree)
{
	int v;

	source_begin(src, NULL, 1);
	spec_tree_clear(tree);
	tree->ntested = 0;
	spec_tree_root(tree, SOURCE_ROOT);
	for (v = 1; v < d->s->n; v++) {
		int u = d->s->parent[v];

		spec_tree_add(tree, u, d->token[v],
		    source_child(src, tree->node[u].source_node, d->token[v]),
		    q_at(d, u)[d->token[v]]);
		tree->node[v].depth = d->s->depth_of[v];
		tree->node[v].rank = d->s->rank[v];
	}
}

static void
program(const struct draft *d, struct source *src, struct spec_tree *tree,
    double weight, struct law *out)
{
	double law[V];
	int keep_at;

	for (keep_at = 0;; keep_at++) {
		struct script sc = { keep_at, 0, 1.0 };
		int end;

		program_tree(d, src, tree);
		end = traversal_walk(d->s, tree, &scratch, src, scripted, &sc, law);
		if (sc.prob > 0.0)
			emit(out, d, end, law, weight * sc.prob);
		if (sc.tests <= keep_at)	/* every test deleted: the last run */
			return;
	}
}

/* ---- block verification and RRS without replacement, written out ---- */

/* The chain's law under block verification: h_i = Z_i / (Z_i + 1 - p_i),
 * h_gamma = p_gamma, the accepted length tau the largest i with eta_i <=
 * h_i, then a token from norm(max(0, p_tau P - Q)) at tau (P itself at the
 * chain's end). */
static void
block(const struct draft *d, double weight, struct law *out)
{
	int chain[NMAX], g = 0, v, i, y;
	double pw[NMAX], h[NMAX], r[NMAX][V], after = 1.0;

	for (v = 0; d->s->nchild[v] > 0; v = d->s->first_child[v])
		chain[++g] = d->s->first_child[v];
	chain[0] = 0;
	pw[0] = 1.0;
	for (i = 1; i <= g; i++) {
		const double *P = p_at(d, chain[i - 1]), *Q = q_at(d, chain[i - 1]);
		int x = d->token[chain[i]];

		pw[i] = fmin(1.0, pw[i - 1] * P[x] / Q[x]);
	}
	for (i = 0; i <= g; i++) {
		const double *P = p_at(d, chain[i]), *Q = q_at(d, chain[i]);
		double z = 0.0;

		for (y = 0; y < V; y++)
			z += r[i][y] = i < g ? fmax(0.0, pw[i] * P[y] - Q[y]) : P[y];
		for (y = 0; y < V; y++)
			r[i][y] = z > 0.0 ? r[i][y] / z : 0.0;
		h[i] = i == 0 ? 1.0 : i < g ? z / (z + 1.0 - pw[i]) : pw[g];
	}
	for (i = g; i >= 0; i--) {	/* P(tau = i) = h_i prod_{j > i} (1 - h_j) */
		emit(out, d, chain[i], r[i], weight * h[i] * after);
		after *= 1.0 - h[i];
	}
}

/* Depth 1: the root's children tested in order, x accepted with min(1, P(x) /
 * Q(x)); on rejection P <- norm(max(0, P - Q)), Q(x) <- 0 renormalised; all
 * rejected: a token from the last P. */
static void
rrs_without(const struct draft *d, double weight, struct law *out)
{
	double P[V], Q[V], reach = weight;
	int i, y;

	memcpy(P, root_p, sizeof P);
	memcpy(Q, root_q, sizeof Q);
	for (i = 0; i < d->s->nchild[0]; i++) {
		int c = d->s->first_child[0] + i, x = d->token[c];
		double a = fmin(1.0, P[x] / Q[x]), z = 0.0, left = 0.0;

		emit(out, d, c, tok_p[x], reach * a);
		reach *= 1.0 - a;
		for (y = 0; y < V; y++)
			z += fmax(0.0, P[y] - Q[y]);
		for (y = 0; y < V && z > 0.0; y++)
			P[y] = fmax(0.0, P[y] - Q[y]) / z;
		Q[x] = 0.0;
		for (y = 0; y < V; y++)
			left += Q[y];
		for (y = 0; y < V; y++)
			Q[y] = left > 0.0 ? Q[y] / left : 0.0;
	}
	emit(out, d, 0, P, reach);
}

/* ---- every draft tree ---- */

struct laws {
	struct law prog, alg, other;	/* other: block or RRS, where it applies */
	int chain, flat;
};

/* Draft the children of nodes v.. (shape order), the draft's probability so
 * far weight; each complete tree into every law. */
static void
every_tree(struct draft *d, int v, double weight, struct source *src,
    struct spec_tree *tree, struct laws *l)
{
	int k, c0, x[3], i, j, n = 1;
	double w;

	while (v < d->s->n && d->s->nchild[v] == 0)
		v++;
	if (v == d->s->n) {
		program(d, src, tree, weight, &l->prog);
		algorithm1(d, weight, &l->alg);
		if (l->chain)
			block(d, weight, &l->other);
		else if (l->flat)
			rrs_without(d, weight, &l->other);
		return;
	}
	k = d->s->nchild[v];
	c0 = d->s->first_child[v];
	for (i = 0; i < k; i++)
		n *= V;
	for (j = 0; j < n; j++) {	/* every k-tuple of distinct tokens */
		const double *q = q_at(d, v);
		double taken = 0.0;
		int code = j, ok = 1;

		for (w = 1.0, i = 0; i < k; i++, code /= V)
			x[i] = code % V;
		for (i = 0; i < k && ok; i++) {
			int a;

			for (a = 0; a < i; a++)
				ok &= x[a] != x[i];
			if (!ok)
				break;
			w *= q[x[i]] / (1.0 - taken);
			taken += q[x[i]];
		}
		if (!ok)
			continue;
		for (i = 0; i < k; i++)
			d->token[c0 + i] = x[i];
		every_tree(d, v + 1, weight * w, src, tree, l);
	}
}

/* ---- checks ---- */

/* V^e for e up to LMAX. */
static const int pow_v[LMAX + 1] = { 1, 3, 9, 27, 81 };

static double
law_gap(const struct law *a, const struct law *b)
{
	double gap = 0.0;
	int len, c;

	for (len = 0; len <= LMAX; len++)
		for (c = 0; c < NSEQ; c++)
			gap = fmax(gap, fabs(a->pr[len][c] - b->pr[len][c]));
	return gap;
}

/* The expected accepted length: emitted tokens less the last. */
static double
accepted_length(const struct law *l)
{
	double mean = 0.0;
	int len, c;

	for (len = 1; len <= LMAX; len++)
		for (c = 0; c < NSEQ; c++)
			mean += (len - 1) * l->pr[len][c];
	return mean;
}

/* The largest gap, over every text s of length L, between the chance the text
 * starts with s (this step's tokens, then the target's) and the target's. */
static double
lossless_gap(const struct law *l, int L)
{
	double gap = 0.0;
	int code, len, j;

	for (code = 0; code < pow_v[L]; code++) {
		int s[LMAX] = { 0 };
		double want, got = 0.0;

		for (j = 0; j < L; j++)
			s[j] = code / pow_v[L - 1 - j] % V;
		want = root_p[s[0]];
		for (j = 1; j < L; j++)
			want *= tok_p[s[j - 1]][s[j]];
		for (len = 1; len <= L; len++) {
			double tail = 1.0;

			for (j = len; j < L; j++)
				tail *= tok_p[s[j - 1]][s[j]];
			got += l->pr[len][code / pow_v[L - len]] * tail;
		}
		gap = fmax(gap, fabs(got - want));
	}
	return gap;
}

static void
check_shape(const char *text)
{
	struct tree_shape s;
	struct draft d = { &s, { -1 } };
	struct fixed_pair pair = { .p = root_p, .q = root_q };
	const double *tp[V] = { tok_p[0], tok_p[1], tok_p[2] };
	const double *tq[V] = { tok_q[0], tok_q[1], tok_q[2] };
	struct source src;
	struct spec_tree tree = { 0 };
	struct laws *l = calloc(1, sizeof *l);
	char err[64];
	double total = 0.0;
	int len, c;

	if (tree_shape_parse(text, &s, err, sizeof err) != 0) {
		tap_ok(0, "shape %s: %s", text, err);
		free(l);
		return;
	}
	pair.tok_p = tp;
	pair.tok_q = tq;
	fixed_source_open(&src, &pair, V);
	l->chain = tree_shape_max_width(&s) == 1;
	l->flat = s.depth == 1;
	every_tree(&d, 0, 1.0, &src, &tree, l);
	for (len = 1; len <= LMAX; len++)
		for (c = 0; c < NSEQ; c++)
			total += l->prog.pr[len][c];
	snprintf(err, sizeof err, "%s: the program's outcomes sum to 1", text);
	tap_near(total, 1.0, 1e-12, err);
	tap_ok(law_gap(&l->prog, &l->alg) < 1e-12, "%s: the program's law is Algorithm 1's "
	    "(gap %.2g)", text, law_gap(&l->prog, &l->alg));
	tap_ok(lossless_gap(&l->prog, s.depth + 1) < 1e-12, "%s: lossless, the text "
	    "starts with s as the target's does (gap %.2g)", text,
	    lossless_gap(&l->prog, s.depth + 1));
	tap_near(accepted_length(&l->prog), accepted_length(&l->alg), 1e-12,
	    "and the same expected accepted length");
	printf("# %s: expected accepted length %.6f\n", text, accepted_length(&l->prog));
	if (l->chain || l->flat) {
		tap_ok(law_gap(&l->prog, &l->other) < 1e-12, "%s: the law is %s's (gap %.2g)",
		    text, l->chain ? "block verification" : "RRS without replacement",
		    law_gap(&l->prog, &l->other));
		tap_near(accepted_length(&l->prog), accepted_length(&l->other), 1e-12,
		    l->chain ? "expected accepted length: block verification's" :
		    "expected accepted length: RRS without replacement's");
	}
	spec_tree_free(&tree);
	free(l);
}

/* The walk's tests on a tree drafted by hand, p = (1/2, 1/3, 1/6) and q =
 * (1/6, 1/2, 1/3) at the root: the first leaf is tested first with its
 * sequence weight, and after its deletion the root's weight stays 1. */
static void
check_hand_worked(void)
{
	struct tree_shape s;
	struct draft d = { &s, { -1, 1, 2, 0, 0 } };
	struct fixed_pair pair = { .p = root_p, .q = root_q };
	const double *tp[V] = { tok_p[0], tok_p[1], tok_p[2] };
	const double *tq[V] = { tok_q[0], tok_q[1], tok_q[2] };
	struct source src;
	struct spec_tree tree = { 0 };
	struct script sc = { 99, 0, 1.0 };
	double law[V];
	char err[64];
	int end;

	if (tree_shape_parse("2,1", &s, err, sizeof err) != 0) {
		tap_ok(0, "2,1: %s", err);
		return;
	}
	pair.tok_p = tp;
	pair.tok_q = tq;
	fixed_source_open(&src, &pair, V);
	program_tree(&d, &src, &tree);
	end = traversal_walk(&s, &tree, &scratch, &src, scripted, &sc, law);
	/* Nodes: 1 = token 1 (q 1/2, p 1/3), 2 = token 2, 3 = token 0 under 1,
	 * 4 = token 0 under 2. w(1) = 2/3; w(3) = min(1, 2/3 x 0.6 / 0.2) = 1:
	 * node 3 is kept whatever u, so every run ends there. */
	tap_eq(end, 3, "2,1 by hand: node (0, 0) has weight 1 and is kept");
	tap_near(tree.node[3].accept, 1.0, 1e-15, "its weight min(1, 2/3 x 0.6/0.2) = 1");
	tap_eq(tree.node[3].order, 1, "and it is the first node tested");
	d.token[3] = 2;		/* (0, 0) is token 2: w = 2/3 x 0.3 / 0.3 = 2/3 */
	sc.tests = 0;
	sc.prob = 1.0;
	program_tree(&d, &src, &tree);
	end = traversal_walk(&s, &tree, &scratch, &src, scripted, &sc, law);
	tap_near(tree.node[3].accept, 2.0 / 3, 1e-15, "token 2 under token 1: w = 2/3");
	/* Deleted: Z = sum max(0, 2/3 (0.6, 0.1, 0.3) - (0.2, 0.5, 0.3)) = 0.2,
	 * w(1) <- 0.2 / (0.2 + 1/3) = 3/8. */
	tap_near(tree.node[1].accept, 3.0 / 8, 1e-15, "then its parent: Z / (Z + 1 - w) = 3/8");
	tap_eq(tree.node[1].order, 2, "tested second, in post-order");
	tap_eq(end, 0, "every test failing, the root ends the step");
	spec_tree_free(&tree);
}

int
main(void)
{
	static const char *const shapes[] = { "1", "2", "3", "1,1", "1,1,1", "2,1", "1,2",
		"2,2", "3,2", "[(0,), (1,), (0, 0)]", "2,1,1", "2,2,1" };
	size_t i;

	check_hand_worked();
	for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		check_shape(shapes[i]);
	spec_scratch_free(&scratch);
	return tap_done();
}
