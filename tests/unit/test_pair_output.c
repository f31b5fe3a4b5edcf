/* test_pair_output.c: a replay of one pair. The counts the test keeps, and its
 * variances in closed form against measured ones;
 * the exact output of the lossless rules is p; every rule's simulated output
 * passes the test against its own exact output over 25 seeds (false alarms at
 * p < 0.001: at most 1 of 200); the test sees a sampler that does another
 * rule's work (the residual drawn from p, accept-all, or the lenient rule, run
 * against the standard rule's output) in at least 24 of 25 seeds at 1,000
 * steps. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/checks.h"
#include "stats/pair_output.h"
#include "sim/sim.h"
#include "source/replay/source_replay.h"
#include "lib/tap.h"

/* Seeds and steps per run; SPECDEC_PAIR_SEEDS and SPECDEC_PAIR_STEPS change
 * them for a measurement (docs/performance.md). */
static int seeds = 25;
static long steps = 1000;

static char path[] = "/tmp/specdec-pairXXXXXX";
static char wide[] = "/tmp/specdec-wideXXXXXX";	/* 40 tokens, many rare */
static const char *open_path = path;

/* The pair of the tests: p (0.5, 0.3, 0.15, 0.05), q (0.1, 0.2, 0.3, 0.4). */
static const double pair_p[4] = { 0.5, 0.3, 0.15, 0.05 };
static const double pair_q[4] = { 0.1, 0.2, 0.3, 0.4 };

static void
write_pair(void)
{
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (f == NULL) {
		perror("test_pair_output: mkstemp");
		exit(99);
	}
	fprintf(f, "# vocab 4\n0.5 0.3 0.15 0.05\n0.1 0.2 0.3 0.4\n");
	fclose(f);
}

/* p proportional to 1 / (k + 1)^1.5 over 40 tokens, q the same reversed: at
 * 1,000 steps most tokens expect fewer than 100, several under 25. */
static void
write_wide(void)
{
	int fd = mkstemp(wide), k;
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (f == NULL) {
		perror("test_pair_output: mkstemp");
		exit(99);
	}
	fprintf(f, "# vocab 40\n");
	for (k = 0; k < 40; k++)
		fprintf(f, "%.17g%c", pow(k + 1, -1.5), k == 39 ? '\n' : ' ');
	for (k = 0; k < 40; k++)
		fprintf(f, "%.17g%c", pow(40 - k, -1.5), k == 39 ? '\n' : ' ');
	fclose(f);
}

static void
open_sim(struct sim *sim, enum verify_rule rule, uint64_t seed)
{
	struct sim_params par = { .gamma = 4, .seed = seed, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	struct source src;
	char err[256];

	par.verify.rule = rule;
	if (source_replay_open(&src, open_path, NULL, err, sizeof err) != 0 ||
	    sim_open(sim, &par, &src) != 0) {
		fprintf(stderr, "test_pair_output: %s\n", err);
		exit(99);
	}
	sim_set_reference(sim, 0);
}

static void
test_counts(void)
{
	struct pair_output po;
	const int ids[3] = { 1, 1, 2 };
	struct verify_params par = verify_defaults();

	pair_output_init(&po, pair_p, pair_q, 4);
	pair_output_reset(&po, &par, 4, 0);
	pair_output_add_step(&po, ids, 3);
	pair_output_add_step(&po, ids + 2, 1);
	tap_ok(po.count[1] == 2 && po.count[2] == 2 && po.count[0] == 0 &&
	    po.tokens == 4 && po.steps == 2, "counts over two steps");
	tap_near(pair_output_measured(&po, 1), 0.5, 1e-15, "token 1's share");
	pair_output_free(&po);
}

/* Each rule's per-step variance v_y of c_y - e_y n in closed form, against the
 * one measured over 200,000 steps (within 3%, or 1e-4 absolute). */
static void
test_variances(void)
{
	enum { N = 200000 };
	struct pair_output po;
	double sum[4], worst, scratch[4];
	int rule, y, ids[SPEC_GAMMA_MAX + 1], n;
	struct sim sim;
	long s;

	for (rule = 0; rule < verify_nrules; rule++) {
		struct verify_params par = verify_defaults();

		par.rule = (enum verify_rule)rule;
		pair_output_init(&po, pair_p, pair_q, 4);
		pair_output_reset(&po, &par, 4, 0);
		open_sim(&sim, par.rule, 7);
		memset(sum, 0, sizeof sum);
		for (s = 0; s < N; s++) {
			n = spec_emitted_ids(&sim_step(&sim)->step, ids);
			for (y = 0; y < 4; y++) {
				double c = 0.0;
				int i;

				for (i = 0; i < n; i++)
					c += ids[i] == y;
				c -= po.exact[y] * n;
				sum[y] += c * c;
			}
		}
		for (y = 0, worst = 0.0; y < 4; y++) {
			double want = po.per_token ? po.var[y] * (double)sim.stats.tokens / N :
			    po.var[y];

			scratch[y] = sum[y] / N;
			worst = fmax(worst, fabs(scratch[y] - want) / fmax(want, 1e-4 / 0.03));
		}
		tap_ok(worst <= 0.03, "%s: per-step variances in closed form, measured within"
		    " %.1f%% (token 0: %.4f against %.4f)", verify_entry(rule)->name,
		    100.0 * worst, scratch[0], po.per_token ? po.var[0] *
		    (double)sim.stats.tokens / N : po.var[0]);
		sim_close(&sim);
		pair_output_free(&po);
	}
}

/* Block verification: the per-token tail of a token of p 0.05 over 500 tokens
 * against the binomial tail summed here (the count is Binomial(500, 0.05), mean
 * 25), within 1% where the normal tail is off by 2x to 1000x. */
static void
test_tail_binomial(void)
{
	static const double bp[2] = { 0.05, 0.95 }, bq[2] = { 0.5, 0.5 };
	struct verify_params par = verify_defaults();
	struct pair_output po;
	int c, k, worst_c = 0;
	double worst = 0.0;

	par.rule = VERIFY_BLOCK;
	pair_output_init(&po, bp, bq, 2);
	pair_output_reset(&po, &par, 4, 0);
	po.tokens = 500;
	po.steps = 125;
	for (c = 5; c <= 60; c++) {
		double lo = 0.0, hi = 0.0, want, got;

		for (k = 0; k <= 500; k++) {
			double pk = exp(lgamma(501.0) - lgamma(k + 1.0) - lgamma(501.0 - k) +
			    k * log(0.05) + (500 - k) * log(0.95));

			lo += k <= c ? pk : 0.0;
			hi += k >= c ? pk : 0.0;
		}
		want = fmin(1.0, 2.0 * (c < 25 ? lo : hi));
		po.count[0] = (uint64_t)c;
		po.count[1] = (uint64_t)(500 - c);
		got = pair_output_token_p(&po, 0);
		if (c != 25 && fabs(got / want - 1.0) > worst) {
			worst = fabs(got / want - 1.0);
			worst_c = c;
		}
	}
	tap_ok(worst < 0.01, "block, Binomial(500, 0.05) counts 5-60: saddlepoint tail within"
	    " 1%% of the exact one (worst %.2f%% at %d)", 100.0 * worst, worst_c);
	pair_output_free(&po);
}

/* The standard rule, gamma 4, token 3 of the pair (p 0.05, q 0.4): by hand,
 * a = sum min(p, q) = 0.5, an accepted draft is token 3 with 0.05 / 0.5 = 0.1,
 * the replacement never (p < q), the bonus with 0.05; its share e = 0.05. Over
 * S = 200 steps, Z = 20 C - N is an integer and so enumerated exactly: each
 * step accepts i drafts (0.5^(i+1) for i < 4, 0.5^4 for 4), adds
 * 20 (Binomial(i, 0.1) + ending token 3) - (i + 1). The saddlepoint's two-sided
 * p-value of D = C - 0.05 N at counts 6-40 (the mean is 19.4) against the exact
 * 2 P(D >= d) (or <= d), where below 0.2: within 10% (a continuity correction
 * for the count's lattice, which e N smooths here, gave 1.2x to 1.7x). */
static void
test_tail_steps(void)
{
	enum { S = 200, LO = -5 * S, HI = 100 * S, W = HI - LO + 1 };
	struct verify_params par = verify_defaults();
	double *pz = calloc(W, sizeof *pz), *nz = calloc(W, sizeof *nz);
	double step[106] = { 0.0 }, least = 1e9, most = 0.0;
	struct pair_output po;
	int i, j, s, z, c;

	for (i = 0; i <= 4; i++) {	/* the law of one step's z, offset 5 */
		double w = i < 4 ? pow(0.5, i + 1) : pow(0.5, 4), f = i < 4 ? 0.0 : 0.05;

		for (j = 0; j <= i; j++) {
			double b = exp(lgamma(i + 1.0) - lgamma(j + 1.0) - lgamma(i - j + 1.0)) *
			    pow(0.1, j) * pow(0.9, i - j);

			step[20 * j - (i + 1) + 5] += w * b * (1.0 - f);
			step[20 * (j + 1) - (i + 1) + 5] += w * b * f;
		}
	}
	pz[-LO] = 1.0;
	for (s = 0; s < S; s++) {
		memset(nz, 0, W * sizeof *nz);
		for (z = 0; z < W; z++)
			if (pz[z] > 1e-300)
				for (j = 0; j < 106; j++)
					if (step[j] > 0.0 && z + j - 5 >= 0 && z + j - 5 < W)
						nz[z + j - 5] += pz[z] * step[j];
		memcpy(pz, nz, W * sizeof *pz);
	}
	pair_output_init(&po, pair_p, pair_q, 4);
	pair_output_reset(&po, &par, 4, 0);
	po.steps = S;
	for (c = 6; c <= 40; c++) {
		double lo = 0.0, hi = 0.0, want, got, r;
		int zc = 20 * c - 388;	/* N = 388, near its mean 387.5 */

		for (z = 0; z < W; z++) {
			lo += z + LO <= zc ? pz[z] : 0.0;
			hi += z + LO >= zc ? pz[z] : 0.0;
		}
		want = fmin(1.0, 2.0 * fmin(lo, hi));
		po.count[3] = (uint64_t)c;
		po.tokens = 388;
		got = pair_output_token_p(&po, 3);
		if (want > 1e-12 && want < 0.2) {
			r = got / want;
			least = fmin(least, r);
			most = fmax(most, r);
		}
	}
	tap_ok(least >= 0.9 && most <= 1.1, "standard, token 3, 200 steps: saddlepoint p over"
	    " exact p in [%.3f, %.3f]", least, most);
	pair_output_free(&po);
	free(pz);
	free(nz);
}

static void
test_lossless_exact(void)
{
	static const enum verify_rule lossless[] = { VERIFY_STANDARD, VERIFY_BLOCK,
	    VERIFY_EXACT_MATCH };
	struct pair_output po;
	struct verify_params par = verify_defaults();
	double tv;
	size_t i;
	int y;

	pair_output_init(&po, pair_p, pair_q, 4);
	for (i = 0; i < sizeof lossless / sizeof lossless[0]; i++) {
		par.rule = lossless[i];
		pair_output_reset(&po, &par, 7, 0);
		for (y = 0, tv = 0.0; y < 4; y++)
			tv += 0.5 * (po.exact[y] > pair_p[y] ? po.exact[y] - pair_p[y] :
			    pair_p[y] - po.exact[y]);
		tap_near(tv, 0.0, 1e-12, verify_entry(lossless[i])->name);
	}
	par.rule = VERIFY_STANDARD;
	pair_output_reset(&po, &par, 4, 1);
	tap_ok(!pair_output_result(&po).available, "a varying draft length: no closed form");
	pair_output_free(&po);
}

/* Every rule against its own exact output, through the check, on the pair in
 * file (what says which). */
static void
test_no_false_alarms(const char *file, const char *what)
{
	struct check checks[CHECKS_COUNT];
	struct sim_figures fig;
	struct sim sim;
	int rule, failed = 0, runs = 0, skipped = 0;
	size_t tested = 0;
	uint64_t seed;
	long s;

	open_path = file;
	for (rule = 0; rule < verify_nrules; rule++)	/* tree rules: test_tree.c */
		for (seed = 1; seed <= (uint64_t)seeds &&
		    !verify_has((enum verify_rule)rule, VERIFY_F_TREE); seed++) {
			open_sim(&sim, (enum verify_rule)rule, seed);
			for (s = 0; s < steps; s++)
				sim_step(&sim);
			sim_figures(&sim, &fig);
			checks_run(&sim, &fig, checks);
			failed += !checks[8].pass;
			skipped += checks[8].skipped;
			tested += fig.pair.tested;
			if (!checks[8].pass && getenv("SPECDEC_PAIR_VERBOSE") != NULL)
				fprintf(stderr, "# %s seed %llu: %s\n", verify_entry(rule)->name,
				    (unsigned long long)seed, checks[8].detail);
			runs++;
			sim_close(&sim);
		}
	open_path = path;
	tap_ok(strcmp(checks[8].name, "output_matches_rule") == 0, "check 8 is %s",
	    checks[8].name);
	tap_ok(skipped == 0, "%s: applied in every run (%d skipped)", what, skipped);
	tap_ok(failed <= 1 + runs / 200, "%s: every rule against its own output: %d of %d"
	    " runs fail (%.1f tokens tested a run)", what, failed, runs,
	    (double)tested / runs);
}

/* A sampler that runs rule wrong against the standard rule's exact output. */
static int
caught(enum verify_rule wrong, uint64_t seed)
{
	struct verify_params par = verify_defaults();
	struct pair_output po;
	struct sim sim;
	int ids[SPEC_GAMMA_MAX + 1], hit;
	long s;

	pair_output_init(&po, pair_p, pair_q, 4);
	pair_output_reset(&po, &par, 4, 0);
	open_sim(&sim, wrong, seed);
	for (s = 0; s < steps; s++) {
		const struct sim_entry *e = sim_step(&sim);

		pair_output_add_step(&po, ids, spec_emitted_ids(&e->step, ids));
	}
	hit = pair_output_result(&po).p_value < CHECKS_RULE_OUTPUT_P;
	sim_close(&sim);
	pair_output_free(&po);
	return hit;
}

static void
test_power(void)
{
	static const enum verify_rule wrong[] = { VERIFY_MISTAKE_RESIDUAL_FROM_P,
	    VERIFY_MISTAKE_ACCEPT_ALL, VERIFY_LENIENT };
	size_t i;
	int hits;
	uint64_t seed;

	for (i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
		for (seed = 1, hits = 0; seed <= (uint64_t)seeds; seed++)
			hits += caught(wrong[i], seed);
		tap_ok(hits >= seeds - 1 - seeds / 25, "%s run as standard: caught in %d of %d"
		    " seeds", verify_entry(wrong[i])->name, hits, seeds);
	}
}

int
main(void)
{
	const char *s = getenv("SPECDEC_PAIR_SEEDS"), *n = getenv("SPECDEC_PAIR_STEPS");

	seeds = s != NULL && atoi(s) > 0 ? atoi(s) : seeds;
	steps = n != NULL && atol(n) > 0 ? atol(n) : steps;
	write_pair();
	write_wide();
	test_counts();
	test_variances();
	test_tail_binomial();
	test_tail_steps();
	test_lossless_exact();
	test_no_false_alarms(path, "4 tokens");
	test_no_false_alarms(wide, "40 tokens");
	test_power();
	unlink(path);
	unlink(wide);
	return tap_done();
}
