/* stats.h: running statistics of one segment (fixed noise, rule and schedule; the
 * gamma may vary step to step under a schedule), updated from step records.
 * Memory is O(vocab + SPEC_GAMMA_MAX) whatever the number of steps. */
#ifndef SPECDEC_STATS_H
#define SPECDEC_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "stats/calibration.h"
#include "stats/chisq.h"
#include "stats/lossless.h"
#include "dist/pdist.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "stats/tv_null.h"

#define TREE_RANKS 64	/* sibling ranks counted (TREE_NODES_MAX) */

struct stats {
	size_t vocab;
	int gamma;
	uint64_t steps;
	uint64_t tokens;	/* emitted by the speculative sampler */
	uint64_t drafted;	/* each step's gamma (its drafts), summed */
	uint64_t tested;	/* drafts that met the accept test */
	uint64_t accepted;
	uint64_t ref_tokens;	/* drawn by the target-only reference stream */
	int max_tok_per_step;
	double sum_beta_first;	/* the rule's acceptance expectation (beta) at each
				 * step's first position: the overlap under a
				 * rule that accepts by it */
	double sum_beta_tested;	/* beta at every tested position */
	double sum_overlap_first;	/* the overlap sum min(p, q) itself, at each
					 * step's first position (stats_add_overlap) */
	double sum_overlap_tested;	/* and at every tested position */
	double sum_beta_var;	/* sum of b(1 - b) over tested positions */
	double sum_closed_step;	/* closed form at each step's own first-position overlap */
	double sum_dev_step;	/* tokens minus that, per step: its mean and spread */
	double sum_dev2_step;
	double sum_var_floor_step;	/* the least variance a step's count can
					 * have: f (1 - f), f the fractional part
					 * of its expected tokens */
	double sum_tok_at[SPEC_GAMMA_MAX + 1];	/* [g-1]: each step's own expected
						 * tokens at draft length g (stats_step_tok_at),
						 * summed, g = 1..SPEC_GAMMA_MAX + 1 */
	int exchangeable;	/* the source's token ids are exchangeable (set by sim) */
	double sum_sq_spec;	/* per step, sum over ids of the squared count */
	double sum_sq_ref;	/* the same for the reference stream's step */
	double sum_n2_spec;	/* per step, the squared number of tokens */
	double sum_n2_ref;
	double sum_p_emitted;	/* p(x) of every emitted token x under its own target */
	uint64_t tok_hist[SPEC_GAMMA_MAX + 1];	/* [n-1]: steps that emitted n tokens */
	uint64_t gamma_hist[SPEC_GAMMA_MAX + 1];	/* [g]: steps that drafted g */
	uint64_t closed_steps;	/* steps with a closed-form expectation of their
				 * own (spec_step's expect_tok) */
	uint64_t ceiling_steps;	/* tree steps with an acceptance ceiling */
	double sum_ceiling;	/* and its sum over them */
	uint64_t tested_rank[TREE_RANKS];	/* tree nodes tested, by sibling rank */
	uint64_t accepted_rank[TREE_RANKS];	/* and accepted */
	uint64_t tested_at[SPEC_GAMMA_MAX];	/* per draft position */
	uint64_t accepted_at[SPEC_GAMMA_MAX];
	struct stats_copy {	/* a copy drafter's steps (stats_add_copy) */
		uint64_t steps, found;	/* steps, and those with a draft */
		uint64_t drafted, accepted;	/* copied tokens, and accepted */
	} copy;
	struct stats_vocab {	/* a heterogeneous pair's first positions
				 * (stats_add_vocab) */
		uint64_t steps;	/* steps that tested a first draft */
		double naive, tli;	/* the two closed forms there, summed */
		double var;	/* sum of b (1 - b), b the rule's own there */
	} vocab_pair;
	uint64_t *spec_hist;	/* vocab counts of the speculative output */
	uint64_t *ref_hist;	/* vocab counts of the reference stream */
	struct pdist_counts expected;	/* sum of p(x) over emitted positions */
	struct lossless lossless;	/* the PIT value of every emitted token */
	struct calibration calibration;	/* draft score against acceptance, by
					 * score bin (top-k trees) */
};

/* Allocate for vocab tokens and start an empty segment at gamma. Returns 0 (out
 * of memory ends the process: xalloc.h). */
int stats_init(struct stats *st, size_t vocab, int gamma);
void stats_free(struct stats *st);

/* Forget everything and start a new segment at gamma. */
void stats_reset(struct stats *st, int gamma);

/* Add one speculative step and the target distributions behind its emitted tokens. */
void stats_add_step(struct stats *st, const struct spec_step *step,
    const struct spec_targets *targets);

/* Add one step's overlaps sum min(p, q): its recorded beta when the rule's
 * beta is the overlap (recorded), else from its residual masses (1 - resid)
 * and, at a step that tested nothing, from targets' first pair. */
void stats_add_overlap(struct stats *st, const struct spec_step *step,
    const struct spec_targets *targets, int recorded);

/* Add one step of a copy drafter that proposed drafted tokens (0: it found
 * no match), accepted of them. */
void stats_add_copy(struct stats *st, int drafted, int accepted);

/* Add one step's first tested position of a heterogeneous pair: its naive
 * and TLI acceptance (vocab_pair.h) and the running rule's own, beta. */
void stats_add_vocab(struct stats *st, double naive, double tli, double beta);
/* Their means over those steps, and the standard error of the acceptance
 * measured at the first position about the rule's mean (sqrt(sum b (1 - b)) /
 * steps); 0 before such a step. */
double stats_vocab_naive(const struct stats *st);
double stats_vocab_tli(const struct stats *st);
double stats_vocab_stderr(const struct stats *st);

/* Add one tree step's nodes (spec_tree.h): the tests and acceptances by
 * sibling rank, and its calibration (top-k trees). A chain step's empty tree adds nothing. */
void stats_add_tree(struct stats *st, const struct spec_tree *tree);
/* Accepted / tested tree nodes of sibling rank k (0-based). */
double stats_accept_rate_rank(const struct stats *st, int k);

/* Add one step's tokens of the target-only reference stream (count of them, drawn
 * from one target-only step). */
void stats_add_ref_step(struct stats *st, const int *ids, int count);

/* Derived figures; each is finite, and 0 (or the stated value) before any data. */
double stats_alpha_hat(const struct stats *st);		/* accepted / tested */
double stats_alpha_overlap(const struct stats *st);	/* mean beta over steps */
double stats_alpha_overlap_tested(const struct stats *st); /* mean beta over tests */
double stats_overlap(const struct stats *st);	/* mean overlap over steps */
double stats_overlap_tested(const struct stats *st);	/* mean overlap over tests */
/* Standard error of alpha_hat - alpha_overlap_tested: sqrt(sum b(1-b)) / tested. */
double stats_alpha_stderr(const struct stats *st);
double stats_tok_per_step(const struct stats *st);	/* tokens / steps */
/* accepted / drafted, over every drafted token, tested or not: the acceptance
 * rate vLLM (num_accepted_tokens / num_draft_tokens) and llama.cpp's server
 * ("draft acceptance rate") report; 0 before a draft. */
double stats_draft_acceptance_rate(const struct stats *st);
/* vLLM's mean acceptance length, 1 + accepted / drafts, drafts being the steps
 * that drafted at least one token (the bonus or residual counted); 1 before
 * such a step. */
double stats_vllm_acceptance_length(const struct stats *st);
double stats_gamma_mean(const struct stats *st);	/* drafted / steps; gamma before data */
/* The closed form at alpha_hat and gamma; when the steps' gammas vary (a
 * schedule), its mean over the steps at each step's gamma, at alpha_hat. */
double stats_closed_form(const struct stats *st);
/* The mean over steps of the closed form at each step's own first-position
 * overlap and its own gamma: exact in expectation when beta is fixed within a step
 * (the stub), whatever the schedule. */
double stats_closed_form_per_step(const struct stats *st);
/* Standard error of tok_per_step - closed_form_per_step, from the per-step
 * spread, but never below the least spread integer counts with those
 * expectations can have (sum of f (1 - f), f each step's fractional part): a
 * rare acceptance not yet seen leaves the measured spread at zero. */
double stats_closed_form_per_step_stderr(const struct stats *st);
/* A step's own expected tokens at each draft length g = 1..gmax, into tok[g-1]:
 * 1 + sum_{j<=g} prod_{i<=j} beta_i (exact for a chain whose positions accept
 * with beta_1, beta_2, ... independently), from the betas the step recorded at
 * its tested positions; a position past the last tested one takes the last
 * tested beta (beta[0] when none was tested). On the stub every position of a
 * step shares one pair, so this is (1 - b^(g+1)) / (1 - b) at the step's b. */
void stats_step_tok_at(const struct spec_step *step, double *tok, int gmax);
/* The mean over steps of stats_step_tok_at at g = 1..SPEC_GAMMA_MAX + 1 into
 * tok[g-1]: the expected tokens per step of a run at a constant g, exact
 * whatever the spread of beta between steps (Jensen: theory_tok_per_step at
 * the mean beta is below it). 1 at every g before any step. */
void stats_tok_at(const struct stats *st, double *tok);
double stats_accept_rate_at(const struct stats *st, int k); /* position k, 0-based */
/* Accepted at position k / steps (the vLLM convention): no selection. */
double stats_accept_rate_uncond_at(const struct stats *st, int k);
double stats_tv(const struct stats *st);		/* spec vs reference histograms */
/* The sampling distribution of stats_tv for a correct sampler (tv_null.h): each
 * id's count difference as Skellam with the id's count variance. With
 * exchangeable ids the variance is pooled over ids and both streams from the
 * per-step squared counts (tokens of one step share one p); otherwise it is
 * e (1 - e / N) from the expected counts e. All 0 before either stream has a
 * token. */
struct tv_null stats_tv_null(const struct stats *st);
struct chisq_result stats_chi2(const struct stats *st);	/* spec vs exact expected */

#define STATS_ID_MIN_EXPECTED 5.0	/* stats_id_p tests ids expecting this many */

/* The losslessness test by id: each id's count C against its expected count E
 * (the sum of p(x) over emitted positions), two-sided under Poisson(E); the
 * smallest p-value times the number tested (ids expecting at least
 * STATS_ID_MIN_EXPECTED, and any id emitted where every target gave it 0, which
 * gives p = 0). Under a lossless sampler C - E is a martingale in the tokens
 * whose variance, sum p(1 - p), is at most E: the Poisson tails are at least
 * as wide as the count's, so the level holds. It sees a mistake that moves one
 * rare id's mass, which the PIT dilutes among all tokens. *tested gets the
 * number of ids tested; 1 with none. */
double stats_id_p(const struct stats *st, size_t *tested);
/* The share of the id counts' variance that the draws supply: (1 - mean over
 * emitted tokens of p(x), which estimates the mean collision probability sum
 * p_t(y)^2 of each token's target) / (1 - sum_y pbar_y^2), pbar the expected
 * shares. 1 when every token's target is the pooled law (fixed pair); near 0
 * when each target is nearly a point mass, so the counts are set by the path the
 * text took rather than drawn around a law the two streams share. 1 before data
 * or when the pooled law is a point mass. */
double stats_draw_share(const struct stats *st);

#endif
