/* test_spec.c: the speculative step's output law, each outcome path, degenerate
 * cases, dense and split pairs, and each position's beta from its own pair. */
#include "config.h"

#include <math.h>

#include "stats/chisq.h"
#include "dist/dist.h"
#include "lib/fixed_source.h"
#include "util/rng.h"
#include "source/source.h"
#include "verify/spec.h"
#include "dist/split.h"
#include "lib/split_fixture.h"
#include "lib/tap.h"

#define V 4

/* The pair most tests run: overlap 0.1 + 0.2 + 0.2 + 0.1 = 0.6. */
static const double rising[V] = { 0.1, 0.2, 0.3, 0.4 };
static const double falling[V] = { 0.4, 0.3, 0.2, 0.1 };

struct run {
	uint64_t count[V];
	long steps, emitted, accepted, tested, rejected, residual, bonus;
	int max_emitted;
	int records_ok;		/* every record well formed */
	double min_residual_mass;
};

/* The record's own invariants: order of outcomes, counts, emitted ids. */
static int
record_ok(const struct spec_step *s, int gamma)
{
	int i, accepted = 0, ids[SPEC_GAMMA_MAX + 1];

	if (s->ntok < 1 || s->ntok > gamma + 1 || s->emitted != s->accepted + 1)
		return 0;
	for (i = 0; i < s->ntok && s->tok[i].outcome == SPEC_ACCEPTED; i++)
		accepted++;
	if (accepted != s->accepted || s->tok[i].outcome == SPEC_ACCEPTED)
		return 0;
	if (s->tok[i].outcome == SPEC_REJECTED)
		return i + 2 == s->ntok && s->tok[i + 1].outcome == SPEC_RESIDUAL &&
		    s->tested == accepted + 1 && s->tok[i].id == s->drafted[i];
	return s->tok[i].outcome == SPEC_BONUS && i + 1 == s->ntok && accepted == gamma &&
	    s->tested == gamma && spec_emitted_ids(s, ids) == gamma + 1;
}

/* Steps of the pair's source, counted into out. */
static void
run_pair(struct fixed_pair *pair, int gamma, long steps, uint64_t seed,
    struct run *out)
{
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V];
	long i;
	int k;

	fixed_source_open(&src, pair, V);
	rng_seed(&rng, seed, 0);
	*out = (struct run){ .records_ok = 1, .min_residual_mass = INFINITY };
	for (i = 0; i < steps; i++) {
		spec_step(&src, &rng, gamma, scratch, &s, &targets);
		out->records_ok &= record_ok(&s, gamma);
		out->steps++;
		out->emitted += s.emitted;
		out->accepted += s.accepted;
		out->tested += s.tested;
		out->max_emitted = s.emitted > out->max_emitted ? s.emitted : out->max_emitted;
		for (k = 0; k < s.ntok; k++) {
			enum spec_outcome o = s.tok[k].outcome;

			if (o != SPEC_REJECTED)
				out->count[s.tok[k].id]++;
			out->rejected += o == SPEC_REJECTED;
			out->residual += o == SPEC_RESIDUAL;
			out->bonus += o == SPEC_BONUS;
			if (o == SPEC_RESIDUAL && s.residual_mass < out->min_residual_mass)
				out->min_residual_mass = s.residual_mass;
		}
	}
	out->records_ok &= pair->committed == out->emitted && pair->begins == steps;
}

static void
run_steps(const double *p, const double *q, int gamma, long steps, uint64_t seed,
    struct run *out)
{
	struct fixed_pair pair = { .p = p, .q = q };

	run_pair(&pair, gamma, steps, seed, out);
}

static double
output_p_value(const struct run *r, const double *p)
{
	double expected[V];
	int i;

	for (i = 0; i < V; i++)
		expected[i] = p[i] * (double)r->emitted;
	return chisq_test(r->count, expected, V).p_value;
}

static void
test_output_law(void)
{
	const double *p = rising, *q = falling;
	const double skew[V] = { 0.7, 0.1, 0.1, 0.1 };
	struct run r;

	run_steps(p, q, 4, 200000, 1, &r);
	tap_ok(r.records_ok, "every record is well formed (order, counts, commits)");
	tap_ok(output_p_value(&r, p) > 0.001, "output follows p, not q: chi2 p = %.4f",
	    output_p_value(&r, p));
	tap_ok(output_p_value(&r, q) < 1e-10, "and the test can tell: against q p = %.3g",
	    output_p_value(&r, q));
	/* overlap sum min(p, q) = 0.1 + 0.2 + 0.2 + 0.1 = 0.6 */
	tap_near((double)r.accepted / (double)r.tested, 0.6, 0.005,
	    "acceptance rate equals the overlap 0.6");
	tap_ok(r.rejected > 0 && r.residual == r.rejected && r.bonus > 0,
	    "all outcome paths taken: %ld rejected, %ld residual, %ld bonus", r.rejected,
	    r.residual, r.bonus);
	run_steps(p, skew, 3, 200000, 2, &r);
	tap_ok(output_p_value(&r, p) > 0.001, "a very different draft still yields p: p = %.4f",
	    output_p_value(&r, p));
}

static void
test_equal_distributions(void)
{
	const double p[V] = { 0.25, 0.25, 0.25, 0.25 };
	struct run r;

	run_steps(p, p, 5, 10000, 3, &r);
	tap_ok(r.rejected == 0 && r.bonus == 10000, "p = q: every draft accepted, every step a bonus");
	tap_eq(r.emitted, 10000L * 6, "p = q: gamma + 1 tokens every step");
}

static void
test_disjoint(void)
{
	const double p[V] = { 0.5, 0.5, 0.0, 0.0 };
	const double q[V] = { 0.0, 0.0, 0.0, 1.0 };
	struct run r;

	run_steps(p, q, 4, 5000, 4, &r);
	tap_ok(r.accepted == 0 && r.rejected == 5000, "disjoint supports: every draft rejected");
	tap_ok(r.count[3] == 0 && r.count[0] + r.count[1] == 5000,
	    "residuals come from p's support only");
	tap_near(r.min_residual_mass, 1.0, 1e-15, "residual mass is the whole TV distance 1");
}

static void
test_underflowing_residual(void)
{
	/* q exceeds p everywhere (not a distribution: the way rounding can leave
	 * max(0, p - q) empty); the replacement must then come from p */
	const double p[V] = { 0.25, 0.25, 0.5, 0.0 };
	const double q[V] = { 0.5, 0.25, 0.5, 0.0 };
	struct run r;

	run_steps(p, q, 2, 20000, 5, &r);
	tap_ok(r.rejected > 0, "drafts of token 0 get rejected (%ld)", r.rejected);
	tap_near(r.min_residual_mass, 0.0, 0.0, "the residual's mass is 0");
	tap_ok(r.count[3] == 0 && r.records_ok, "the replacement is still a token of p");
}

static void
test_gamma_bounds(void)
{
	const double *p = rising;
	const double q[V] = { 0.15, 0.2, 0.3, 0.35 };
	struct run r;

	run_steps(p, q, SPEC_GAMMA_MIN, 20000, 6, &r);
	tap_ok(r.records_ok && r.max_emitted == 2, "gamma = 1: at most 2 tokens a step");
	tap_ok(output_p_value(&r, p) > 0.001, "gamma = 1: output follows p");
	run_steps(p, q, SPEC_GAMMA_MAX, 20000, 7, &r);
	tap_ok(r.records_ok && r.max_emitted <= SPEC_GAMMA_MAX + 1,
	    "gamma = 32: at most 33 tokens a step (max %d)", r.max_emitted);
	tap_ok(output_p_value(&r, p) > 0.001, "gamma = 32: output follows p");
}

/* A source whose pair depends on the position: even positions one pair, odd ones
 * another, as an autoregressive source's would. */
static const double even_p[V] = { 0.7, 0.1, 0.1, 0.1 }, even_q[V] = { 0.25, 0.25, 0.25, 0.25 };
static const double odd_p[V] = { 0.1, 0.1, 0.1, 0.7 }, odd_q[V] = { 0.4, 0.4, 0.1, 0.1 };

static void
alt_begin(void *self, struct rng *rng, int need_draft)
{
	(void)self;
	(void)rng;
	(void)need_draft;
}

/* A node's id is its depth: the positions of a chain. */
static int
alt_child(void *self, int parent, int token)
{
	(void)self;
	(void)token;
	return parent + 1;
}

static void
alt_dists(void *self, int node, struct pdist *p, struct pdist *q)
{
	(void)self;
	if (p != NULL)
		*p = pdist_dense(node % 2 == 0 ? even_p : odd_p, V);
	if (q != NULL)
		*q = pdist_dense(node % 2 == 0 ? even_q : odd_q, V);
}

static void
alt_destroy(void *self)
{
	(void)self;
}

static const struct source_ops alt_ops = {
	.begin = alt_begin, .child = alt_child, .dists = alt_dists,
	.destroy = alt_destroy,
};

static void
test_position_dependent(void)
{
	struct source src = { &alt_ops, NULL, V, "alternating", "alternating" };
	uint64_t count[2][V] = { { 0 } };
	double expected[2][V], scratch[V];
	struct spec_targets targets;
	struct spec_step s;
	struct rng rng;
	long emitted[2] = { 0, 0 };
	int i, k, e, targets_ok = 1;

	rng_seed(&rng, 8, 0);
	for (i = 0; i < 100000; i++) {
		spec_step(&src, &rng, 3, scratch, &s, &targets);
		for (k = 0, e = 0; k < s.ntok; k++) {
			if (s.tok[k].outcome == SPEC_REJECTED)
				continue;
			count[e % 2][s.tok[k].id]++;
			emitted[e % 2]++;
			targets_ok &= targets.p[e].form == PDIST_DENSE &&
			    targets.p[e].u.dense == (e % 2 == 0 ? even_p : odd_p);
			e++;
		}
	}
	tap_ok(targets_ok, "each emitted position records its own target");
	for (k = 0; k < V; k++) {
		expected[0][k] = even_p[k] * (double)emitted[0];
		expected[1][k] = odd_p[k] * (double)emitted[1];
	}
	tap_ok(chisq_test(count[0], expected[0], V).p_value > 0.001,
	    "tokens at even positions follow the even target: p = %.4f",
	    chisq_test(count[0], expected[0], V).p_value);
	tap_ok(chisq_test(count[1], expected[1], V).p_value > 0.001,
	    "tokens at odd positions follow the odd target: p = %.4f",
	    chisq_test(count[1], expected[1], V).p_value);
	tap_ok(chisq_test(count[1], expected[0], V).p_value < 1e-10,
	    "and the test tells the positions apart");
}

/* Split pairs over a floor of V tokens (split.h): q on p's floor with other
 * tokens listed, and q on that floor times factors 2, 0.5, 1, 1.5. */
static const double floor_w[V] = { 1, 2, 3, 2 }, floor_cdf[V] = { 1, 3, 6, 8 };
static const double factor[V] = { 2, 0.5, 1, 1.5 }, fw[V] = { 2, 1, 3, 3 };
static const uint32_t by_factor[V] = { 1, 2, 3, 0 };
static const double cum_base[V + 1] = { 0, 2, 5, 7, 8 };
static const double cum_w[V + 1] = { 0, 1, 4, 7, 9 };
static const struct split_floor plain = { V, floor_w, floor_cdf, 8, NULL, NULL, NULL,
    NULL, NULL, { 2, 1 }, NULL };	/* top: token 2, alone */
static const struct split_floor factored = { V, fw, NULL, 9, &plain, factor, by_factor,
    cum_base, cum_w, { 2, 0 }, NULL };	/* top: token 2, tied with 3 */

/* Output law and acceptance rate of a split pair against its dense form. */
static void
check_split_pair(const struct split_dist *sp, const struct split_dist *sq,
    const char *what, uint64_t seed)
{
	struct pdist hp = pdist_split(sp), hq = pdist_split(sq);
	struct fixed_pair pair = { .hp = &hp, .hq = &hq };
	double p[V], q[V];
	struct run r;

	pdist_densify(&hp, p);
	pdist_densify(&hq, q);
	run_pair(&pair, 3, 200000, seed, &r);
	tap_ok(r.records_ok && r.rejected > 0 && r.bonus > 0,
	    "%s: records well formed, every path taken", what);
	tap_ok(output_p_value(&r, p) > 0.001, "%s: output follows p, chi2 p = %.4f",
	    what, output_p_value(&r, p));
	tap_near((double)r.accepted / (double)r.tested, dist_overlap(p, q, V), 0.005,
	    "acceptance rate equals the overlap");
}

static void
test_split_pairs(void)
{
	static const uint32_t lp[] = { 0, 2 }, lq[] = { 1, 3 };
	static const double ep[] = { 0.5, 0.1 }, eq[] = { 0.15, 0.05 }, eqf[] = { 0.1, 0.0 };
	static const struct split_list wp = { lp, 2 }, wq = { lq, 2 };
	/* p: 0.05 floor (mass 0.4) + 0.6 listed; q: 0.1 floor (0.8) + 0.2 listed;
	 * factored q: 0.1 factored floor (0.9) + 0.1 listed on p's list */
	struct split_dist sp = split_fixture_dist(&plain, 0.05, &wp, ep);
	struct split_dist sq = split_fixture_dist(&plain, 0.1, &wq, eq);
	struct split_dist sf = split_fixture_dist(&factored, 0.1, &wp, eqf);

	check_split_pair(&sp, &sq, "split pair, other lists", 9);
	check_split_pair(&sp, &sf, "split pair, factored q, one list", 10);
}

/* Every tested position records its residual mass 1 - overlap, a step without a
 * rejection too; the residual token's own probability under norm(max(0, p - q)). */
static void
test_position_residuals(void)
{
	const double *p = rising, *q = falling;
	struct fixed_pair pair = { .p = p, .q = q };
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V], worst = 0.0, rworst = 0.0;
	int i, k, accepted_only = 0, residuals = 0;

	fixed_source_open(&src, &pair, V);
	rng_seed(&rng, 9, 0);
	for (i = 0; i < 2000; i++) {
		spec_step(&src, &rng, 4, scratch, &s, &targets);
		accepted_only += s.tested > 0 && s.tok[s.ntok - 1].outcome == SPEC_BONUS;
		for (k = 0; k < s.tested; k++)
			worst = fmax(worst, fabs(s.resid[k] - 0.4));
		for (k = 0; k < s.ntok; k++) {
			const struct spec_token *t = &s.tok[k];
			double want = fmax(0.0, t->p - t->q) / 0.4;

			if (t->outcome != SPEC_RESIDUAL) {
				rworst = fmax(rworst, spec_residual_prob(&s, k));
				continue;
			}
			residuals++;
			rworst = fmax(rworst, fabs(spec_residual_prob(&s, k) - want));
		}
	}
	tap_ok(accepted_only > 0 && residuals > 0, "steps with and without a rejection (%d, %d)",
	    accepted_only, residuals);
	tap_near(worst, 0.0, 1e-12, "residual mass 0.4 at every tested position");
	tap_near(rworst, 0.0, 1e-12, "residual token's probability max(0, p - q) / mass");
}

/* A rule whose beta is its own (the overlap, computed here), so that the
 * sampler takes each tested position's beta as it goes. */
static double
own_beta(const void *ctx, const struct spec_position *at)
{
	(void)ctx;
	return pdist_overlap(&at->p, &at->q);
}

/* The largest gap, over 2,000 steps at gamma 4, between each tested position's
 * beta and the overlap of its own pair; *nsame counts positions that shared
 * their p or their q with the one before. */
static double
beta_gap(struct fixed_pair *pair, const struct spec_rule *rule, long *nsame)
{
	struct spec_targets targets;
	struct spec_step s;
	struct source src;
	struct rng rng;
	double scratch[V], gap = 0.0;
	int i, k;

	fixed_source_open(&src, pair, V);
	rng_seed(&rng, 12, 0);
	for (i = 0; i < 2000; i++) {
		spec_step_rule(&src, &rng, 4, scratch, rule, &s, &targets);
		for (k = 0; k < s.tested; k++) {
			double want = pdist_overlap(&targets.p[k], &targets.q[k]);

			gap = fmax(gap, fabs(s.beta[k] - want));
			*nsame += k > 0 && (pdist_same(&targets.p[k], &targets.p[k - 1]) ||
			    pdist_same(&targets.q[k], &targets.q[k - 1]));
		}
	}
	return gap;
}

/* A position reuses the beta before it only when its p and its q are both the
 * same: pairs alternating by position that share only p, only q, or both, under
 * the standard rule (beta after the step) and a rule with its own beta. */
static void
test_beta_by_pair(void)
{
	static const double flat[V] = { 0.25, 0.25, 0.25, 0.25 };	/* overlaps 0.8 */
	static const struct { const char *what; const double *odd_p, *odd_q; } cases[] = {
		{ "same p, other q", rising, flat },
		{ "other p, same q", flat, falling },
		{ "same p and q", rising, falling },
	};
	const struct spec_rule own = { .beta = own_beta };
	size_t c;

	for (c = 0; c < sizeof cases / sizeof *cases; c++) {
		struct fixed_pair pair = { .p = rising, .q = falling,
		    .odd_p = cases[c].odd_p, .odd_q = cases[c].odd_q };
		long nsame = 0;
		double std = beta_gap(&pair, NULL, &nsame), mine = beta_gap(&pair, &own,
		    &nsame);

		tap_ok(std < 1e-15 && mine < 1e-15 && nsame > 1000, "%s at alternate "
		    "positions: each beta is its own pair's overlap, standard rule and "
		    "a rule's own beta (largest gaps %.2g, %.2g; %ld shared)",
		    cases[c].what, std, mine, nsame);
	}
}

/* The sampler's random stream is what it was: the emitted ids of a fixed seed. */
static void
test_stream_unchanged(void)
{
	const double *p = rising, *q = falling;
	struct run r;

	run_steps(p, q, 4, 1000, 11, &r);
	tap_ok(r.count[0] == 231 && r.count[1] == 472 && r.count[2] == 720 &&
	    r.count[3] == 894, "seed 11's output counts unchanged: %llu %llu %llu %llu",
	    (unsigned long long)r.count[0], (unsigned long long)r.count[1],
	    (unsigned long long)r.count[2], (unsigned long long)r.count[3]);
}

static void
test_names(void)
{
	tap_ok(spec_outcome_name(SPEC_ACCEPTED)[0] == 'a' && spec_outcome_name(SPEC_BONUS)[0] == 'b' &&
	    spec_outcome_name(SPEC_REJECTED)[2] == 'j' && spec_outcome_name(SPEC_RESIDUAL)[2] == 's',
	    "outcome names");
}

int
main(void)
{
	test_output_law();
	test_equal_distributions();
	test_disjoint();
	test_underflowing_residual();
	test_gamma_bounds();
	test_position_dependent();
	test_split_pairs();
	test_names();
	test_position_residuals();
	test_stream_unchanged();
	test_beta_by_pair();
	return tap_done();
}
