/* test_tree_dynamic.c: dynamic token trees (--tree dynamic:K,STEPS,N), as
 * SGLang's select_top_k_tokens and organize_draft_results build them. The
 * tree of each setting is enumerated here, from the semantics written out
 * again in this file (none of the program's helpers): every candidate path
 * with its score, the frontier kept step by step, the best N - 1 kept with
 * ties to the lower creation index. Then the expected tokens per step are
 * enumerated over the target's draws along the tree (the top-k rule accepts
 * the child whose token the target draws). On three pairs (one with q = p,
 * one with ties in q and a token of q 0, one whose pair changes with the
 * depth) and seven settings each, the program's step drafts exactly the
 * enumerated tree (tokens, parents, scores) and its closed form is the
 * enumerated expectation to 1e-12; the oracle values hold; K = 1
 * is the argmax chain; its steps' mean tokens lie within 5 standard errors
 * of the enumeration; bad specs are refused. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "lib/tree_fixture.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "verify/tree_dynamic.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"
#include "verify/verify_tree.h"

#define VMAX 4
#define CMAX 512		/* candidates enumerated */
#define PATH_MAX_LEN 32

struct pair {
	const char *name;
	int n;
	double p[VMAX], q[VMAX];	/* even depths (the root's children's parent) */
	double op[VMAX], oq[VMAX];	/* odd depths, when odd is set */
	int odd;
};

struct cand {
	int len;
	int tok[PATH_MAX_LEN];
	double score;
	int idx;		/* creation index */
};

static const double *
pair_q(const struct pair *pr, int depth)
{
	return pr->odd && depth % 2 ? pr->oq : pr->q;
}

static const double *
pair_p(const struct pair *pr, int depth)
{
	return pr->odd && depth % 2 ? pr->op : pr->p;
}

static int
before(const struct cand *a, const struct cand *b)
{
	return a->score > b->score || (a->score == b->score && a->idx < b->idx);
}

/* The m best of list[0..n) by (score, index) into out (sorted); how many. */
static int
best_of(const struct cand *list, int n, int m, struct cand *out)
{
	int taken[CMAX] = { 0 }, i, j, got = 0;

	for (i = 0; i < m && i < n; i++) {
		int b = -1;

		for (j = 0; j < n; j++)
			if (!taken[j] && (b < 0 || before(&list[j], &list[b])))
				b = j;
		taken[b] = 1;
		out[got++] = list[b];
	}
	return got;
}

/* Children of c (len 0: the root) appended to all. */
static void
children(const struct pair *pr, const struct cand *c, int k, struct cand *all, int *n)
{
	int tok[VMAX], m = tree_fixture_top(pair_q(pr, c->len), pr->n, k, tok), i;

	for (i = 0; i < m; i++) {
		struct cand *x = &all[*n];

		*x = *c;
		x->tok[x->len++] = tok[i];
		x->score = c->score * pair_q(pr, c->len)[tok[i]];
		x->idx = (*n)++;
	}
}

/* The kept nodes of dynamic:k,steps,nn into kept; how many. */
static int
enumerate_tree(const struct pair *pr, int k, int steps, int nn, struct cand *kept)
{
	static struct cand all[CMAX];
	struct cand root = { .score = 1.0 }, front[VMAX * VMAX];
	int n = 0, nf, s, i, from;

	children(pr, &root, k, all, &n);
	nf = best_of(all, n, k, front);
	for (s = 1; s < steps; s++) {
		from = n;
		for (i = 0; i < nf; i++)
			children(pr, &front[i], k, all, &n);
		nf = best_of(all + from, n - from, k, front);
	}
	return best_of(all, n, nn - 1, kept);
}

/* Whether the path (tok, len) is among the kept. */
static int
kept_has(const struct cand *kept, int nk, const int *tok, int len)
{
	int i;

	for (i = 0; i < nk; i++)
		if (kept[i].len == len && memcmp(kept[i].tok, tok, (size_t)len * sizeof *tok) == 0)
			return 1;
	return 0;
}

/* E[tokens] below the path (tok, len): the target draws y at this position;
 * the step goes on when a kept child has token y, else emits y and stops. */
static double
expect_from(const struct pair *pr, const struct cand *kept, int nk, int *tok, int len)
{
	const double *p = pair_p(pr, len);
	double e = 0.0;
	int y;

	for (y = 0; y < pr->n; y++) {
		tok[len] = y;
		e += p[y] * (kept_has(kept, nk, tok, len + 1) ?
		    1.0 + expect_from(pr, kept, nk, tok, len + 1) : 1.0);
	}
	return e;
}

static double
enumerate_expect(const struct pair *pr, const struct cand *kept, int nk)
{
	int tok[PATH_MAX_LEN + 1];

	return expect_from(pr, kept, nk, tok, 0);
}

/* A run on the pair (tree_fixture.h). */
static void
run_open(struct tree_fixture_run *r, const struct pair *pr)
{
	tree_fixture_run_open(r, pr->p, pr->q, pr->odd ? pr->op : NULL, pr->oq,
	    (size_t)pr->n, 11);
}

/* Whether the program's tree is the enumerated one: every node's path is
 * kept, with the enumerated score, and as many nodes. */
static int
same_tree(const struct spec_tree *t, const struct cand *kept, int nk, double *worst)
{
	int v, ok = t->n - 1 == nk;

	*worst = 0.0;
	for (v = 1; v < t->n && ok; v++) {
		int tok[PATH_MAX_LEN], len = t->node[v].depth, u = v, d, i;

		for (d = len - 1; d >= 0; d--, u = t->node[u].parent)
			tok[d] = t->node[u].token;
		ok = 0;
		for (i = 0; i < nk; i++)
			if (kept[i].len == len &&
			    memcmp(kept[i].tok, tok, (size_t)len * sizeof *tok) == 0) {
				ok = 1;
				*worst = fmax(*worst, fabs(kept[i].score - t->node[v].score));
			}
	}
	return ok;
}

static const struct pair pairs[] = {
	{ "p = q = (.6, .3, .1)", 3, { .6, .3, .1 }, { .6, .3, .1 }, { 0 }, { 0 }, 0 },
	{ "V 4, ties in q, q(3) = 0", 4, { .1, .2, .3, .4 }, { .4, .3, .3, 0 }, { 0 },
	  { 0 }, 0 },
	{ "V 3, by depth", 3, { .5, .3, .2 }, { .2, .5, .3 }, { .25, .25, .5 },
	  { .1, .6, .3 }, 1 },
};

static const int settings[][3] = {
	{ 1, 5, 6 }, { 2, 3, 6 }, { 4, 5, 8 }, { 3, 4, 12 }, { 2, 1, 3 }, { 3, 3, 10 },
	{ 2, 5, 9 },
};

static void
test_against_enumeration(void)
{
	struct verify_params par = tree_fixture_rule("topk");
	size_t a, b;

	for (a = 0; a < sizeof pairs / sizeof pairs[0]; a++)
		for (b = 0; b < sizeof settings / sizeof settings[0]; b++) {
			const int *st = settings[b];
			struct cand kept[TREE_NODES_MAX];
			struct tree_shape spec;
			char text[64], err[256];
			struct tree_fixture_run r;
			double worst = 0.0, want;
			int nk = enumerate_tree(&pairs[a], st[0], st[1], st[2], kept);

			snprintf(text, sizeof text, "dynamic:%d,%d,%d", st[0], st[1], st[2]);
			if (tree_shape_parse(text, &spec, err, sizeof err) != 0) {
				tap_ok(0, "%s parses (%s)", text, err);
				continue;
			}
			want = enumerate_expect(&pairs[a], kept, nk);
			run_open(&r, &pairs[a]);
			tree_fixture_run_step(&r, &par, &spec);
			tap_ok(same_tree(&r.tree, kept, nk, &worst) && worst < 1e-15 &&
			    !r.fp.bad_node, "%s, %s: the tree is the enumerated one (%d nodes,"
			    " scores to %.1g)", pairs[a].name, text, nk, worst);
			tap_ok(fabs(r.step.expect_tok - want) < 1e-12, "%s, %s: closed form %.12g, "
			    "enumerated %.12g", pairs[a].name, text, r.step.expect_tok, want);
			tree_fixture_run_close(&r);
		}
}

/* The oracle values on p = q = (.6, .3, .1), with the enumeration's. */
static void
test_oracle(void)
{
	static const struct { int k, s, n; double want; } o[] = {
		{ 2, 3, 6, 2.656 }, { 4, 5, 8, 2.9656 }, { 1, 5, 6, 2.38336 },
	};
	size_t i;

	for (i = 0; i < sizeof o / sizeof o[0]; i++) {
		struct cand kept[TREE_NODES_MAX];
		int nk = enumerate_tree(&pairs[0], o[i].k, o[i].s, o[i].n, kept);
		double e = enumerate_expect(&pairs[0], kept, nk);

		tap_ok(fabs(e - o[i].want) < 1e-12, "oracle dynamic:%d,%d,%d: %.12g tokens per"
		    " step, issue %.5g", o[i].k, o[i].s, o[i].n, e, o[i].want);
	}
}

/* K = 1: the argmax chain of STEPS drafts, the same closed form as the static
 * chain under top-k. */
static void
test_chain(void)
{
	struct verify_params par = tree_fixture_rule("topk");
	struct tree_shape dyn, chain;
	char err[256];
	struct tree_fixture_run r;
	double e_dyn, e_chain;

	tree_shape_parse("dynamic:1,4,5", &dyn, err, sizeof err);
	tree_shape_parse("1,1,1,1", &chain, err, sizeof err);
	run_open(&r, &pairs[2]);
	tree_fixture_run_step(&r, &par, &dyn);
	e_dyn = r.step.expect_tok;
	tree_fixture_run_step(&r, &par, &chain);
	e_chain = r.step.expect_tok;
	tree_fixture_run_close(&r);
	tap_ok(fabs(e_dyn - e_chain) < 1e-15, "dynamic:1,4,5 is the argmax chain: %.12g and"
	    " %.12g", e_dyn, e_chain);
}

/* The steps' mean tokens within 5 standard errors of the enumeration. */
static void
test_measured(void)
{
	struct verify_params par = tree_fixture_rule("topk");
	size_t a;

	for (a = 0; a < sizeof pairs / sizeof pairs[0]; a++) {
		struct cand kept[TREE_NODES_MAX];
		int nk = enumerate_tree(&pairs[a], 3, 4, 12, kept), i, steps = 4000;
		double want = enumerate_expect(&pairs[a], kept, nk), s = 0, s2 = 0, se;
		struct tree_shape spec;
		char err[256];
		struct tree_fixture_run r;

		tree_shape_parse("dynamic:3,4,12", &spec, err, sizeof err);
		run_open(&r, &pairs[a]);
		for (i = 0; i < steps; i++) {
			tree_fixture_run_step(&r, &par, &spec);
			s += r.step.emitted;
			s2 += (double)r.step.emitted * r.step.emitted;
		}
		tree_fixture_run_close(&r);
		s /= steps;
		se = sqrt((s2 / steps - s * s) / steps);
		tap_ok(fabs(s - want) < 5 * se + 1e-9, "%s, dynamic:3,4,12: %d steps give %.4f "
		    "tokens per step, enumerated %.4f (se %.4f)", pairs[a].name, steps, s,
		    want, se);
	}
}

static void
test_parse(void)
{
	static const char *const bad[] = { "dynamic:", "dynamic:0,3,6", "dynamic:9,3,6",
		"dynamic:2,33,6", "dynamic:2,3,1", "dynamic:2,3,66", "dynamic:2,1,4",
		"dynamic:2,3", "dynamic:2,3,6,", "dynamic:2,3,6x" };
	struct tree_shape s;
	char err[256], buf[64];
	size_t i;

	tap_ok(tree_shape_parse(" dynamic:4, 5, 8", &s, err, sizeof err) == 0 && s.n == 8 &&
	    s.depth == 5 && s.dyn_k == 4 && tree_shape_nodes(&s) == 7 &&
	    tree_shape_max_width(&s) == 4, "dynamic:4,5,8: N 8, STEPS 5, K 4");
	tree_shape_format(&s, buf, sizeof buf);
	tap_ok(strcmp(buf, "dynamic:4,5,8") == 0, "it prints back as given: %s", buf);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		tap_ok(tree_shape_parse(bad[i], &s, err, sizeof err) != 0 && err[0] != '\0' &&
		    s.n == 0, "refused: \"%s\" (%s)", bad[i], err);
	}
}

int
main(void)
{
	test_parse();
	test_against_enumeration();
	test_oracle();
	test_chain();
	test_measured();
	return tap_done();
}
