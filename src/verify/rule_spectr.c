/* rule_spectr.c: SpecTr's k-sequential selection (Sun et al. 2023, arXiv
 * 2310.15141) for k independent drafts from q at a node. With
 * beta(rho) = sum min(q, p/rho), child x is accepted with min(1, p(x) /
 * (rho q(x))), tested in order against the same p; when all are rejected the
 * token comes from norm(p - min(q, p/rho) (1 - (1 - beta)^k) / beta). rho is
 * the smallest value in [1, k] with (1 - (1 - beta)^k) / beta <= rho, which
 * keeps that residual non-negative (the output is p) and makes the
 * acceptance 1 - (1 - beta)^k as large as it can be. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "dist/pdist.h"
#include "dist/ratio_select.h"
#include "dist/split_minsum.h"
#include "util/xalloc.h"
#include "verify/rule.h"
#include "verify/spec_tree.h"
#include "verify/tree_memo.h"
#include "verify/tree_node.h"
#include "verify/tree_shape.h"

#define RHO_ITERATIONS 64	/* [1, k] halved to below 1e-17 */

/* (1 - (1 - b)^k) / b = 1 + (1 - b) + ... + (1 - b)^(k-1). */
static double
series(double b, int k)
{
	double s = 0.0, r = 1.0;
	int i;

	for (i = 0; i < k; i++) {
		s += r;
		r *= 1.0 - b;
	}
	return s;
}

/* The last pair solved, with its rho by width: a step on a pair fixed
 * within it asks for the root's rho at its width and at every other width
 * of the shape (the expected tokens), and again at each node it tests. A
 * tree step keeps it in its scratch (with the room of its solves),
 * for any vocabulary; elsewhere (closed forms asked alone) a thread keeps
 * one for pairs up to RHO_CACHE_VOCAB. */
#define RHO_CACHE_VOCAB 1024

struct rho_cache {
	double *pq;		/* p then q */
	size_t cap;		/* pairs of up to cap tokens fit */
	size_t n;		/* 0: empty */
	int filled;		/* pq holds the pair (else its solve copies it) */
	unsigned char have[TREE_NODES_MAX + 1];	/* by width */
	double rho[TREE_NODES_MAX + 1], beta[TREE_NODES_MAX + 1];
	struct ratio_select sel;	/* a solve's room */
	int grows;		/* a scratch's: grown to any pair */
};

static void
cache_free(void *c)
{
	struct rho_cache *rc = c;

	if (rc != NULL) {
		free(rc->pq);
		ratio_select_free(&rc->sel);
	}
	free(rc);
}

/* The cache for par: its scratch's (made on first use), else the thread's. */
static struct rho_cache *
cache_for(const struct verify_params *par)
{
	static _Thread_local double pq[2 * RHO_CACHE_VOCAB];
	static _Thread_local struct rho_cache own;
	struct spec_scratch *s = par->scratch;

	if (s == NULL || (s->memo_free != NULL && s->memo_free != cache_free)) {
		own.pq = pq;
		own.cap = RHO_CACHE_VOCAB;
		return &own;
	}
	if (s->memo == NULL) {
		s->memo = xcalloc(1, sizeof(struct rho_cache));
		s->memo_free = cache_free;
		((struct rho_cache *)s->memo)->grows = 1;
	}
	return s->memo;
}

/* The cache holding (p, q) (taken now, its widths emptied, when it did
 * not: pq is then filled by the solve's pass or cache_fill), or NULL when
 * the pair does not fit. */
static struct rho_cache *
cache_pair(struct rho_cache *c, const double *p, const double *q, size_t n)
{
	if (n == 0)
		return NULL;
	if (c->n == n && c->filled && memcmp(c->pq, p, n * sizeof *p) == 0 &&
	    memcmp(c->pq + n, q, n * sizeof *q) == 0)
		return c;
	if (n > c->cap) {
		if (!c->grows)
			return NULL;
		c->pq = xreallocarray(c->pq, 2 * n, sizeof *c->pq);
		c->cap = n;
	}
	c->n = n;
	c->filled = 0;
	memset(c->have, 0, sizeof c->have);
	return c;
}

static void
cache_fill(struct rho_cache *c, const double *p, const double *q)
{
	if (c->filled)
		return;
	memcpy(c->pq, p, c->n * sizeof *p);
	memcpy(c->pq + c->n, q, c->n * sizeof *q);
	c->filled = 1;
}

static double solve_rho_now(struct rho_cache *c, const double *p, const double *q,
    size_t n, int k, double *beta);

static double
solve_rho(const struct verify_params *par, const double *p, const double *q, size_t n,
    int k, int keep, double *beta)
{
	struct rho_cache *c;
	double rho, kept[2];

	if (keep && tree_memo_get(TREE_MEMO_RHO(k), p, q, n, kept, 2)) {
		*beta = kept[1];
		return kept[0];
	}
	c = k > 1 ? cache_pair(cache_for(par), p, q, n) : NULL;	/* 1: rho 1 */
	if (c != NULL && c->have[k]) {
		*beta = c->beta[k];
		return c->rho[k];
	}
	rho = solve_rho_now(c, p, q, n, k, beta);
	if (c != NULL) {
		cache_fill(c, p, q);
		c->have[k] = 1;
		c->rho[k] = rho;
		c->beta[k] = *beta;
	}
	kept[0] = rho;
	kept[1] = *beta;
	if (keep)	/* a named pair, that comes back */
		tree_memo_put(TREE_MEMO_RHO(k), p, q, n, kept, 2);
	return rho;
}

/* beta(rho) of a pair in whatever form it was prepared, and what the
 * bisection tells it after each value: that rho's interval now ends at the
 * value (below) or starts there (NULL: nothing to tell). */
struct beta_form {
	double (*beta)(void *pair, double rho);
	void (*keep)(void *pair, int below);
};

static double
dense_beta(void *pair, double rho)
{
	return ratio_select_beta(pair, rho);
}

static void
dense_keep(void *pair, int below)
{
	ratio_select_keep(pair, below);
}

static const struct beta_form dense_form = { dense_beta, dense_keep };

/* A split pair, with its beta(1) as the dense pair would give it (below). */
struct split_rho {
	struct split_minsum m;
	double beta1;
};

static double
split_beta(void *pair, double rho)
{
	const struct split_rho *s = pair;

	return rho == 1.0 ? s->beta1 : split_minsum_beta(&s->m, rho);
}

static const struct beta_form split_form = { split_beta, NULL };

/* The smallest rho in [1, k] with series(beta(rho)) <= rho, by bisection;
 * *beta gets beta(rho). */
static double
bisect_rho(const struct beta_form *f, void *pair, int k, double *beta)
{
	double lo = 1.0, hi = k > 1 ? (double)k : 1.0;
	int it;

	if (series(f->beta(pair, lo), k) <= lo)
		hi = lo;
	for (it = 0; it < RHO_ITERATIONS && hi - lo > 0.0; it++) {
		double mid = 0.5 * (lo + hi);
		int below;

		if (mid <= lo || mid >= hi)
			break;
		below = series(f->beta(pair, mid), k) <= mid;
		if (below)
			hi = mid;
		else
			lo = mid;
		if (f->keep != NULL)
			f->keep(pair, below);
	}
	*beta = f->beta(pair, hi);
	return hi;
}

/* Whether p and q are one distribution, bit for bit. */
static int
same_pair(const double *p, const double *q, size_t n)
{
	size_t y;

	for (y = 0; y < n; y++)
		if (p[y] != q[y])
			return 0;
	return 1;
}

/* When p = q, rho is 1 and beta(1) is 1: every first draft is kept. The
 * exact answer, given rather than solved: a sum of q comes out 1 only up to
 * rounding, and where it falls just short the bisection lands on a root
 * above 1 that the rounding picks. Else by the pair's ratios, in the room
 * of c (a cache taking the pair: its pass fills c's copy) when it grows. */
static double
solve_rho_now(struct rho_cache *c, const double *p, const double *q, size_t n,
    int k, double *beta)
{
	struct ratio_select own = { 0 }, *s = c != NULL && c->grows ? &c->sel : &own;
	double rho;

	if (same_pair(p, q, n)) {
		*beta = 1.0;
		return 1.0;
	}
	if (k < 2) {	/* rho is 1 */
		*beta = ratio_select_beta1(p, q, n);
		return 1.0;
	}
	ratio_select_make(s, p, q, n, (double)k, s == &own ? NULL : c->pq);
	if (s != &own)
		c->filled = 1;
	rho = bisect_rho(&dense_form, s, k, beta);
	ratio_select_free(&own);
	return rho;
}

/* rho at the node: from the dense pair when it is made (the root's rho is
 * kept, for its acceptance and expected tokens asked first), else from the
 * split form when the pair has one, else made dense. The split form's beta
 * is the dense one up to rounding, and so is rho, but near p = q: there
 * beta(1) is 1 up to rounding, and whether rho is 1 (series(beta(1)) <= 1)
 * or a root above it turns on the last bits of beta(1). So one distribution
 * twice is rho = 1 in either form (solve_rho_now), and a pair nearly so is
 * made dense and decided as it always was. */
#define RHO_EDGE 1e-9		/* 1 - beta(1) below this: the edge case */

static double
node_rho(const struct verify_params *par, struct verify_tree_node *nd, double *beta)
{
	struct split_rho s;
	double rho;

	if (!nd->dense && split_minsum_make(&s.m, nd->hp, nd->hq)) {
		int same = split_minsum_identical(&s.m);

		s.beta1 = split_minsum_beta(&s.m, 1.0);
		if (!same && s.beta1 < 1.0 - RHO_EDGE) {
			rho = bisect_rho(&split_form, &s, nd->k, beta);
			split_minsum_free(&s.m);
			return rho;
		}
		split_minsum_free(&s.m);
		if (same) {
			*beta = 1.0;
			return 1.0;
		}
	}
	tree_node_dense(nd);
	return solve_rho(par, nd->p, nd->q, nd->n, nd->k, tree_node_named(nd), beta);
}

static int
spectr_node(const struct verify_params *par, struct verify_tree_node *nd)
{	/* one child: rho is 1 and the series 1, whatever beta */
	double beta = 1.0, rho = nd->k > 1 ? node_rho(par, nd, &beta) : 1.0, sel;
	int i;

	for (i = 0; i < nd->k; i++) {
		size_t x = (size_t)nd->token[i];
		double px = pdist_prob(nd->hp, x), qx = pdist_prob(nd->hq, x);

		if (tree_node_test(nd, i, px, qx > 0.0 ? fmin(1.0, px / (rho * qx)) : 0.0))
			return i;
	}
	tree_node_dense(nd);	/* the residual: rare, once every child failed */
	sel = nd->k < 2 ? 1.0 : beta > 0.0 ? (1.0 - pow(1.0 - beta, nd->k)) / beta : 0.0;
	nd->resid_mass = dist_capped_residual(nd->p, nd->q, rho, sel, nd->P, nd->n);
	nd->replacement = (int)tree_node_sample(nd, nd->resid_mass > 0.0 ? nd->P :
	    nd->p);
	return -1;
}

/* Child i with (1 - beta)^i beta at the solved rho. */
static double
spectr_accept(const struct verify_params *par, const double *p, const double *q,
    size_t n, int k, double *by_rank)
{
	double beta;

	solve_rho(par, p, q, n, k, 0, &beta);
	return tree_node_geometric(beta, k, by_rank);
}

const struct verify_entry verify_rule_spectr = {
	.name = "spectr",
	.flags = VERIFY_F_TREE | VERIFY_F_LOSSLESS | VERIFY_F_DRAWS_U |
	    VERIFY_F_CLOSED_BETA,
	.test = "u < p/(rho q)",
	.replacement = "norm(p - min(q, p/rho) (1 - (1 - beta)^k) / beta)",
	.bonus_name = "p",
	.beta_name = "1 - (1 - beta(rho))^k",
	.tree_draw = VERIFY_DRAW_IID,
	.tree_node = spectr_node,
	.tree_accept = spectr_accept,
	.explain = "tree: k i.i.d. drafts, k-sequential selection at rho (SpecTr)",
};
