/* test_tree.c: token trees (--tree). Shapes parse from branching factors and
 * from vLLM's index paths and print back as index paths; bad shapes are
 * refused. The worked example of issue 19 (p = (1/2, 1/3, 1/6), q = (1/6,
 * 1/2, 1/3), two drafts) is reproduced: single draft 2/3, SpecInfer 13/18,
 * without replacement 55/72, SpecTr 3/4, top-2 1/2. Then, for every tree
 * rule and every shape with branching factors 1..3 up to depth 3 (and an
 * index-path tree), the exact law of a step's emitted tokens is enumerated
 * here, over every draw and every accept or reject, with the rules written
 * out again in this file (none of the program's helpers): the lossless
 * rules' output is p at every position, exactly; the mistake's is not; the
 * program's closed forms (expected tokens per step, acceptance at the
 * root, the mistake's output law) agree with the enumeration to 1e-12; and
 * the program's steps, run on a source with that pair at every node, give
 * tokens per step within 5 standard errors of the enumerated mean. On pairs
 * whose draft puts most of its mass on one token (V 3 and 4), the law of the
 * steps' emitted sequences is the enumerated law, cell by cell: a sibling
 * tested against a working pair the rule did not mean (q not renormalised
 * after a removal) shows there and hardly in the mean. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "source/source.h"
#include "util/rng.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "verify/tree_ceiling.h"
#include "verify/tree_closed.h"
#include "verify/tree_shape.h"
#include "verify/verify.h"
#include "verify/verify_tree.h"

#define VMAX 4
#define LMAX 5			/* emitted tokens: depth 3 + 1, and room */
#define NSEQ 1024		/* sequences of one length up to LMAX over VMAX tokens */

/* A law over emitted sequences: by length, then by code (first token most
 * significant). */
struct law {
	double pr[LMAX + 1][NSEQ];
};

struct model {
	const double *p, *q;
	int n;			/* vocabulary */
	const struct tree_shape *s;
	int rule;		/* an index into the names below */
};

enum { R_SPECINFER, R_RRS, R_TOPK, R_TRAVERSAL, R_SPECTR, R_MISTAKE, R_N };
static const char *const rule_names[R_N] = { "specinfer", "rrs-without", "topk",
	"traversal", "spectr", "mistake-no-residual-update" };

static int
ipow(int b, int e)
{
	int r = 1;

	while (e-- > 0)
		r *= b;
	return r;
}

/* dst += w * (x followed by src). */
static void
add_prefixed(struct law *dst, int x, const struct law *src, double w, int n)
{
	int len, c;

	for (len = 1; len < LMAX; len++)
		for (c = 0; c < ipow(n, len); c++)
			if (src->pr[len][c] != 0.0)
				dst->pr[len + 1][x * ipow(n, len) + c] += w * src->pr[len][c];
}

/* dst += w * r, one token. */
static void
add_last(struct law *dst, const double *r, double w, int n)
{
	int y;

	for (y = 0; y < n; y++)
		dst->pr[1][y] += w * r[y];
}

static void
normalise(double *v, int n)
{
	double s = 0.0;
	int y;

	for (y = 0; y < n; y++)
		s += v[y];
	if (s > 0.0)
		for (y = 0; y < n; y++)
			v[y] /= s;
}

/* v <- norm(max(0, a v - u)); the mass. */
static double
minus(double *v, const double *u, int n, double a)
{
	double s = 0.0;
	int y;

	for (y = 0; y < n; y++)
		s += fmax(0.0, a * v[y] - u[y]);
	if (s > 0.0)
		for (y = 0; y < n; y++)
			v[y] = fmax(0.0, a * v[y] - u[y]) / s;
	return s;
}

/* SpecTr's rho and beta at k drafts, by a fine bisection of its own. */
static double
spectr_rho(const double *p, const double *q, int n, int k, double *beta)
{
	double lo = 1.0, hi = k, b = 0.0, mid, h;
	int it, y, j;

	for (it = 0; it < 300; it++) {
		mid = it == 0 ? 1.0 : 0.5 * (lo + hi);
		for (b = 0.0, y = 0; y < n; y++)
			b += fmin(q[y], p[y] / mid);
		for (h = 0.0, j = 0; j < k; j++)
			h += pow(1.0 - b, j);
		if (it == 0) {
			if (h <= 1.0) {
				hi = 1.0;
				break;
			}
			continue;
		}
		if (h <= mid)
			hi = mid;
		else
			lo = mid;
	}
	for (b = 0.0, y = 0; y < n; y++)
		b += fmin(q[y], p[y] / hi);
	*beta = b;
	return hi;
}

static void top_down(const struct model *m, int v, struct law *out);

/* The children of node v from child i on, with the working P and Q, the
 * chance w of getting here; the accepted ones continue below. */
static void
children_from(const struct model *m, int v, int i, const double *P, const double *Q,
    double w, const int *taken, struct law *out)
{
	const struct tree_shape *s = m->s;
	int k = s->nchild[v], n = m->n, x, y, j;
	double rho = 1.0, beta = 0.0;

	if (m->rule == R_SPECTR)
		rho = spectr_rho(m->p, m->q, n, k, &beta);
	if (i == k) {			/* all rejected: the replacement */
		double r[VMAX];

		memcpy(r, P, n * sizeof *r);
		if (m->rule == R_MISTAKE) {
			memcpy(r, m->p, n * sizeof *r);
			minus(r, m->q, n, 1.0);
		} else if (m->rule == R_SPECTR) {
			double sel = (1.0 - pow(1.0 - beta, k)) / beta;

			for (y = 0; y < n; y++)
				r[y] = fmax(0.0, m->p[y] - fmin(m->q[y], m->p[y] / rho) * sel);
			normalise(r, n);
		}
		add_last(out, r, w, n);
		return;
	}
	for (x = 0; x < n; x++) {
		double draw, a, P2[VMAX], Q2[VMAX];
		int t2[TREE_NODES_MAX], used = 0;

		for (j = 0; j < i; j++)
			used |= taken[j] == x;
		if (m->rule == R_TOPK) {	/* the i-th largest q, ties to the lower id */
			int rank = 0;

			for (y = 0; y < n; y++)
				rank += m->q[y] > m->q[x] || (m->q[y] == m->q[x] && y < x);
			draw = rank == i ? 1.0 : 0.0;
		} else if (m->rule == R_RRS)
			draw = used ? 0.0 : Q[x];
		else
			draw = m->q[x];
		if (draw == 0.0)
			continue;
		if (m->rule == R_TOPK)
			a = P[x];
		else if (m->rule == R_MISTAKE)
			a = fmin(1.0, m->p[x] / m->q[x]);
		else if (m->rule == R_SPECTR)
			a = fmin(1.0, m->p[x] / (rho * m->q[x]));
		else
			a = fmin(1.0, P[x] / Q[x]);
		if (a > 0.0) {
			struct law *sub = calloc(1, sizeof *sub);

			top_down(m, s->first_child[v] + i, sub);
			add_prefixed(out, x, sub, w * draw * a, n);
			free(sub);
		}
		if (a >= 1.0)
			continue;
		memcpy(P2, P, n * sizeof *P2);
		memcpy(Q2, Q, n * sizeof *Q2);
		if (m->rule == R_TOPK) {
			P2[x] = 0.0;
			normalise(P2, n);
		} else if (m->rule == R_SPECINFER || m->rule == R_RRS) {
			minus(P2, Q, n, 1.0);
			if (m->rule == R_RRS) {
				Q2[x] = 0.0;
				normalise(Q2, n);
			}
		}
		memcpy(t2, taken, (size_t)i * sizeof *t2);
		t2[i] = x;
		children_from(m, v, i + 1, P2, Q2, w * draw * (1.0 - a), t2, out);
	}
}

/* The law of what node v's subtree emits under a top-down rule. */
static void
top_down(const struct model *m, int v, struct law *out)
{
	int taken[TREE_NODES_MAX] = { 0 };

	if (m->s->nchild[v] == 0) {
		add_last(out, m->p, 1.0, m->n);
		return;
	}
	children_from(m, v, 0, m->p, m->q, 1.0, taken, out);
}

/* Traversal: what v's subtree emits when v has weight wv and its pair is
 * fresh, into out; the chance v is deleted returned. */
static double traverse(const struct model *m, int v, double wv, struct law *out);

/* v's children from i on, with v's state (P, Q, w) and the tokens taken. */
static double
trav_children(const struct model *m, int v, int i, const double *P, const double *Q,
    double w, double reach, const int *taken, struct law *out)
{
	const struct tree_shape *s = m->s;
	int n = m->n, x, j;
	double deleted = 0.0;

	if (i == s->nchild[v]) {	/* v is a leaf now: tested with w */
		double keep = v == 0 ? 1.0 : w;

		add_last(out, P, reach * keep, n);
		return reach * (1.0 - keep);
	}
	for (x = 0; x < n; x++) {
		double wc, P2[VMAX], Q2[VMAX], z, d;
		int t2[TREE_NODES_MAX], used = 0;
		struct law *sub;

		for (j = 0; j < i; j++)
			used |= taken[j] == x;
		if (used || Q[x] == 0.0)
			continue;
		wc = fmin(1.0, w * P[x] / Q[x]);
		sub = calloc(1, sizeof *sub);
		d = traverse(m, s->first_child[v] + i, wc, sub);
		add_prefixed(out, x, sub, reach * Q[x], n);
		free(sub);
		memcpy(P2, P, n * sizeof *P2);
		memcpy(Q2, Q, n * sizeof *Q2);
		z = minus(P2, Q, n, w);
		Q2[x] = 0.0;
		normalise(Q2, n);
		memcpy(t2, taken, (size_t)i * sizeof *t2);
		t2[i] = x;
		deleted += trav_children(m, v, i + 1, P2, Q2,
		    z + 1.0 - w > 0.0 ? fmin(1.0, z / (z + 1.0 - w)) : 1.0, reach * Q[x] * d,
		    t2, out);
	}
	return deleted;
}

static double
traverse(const struct model *m, int v, double wv, struct law *out)
{
	int taken[TREE_NODES_MAX] = { 0 };

	return trav_children(m, v, 0, m->p, m->q, wv, 1.0, taken, out);
}

static void
enumerate(const struct model *m, struct law *out)
{
	memset(out, 0, sizeof *out);
	if (m->rule == R_TRAVERSAL)
		traverse(m, 0, 1.0, out);
	else
		top_down(m, 0, out);
}

/* The law's mean length and its variance, the first token's law, the chance
 * the step emitted more than one token. */
static double
law_stats(const struct law *l, int n, double *var, double *first, double *accept)
{
	double mean = 0.0, m2 = 0.0;
	int len, c;

	for (c = 0; c < n; c++)
		first[c] = 0.0;
	*accept = 0.0;
	for (len = 1; len <= LMAX; len++)
		for (c = 0; c < ipow(n, len); c++) {
			double pr = l->pr[len][c];

			mean += len * pr;
			m2 += (double)len * len * pr;
			first[c / ipow(n, len - 1)] += pr;
			*accept += len > 1 ? pr : 0.0;
		}
	*var = fmax(0.0, m2 - mean * mean);
	return mean;
}

/* The largest gap between the chance the text starts with s (this step's
 * tokens, then the next steps', which are p's when lossless) and prod p(s),
 * over every s of length L. */
static double
lossless_gap(const struct law *l, const double *p, int n, int L)
{
	double gap = 0.0;
	int code, len, j;

	for (code = 0; code < ipow(n, L); code++) {
		int s[LMAX];
		double want = 1.0, got = 0.0;

		for (j = 0; j < L; j++) {
			s[j] = code / ipow(n, L - 1 - j) % n;
			want *= p[s[j]];
		}
		for (len = 1; len <= L; len++) {
			double tail = 1.0;
			int pre = code / ipow(n, L - len);

			for (j = len; j < L; j++)
				tail *= p[s[j]];
			got += l->pr[len][pre] * tail;
		}
		gap = fmax(gap, fabs(got - want));
	}
	return gap;
}

static int
rule_index(const char *name)
{
	int r;

	for (r = 0; r < verify_nrules; r++)
		if (strcmp(verify_entry((enum verify_rule)r)->name, name) == 0)
			return r;
	return -1;
}

static void
test_shapes(void)
{
	struct tree_shape s;
	char buf[TREE_TEXT_MAX], err[256];
	static const char *const bad[] = { "", "0", "2,,1", "2;1", "x", "[]", "[(1,)]",
		"[(0,),(0,)]", "[(0,0)]", "[(0,),(1,)", "[(0,)] x", "65", "4,4,4",
		"[(0,),(-1,)]",
		("1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
		"1,1,1,1") };	/* depth 33 */
	size_t i;

	tap_ok(tree_shape_parse("2", &s, err, sizeof err) == 0 && s.n == 3 && s.depth == 1,
	    "--tree 2: two children of the root");
	tree_shape_format(&s, buf, sizeof buf);
	tap_ok(strcmp(buf, "[(0,), (1,)]") == 0, "2 prints as %s", buf);
	tap_ok(tree_shape_parse("3,2,1", &s, err, sizeof err) == 0 && s.n == 16 &&
	    s.depth == 3 && tree_shape_nodes(&s) == 15, "3,2,1: 3 + 6 + 6 nodes");
	tap_ok(tree_shape_parse("[(0,),(1,),(0,0)]", &s, err, sizeof err) == 0 &&
	    s.n == 4 && s.parent[3] == 1 && s.nchild[1] == 1 && s.nchild[2] == 0,
	    "index paths: (0, 0) hangs from (0,)");
	tree_shape_format(&s, buf, sizeof buf);
	tap_ok(strcmp(buf, "[(0,), (1,), (0, 0)]") == 0, "and prints back: %s", buf);
	tap_ok(tree_shape_parse(" [ (1,), (0, 0), (0,) ] ", &s, err, sizeof err) == 0,
	    "index paths in any order, with spaces");
	tree_shape_format(&s, buf, sizeof buf);
	tap_ok(strcmp(buf, "[(0,), (1,), (0, 0)]") == 0, "sorted as vLLM sorts: %s", buf);
	tree_shape_parse("2,1", &s, err, sizeof err);
	tree_shape_format(&s, buf, sizeof buf);
	tap_ok(strcmp(buf, "[(0,), (1,), (0, 0), (1, 0)]") == 0, "2,1 is %s", buf);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		tap_ok(tree_shape_parse(bad[i], &s, err, sizeof err) != 0 && err[0] != '\0' &&
		    strchr(err, '\n') == NULL && s.n == 0, "refused: \"%s\" (%s)", bad[i], err);
	}
}

static struct verify_params
params_of(int rule)
{
	struct verify_params par = verify_defaults();

	par.rule = (enum verify_rule)rule_index(rule_names[rule]);
	return par;
}

/* The worked example: one position, p and q as in issue 19. */
static void
test_worked_example(void)
{
	static const double p[3] = { 1.0 / 2, 1.0 / 3, 1.0 / 6 };
	static const double q[3] = { 1.0 / 6, 1.0 / 2, 1.0 / 3 };
	static const double two[R_N] = { 13.0 / 18, 55.0 / 72, 1.0 / 2, 55.0 / 72, 3.0 / 4,
		8.0 / 9 };
	static const double one[R_N] = { 2.0 / 3, 2.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3,
		2.0 / 3 };
	struct tree_shape s1, s2;
	char err[64];
	int r;

	tree_shape_parse("1", &s1, err, sizeof err);
	tree_shape_parse("2", &s2, err, sizeof err);
	for (r = 0; r < R_N; r++) {
		struct model m = { p, q, 3, &s2, r };
		struct verify_params par = params_of(r);
		const struct verify_entry *e = verify_entry(par.rule);
		struct law *l = calloc(1, sizeof *l);
		double var, first[VMAX], acc, by_rank[2];
		char what[128];

		enumerate(&m, l);
		law_stats(l, 3, &var, first, &acc);
		snprintf(what, sizeof what, "worked example, two drafts, %s: enumerated",
		    rule_names[r]);
		tap_near(acc, two[r], 1e-12, what);
		if (e->tree_accept != NULL) {
			snprintf(what, sizeof what, "worked example, two drafts, %s: closed form",
			    rule_names[r]);
			tap_near(e->tree_accept(&par, p, q, 3, 2, by_rank), two[r], 1e-12, what);
		}
		m.s = &s1;
		enumerate(&m, l);
		law_stats(l, 3, &var, first, &acc);
		snprintf(what, sizeof what, "worked example, one draft, %s", rule_names[r]);
		tap_near(acc, one[r], 1e-12, what);
		free(l);
	}
}

/* SpecTr with p = q: rho is 1 and the first draft is always kept, even where
 * the sum of q rounds below 1 (ten tenths: 0.9999999999999999), which a
 * bisection on that sum would take for a root above 1. */
static void
test_spectr_same_pair(void)
{
	struct verify_params par = params_of(R_SPECTR);
	const struct verify_entry *e = verify_entry(par.rule);
	double p[10], by_rank[8], acc;
	char what[96];
	int k, y;

	for (y = 0; y < 10; y++)
		p[y] = 0.1;
	for (k = 2; k <= 8; k *= 2) {
		acc = e->tree_accept(&par, p, p, 10, k, by_rank);
		snprintf(what, sizeof what, "spectr, p = q = ten tenths, %d drafts: "
		    "acceptance 1, all at rank 1", k);
		tap_ok(acc == 1.0 && by_rank[0] == 1.0 && by_rank[1] == 0.0, "%s", what);
	}
}

/* The coupling ceiling by every subset T: min p(T) + 1 - q(T)^k. */
static double
ceiling_by_subsets(const double *p, const double *q, int n, int k)
{
	double best = 1.0;
	int set, y;

	for (set = 0; set < (1 << n); set++) {
		double pt = 0.0, qt = 0.0;

		for (y = 0; y < n; y++)
			if (set & (1 << y)) {
				pt += p[y];
				qt += q[y];
			}
		best = fmin(best, pt + 1.0 - pow(qt, k));
	}
	return best;
}

/* The ceiling is the minimum over every subset, not only over the sets the
 * program tries (the tokens of highest q/p): random pairs of 2 to 10 tokens,
 * some with p or q zero, and 1 to 4 drafts. */
static void
ceiling_random_pairs(void)
{
	struct rng rng;
	double worst = 0.0;
	int trial, n, k, y, cases = 0;

	rng_seed(&rng, 19, 0);
	for (trial = 0; trial < 40; trial++) {
		double p[10], q[10], sp = 0.0, sq = 0.0;

		n = 2 + trial % 9;
		for (y = 0; y < n; y++) {
			p[y] = rng_uniform(&rng) < 0.15 ? 0.0 : rng_uniform(&rng);
			q[y] = rng_uniform(&rng) < 0.15 ? 0.0 : rng_uniform(&rng);
			sp += p[y];
			sq += q[y];
		}
		if (!(sp > 0.0 && sq > 0.0))
			continue;
		for (y = 0; y < n; y++) {
			p[y] /= sp;
			q[y] /= sq;
		}
		for (k = 1; k <= 4; k++, cases++)
			worst = fmax(worst, fabs(tree_ceiling(p, q, (size_t)n, k) -
			    ceiling_by_subsets(p, q, n, k)));
	}
	tap_ok(cases >= 150 && worst < 1e-12, "ceiling = the minimum over all 2^V subsets "
	    "on %d random pairs and draft counts, V up to 10 (largest gap %.2g)", cases,
	    worst);
}

/* The ceiling on k i.i.d. drafts: 29/36 on the worked example at k = 2, the
 * overlap at k = 1, at least every subset's bound and at least what the
 * lossless i.i.d. rules keep. */
static void
test_ceiling(void)
{
	static const double p[3] = { 1.0 / 2, 1.0 / 3, 1.0 / 6 };
	static const double q[3] = { 1.0 / 6, 1.0 / 2, 1.0 / 3 };
	static const double p4[4] = { 0.4, 0.3, 0.2, 0.1 };
	static const double q4[4] = { 0.1, 0.2, 0.3, 0.4 };
	struct tree_shape s;
	char err[64];
	int k;

	tap_near(tree_ceiling(p, q, 3, 2), 29.0 / 36, 1e-12,
	    "ceiling, worked example, two drafts: 29/36 (T = tokens 2, 3)");
	tap_near(ceiling_by_subsets(p, q, 3, 2), 29.0 / 36, 1e-12,
	    "and the minimum over every subset is the same");
	tap_near(tree_ceiling(p, q, 3, 1), 2.0 / 3, 1e-12,
	    "ceiling at one draft: the overlap 2/3");
	/* Three drafts: q/p is 2, 3/2, 1/3; T = {3}: 1/6 + 1 - 1/27 > 1, T = {2,
	 * 3}: 1/2 + 1 - (5/6)^3 = 199/216, the whole: 1. */
	tap_near(tree_ceiling(p, q, 3, 3), 199.0 / 216, 1e-12,
	    "ceiling, worked example, three drafts: 199/216");
	/* p4, q4: q/p is 4, 3/2, 2/3, 1/4; T = {4, 3, 2}: 0.6 + 1 - 0.9^k. */
	tap_near(tree_ceiling(p4, q4, 4, 2), 0.79, 1e-12,
	    "ceiling, p = (.4, .3, .2, .1) and q reversed, two drafts: 0.79");
	tap_near(tree_ceiling(p4, q4, 4, 3), 0.871, 1e-12,
	    "and three drafts: 0.871");
	ceiling_random_pairs();
	for (k = 1; k <= 3; k++) {
		struct law *l = calloc(1, sizeof *l);
		double c = tree_ceiling(p4, q4, 4, k), var, first[VMAX], acc;
		double spectr_acc, spec_acc;
		struct model m = { p4, q4, 4, &s, R_SPECTR };

		snprintf(err, sizeof err, "%d", k);
		tree_shape_parse(err, &s, err, sizeof err);
		enumerate(&m, l);
		law_stats(l, 4, &var, first, &spectr_acc);
		memset(l, 0, sizeof *l);
		m.rule = R_SPECINFER;
		enumerate(&m, l);
		law_stats(l, 4, &var, first, &spec_acc);
		acc = fmax(spectr_acc, spec_acc);
		tap_ok(c >= ceiling_by_subsets(p4, q4, 4, k) - 1e-12 && c >= acc - 1e-12,
		    "k = %d: ceiling %.4f >= every subset's %.4f >= SpecTr's %.4f, SpecInfer's "
		    "%.4f", k, c, ceiling_by_subsets(p4, q4, 4, k), spectr_acc, spec_acc);
		free(l);
	}
}

/* Tokens per step of the program's steps on the pair at every node. */
static double
measured_tokens(const struct verify_params *par, const struct tree_shape *s,
    const double *p, const double *q, int n, int steps)
{
	struct fixed_pair pair = { .p = p, .q = q };
	struct source src;
	struct spec_step step;
	struct spec_targets targets;
	struct spec_tree tree = { 0 };
	struct spec_scratch scratch = { 0 };
	struct rng rng;
	long total = 0;
	int i;

	fixed_source_open(&src, &pair, (size_t)n);
	rng_seed(&rng, 7, 0);
	for (i = 0; i < steps; i++) {
		verify_tree_step(par, s, &src, &rng, &step, &targets, &tree, &scratch);
		total += step.emitted;
	}
	spec_tree_free(&tree);
	spec_scratch_free(&scratch);
	return (double)total / steps;
}

/* The law of the program's steps, run on a source with the pair at every
 * node, against the enumeration, cell by cell (a step's tokens other than
 * the rejected drafts are what it emits): every emitted sequence the
 * enumeration gives chance 0 never shows, and every other one's count is
 * within 5.5 standard errors of its expectation (a binomial's; over at most
 * 120 cells, a false alarm about once in 10^6 runs). */
static void
check_step_law(const char *text, const double *p, const double *q, int n, int steps)
{
	struct fixed_pair pair = { .p = p, .q = q };
	struct tree_shape s;
	struct source src;
	struct spec_step step;
	struct spec_targets targets;
	struct spec_tree tree = { 0 };
	struct spec_scratch scratch = { 0 };
	struct rng rng;
	struct law *l = calloc(1, sizeof *l), *seen = calloc(1, sizeof *seen);
	char err[64];
	int r, i, len, c, j, cells;

	tree_shape_parse(text, &s, err, sizeof err);
	fixed_source_open(&src, &pair, (size_t)n);
	for (r = 0; r < R_N; r++) {
		struct model m = { p, q, n, &s, r };
		struct verify_params par = params_of(r);
		double worst = 0.0, impossible = 0.0;

		enumerate(&m, l);
		memset(seen, 0, sizeof *seen);
		rng_seed(&rng, 28, (uint64_t)r);
		for (i = 0; i < steps; i++) {
			verify_tree_step(&par, &s, &src, &rng, &step, &targets, &tree, &scratch);
			for (c = 0, len = 0, j = 0; j < step.ntok; j++)
				if (step.tok[j].outcome != SPEC_REJECTED) {
					c = c * n + step.tok[j].id;
					len++;
				}
			seen->pr[len][c] += 1.0;
		}
		for (cells = 0, len = 1; len <= s.depth + 1; len++)
			for (c = 0; c < ipow(n, len); c++) {
				double pr = l->pr[len][c], want = steps * pr;

				if (pr < 1e-15) {
					impossible += seen->pr[len][c];
					continue;
				}
				cells++;
				worst = fmax(worst, fabs(seen->pr[len][c] - want) /
				    sqrt(want * (1.0 - pr) + 1e-300));
			}
		tap_ok(impossible == 0.0 && worst <= 5.5, "%s on %s, p (%.2f ...) q (%.2f ...): "
		    "the steps' law over %d sequences is the enumerated one (largest |z| %.2f, "
		    "%.0f steps on impossible ones)", rule_names[r], text, p[0], q[0], cells,
		    worst, impossible);
	}
	spec_tree_free(&tree);
	spec_scratch_free(&scratch);
	free(l);
	free(seen);
}

/* Every rule on shape s and the pair (p, q). */
static void
check_shape(const char *text, const double *p, const double *q, int n, int simulate)
{
	struct tree_shape s;
	char err[64], what[256];
	int r;

	tree_shape_parse(text, &s, err, sizeof err);
	for (r = 0; r < R_N; r++) {
		struct model m = { p, q, n, &s, r };
		struct verify_params par = params_of(r);
		const struct verify_entry *e = verify_entry(par.rule);
		struct law *l = calloc(1, sizeof *l);
		double var, first[VMAX], acc, mean, gap, law[VMAX], scratch[VMAX];
		int y, lossy;

		enumerate(&m, l);
		mean = law_stats(l, n, &var, first, &acc);
		gap = lossless_gap(l, p, n, s.depth + 1);
		lossy = r == R_MISTAKE && tree_shape_max_width(&s) > 1;	/* a chain: standard */
		snprintf(what, sizeof what, "%s on %s (V=%d): output %s p (gap %.2g)",
		    rule_names[r], text, n, lossy ? "differs from" : "is", gap);
		tap_ok(lossy ? gap > 1e-3 : gap < 1e-12, "%s", what);
		if (e->tree_accept != NULL) {
			snprintf(what, sizeof what, "%s on %s: expected tokens, closed form",
			    rule_names[r], text);
			tap_near(tree_closed_expected_tokens(&par, &s, p, q, (size_t)n), mean,
			    1e-12, what);
		}
		tree_closed_first_law(&par, &s, p, q, (size_t)n, scratch, law);
		for (gap = 0.0, y = 0; y < n; y++)
			gap = fmax(gap, fabs(law[y] - first[y]));
		tap_ok(gap < 1e-12, "%s on %s: first token's law, program vs enumeration "
		    "(gap %.2g)", rule_names[r], text, gap);
		if (simulate) {
			int steps = 2000;
			double got = measured_tokens(&par, &s, p, q, n, steps);
			double se = sqrt(var / steps);

			snprintf(what, sizeof what, "%s on %s: measured tokens/step %.4f vs "
			    "exact %.4f (5 SE = %.4f)", rule_names[r], text, got, mean, 5 * se);
			tap_ok(fabs(got - mean) <= 5 * se + 1e-9, "%s", what);
		}
		free(l);
	}
}

int
main(void)
{
	static const double p3[3] = { 1.0 / 2, 1.0 / 3, 1.0 / 6 };
	static const double q3[3] = { 1.0 / 6, 1.0 / 2, 1.0 / 3 };
	static const double p4[3] = { 0.2, 0.7, 0.1 };
	static const double q4[3] = { 0.45, 0.25, 0.3 };
	/* A heavy first draft: the root's first child is token 0 nine times in
	 * ten and mostly rejected, so the next sibling's test reads q without
	 * token 0, renormalised (rrs-without, traversal) or not. */
	static const double ph[3] = { 0.15, 0.25, 0.6 };
	static const double qh[3] = { 0.9, 0.06, 0.04 };
	static const double ph4[4] = { 0.1, 0.2, 0.3, 0.4 };
	static const double qh4[4] = { 0.85, 0.05, 0.07, 0.03 };
	static const char *const heavy[] = { "2", "3", "2,1", "[(0,), (1,), (0, 0)]" };
	static const char *const simulated[] = { "1,1,1", "2", "3", "2,2", "3,2,1",
		"[(0,), (1,), (0, 0)]" };
	char text[32];
	int a, b, c;
	size_t i;

	test_shapes();
	test_worked_example();
	test_ceiling();
	test_spectr_same_pair();
	for (a = 1; a <= 3; a++) {	/* every shape of factors 1..3 up to depth 3 */
		snprintf(text, sizeof text, "%d", a);
		check_shape(text, p3, q3, 3, 0);
		for (b = 1; b <= 3; b++) {
			snprintf(text, sizeof text, "%d,%d", a, b);
			check_shape(text, p4, q4, 3, 0);
			for (c = 1; c <= 3; c++) {
				snprintf(text, sizeof text, "%d,%d,%d", a, b, c);
				check_shape(text, (a + b + c) % 2 ? p3 : p4,
				    (a + b + c) % 2 ? q3 : q4, 3, 0);
			}
		}
	}
	check_shape("[(0,), (1,), (0, 0)]", p3, q3, 3, 0);
	for (i = 0; i < sizeof simulated / sizeof simulated[0]; i++)
		check_shape(simulated[i], p4, q4, 3, 1);
	for (i = 0; i < sizeof heavy / sizeof heavy[0]; i++) {
		check_shape(heavy[i], ph, qh, 3, 0);
		check_step_law(heavy[i], ph, qh, 3, 20000);
	}
	check_shape("3", ph4, qh4, 4, 0);
	check_step_law("3", ph4, qh4, 4, 20000);
	return tap_done();
}
