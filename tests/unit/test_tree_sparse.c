/* test_tree_sparse.c: a tree node's vectors kept over the union of a sparse
 * pair's entries (verify_tree.h) against the same operations on the dense
 * vectors over the vocabulary, bit for bit, on random pairs whose weights
 * tie often: the union and gather, a token's entry, the residual updates and
 * removals of recursive rejection sampling, draws (the same token from the
 * same stream), every tree rule's closed form at one node, and the
 * optimal-transport ceiling. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "dist/dense.h"
#include "dist/sparse.h"
#include "lib/tap.h"
#include "util/rng.h"
#include "verify/tree_ceiling.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"

#define VMAX 300
#define LMAX 60
#define CASES 300
#define KMAX 4

struct list {
	uint32_t id[LMAX];
	double w[LMAX];
	struct sparse_dist d;
	double dense[VMAX];
};

static struct rng rng;

static size_t
below(size_t n)
{
	return (size_t)(rng_uniform(&rng) * (double)n);
}

static int
same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* A random list over vocab: ids ascending, a few shared with other (when
 * given), weights from few values (ties), now and then an entry of 0. */
static void
make_list(struct list *l, size_t vocab, const struct list *other)
{
	static const double values[] = { 0.0, 1.0, 2.0, 3.0, 1.0 / 3.0, 7.0 };
	int used[VMAX] = { 0 };
	double sum = 0.0;
	size_t n = 1 + below(vocab < LMAX ? vocab : LMAX), i, y;

	for (i = 0; other != NULL && i < other->d.n && i < n / 2; i++)
		used[other->d.id[below(other->d.n)]] = 1;
	for (i = 0; i < n; i++)
		used[below(vocab)] = 1;
	memset(l->dense, 0, sizeof l->dense);
	for (y = 0, i = 0; y < vocab && i < LMAX; y++)
		if (used[y]) {
			l->id[i] = (uint32_t)y;
			l->w[i] = values[below(6)];
			sum += l->w[i++];
		}
	if (!(sum > 0.0))
		l->w[0] = sum = 1.0;
	l->d = (struct sparse_dist){ vocab, l->id, l->w, i };
	for (i = 0; i < l->d.n; i++)
		l->dense[l->id[i]] = l->w[i] /= sum;
}

/* The compact vector v over ids, made dense over vocab, equals dense. */
static int
scatter_same(const double *v, const uint32_t *ids, size_t n, const double *dense,
    size_t vocab)
{
	double full[VMAX] = { 0 };
	size_t y;
	int ok = 1;

	for (y = 0; y < n; y++)
		full[ids[y]] = v[y];
	for (y = 0; y < vocab; y++)
		ok &= same_bits(full[y], dense[y]);
	return ok;
}

/* A few rounds of P <- norm(max(0, a P - Q)) and Q(x) <- 0 renormalised, with
 * a draw after each, on both forms. */
static int
updates_same(const struct list *p, const struct list *q, const uint32_t *ids,
    size_t n, size_t vocab, uint64_t seed)
{
	double P[VMAX], Q[VMAX], dP[VMAX], dQ[VMAX];
	struct rng rs, rd;
	int round, ok = 1;

	dense_gather(&p->d, ids, n, P);
	dense_gather(&q->d, ids, n, Q);
	memcpy(dP, p->dense, sizeof dP);
	memcpy(dQ, q->dense, sizeof dQ);
	rng_seed(&rs, seed, 0);
	rng_seed(&rd, seed, 0);
	for (round = 0; round < 4; round++) {
		double a = round == 1 ? 0.625 : 1.0;
		size_t x = q->d.id[below(q->d.n)], i;

		ok &= same_bits(dense_residual(P, Q, n, a),
		    dense_residual(dP, dQ, vocab, a));
		i = dense_index(ids, n, x);
		ok &= i < n && ids[i] == x;
		ok &= same_bits(dense_remove(Q, n, i), dense_remove(dQ, vocab, x));
		ok &= scatter_same(P, ids, n, dP, vocab) && scatter_same(Q, ids, n, dQ, vocab);
		ok &= dense_sample_at(P, ids, n, vocab, &rs) ==
		    dense_sample(dP, vocab, &rd);
		ok &= dense_sample_at(Q, ids, n, vocab, &rs) ==
		    dense_sample_at(dQ, NULL, vocab, vocab, &rd);
	}
	return ok;
}

/* Every tree rule's closed form and the ceiling at k children, both forms. */
static int
closed_forms_same(const struct list *p, const struct list *q, const double *cp,
    const double *cq, size_t n, size_t vocab, int *nforms)
{
	double rs[TREE_NODES_MAX], rd[TREE_NODES_MAX];
	int r, k, i, ok = 1, positive = 0;

	for (i = 0; i < (int)q->d.n; i++)
		positive += q->w[i] > 0.0;
	for (k = 1; k <= KMAX; k++) {
		ok &= same_bits(tree_ceiling(cp, cq, n, k),
		    tree_ceiling(p->dense, q->dense, vocab, k));
		for (r = 0; r < verify_nrules; r++) {
			const struct verify_entry *e = verify_table[r];
			struct verify_params par = { .rule = (enum verify_rule)r };

			if (e->tree_accept == NULL || (e->tree_draw == VERIFY_DRAW_TOPK &&
			    positive < k))	/* the top k reach off the lists: dense */
				continue;
			ok &= same_bits(e->tree_accept(&par, cp, cq, n, k, rs),
			    e->tree_accept(&par, p->dense, q->dense, vocab, k, rd));
			for (i = 0; i < k; i++)
				ok &= same_bits(rs[i], rd[i]);
			++*nforms;
		}
	}
	return ok;
}

int
main(void)
{
	static struct list p, q;
	uint32_t ids[2 * LMAX];
	double cp[2 * LMAX], cq[2 * LMAX];
	int c, gather_ok = 1, index_ok = 1, update_ok = 1, form_ok = 1, nforms = 0;
	size_t largest = 0;

	rng_seed(&rng, 19, 0);
	for (c = 0; c < CASES; c++) {
		size_t vocab = 1 + below(c % 3 == 0 ? 40 : VMAX), n, y, i;

		make_list(&p, vocab, NULL);
		make_list(&q, vocab, &p);
		n = dense_union(&p.d, &q.d, ids);
		largest = n > largest ? n : largest;
		dense_gather(&p.d, ids, n, cp);
		dense_gather(&q.d, ids, n, cq);
		gather_ok &= scatter_same(cp, ids, n, p.dense, vocab) &&
		    scatter_same(cq, ids, n, q.dense, vocab);
		for (i = 1; i < n; i++)
			gather_ok &= ids[i - 1] < ids[i];
		for (y = 0; y < vocab; y++) {	/* every token: its entry, or n */
			i = dense_index(ids, n, y);
			index_ok &= i == n ? sparse_prob(&p.d, y) == 0.0 &&
			    sparse_prob(&q.d, y) == 0.0 && (n == 0 || ids[0] != y) :
			    ids[i] == y;
		}
		update_ok &= updates_same(&p, &q, ids, n, vocab, (uint64_t)c + 1);
		form_ok &= closed_forms_same(&p, &q, cp, cq, n, vocab, &nforms);
	}
	tap_ok(gather_ok, "union and gather: the dense vectors, ids ascending");
	tap_ok(index_ok, "a token's entry, or n off the union");
	tap_ok(update_ok, "residual updates, removals and draws: the dense bits");
	tap_ok(form_ok, "closed forms and the ceiling: the dense bits (%d forms)", nforms);
	tap_ok(largest > 64, "some unions past the insertion sort's 64 (%zu)", largest);
	return tap_done();
}
