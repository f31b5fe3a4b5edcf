/* test_nodes.c: the source contract by node (source.h). The sampler asks for a
 * chain's nodes with the right parents and tokens, in the right order, under
 * the standard rule, block verification and the reference stream; a node
 * asked for twice, or made twice, gives the same distributions; siblings (a
 * tree) are conditioned on their own prefixes; and the storage of nodes stays
 * flat in the number of steps. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dist/pdist.h"
#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "source/ngram/ngram.h"
#include "source/source.h"
#include "source/ngram/source_ngram.h"
#include "util/rng.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "verify/verify.h"

#define V 4
#define CTX_MAX (NGRAM_ORDER_MAX - 1)

static const char corpus[] =
    "the cat sat on the mat . the dog sat on the log . a cat and a dog ran to the "
    "park , and the cat sat in the sun ; the dog did not . then the sun set and the "
    "cat ran to the mat , and the dog ran to the log . a red ball sat in the park .";

/* Whether the fixture's nodes this step are a chain over drafted[0..gamma). */
static int
is_chain(const struct fixed_pair *pair, const int *drafted, int gamma)
{
	int i;

	if (pair->nodes != gamma + 1 || pair->bad_node)
		return 0;
	for (i = 1; i <= gamma; i++)
		if (pair->parent[i] != i - 1 || pair->token[i] != drafted[i - 1])
			return 0;
	return 1;
}

/* Whether the nodes asked at are first, in order, the first `first` ones, then
 * the first `second` ones. */
static int
asked_in_order(const struct fixed_pair *pair, int first, int second)
{
	int i;

	if (pair->nasked != first + second)
		return 0;
	for (i = 0; i < pair->nasked; i++)
		if (pair->asked[i] != (i < first ? i : i - first))
			return 0;
	return 1;
}

/* The standard rule drafts a chain from the root, asks q at every drafted
 * node, p at every tested one, and p and q at the bonus node. */
static void
test_chain_standard(void)
{
	static const double p[V] = { 0.4, 0.3, 0.2, 0.1 }, q[V] = { 0.1, 0.2, 0.3, 0.4 };
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V];
	int i, chains = 0, orders = 0, bonus = 0, rejected = 0;

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 21, 0);
	for (i = 0; i < 2000; i++) {
		spec_step(&src, &rng, 4, scratch, &s, &targets);
		chains += is_chain(&pair, s.drafted, s.gamma);
		orders += asked_in_order(&pair, s.gamma, s.tested +
		    (s.accepted == s.gamma));
		bonus += s.accepted == s.gamma;
		rejected += s.accepted < s.gamma;
	}
	tap_ok(chains == 2000, "standard: every step's nodes are a chain, node k+1 the "
	    "child of node k by draft k (%d of 2000)", chains);
	tap_ok(orders == 2000 && bonus > 0 && rejected > 0, "standard: q asked at nodes "
	    "0..gamma-1, then p at each tested node and the bonus node (%d of 2000; "
	    "%d bonus, %d rejected)", orders, bonus, rejected);
}

/* Block verification drafts the same chain, then asks every node's pair. */
static void
test_chain_block(void)
{
	static const double p[V] = { 0.4, 0.3, 0.2, 0.1 }, q[V] = { 0.1, 0.2, 0.3, 0.4 };
	struct fixed_pair pair = { .p = p, .q = q };
	struct verify_params par = { .rule = VERIFY_BLOCK };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V];
	int i, ok = 0;

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 22, 0);
	for (i = 0; i < 500; i++) {
		verify_step(&par, &src, &rng, 3, scratch, &s, &targets);
		ok += is_chain(&pair, s.drafted, s.gamma) &&
		    asked_in_order(&pair, s.gamma, s.gamma + 1);
	}
	tap_ok(ok == 500, "block: a chain of nodes, q at 0..gamma-1 then both at "
	    "0..gamma (%d of 500)", ok);
}

/* The reference stream follows its own tokens down a chain. */
static void
test_chain_reference(void)
{
	static const double p[V] = { 0.25, 0.25, 0.25, 0.25 };
	struct fixed_pair pair = { .p = p, .q = p };
	struct source src;
	struct rng rng;
	int ids[5];

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 23, 0);
	source_sample_targets(&src, &rng, ids, 5);
	tap_ok(is_chain(&pair, ids, 4) && asked_in_order(&pair, 5, 0),
	    "reference stream: 5 tokens from nodes 0..4, each the child of the one "
	    "before by its token");
}

/* Whether two handles hold the same distribution, entry for entry. */
static int
same_values(const struct pdist *a, const struct pdist *b, size_t vocab, double *x,
    double *y)
{
	pdist_densify(a, x);
	pdist_densify(b, y);
	return memcmp(x, y, vocab * sizeof *x) == 0;
}

/* p and q at a node, dense, into p and q. */
static void
node_dense(struct source *src, int node, double *p, double *q)
{
	struct pdist hp, hq;

	source_dists(src, node, &hp, &hq);
	pdist_densify(&hp, p);
	pdist_densify(&hq, q);
}

static int
open_ngram(struct source *src, double noise)
{
	struct source_ngram_config cfg = { 300, 3, 2, 1.0, noise };
	char err[128];

	if (source_ngram_open(src, corpus, strlen(corpus), "test", &cfg, err,
	    sizeof err) != 0) {
		tap_ok(0, "open: %s", err);
		return -1;
	}
	return 0;
}

/* A chain of 6 drafts: each node asked twice in a row gives the same handles
 * and values; every node made twice (same parent, same token) gives the same
 * values; and all of them hold until the next begin. */
static void
check_same_node(double noise)
{
	enum { G = 6, STEPS = 300 };
	struct source src;
	struct pdist p1, q1, p2, q2;
	double *x, *y, *saved;
	int node[G + 1], tok[G], step, k, twice = 0, remade = 0, held = 0;
	struct rng rng;
	size_t v;

	if (open_ngram(&src, noise) != 0)
		return;
	v = src.vocab;
	x = malloc(v * sizeof *x);
	y = malloc(v * sizeof *y);
	saved = malloc((G + 1) * 2 * v * sizeof *saved);
	rng_seed(&rng, 31, 0);
	for (step = 0; step < STEPS; step++) {
		source_begin(&src, &rng, 1);
		node[0] = SOURCE_ROOT;
		for (k = 0; k <= G; k++) {
			source_dists(&src, node[k], &p1, &q1);
			source_dists(&src, node[k], &p2, &q2);
			twice += memcmp(&p1, &p2, sizeof p1) == 0 &&
			    memcmp(&q1, &q2, sizeof q1) == 0;
			pdist_densify(&p1, saved + 2 * (size_t)k * v);
			pdist_densify(&q1, saved + (2 * (size_t)k + 1) * v);
			if (k == G)
				break;
			tok[k] = (int)pdist_sample(&q1, &rng);
			node[k + 1] = source_child(&src, node[k], tok[k]);
			source_dists(&src, source_child(&src, node[k], tok[k]), &p2, &q2);
			source_dists(&src, node[k + 1], &p1, &q1);
			remade += same_values(&p1, &p2, v, x, y) &&
			    same_values(&q1, &q2, v, x, y);
		}
		for (k = 0; k <= G; k++) {
			node_dense(&src, node[k], x, y);
			held += memcmp(x, saved + 2 * (size_t)k * v, v * sizeof *x) == 0 &&
			    memcmp(y, saved + (2 * (size_t)k + 1) * v, v * sizeof *y) == 0;
		}
		source_commit(&src, tok, 1 + step % 3);
	}
	tap_ok(twice == STEPS * (G + 1), "noise %g: a node asked twice gives the same "
	    "handles (%d of %d)", noise, twice, STEPS * (G + 1));
	tap_ok(remade == STEPS * G, "noise %g: a node made twice gives the same p and q "
	    "(%d of %d)", noise, remade, STEPS * G);
	tap_ok(held == STEPS * (G + 1), "noise %g: every node's p and q hold until the "
	    "next begin (%d of %d)", noise, held, STEPS * (G + 1));
	free(x);
	free(y);
	free(saved);
	source_close(&src);
}

/* The largest gap between the node's target and the model's target after the
 * text and path[0..n). */
static double
gap_to_model(struct source *src, int node, const int *path, size_t n,
    struct ngram_scratch *sc, double *x, double *y)
{
	uint32_t ctx[CTX_MAX + 8];
	size_t len = source_ngram_context(src, ctx, CTX_MAX), i;
	double gap = 0.0;

	for (i = 0; i < n; i++)
		ctx[len++] = (uint32_t)path[i];
	ngram_dist(source_ngram_target(src), ctx, len, NULL, x, sc);
	node_dense(src, node, y, y + src->vocab);
	for (i = 0; i < src->vocab; i++)
		gap = fmax(gap, fabs(x[i] - y[i]));
	return gap;
}

/* A tree: two children of the root and a grandchild, asked in any order; each
 * node's target is the model's after its own prefix. */
static void
test_siblings(void)
{
	struct ngram_scratch sc;
	struct source src;
	struct rng rng;
	double *x, *y, gap = 0.0;
	int a, b, ab, path[2], step;

	if (open_ngram(&src, 0.0) != 0)
		return;
	ngram_scratch_init(&sc, src.vocab);
	x = malloc(src.vocab * sizeof *x);
	y = malloc(2 * src.vocab * sizeof *y);
	rng_seed(&rng, 41, 0);
	for (step = 0; step < 200; step++) {
		source_begin(&src, &rng, 1);
		path[0] = (int)(rng_next(&rng) % src.vocab);
		path[1] = (int)(rng_next(&rng) % src.vocab);
		a = source_child(&src, SOURCE_ROOT, path[0]);
		b = source_child(&src, SOURCE_ROOT, path[1]);
		ab = source_child(&src, a, path[1]);
		gap = fmax(gap, gap_to_model(&src, ab, path, 2, &sc, x, y));
		gap = fmax(gap, gap_to_model(&src, b, path + 1, 1, &sc, x, y));
		gap = fmax(gap, gap_to_model(&src, a, path, 1, &sc, x, y));
		gap = fmax(gap, gap_to_model(&src, SOURCE_ROOT, path, 0, &sc, x, y));
		source_commit(&src, path, 1);
	}
	tap_ok(gap <= 1e-14, "a tree of nodes: root, two siblings and a grandchild, "
	    "each the model's target after its own prefix (largest gap %g)", gap);
	ngram_scratch_free(&sc);
	free(x);
	free(y);
	source_close(&src);
}

/* The n-gram source's node storage after steps at gamma. */
static int
capacity_after(int gamma, int steps)
{
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double *scratch;
	int i, cap;

	if (open_ngram(&src, 0.3) != 0)
		return -1;
	scratch = malloc(src.vocab * sizeof *scratch);
	rng_seed(&rng, 51, 0);
	for (i = 0; i < steps; i++)
		spec_step(&src, &rng, gamma, scratch, &s, &targets);
	cap = source_ngram_node_capacity(&src);
	free(scratch);
	source_close(&src);
	return cap;
}

static void
test_flat_memory(void)
{
	int c10 = capacity_after(4, 10), c10000 = capacity_after(4, 10000);
	int g10 = capacity_after(SPEC_GAMMA_MAX, 10);
	int g2000 = capacity_after(SPEC_GAMMA_MAX, 2000);

	tap_ok(c10 >= 5 && c10000 == c10, "gamma 4: node storage after 10,000 steps = "
	    "after 10 (%d, %d nodes)", c10000, c10);
	tap_ok(g10 >= SPEC_GAMMA_MAX + 1 && g2000 == g10, "gamma %d: node storage after "
	    "2,000 steps = after 10 (%d, %d nodes)", SPEC_GAMMA_MAX, g2000, g10);
}

/* The tree beside the record: a chain step leaves it empty; nodes keep their
 * parents and tokens; its storage is reused from step to step. */
static void
test_spec_tree(void)
{
	struct spec_tree tree = { 0 };
	int step, i, ok = 1, cap = 0;

	for (step = 0; step < 10000; step++) {
		spec_tree_clear(&tree);
		ok &= tree.n == 0 && spec_tree_root(&tree, SOURCE_ROOT) == SPEC_TREE_ROOT;
		for (i = 1; i <= 12; i++)	/* two children a node */
			ok &= spec_tree_add(&tree, (i - 1) / 2, i % V, i, 0.25) == i;
		if (step == 9)
			cap = tree.cap;
	}
	for (i = 1; i <= 12; i++)
		ok &= tree.node[i].parent == (i - 1) / 2 && tree.node[i].token == i % V &&
		    tree.node[i].source_node == i && tree.node[i].q == 0.25 && !tree.node[i].tested;
	ok &= tree.node[0].parent == -1 && tree.node[0].token == -1 && tree.n == 13;
	tap_ok(ok, "spec_tree: 13 nodes, parents and tokens as added, a root of its own");
	tap_ok(cap >= 13 && tree.cap == cap, "spec_tree: storage after 10,000 steps = "
	    "after 10 (%d, %d nodes)", tree.cap, cap);
	spec_tree_free(&tree);
	tap_ok(tree.n == 0 && tree.cap == 0 && tree.node == NULL, "spec_tree: freed, "
	    "empty");
}

int
main(void)
{
	test_chain_standard();
	test_chain_block();
	test_chain_reference();
	check_same_node(0.0);
	check_same_node(0.5);
	test_siblings();
	test_flat_memory();
	test_spec_tree();
	return tap_done();
}
