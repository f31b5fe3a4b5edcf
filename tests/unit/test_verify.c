/* test_verify.c: the verification rules on fixed pairs. Block verification's
 * two-token example (Sun et al. 2024) exactly by enumeration and in expectation;
 * each rule's measured output against its exact output distribution
 * (verify_output_pair); the PIT values of the lossless rules uniform, the
 * mistakes' not; each rule's acceptance and output on one pair worked by hand
 * in fractions (typical's threshold where min and max of its two terms
 * differ), both from the closed forms and measured; block verification on two
 * pairs alternating by position, against an enumeration written here. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/draws.h"
#include "lib/fixed_source.h"
#include "stats/lossless.h"
#include "util/rng.h"
#include "source/source.h"
#include "verify/verify.h"
#include "lib/tap.h"

#define V 4

/* The paper's pair: target (1/3, 2/3), draft (2/3, 1/3). */
static const double two_p[2] = { 1.0 / 3.0, 2.0 / 3.0 };
static const double two_q[2] = { 2.0 / 3.0, 1.0 / 3.0 };

/* Z = sum_y max(a P(y) - Q(y), 0) on the two-token pair. */
static double
two_z(double a)
{
	return fmax(0.0, a * two_p[0] - two_q[0]) + fmax(0.0, a * two_p[1] - two_q[1]);
}

/* E[tau] at gamma 2 by enumerating the four drafted blocks. */
static double
block_expected_two(void)
{
	double sum = 0.0;
	int x1, x2;

	for (x1 = 0; x1 < 2; x1++)
		for (x2 = 0; x2 < 2; x2++) {
			double p1 = fmin(1.0, two_p[x1] / two_q[x1]);
			double p2 = fmin(1.0, p1 * two_p[x2] / two_q[x2]);
			double h1 = verify_block_h(p1, two_z(p1)), h2 = p2;

			sum += two_q[x1] * two_q[x2] * (2.0 * h2 + h1 * (1.0 - h2));
		}
	return sum;
}

static void
test_block_exact(void)
{
	double a = fmin(two_p[0], two_q[0]) + fmin(two_p[1], two_q[1]);

	tap_near(block_expected_two(), 11.0 / 9.0, 1e-15,
	    "block, two-token example, gamma 2: E[accepted] = 11/9 by enumeration");
	tap_near(a + a * a, 10.0 / 9.0, 1e-15, "standard on the same pair: 10/9");
}

/* Mean and variance of the accepted drafts per step over steps of rule par on
 * the pair, and the measured output counts. */
struct tally {
	double mean, var;
	uint64_t count[V];
	struct lossless pit;
};

static void
run_rule(const struct verify_params *par, const double *p, const double *q, size_t n,
    int gamma, long steps, uint64_t seed, struct tally *t)
{
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng, pit_rng;
	double scratch[V], sum = 0.0, sum2 = 0.0;
	long i;
	int k;

	fixed_source_open(&src, &pair, n);
	rng_seed(&rng, seed, 0);
	rng_seed(&pit_rng, seed, 2);
	memset(&t->pit, 0, sizeof t->pit);
	for (k = 0; k < V; k++)
		t->count[k] = 0;
	for (i = 0; i < steps; i++) {
		verify_step(par, &src, &rng, gamma, scratch, &s, &targets);
		verify_pit(par, &s, &targets, &pit_rng, NULL);
		sum += s.accepted;
		sum2 += (double)s.accepted * s.accepted;
		for (k = 0; k < s.ntok; k++)
			if (s.tok[k].outcome != SPEC_REJECTED) {
				t->count[s.tok[k].id]++;
				lossless_add(&t->pit, s.tok[k].pit);
			}
	}
	source_close(&src);
	t->mean = sum / (double)steps;
	t->var = sum2 / (double)steps - t->mean * t->mean;
}

static struct verify_params
rule(enum verify_rule r)
{
	struct verify_params par = verify_defaults();

	par.rule = r;
	return par;
}

static void
test_block_expectation(void)
{
	struct verify_params block = rule(VERIFY_BLOCK), std = rule(VERIFY_STANDARD);
	struct tally b, s;
	double se;

	run_rule(&block, two_p, two_q, 2, 2, 200000, 11, &b);
	se = sqrt(b.var / 200000.0);
	tap_ok(fabs(b.mean - 11.0 / 9.0) <= 4.0 * se,
	    "block, 200,000 steps of the pair: %.5f accepted a step, want 11/9 = %.5f "
	    "+- 4 SE (%.5f)", b.mean, 11.0 / 9.0, 4.0 * se);
	run_rule(&std, two_p, two_q, 2, 2, 200000, 11, &s);
	se = sqrt(s.var / 200000.0);
	tap_ok(fabs(s.mean - 10.0 / 9.0) <= 4.0 * se,
	    "standard, same steps: %.5f, want 10/9 = %.5f +- 4 SE (%.5f)", s.mean,
	    10.0 / 9.0, 4.0 * se);
	draws_check(b.count, two_p, 1.0, 2, "block's output follows p on the pair");
}

static double
tv_from(const double *a, const double *b)
{
	double sum = 0.0;
	int i;

	for (i = 0; i < V; i++)
		sum += fabs(a[i] - b[i]);
	return 0.5 * sum;
}

/* Measured output against the rule's exact output distribution, and the PIT
 * verdict: uniform for the lossless rules, not for the others. */
static void
test_rule_on_pair(enum verify_rule r, const double *p, const double *q, int gamma)
{
	struct verify_params par = rule(r);
	double exact[V], scratch[V];
	struct lossless_result res;

	par.draft_only = 1;	/* the last token the draft's own: tli reads it */
	struct tally t;
	char what[160];

	verify_output_pair(&par, p, q, V, gamma, scratch, exact);
	run_rule(&par, p, q, V, gamma, 60000, 5, &t);
	snprintf(what, sizeof what, "%s, gamma %d: measured output matches the exact "
	    "output distribution (%.3f %.3f %.3f %.3f)", verify_entry(r)->name, gamma,
	    exact[0], exact[1], exact[2], exact[3]);
	draws_check(t.count, exact, 1.0, V, what);
	res = lossless_test(&t.pit);
	if (verify_has(r, VERIFY_F_LOSSLESS))
		tap_ok(res.p_value >= 0.001, "%s: PIT uniform on the pair, p = %.4g",
		    verify_entry(r)->name, res.p_value);
	else
		tap_ok(res.p_value < 0.001 && tv_from(exact, p) > 0.01,
		    "%s: PIT test sees it on the pair, p = %.4g; exact output TV %.4f from p",
		    verify_entry(r)->name, res.p_value, tv_from(exact, p));
}

static void
test_exact_outputs(void)
{
	static const double p[V] = { 0.5, 0.25, 0.15, 0.1 };
	static const double q[V] = { 0.1, 0.2, 0.3, 0.4 };
	struct verify_params par;
	double out[V], scratch[V];
	int r;

	for (r = 0; r < verify_nrules; r++)	/* the tree rules: test_tree.c */
		if (!verify_has((enum verify_rule)r, VERIFY_F_TREE))
			test_rule_on_pair((enum verify_rule)r, p, q, 3);
	par = rule(VERIFY_LENIENT);
	par.lenience = 1.0;
	verify_output_pair(&par, p, q, V, 3, scratch, out);
	tap_near(fabs(out[0] - p[0]) + fabs(out[3] - p[3]), 0.0, 1e-12,
	    "lenient at L = 1 is the standard rule: exact output p");
	par = rule(VERIFY_STANDARD);
	verify_output_pair(&par, p, q, V, 5, scratch, out);
	tap_near(fabs(out[1] - p[1]) + fabs(out[2] - p[2]), 0.0, 1e-12,
	    "standard: exact output p");
}

static void
test_table(void)
{
	int r, names = 1;

	for (r = 0; r < verify_nrules; r++)
		names &= verify_names[r] != NULL &&
		    strcmp(verify_names[r], verify_entry((enum verify_rule)r)->name) == 0;
	tap_ok(names && verify_names[verify_nrules] == NULL, "names in table order");
	tap_ok(verify_has(VERIFY_MISTAKE_ACCEPT_ALL, VERIFY_F_MISTAKE) &&
	    verify_has(VERIFY_MISTAKE_RESIDUAL_FROM_P, VERIFY_F_MISTAKE) &&
	    !verify_has(VERIFY_BLOCK, VERIFY_F_CLOSED_BETA) &&
	    !verify_has(VERIFY_TYPICAL, VERIFY_F_CLOSED_BETA),
	    "mistakes are marked, block and typical are measured only");
	tap_ok(strcmp(verify_label(VERIFY_MISTAKE_ACCEPT_ALL),
	    "mistake-accept-all (a mistake)") == 0, "a mistake is labelled as one");
}

/* The pinned pair, gamma 2: p = (1/2, 1/4, 1/8, 1/8), q uniform. By hand, with
 * a the accepted mass per tested draft, S = 1 + a, and the output share
 * (A S + (1 - a^2) R + a^2 B) / (a S + 1) (A: accepted mass by token, R the
 * replacement, B the bonus):
 * - standard: A = min(p, q) = (1/4, 1/4, 1/8, 1/8), a = 3/4; output p.
 * - exact-match: A = p q = (1/8, 1/16, 1/32, 1/32), a = 1/4; output p.
 * - greedy: argmax q is token 0 (ties to the lowest id), argmax p too: a = 1;
 *   output the point mass at 0.
 * - lenient, L = 3/4: A = min(q, p/L) = (1/4, 1/4, 1/6, 1/6), a = 5/6; R =
 *   norm(max(0, p - L q)) = (5/6, 1/6, 0, 0); B = p; A S = (11/24, 11/24,
 *   11/36, 11/36), (1 - a^2) R = (55/216, 11/216, 0, 0), a^2 B = (25/72,
 *   25/144, 25/288, 25/288); in 864ths (916, 590, 339, 339) over 2184.
 * - typical, eps 0.2, delta 1: H(p) = 1.75 ln 2, delta exp(-H) = 2^-1.75 =
 *   0.2973, so min(eps, delta exp(-H)) = 0.2: tokens 0 and 1 (p 1/2, 1/4 >
 *   0.2) accepted, 2 and 3 (1/8) not (the max, 0.2973, would keep token 0
 *   alone): A = (1/4, 1/4, 0, 0), a = 1/2, R = B = p: (7/8, 5/8, 1/8, 1/8)
 *   over 7/4, i.e. (7, 5, 1, 1) / 14.
 * - mistake-residual-from-p: A as standard, a = 3/4, R = B = p: (30, 22, 11,
 *   11) / 74.
 * - mistake-accept-all: A = q, a = 1: (2 q + p) / 3 = (8, 6, 5, 5) / 24.
 * - mistake-greedy-draft-soft-q: the draft is argmax q = token 0 (ties to the
 *   lowest id), kept with min(1, p/q) = min(1, 2) = 1: A = (1, 0, 0, 0), a = 1:
 *   (2 (1, 0, 0, 0) + p) / 3 = (20, 2, 1, 1) / 24 (correct: kept with p = 1/2). */
static const double pin_p[V] = { 0.5, 0.25, 0.125, 0.125 };
static const double pin_q[V] = { 0.25, 0.25, 0.25, 0.25 };

struct pinned {
	enum verify_rule rule;
	double a;
	double out[V];
};

static const struct pinned pinned[] = {
	{ VERIFY_STANDARD, 0.75, { 0.5, 0.25, 0.125, 0.125 } },
	{ VERIFY_EXACT_MATCH, 0.25, { 0.5, 0.25, 0.125, 0.125 } },
	{ VERIFY_GREEDY, 1.0, { 1.0, 0.0, 0.0, 0.0 } },
	{ VERIFY_LENIENT, 5.0 / 6.0,
	    { 916.0 / 2184.0, 590.0 / 2184.0, 339.0 / 2184.0, 339.0 / 2184.0 } },
	{ VERIFY_TYPICAL, 0.5, { 7.0 / 14.0, 5.0 / 14.0, 1.0 / 14.0, 1.0 / 14.0 } },
	{ VERIFY_MISTAKE_RESIDUAL_FROM_P, 0.75,
	    { 30.0 / 74.0, 22.0 / 74.0, 11.0 / 74.0, 11.0 / 74.0 } },
	{ VERIFY_MISTAKE_ACCEPT_ALL, 1.0, { 8.0 / 24.0, 6.0 / 24.0, 5.0 / 24.0, 5.0 / 24.0 } },
	{ VERIFY_MISTAKE_GREEDY_DRAFT_SOFT_Q, 1.0,
	    { 20.0 / 24.0, 2.0 / 24.0, 1.0 / 24.0, 1.0 / 24.0 } },
};

static struct verify_params
pinned_params(enum verify_rule r)
{
	struct verify_params par = rule(r);

	par.lenience = 0.75;
	par.epsilon = 0.2;
	par.delta = 1.0;
	return par;
}

/* One rule on the pinned pair: the closed forms against the hand values, then
 * 60,000 measured steps: accepted per step a + a^2 within 4 SE, output share
 * by chi-square against the hand output. */
static void
test_pinned(const struct pinned *pin)
{
	struct verify_params par = pinned_params(pin->rule);
	const char *name = verify_entry(pin->rule)->name;
	double acc[V], repl[V], bonus[V], out[V], scratch[V], a, dev = 0.0, se;
	struct tally t;
	char what[160];
	int k;

	a = verify_pair_parts(&par, pin_p, pin_q, V, acc, repl, bonus);
	verify_output_pair(&par, pin_p, pin_q, V, 2, scratch, out);
	for (k = 0; k < V; k++)
		dev = fmax(dev, fabs(out[k] - pin->out[k]));
	tap_near(a, pin->a, 1e-12, name);
	tap_ok(dev < 1e-12, "%s: exact output (%.4f %.4f %.4f %.4f) as worked by hand, "
	    "largest difference %.2g", name, pin->out[0], pin->out[1], pin->out[2],
	    pin->out[3], dev);
	run_rule(&par, pin_p, pin_q, V, 2, 60000, 17, &t);
	se = sqrt(t.var / 60000.0) + 1e-12;
	tap_ok(fabs(t.mean - (pin->a + pin->a * pin->a)) <= 4.0 * se,
	    "%s: measured %.4f accepted a step, want a + a^2 = %.4f +- 4 SE (%.4f)",
	    name, t.mean, pin->a + pin->a * pin->a, 4.0 * se);
	snprintf(what, sizeof what, "%s: measured output follows the hand output", name);
	draws_check(t.count, pin->out, 1.0, V, what);
}

/* Two pairs alternating by position: A (the two-token example) at even depth,
 * B = P (3/4, 1/4), Q (1/4, 3/4) at odd. */
static const double alt_pb[2] = { 0.75, 0.25 };
static const double alt_qb[2] = { 0.25, 0.75 };

/* h = Z / (Z + 1 - p), 1 where nothing is left to lose: written out here from
 * Sun et al. Algorithm 2, not the program's helper. */
static double
alt_h(double p, double z)
{
	return z + 1.0 - p > 0.0 ? fmin(1.0, z / (z + 1.0 - p)) : 1.0;
}

/* E[tau] at gamma 2 over the four blocks, x1 ~ Q_A, x2 ~ Q_B, Z_1 over the next
 * position's pair (B). By hand it is 13/12: blocks (0,0) (0,1) (1,0) (1,1)
 * with q-weights 1/6, 1/2, 1/12, 1/4 give p_1 = 1/2, 1/2, 1, 1; p_2 = 1, 1/6,
 * 1, 1/3; Z_1 = 1/8 at p_1 = 1/2, 1/2 at p_1 = 1; h_1 = 1/5, 1/5, 1, 1. */
static double
alt_expected(void)
{
	double sum = 0.0;
	int x1, x2, y;

	for (x1 = 0; x1 < 2; x1++)
		for (x2 = 0; x2 < 2; x2++) {
			double p1 = fmin(1.0, two_p[x1] / two_q[x1]);
			double p2 = fmin(1.0, p1 * alt_pb[x2] / alt_qb[x2]), z = 0.0, h1;

			for (y = 0; y < 2; y++)
				z += fmax(0.0, p1 * alt_pb[y] - alt_qb[y]);
			h1 = alt_h(p1, z);
			sum += two_q[x1] * alt_qb[x2] * (2.0 * p2 + h1 * (1.0 - p2));
		}
	return sum;
}

static void
test_block_alternating(void)
{
	struct fixed_pair pair = { .p = two_p, .q = two_q, .odd_p = alt_pb, .odd_q = alt_qb };
	struct verify_params par = rule(VERIFY_BLOCK), std = rule(VERIFY_STANDARD);
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng, pit_rng;
	struct lossless pit;
	uint64_t first[2] = { 0, 0 };
	double scratch[2], sum = 0.0, sum2 = 0.0, mean, se, ssum = 0.0;
	long i, n = 200000;
	int k;

	tap_near(alt_expected(), 13.0 / 12.0, 1e-15,
	    "block, pairs alternating by position, gamma 2: E[accepted] = 13/12 by enumeration");
	memset(&pit, 0, sizeof pit);
	fixed_source_open(&src, &pair, 2);
	rng_seed(&rng, 23, 0);
	rng_seed(&pit_rng, 23, 2);
	for (i = 0; i < n; i++) {
		verify_step(&par, &src, &rng, 2, scratch, &s, &targets);
		verify_pit(&par, &s, &targets, &pit_rng, NULL);
		sum += s.accepted;
		sum2 += (double)s.accepted * s.accepted;
		first[s.tok[0].outcome == SPEC_REJECTED ? s.tok[1].id : s.tok[0].id]++;
		for (k = 0; k < s.ntok; k++)
			if (s.tok[k].outcome != SPEC_REJECTED)
				lossless_add(&pit, s.tok[k].pit);
	}
	mean = sum / (double)n;
	se = sqrt((sum2 / (double)n - mean * mean) / (double)n);
	tap_ok(fabs(mean - 13.0 / 12.0) <= 4.0 * se, "block, alternating pairs: %.5f "
	    "accepted a step, want 13/12 = %.5f +- 4 SE (%.5f)", mean, 13.0 / 12.0, 4.0 * se);
	draws_check(first, two_p, 1.0, 2,
	    "block, alternating pairs: each step's first token follows position 1's P");
	tap_ok(lossless_test(&pit).p_value >= 0.001,
	    "block, alternating pairs: PIT uniform at every position, p = %.4g",
	    lossless_test(&pit).p_value);
	/* standard on the same pairs: a_1 + a_1 a_2 = 2/3 + (2/3)(1/2) = 1 */
	rng_seed(&rng, 23, 0);
	for (i = 0; i < n; i++) {
		verify_step(&std, &src, &rng, 2, scratch, &s, &targets);
		ssum += s.accepted;
	}
	tap_near(ssum / (double)n, 1.0, 0.01,
	    "standard, alternating pairs: 2/3 + 2/3 * 1/2 = 1 accepted a step");
	source_close(&src);
}

int
main(void)
{
	size_t i;

	for (i = 0; i < sizeof pinned / sizeof pinned[0]; i++)
		test_pinned(&pinned[i]);
	test_block_alternating();
	test_block_exact();
	test_block_expectation();
	test_exact_outputs();
	test_table();
	return tap_done();
}
