/* test_verify.c: the verification rules on fixed pairs. Block verification's
 * two-token example (Sun et al. 2024) exactly by enumeration and in expectation;
 * each rule's measured output against its exact output distribution
 * (verify_output_pair); the PIT values of the lossless rules uniform, the
 * mistakes' not. */
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

	for (r = 0; r < verify_nrules; r++)
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

int
main(void)
{
	test_block_exact();
	test_block_expectation();
	test_exact_outputs();
	test_table();
	return tap_done();
}
