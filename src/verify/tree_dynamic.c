/* tree_dynamic.c: a dynamic tree, drafted from the draft's scores
 * (tree_dynamic.h). */
#include "config.h"

#include <string.h>

#include "dist/pdist.h"
#include "dist/topk.h"
#include "source/source.h"
#include "verify/tree_dynamic.h"

/* The candidates of one step's drafting, in creation order, and the best
 * keep of them so far. */
struct cands {
	int n;
	double *score;		/* the product of q along the path */
	double *q;		/* q of the token at its parent */
	uint32_t *token;
	uint32_t *parent;	/* the parent candidate + 1; 0: the root */
	uint32_t *node;		/* the source's node + 1; 0: not made yet */
	int keep;		/* N - 1, the candidates the tree keeps */
	int nbest;
	int best[TREE_NODES_MAX];	/* the best nbest <= keep so far, best first */
	int prune;		/* skipping a node's q leaves the source's stream */
	int same_q;		/* q is the root's at every node (one pair a step) */
	int ntop;		/* the root's top k and their q, when same_q */
	int top[TREE_DYN_K_MAX];
	double top_q[TREE_DYN_K_MAX];
};

/* Whether candidate a ranks before b: higher score, then lower index. */
static int
ranks_before(const struct cands *c, int a, int b)
{
	return c->score[a] > c->score[b] || (c->score[a] == c->score[b] && a < b);
}

/* The best m of candidates from..to-1 into best, best first; how many. */
static int
keep_best(const struct cands *c, int from, int to, int m, int *best)
{
	int n = 0, i, j;

	for (i = from; i < to; i++) {
		if (n == m && !ranks_before(c, i, best[n - 1]))
			continue;
		for (j = n < m ? n++ : n - 1; j > 0 && ranks_before(c, i, best[j - 1]); j--)
			best[j] = best[j - 1];
		best[j] = i;
	}
	return n;
}

/* The source's node of candidate i, made on first use (its parent's first). */
static int
cand_node(struct source *src, struct cands *c, int i)
{
	if (c->node[i] == 0) {
		int parent = c->parent[i] == 0 ? SOURCE_ROOT :
		    cand_node(src, c, (int)c->parent[i] - 1);

		c->node[i] = (uint32_t)source_child(src, parent, (int)c->token[i]) + 1;
	}
	return (int)c->node[i] - 1;
}

/* Candidate i, just made, among the best so far: it ranks after every
 * kept one of its score (a lower index), so it enters below them. */
static void
offer_best(struct cands *c, int i)
{
	int j;

	if (c->nbest == c->keep && (c->keep == 0 ||
	    !(c->score[i] > c->score[c->best[c->keep - 1]])))
		return;
	for (j = c->nbest < c->keep ? c->nbest++ : c->nbest - 1;
	    j > 0 && c->score[i] > c->score[c->best[j - 1]]; j--)
		c->best[j] = c->best[j - 1];
	c->best[j] = i;
}

/* Whether candidate i's children can change nothing: keep candidates
 * already score at least its score. Its children score at most that and
 * come later, so they rank below all of them and stay out of the tree; so
 * do the nodes they would push out of the next frontier (lower still), and
 * every descendant of either; what scores above it is drafted as before. */
static int
spent(const struct cands *c, int i)
{
	return c->prune && c->nbest == c->keep && c->keep > 0 &&
	    c->score[c->best[c->keep - 1]] >= c->score[i];
}

/* The top k tokens of q at candidate parent (-1: the root) and their q: the
 * root's again when q is the same at every node. */
static int
top_of(struct source *src, struct cands *c, int parent, int k, int *tok, double *q)
{
	struct pdist d;
	int i;

	if (c->same_q && c->ntop > 0) {
		for (i = 0; i < c->ntop; i++) {
			tok[i] = c->top[i];
			q[i] = c->top_q[i];
		}
		return c->ntop;
	}
	source_dists(src, parent < 0 ? SOURCE_ROOT : cand_node(src, c, parent), NULL, &d);
	if (k > (int)src->vocab)
		k = (int)src->vocab;
	pdist_topk_probs(&d, k, tok, q);
	for (i = 0; i < k && c->same_q; i++) {
		c->top[i] = tok[i];
		c->top_q[i] = q[i];
	}
	c->ntop = c->same_q ? k : 0;
	return k;
}

/* The top k children of candidate parent (-1: the root) as candidates. */
static void
expand(struct source *src, struct cands *c, int parent, int k)
{
	int tok[TREE_DYN_K_MAX], i;
	double base = parent < 0 ? 1.0 : c->score[parent], q[TREE_DYN_K_MAX];

	k = top_of(src, c, parent, k, tok, q);
	for (i = 0; i < k; i++) {
		int j = c->n++;

		c->token[j] = (uint32_t)tok[i];
		c->q[j] = q[i];
		c->score[j] = base * c->q[j];
		c->parent[j] = (uint32_t)(parent + 1);
		c->node[j] = 0;
		offer_best(c, j);
	}
}

/* The storage of every candidate of spec, in the scratch, and what the
 * source allows: skipping nodes unless asking q draws from the step's
 * stream, one top k a step when the step has one pair. */
static void
cands_room(struct cands *c, const struct tree_shape *spec, const struct source *src,
    struct spec_scratch *s)
{
	size_t n = (size_t)tree_shape_dyn_candidates(spec->dyn_k, spec->depth);
	uint32_t *ids = spec_scratch_ids(s, 3 * n);

	c->n = c->nbest = c->ntop = 0;
	c->keep = spec->n - 1 < TREE_NODES_MAX ? spec->n - 1 : TREE_NODES_MAX;
	c->prune = !source_dists_draw(src);
	c->same_q = source_pair_fixed_in_step(src);
	c->score = spec_scratch_work(s, 2 * n);
	c->q = c->score + n;
	c->token = ids;
	c->parent = ids + n;
	c->node = ids + 2 * n;
}

/* The kept candidates sorted by creation index. */
static void
sort_kept(int *kept, int n)
{
	int i, j, x;

	for (i = 1; i < n; i++) {
		for (x = kept[i], j = i; j > 0 && kept[j - 1] > x; j--)
			kept[j] = kept[j - 1];
		kept[j] = x;
	}
}

/* The place in kept (sorted, n entries) of candidate i; -1 for the root. */
static int
kept_slot(const int *kept, int n, int i)
{
	int lo = 0, hi = n;

	if (i < 0)
		return -1;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (kept[mid] < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The tree of the kept candidates (sorted by creation index), breadth
 * first, each node's children in creation order (falling q): each kept
 * candidate is linked behind its parent's earlier children. */
static void
build(struct source *src, struct cands *c, const int *kept, int nkept,
    struct spec_tree *tree, struct tree_shape *step)
{
	int head[TREE_NODES_MAX + 1], tail[TREE_NODES_MAX + 1], next[TREE_NODES_MAX];
	int slot_of[TREE_NODES_MAX + 1], v, i;

	for (i = 0; i <= nkept; i++)
		head[i] = -1;
	for (i = 0; i < nkept; i++) {	/* slot p + 1 holds kept[p]'s children */
		int p = kept_slot(kept, nkept, (int)c->parent[kept[i]] - 1) + 1;

		next[i] = -1;
		if (head[p] < 0)
			head[p] = i;
		else
			next[tail[p]] = i;
		tail[p] = i;
	}
	spec_tree_clear(tree);
	tree->ntested = 0;
	spec_tree_root(tree, SOURCE_ROOT);
	tree_shape_start(step);
	slot_of[0] = 0;
	for (v = 0; v < step->n; v++)
		for (i = head[slot_of[v]]; i >= 0; i = next[i]) {
			int k = kept[i], w = tree_shape_add(step, v);

			slot_of[w] = i + 1;
			spec_tree_add(tree, v, (int)c->token[k], cand_node(src, c, k), c->q[k]);
			tree->node[w].depth = step->depth_of[w];
			tree->node[w].rank = step->rank[w];
		}
}

void
tree_dynamic_draft(struct source *src, const struct tree_shape *spec,
    struct spec_tree *tree, struct tree_shape *step, struct spec_scratch *scratch)
{
	int frontier[TREE_DYN_K_MAX], kept[TREE_NODES_MAX], k = spec->dyn_k;
	int nf, nkept, s, i;
	struct cands c;

	cands_room(&c, spec, src, scratch);
	expand(src, &c, -1, k);
	nf = keep_best(&c, 0, c.n, k, frontier);
	for (s = 1; s < spec->depth; s++) {
		int from = c.n;

		for (i = 0; i < nf && !spent(&c, frontier[i]); i++)
			expand(src, &c, frontier[i], k);
		nf = keep_best(&c, from, c.n, k, frontier);
	}
	nkept = c.nbest;
	memcpy(kept, c.best, (size_t)nkept * sizeof *kept);
	sort_kept(kept, nkept);
	build(src, &c, kept, nkept, tree, step);
}

void
tree_dynamic_shape(const struct spec_tree *tree, struct tree_shape *shape)
{
	int v;

	tree_shape_start(shape);
	for (v = 1; v < tree->n && v <= TREE_NODES_MAX; v++)
		tree_shape_add(shape, tree->node[v].parent);
}
