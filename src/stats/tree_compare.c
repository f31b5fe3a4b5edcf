/* tree_compare.c: a dynamic tree against the best static shape and the
 * chains of the same N (tree_compare.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/tree_compare.h"
#include "util/xalloc.h"

/* The rank paths under parent (its depth, the nodes its path costs), depth
 * first; the count so far. */
static int
gen(struct tree_compare *c, int parent, int depth, int used, int at)
{
	int r;

	for (r = 0; used + 1 + r <= c->n - 1; r++) {
		int me = at++;

		if (c->parent != NULL) {
			c->parent[me] = parent;
			c->rank[me] = r;
		}
		if (depth + 1 < c->depth)
			at = gen(c, me, depth + 1, used + 1 + r, at);
	}
	return at;
}

void
tree_compare_start(struct tree_compare *c, int n, int steps)
{
	tree_compare_free(c);
	if (n < 2 || n > TREE_COMPARE_N_MAX || steps < 1)
		return;
	c->n = n;
	c->depth = steps;
	c->npaths = gen(c, -1, 0, 0, 0);
	c->parent = xcalloc((size_t)c->npaths, sizeof *c->parent);
	c->rank = xcalloc((size_t)c->npaths, sizeof *c->rank);
	c->sum = xcalloc((size_t)c->npaths, sizeof *c->sum);
	c->val = (double *)xcalloc((size_t)c->npaths + 1, sizeof *c->val) + 1;
	c->val[-1] = 1.0;	/* the root's reach, for its children */
	gen(c, -1, 0, 0, 0);
}

void
tree_compare_free(struct tree_compare *c)
{
	free(c->parent);
	free(c->rank);
	free(c->sum);
	free(c->val != NULL ? c->val - 1 : NULL);
	memset(c, 0, sizeof *c);
}

void
tree_compare_clear(struct tree_compare *c)
{
	if (c->n == 0)
		return;
	memset(c->sum, 0, (size_t)c->npaths * sizeof *c->sum);
	c->steps = 0;
	c->sum_argmax = c->sum_sampled = 0.0;
}

void
tree_compare_add(struct tree_compare *c, const double *a, double overlap)
{
	double reach = 1.0, chain = 1.0;
	int i, d;

	if (c->n == 0)
		return;
	for (i = 0; i < c->npaths; i++) {	/* parent -1: val[-1], 1 */
		c->val[i] = c->val[c->parent[i]] * a[c->rank[i]];
		c->sum[i] += c->val[i];
	}
	for (d = 1; d < c->n; d++)
		chain += (reach *= a[0]);
	c->sum_argmax += chain;
	c->sum_sampled += overlap >= 1.0 ? (double)c->n :
	    (1.0 - pow(overlap, c->n)) / (1.0 - overlap);
	c->steps++;
}

/* best[me * n + b]: the most a forest of b nodes under path me (the root:
 * index npaths) takes, its children's ranks from 0 up; -1 where b nodes do
 * not fit. Its children's rows must be done. */
static void
best_forest(const struct tree_compare *c, int me, double *best, const int *kids,
    const int *nk)
{
	int n = c->n, j, b, s;
	double h[TREE_COMPARE_N_MAX], nh[TREE_COMPARE_N_MAX];

	for (b = 0; b < n; b++)
		h[b] = b == 0 ? 0.0 : -1.0;
	for (j = nk[me] - 1; j >= 0; j--) {	/* ranks from the last down */
		int k = kids[me * n + j];
		double v = c->sum[k] / (double)c->steps;

		for (b = 0; b < n; b++) {
			nh[b] = b == 0 ? 0.0 : -1.0;
			for (s = 1; s <= b; s++)
				if (best[k * n + s - 1] >= 0.0 && h[b - s] >= 0.0)
					nh[b] = fmax(nh[b], v + best[k * n + s - 1] + h[b - s]);
		}
		memcpy(h, nh, sizeof h);
	}
	memcpy(&best[me * n], h, (size_t)n * sizeof *h);
}

int
tree_compare_result(const struct tree_compare *c, struct tree_compare_result *out)
{
	int n = c->n, m = c->npaths, i, *kids, *nk;
	double *best;

	memset(out, 0, sizeof *out);
	if (n == 0 || c->steps == 0)
		return 0;
	kids = xcalloc((size_t)(m + 1) * (size_t)n, sizeof *kids);
	nk = xcalloc((size_t)m + 1, sizeof *nk);
	best = xcalloc((size_t)(m + 1) * (size_t)n, sizeof *best);
	for (i = 0; i < m; i++) {
		int p = c->parent[i] < 0 ? m : c->parent[i];

		kids[p * n + nk[p]++] = i;
	}
	for (i = m - 1; i >= 0; i--)	/* a path's children come after it */
		best_forest(c, i, best, kids, nk);
	best_forest(c, m, best, kids, nk);
	out->best_static = 1.0 + best[m * n + n - 1];
	out->argmax_chain = c->sum_argmax / (double)c->steps;
	out->sampled_chain = c->sum_sampled / (double)c->steps;
	free(kids);
	free(nk);
	free(best);
	return 1;
}
