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

#include "verify/rule.h"
#include "verify/verify_tree.h"

#define RHO_ITERATIONS 64	/* [1, k] halved to below 1e-17 */

static double
beta_at(const double *p, const double *q, size_t n, double rho)
{
	double s = 0.0;
	size_t y;

	for (y = 0; y < n; y++)
		s += fmin(q[y], p[y] / rho);
	return s;
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
static double
solve_rho(const double *p, const double *q, size_t n, int k, double *beta)
{
	double lo = 1.0, hi = k > 1 ? (double)k : 1.0;
	int it;

	if (series(beta_at(p, q, n, lo), k) <= lo)
		hi = lo;
	for (it = 0; it < RHO_ITERATIONS && hi - lo > 0.0; it++) {
		double mid = 0.5 * (lo + hi);

		if (mid <= lo || mid >= hi)
			break;
		if (series(beta_at(p, q, n, mid), k) <= mid)
			hi = mid;
		else
			lo = mid;
	}
	*beta = beta_at(p, q, n, hi);
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
