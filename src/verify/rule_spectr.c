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

#include "util/xalloc.h"

#include "verify/rule.h"
#include "verify/verify_tree.h"

#define SMALL_VOCAB 64		/* sorted by insertion up to this size */
#define RHO_ITERATIONS 64	/* [1, k] halved to below 1e-17 */

/* The pair sorted by p/q, with running sums, so that beta(rho) = sum min(q,
 * p/rho) = (the q of the tokens with p/q >= rho) + (the p of the others) /
 * rho costs a binary search. */
struct ratios {
	size_t n;
	double *r;		/* p/q ascending (q = 0: infinite) */
	double *p_below;	/* [i]: sum of p over the first i */
	double *q_from;		/* [i]: sum of q from the i-th on */
};

struct ratio_item {
	double r, p, q;
};

static int
by_ratio(const void *a, const void *b)
{
	double x = ((const struct ratio_item *)a)->r, y = ((const struct ratio_item *)b)->r;

	return x < y ? -1 : x > y;
}

static void
ratios_make(struct ratios *s, const double *p, const double *q, size_t n)
{
	struct ratio_item *it = xreallocarray(NULL, n, sizeof *it);
	size_t i;

	s->n = n;
	s->r = xreallocarray(NULL, 3 * n + 2, sizeof *s->r);
	s->p_below = s->r + n;
	s->q_from = s->p_below + n + 1;
	for (i = 0; i < n; i++)
		it[i] = (struct ratio_item){ q[i] > 0.0 ? p[i] / q[i] : HUGE_VAL, p[i], q[i] };
	if (n <= SMALL_VOCAB)	/* insertion: no allocation, few moves */
		for (i = 1; i < n; i++) {
			struct ratio_item x = it[i];
			size_t j = i;

			for (; j > 0 && it[j - 1].r > x.r; j--)
				it[j] = it[j - 1];
			it[j] = x;
		}
	else
		qsort(it, n, sizeof *it, by_ratio);
	s->p_below[0] = 0.0;
	for (i = 0; i < n; i++) {
		s->r[i] = it[i].r;
		s->p_below[i + 1] = s->p_below[i] + it[i].p;
	}
	s->q_from[n] = 0.0;
	for (i = n; i-- > 0;)
		s->q_from[i] = s->q_from[i + 1] + it[i].q;
	free(it);
}

static double
beta_at(const struct ratios *s, double rho)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {	/* the first ratio >= rho */
		size_t mid = lo + (hi - lo) / 2;

		if (s->r[mid] < rho)
			lo = mid + 1;
		else
			hi = mid;
	}
	return s->q_from[lo] + s->p_below[lo] / rho;
}

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

/* The smallest rho in [1, k] with series(beta(rho)) <= rho, by bisection;
 * *beta gets beta(rho). */
/* The last pair solved (a step asks for its root's rho up to three times:
 * the node's acceptance, the step's expected tokens and the test). */
#define RHO_CACHE_VOCAB 1024	/* pairs up to this vocabulary are kept */

struct rho_cache {
	double pq[2 * RHO_CACHE_VOCAB];	/* p then q */
	size_t n;		/* 0: empty */
	int k;
	double rho, beta;
};

static _Thread_local struct rho_cache cache;

static int
cached(const double *p, const double *q, size_t n, int k)
{
	return cache.n == n && n > 0 && cache.k == k &&
	    memcmp(cache.pq, p, n * sizeof *p) == 0 &&
	    memcmp(cache.pq + n, q, n * sizeof *q) == 0;
}

static void
remember(const double *p, const double *q, size_t n, int k, double rho, double beta)
{
	if (n > RHO_CACHE_VOCAB)
		return;
	memcpy(cache.pq, p, n * sizeof *p);
	memcpy(cache.pq + n, q, n * sizeof *q);
	cache.n = n;
	cache.k = k;
	cache.rho = rho;
	cache.beta = beta;
}

static double solve_rho_now(const double *p, const double *q, size_t n, int k,
    double *beta);

static double
solve_rho(const double *p, const double *q, size_t n, int k, double *beta)
{
	double rho;

	if (cached(p, q, n, k)) {
		*beta = cache.beta;
		return cache.rho;
	}
	rho = solve_rho_now(p, q, n, k, beta);
	remember(p, q, n, k, rho, *beta);
	return rho;
}

static double
solve_rho_now(const double *p, const double *q, size_t n, int k, double *beta)
{
	double lo = 1.0, hi = k > 1 ? (double)k : 1.0;
	struct ratios s;
	int it;

	ratios_make(&s, p, q, n);
	if (series(beta_at(&s, lo), k) <= lo)
		hi = lo;
	for (it = 0; it < RHO_ITERATIONS && hi - lo > 0.0; it++) {
		double mid = 0.5 * (lo + hi);

		if (mid <= lo || mid >= hi)
			break;
		if (series(beta_at(&s, mid), k) <= mid)
			hi = mid;
		else
			lo = mid;
	}
	*beta = beta_at(&s, hi);
	free(s.r);
	return hi;
}

static int
spectr_node(const struct verify_params *par, struct verify_tree_node *nd)
{
	double beta, rho, sel;
	size_t y;
	int i;

	(void)par;
	verify_tree_dense(nd);	/* rho needs the whole pair */
	rho = solve_rho(nd->p, nd->q, nd->vocab, nd->k, &beta);
	for (i = 0; i < nd->k; i++) {
		size_t x = (size_t)nd->token[i];
		double px = nd->p[x], qx = nd->q[x];


		if (verify_tree_test(nd, i, px, qx, qx > 0.0 ? fmin(1.0, px / (rho * qx)) :
		    0.0))
			return i;
	}
	sel = beta > 0.0 ? (1.0 - pow(1.0 - beta, nd->k)) / beta : 0.0;
	nd->resid_mass = 0.0;
	for (y = 0; y < nd->vocab; y++) {
		nd->P[y] = fmax(0.0, nd->p[y] - fmin(nd->q[y], nd->p[y] / rho) * sel);
		nd->resid_mass += nd->P[y];
	}
	nd->replacement = (int)verify_tree_sample(nd->resid_mass > 0.0 ? nd->P : nd->p,
	    nd->vocab, nd->rng);
	return -1;
}

/* Child i with (1 - beta)^i beta at the solved rho. */
static double
spectr_accept(const struct verify_params *par, const double *p, const double *q,
    size_t n, int k, double *by_rank)
{
	double beta;

	(void)par;
	solve_rho(p, q, n, k, &beta);
	return verify_tree_geometric(beta, k, by_rank);
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
