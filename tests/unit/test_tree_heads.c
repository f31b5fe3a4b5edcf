/* test_tree_heads.c: head trees (--drafter heads and mtp, --head-topk
 * k1,...,kK). The tree of each setting is enumerated here from the semantics
 * written out again in this file (none of the program's helpers): heads draft
 * position i from head i's q, which is the draft at depth i - 1 along the
 * heads' first choices (the spine), so every node at one depth gets the same
 * children, the top k_i of that q (ties to the lower id); mtp modules draft
 * each node's children from the q at that node. The expected tokens per
 * step are 1 + the sum over the nodes of the target's probability of the
 * path to them (the top-k rule accepts the child the target draws). On four
 * pairs (q = p; ties in q with a token of q 0; a pair changing with the
 * depth; a pair depending on the last token, where heads and mtp differ) and
 * seven settings each, the program drafts the enumerated tree (every node's
 * path, in breadth-first order) and its closed form is the enumeration to
 * 1e-12; all k_i = 1 is the chain; a measured mean lies within 5 standard
 * errors of the enumeration. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "lib/tree_fixture.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/drafter.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"
#include "verify/verify_tree.h"

#define VMAX 4
#define KMAX 8
#define NMAX 128

struct pair {
	const char *name;
	int n;
	double p[VMAX], q[VMAX];	/* the root, and even depths */
	double op[VMAX], oq[VMAX];	/* odd depths, when odd is set */
	int odd;
	int by_token;		/* a node after token t has (tp[t], tq[t]) */
	double tp[VMAX][VMAX], tq[VMAX][VMAX];
};

/* The pair at a node of depth d whose last token is last (-1: the root). */
static const double *
at_p(const struct pair *pr, int d, int last)
{
	if (pr->by_token && last >= 0)
		return pr->tp[last];
	return pr->odd && d % 2 ? pr->op : pr->p;
}

static const double *
at_q(const struct pair *pr, int d, int last)
{
	if (pr->by_token && last >= 0)
		return pr->tq[last];
	return pr->odd && d % 2 ? pr->oq : pr->q;
}

/* An enumerated node: its path. */
struct path {
	int len;
	int tok[KMAX];
	double reach;		/* the target's probability of the path */
};

/* Every node of the tree, breadth first, into out; how many. mtp: each
 * node's own q; else head d's q on the spine. */
static int
enumerate(const struct pair *pr, const int *k, int nk, int mtp, struct path *out)
{
	int heads[KMAX][VMAX], have[KMAX], spine = -1, d, from = 0, n = 1, i, j;

	for (d = 0; d < nk; d++) {	/* the heads' sets, along the spine */
		have[d] = tree_fixture_top(at_q(pr, d, spine), pr->n, k[d], heads[d]);
		spine = heads[d][0];
	}
	out[0] = (struct path){ .len = 0, .reach = 1.0 };
	for (d = 0; d < nk; d++) {
		int to = n;

		for (i = from; i < to; i++) {
			int last = out[i].len > 0 ? out[i].tok[out[i].len - 1] : -1;
			int own[VMAX], m = have[d], *set = heads[d];

			if (mtp) {
				m = tree_fixture_top(at_q(pr, d, last), pr->n, k[d], own);
				set = own;
			}
			for (j = 0; j < m && n < NMAX; j++) {
				out[n] = out[i];
				out[n].tok[out[n].len++] = set[j];
				out[n].reach = out[i].reach * at_p(pr, d, last)[set[j]];
				n++;
			}
		}
		from = to;
	}
	return n;
}

static double
enumerate_expect(const struct path *t, int n)
{
	double e = 1.0;
	int i;

	for (i = 1; i < n; i++)
		e += t[i].reach;
	return e;
}

/* A run on the pair (tree_fixture.h), with the pair's by-token table. */
struct run {
	struct tree_fixture_run f;
	const double *tp[VMAX], *tq[VMAX];
};

static void
run_open(struct run *r, const struct pair *pr)
{
	int t;

	tree_fixture_run_open(&r->f, pr->p, pr->q, pr->odd ? pr->op : NULL, pr->oq,
	    (size_t)pr->n, 17);
	if (pr->by_token) {
		for (t = 0; t < VMAX; t++) {
			r->tp[t] = pr->tp[t];
			r->tq[t] = pr->tq[t];
		}
		r->f.fp.tok_p = r->tp;
		r->f.fp.tok_q = r->tq;
	}
}

/* The drafted nodes of the program's tree, in its order, against the
 * enumeration's breadth-first list. */
static int
same_tree(const struct spec_tree *t, const struct path *want, int nw)
{
	int v, m = 1;

	for (v = 1; v < t->n; v++) {
		int tok[KMAX], u = v, d;

		if (t->node[v].token < 0)
			continue;
		for (d = t->node[v].depth - 1; d >= 0; d--, u = t->node[u].parent)
			tok[d] = t->node[u].token;
		if (m >= nw || want[m].len != t->node[v].depth ||
		    memcmp(want[m].tok, tok, (size_t)want[m].len * sizeof *tok) != 0)
			return 0;
		m++;
	}
	return m == nw;
}

static const struct pair pairs[] = {
	{ "p = q = (.6, .3, .1)", 3, { .6, .3, .1 }, { .6, .3, .1 }, { 0 }, { 0 }, 0, 0,
	  { { 0 } }, { { 0 } } },
	{ "V 4, ties in q, q(3) = 0", 4, { .1, .2, .3, .4 }, { .4, .3, .3, 0 }, { 0 },
	  { 0 }, 0, 0, { { 0 } }, { { 0 } } },
	{ "V 3, by depth", 3, { .5, .3, .2 }, { .2, .5, .3 }, { .25, .25, .5 },
	  { .1, .6, .3 }, 1, 0, { { 0 } }, { { 0 } } },
	{ "V 3, by last token", 3, { .5, .3, .2 }, { .5, .2, .3 }, { 0 }, { 0 }, 0, 1,
	  { { .7, .2, .1 }, { .1, .1, .8 }, { .6, .3, .1 } },
	  { { .6, .3, .1 }, { .2, .1, .7 }, { .1, .5, .4 } } },
};

static const char *const settings[] = {
	"1,1,1", "2", "2,2", "3,2,1", "1,3", "2,2,2", "4,1,2",
};

/* Parse setting s as a head tree of kind; its list into k. */
static int
head_shape(const char *s, enum drafter_kind kind, struct tree_shape *shape, int *k)
{
	char err[256];
	int n = 0;
	const char *c;

	if (tree_shape_parse(s, shape, err, sizeof err) != 0)
		return -1;
	shape->drafter = (int)kind;
	for (c = s; *c != '\0'; c++)
		if (*c != ',')
			k[n++] = *c - '0';
	return n;
}

/* One step of setting s on pair pr by kind: the tree and the closed form. */
static void
check_one(const struct pair *pr, const char *s, enum drafter_kind kind)
{
	struct verify_params par = tree_fixture_rule("topk");
	struct path want[NMAX];
	struct tree_shape shape;
	struct run r;
	int k[KMAX], nk = head_shape(s, kind, &shape, k), nw;
	double e;

	if (nk < 0) {
		tap_ok(0, "%s parses", s);
		return;
	}
	nw = enumerate(pr, k, nk, kind == DRAFTER_KIND_MTP, want);
	e = enumerate_expect(want, nw);
	run_open(&r, pr);
	tree_fixture_run_step(&r.f, &par, &shape);
	tap_ok(same_tree(&r.f.tree, want, nw) && !r.f.fp.bad_node, "%s, %s %s: the tree is "
	    "the enumerated one (%d nodes)", pr->name, drafter_name(kind), s, nw - 1);
	tap_ok(fabs(r.f.step.expect_tok - e) < 1e-12, "%s, %s %s: closed form %.12g, "
	    "enumerated %.12g", pr->name, drafter_name(kind), s, r.f.step.expect_tok, e);
	tree_fixture_run_close(&r.f);
}

static void
test_against_enumeration(void)
{
	size_t a, b;

	for (a = 0; a < sizeof pairs / sizeof pairs[0]; a++)
		for (b = 0; b < sizeof settings / sizeof settings[0]; b++) {
			check_one(&pairs[a], settings[b], DRAFTER_KIND_HEADS);
			check_one(&pairs[a], settings[b], DRAFTER_KIND_MTP);
		}
}

/* A hand value: p = q = (.6, .3, .1), heads 2,2: 1 + .9 + .81 = 2.71. */
static void
test_hand_value(void)
{
	struct path want[NMAX];
	int k[2] = { 2, 2 };
	int n = enumerate(&pairs[0], k, 2, 0, want);

	tap_ok(n == 7 && fabs(enumerate_expect(want, n) - 2.71) < 1e-12,
	    "p = q = (.6, .3, .1), heads 2,2: 6 nodes, 2.71 tokens/step by hand");
}

/* All k_i = 1: the same step as the chain of the model's top-1 drafts. */
static void
test_chain(void)
{
	struct verify_params par = tree_fixture_rule("topk");
	struct tree_shape heads, chain;
	struct run a, b;
	int k[KMAX], i, same = 1;

	head_shape("1,1,1", DRAFTER_KIND_HEADS, &heads, k);
	head_shape("1,1,1", DRAFTER_KIND_MODEL, &chain, k);
	run_open(&a, &pairs[2]);
	run_open(&b, &pairs[2]);
	for (i = 0; i < 200 && same; i++) {
		tree_fixture_run_step(&a.f, &par, &heads);
		tree_fixture_run_step(&b.f, &par, &chain);
		same = a.f.step.emitted == b.f.step.emitted && a.f.step.expect_tok ==
		    b.f.step.expect_tok && memcmp(a.f.step.drafted, b.f.step.drafted,
		    sizeof a.f.step.drafted) == 0;
	}
	tap_ok(same, "heads 1,1,1 emits the chain's tokens step by step (%d steps)", i);
	tree_fixture_run_close(&a.f);
	tree_fixture_run_close(&b.f);
}

/* The measured mean of heads 2,2 on the pair by depth against the enumeration. */
static void
test_measured(void)
{
	struct verify_params par = tree_fixture_rule("topk");
	struct path want[NMAX];
	struct tree_shape shape;
	struct run r;
	int k[KMAX], nk = head_shape("2,2", DRAFTER_KIND_HEADS, &shape, k), i, steps = 20000;
	double sum = 0.0, sum2 = 0.0, e, mean, se;

	e = enumerate_expect(want, enumerate(&pairs[2], k, nk, 0, want));
	run_open(&r, &pairs[2]);
	for (i = 0; i < steps; i++) {
		tree_fixture_run_step(&r.f, &par, &shape);
		sum += r.f.step.emitted;
		sum2 += (double)r.f.step.emitted * r.f.step.emitted;
	}
	mean = sum / steps;
	se = sqrt((sum2 / steps - mean * mean) / steps);
	tap_ok(fabs(mean - e) < 5.0 * se, "heads 2,2 by depth: measured %.4f over %d "
	    "steps, enumerated %.4f (SE %.4f)", mean, steps, e, se);
	tree_fixture_run_close(&r.f);
}

/* Where the pair depends on the last token, heads and mtp draft apart. */
static void
test_heads_differ(void)
{
	struct path h[NMAX], m[NMAX];
	int k[2] = { 2, 2 };
	double eh = enumerate_expect(h, enumerate(&pairs[3], k, 2, 0, h));
	double em = enumerate_expect(m, enumerate(&pairs[3], k, 2, 1, m));

	tap_ok(fabs(eh - em) > 1e-3, "by last token, 2,2: heads %.4f, mtp %.4f", eh, em);
}

int
main(void)
{
	test_against_enumeration();
	test_hand_value();
	test_chain();
	test_measured();
	test_heads_differ();
	return tap_done();
}
