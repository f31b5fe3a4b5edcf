/* sim.h: the model both faces drive. It owns the parameters, the generators, the
 * source and its target-only reference twin, the statistics of the current segment
 * and a ring of recent steps; its setters keep them consistent. */
#ifndef SPECDEC_SIM_H
#define SPECDEC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "stats/pair_output.h"
#include "util/rng.h"
#include "verify/schedule.h"
#include "source/source.h"
#include "verify/spec.h"
#include "verify/spec_tree.h"
#include "stats/tree_compare.h"
#include "verify/tree_shape.h"
#include "stats/roofline.h"
#include "stats/stats.h"
#include "stats/theory.h"
#include "verify/verify.h"
#include "view/stepview.h"

#define SIM_RING 256		/* recent steps kept for display */
#define SIM_VIEWS 8		/* of those, the newest with their distributions */
#define SIM_NOISE_MAX 10.0
#define SIM_TARGET_MS_MIN 1e-3	/* smallest target cost, ms */
#define SIM_MS_MAX 1e6		/* largest target or draft cost, ms */
#define SIM_P_MIN_MIN 1e-6	/* the smallest threshold P */
#define SIM_VERIFY_COST_MAX 1.0	/* k = 1: no faster than one position at a time */

struct sim_params {
	int gamma;		/* SPEC_GAMMA_MIN..SPEC_GAMMA_MAX */
	double noise;		/* 0..SIM_NOISE_MAX */
	uint64_t seed;
	double target_ms;	/* SIM_TARGET_MS_MIN..SIM_MS_MAX */
	double draft_ms;	/* 0..SIM_MS_MAX */
	double verify_cost;	/* k: the target over gamma + 1 positions costs
				 * target_ms (1 + k gamma); 0..SIM_VERIFY_COST_MAX */
	struct verify_params verify;	/* the rule; a zero lenience, epsilon or
					 * delta takes its default (verify.h); its
					 * draft_p_min is set per step from below */
	enum schedule_kind schedule;	/* the draft-length schedule */
	double draft_p_min;	/* the draft-p-min schedule's P, in (0, 1] */
	double draft_confidence;	/* the confidence schedule's T, in (0, 1] */
	struct tree_shape tree;	/* --tree: the token tree's shape (gamma is its
				 * depth); n = 0: a chain */
	int machine;		/* --hw: the costs come from roofline, at the
				 * gamma in force (sim_set_machine) */
	struct roofline_setup roofline;	/* the machine, the models, B and S */
	double copy_weight;	/* --copy-weight L: the target copies its text */
};

/* A copy drafter's proposal for a step (source_copy.h), for the view. */
struct sim_copy {
	int on;			/* 1: a copy drafter drafted this step */
	int n;			/* tokens it proposed; 0: no match, no draft */
	int match_length;
	long match_at;		/* where the match starts in the context */
};

struct sim_entry {
	uint64_t number;	/* 1-based over the whole run, across segments */
	struct sim_copy copy;
	struct verify_params verify;	/* the rule the step ran under */
	struct spec_step step;
	struct spec_tree tree;	/* a tree step's nodes; empty for a chain step */
};

struct sim {
	struct sim_params par;
	struct source src;
	struct source ref;	/* target-only reference stream, same data */
	struct rng rng;
	struct rng ref_rng;
	struct rng pit_rng;	/* the losslessness test's w: a stream of its own */
	struct stats stats;	/* the current segment */
	double *scratch;
	struct spec_scratch tree_scratch;	/* a tree step's working storage,
						 * one for the ring */
	struct tree_compare compare;	/* a dynamic tree against the best static
					 * shape and the chains of its N, this
					 * segment (stats/tree_compare.h) */
	uint64_t steps_total;	/* across segments */
	unsigned segment;	/* 1 for the first; +1 at each change of gamma or noise */
	int gamma_next;		/* the draft length (cap) of the next step: gamma,
				 * or the heuristic schedule's current value */
	int no_reference;	/* sim_set_reference(sim, 0): no target-only stream */
	int held;		/* a step run by sim_step_held waits in the ring's
				 * next slot, not yet counted */
	int score_all;		/* the step being run scores p at every draft */
	struct sim_entry ring[SIM_RING];
	size_t ring_len;
	size_t ring_next;
	struct stepview *views;	/* SIM_VIEWS, by step number; NULL: not kept */
	struct spec_targets targets;	/* the newest step's distributions, valid until
					 * the source's next step */
	uint64_t targets_number;	/* that step's number; 0: none */
	struct ratio_tables *ratio;	/* the losslessness test's kept orders */
	struct pair_output *pair;	/* a replay of one pair: the rule's exact
					 * output and the measured one; else NULL */
};

/* The machine's figures at the run's B, S and gamma (sim_machine.c): the
 * verification pass of B (gamma + 1) tokens, its bound, and the roofline's
 * speedup at alpha-hat taken as the per-step acceptance. */
struct sim_roofline {
	int machine;		/* 0: no machine, the rest zero */
	double batch, context;	/* B and S */
	struct roofline_time verify;	/* t(B, S, gamma + 1): both terms, seconds */
	double verify_tokens;	/* B (gamma + 1), the tokens the pass scores */
	int compute_bound;	/* verify.compute */
	double ridge_tokens;	/* F / BW at 2 bytes (roofline_ridge_tokens) */
	double t_target_ms, t_draft_ms, t_verify_ms;	/* t_T, t_D, t_V(gamma) */
	double speedup;		/* speedup(gamma) at alpha-hat; 0 before a step */
	int best_gamma;		/* in 1..SPEC_GAMMA_MAX at alpha-hat; 0: do not
				 * speculate (or no step yet) */
	double best_speedup;	/* 1 at best_gamma 0 */
};

/* Every figure a face shows, derived from the current segment. */
struct sim_figures {
	double alpha_hat, alpha_overlap, alpha_overlap_tested, alpha_stderr;
					/* alpha_overlap*: the mean of the rule's
					 * acceptance expectation beta, per step and
					 * per test, named verify_beta_label(): the
					 * overlap under a rule that accepts by it */
	double overlap, overlap_tested;	/* the overlap sum min(p, q) itself */
	double tok_per_step, closed_form, closed_form_per_step;
	double draft_acceptance_rate;	/* accepted / drafted (vLLM, llama.cpp) */
	double vllm_acceptance_length;	/* 1 + accepted / steps that drafted (vLLM) */
	double closed_form_per_step_stderr;	/* of tok_per_step - closed_form_per_step */
	double gamma_mean;		/* drafts per step (gamma under constant) */
	int vocab_pair;			/* the draft has tokens of its own
					 * (--draft-only, --draft-vocab-top) */
	double alpha_naive, alpha_tli;	/* then: the naive and TLI acceptance at
					 * each step's first position, averaged
					 * (vocab_pair.h) */
	double alpha_first, alpha_first_stderr;	/* accepted / tested at the
					 * first position; the SE of its mean
					 * about the rule's own */
	double tv;
	struct tv_null tv_null;		/* TV's law for a correct sampler (tv_null.h) */
	double tv_noise;		/* its mean: TV expected by chance */
	double draw_share;		/* stats_draw_share: tv_distance_small's premise */
	struct chisq_result chi2;
	struct lossless_result lossless;	/* the per-position PIT test */
	struct pair_output_result pair;	/* one fixed pair: the rule's exact output
					 * against p and the measured output
					 * (available 0 otherwise) */
	double cost_ratio;		/* c = draft_ms / target_ms */
	double target_rate;		/* tokens/s, target only */
	double spec_rate;		/* tokens/s at the measured tokens per step */
	double speedup;			/* Theorem 3.8 at alpha_hat, c + k for c; under
					 * a varying gamma: closed_form / the mean
					 * step cost (gamma_mean (c + k) + 1) */
	double speedup_measured;	/* measured tokens per step / (gamma_mean (c + k) + 1) */
	struct theory_optimum optimum;	/* the best constant gamma for the mean over
					 * steps of each step's own expected tokens
					 * (stats_tok_at: from the rule's own beta,
					 * not alpha_hat, which depends on the gamma
					 * run) over the step cost, c and k; the
					 * live view, the report and the JSON read it */
	double verify_cost;		/* k, as in sim_params */
	/* A tree run (--tree); zeros for a chain. */
	int tree_nodes, tree_depth;	/* the shape's drafted nodes and depth */
	int draft_passes;		/* draft passes a tree step costs: its
					 * depth, 1 for heads (drafter.h) */
	double nodes_per_step;		/* drafted nodes per step */
	double tree_step_cost;		/* 1 + passes c + nodes k, target forwards */
	int tree_closed;		/* every step had a closed-form expectation */
	struct sim_roofline roofline;	/* with a machine; zeros without */
};

/* Start a simulation over src, which the sim now owns (it is closed by sim_close,
 * also on failure); the parameters are clamped to their ranges as the setters do.
 * 0, or -1 when the source cannot make its reference twin (a replay file that
 * can no longer be opened; errno says why). */
int sim_open(struct sim *sim, const struct sim_params *par, struct source *src);
void sim_close(struct sim *sim);

/* One speculative step, plus as many reference tokens as it emitted. Returns the
 * step's record, valid until SIM_RING more steps have run. */
const struct sim_entry *sim_step(struct sim *sim);

/* Slow motion's step: run like sim_step, with the target scored at every
 * drafted position (spec_targets' score_all), but held back: not in the ring,
 * the statistics or the step count until sim_release, so a face can reveal it
 * in stages without giving the outcome away. The next sim_step, a setter that
 * starts a segment, reset or reseed releases it first. */
const struct sim_entry *sim_step_held(struct sim *sim);

/* The held step, or NULL when none is held. */
const struct sim_entry *sim_held(const struct sim *sim);

/* Count the held step as sim_step would have (nothing when none is held). */
void sim_release(struct sim *sim);

/* The i-th most recent step (0 = newest), or NULL past what the ring holds. */
const struct sim_entry *sim_recent(const struct sim *sim, size_t i);

/* Keep (on) or stop keeping step distributions for the distributions pane; off
 * at sim_open (a batch run needs none). */
void sim_keep_views(struct sim *sim, int on);

/* Copy what the distributions pane shows of the newest step (stepview.h) while
 * its source's handles are valid, once: a face calls it before it draws, so
 * every step that reaches the screen is kept (of the last SIM_VIEWS), and a run
 * of many steps a frame pays for one copy. The noise setter calls it too. */
void sim_keep_newest(struct sim *sim);

/* The kept distributions of the i-th most recent step, or NULL when they were
 * not kept (keeping off, too old, or never drawn). */
const struct stepview *sim_view(const struct sim *sim, size_t i);

/* The kept distributions of entry e (a recent or the held step), or NULL. */
const struct stepview *sim_entry_view(const struct sim *sim, const struct sim_entry *e);

/* Setters: values are clamped to their ranges. Changing gamma, noise or the rule starts a
 * new segment (fresh statistics); so do reset and reseed (which also restarts the
 * generators). The noise stays as it is when the source has none (a replay).
 * Costs only change the cost model. */
void sim_set_gamma(struct sim *sim, int gamma);
void sim_set_noise(struct sim *sim, double noise);
/* A dynamic tree's K, STEPS and N (SGLang's speculative_eagle_topk,
 * speculative_num_steps and speculative_num_draft_tokens), when the run's
 * tree is dynamic: a change starts a new segment. 0; or -1, nothing changed,
 * with one line in err (no prefix) when the run's tree is not dynamic or
 * tree_shape_parse refuses dynamic:K,STEPS,N. */
int sim_set_dynamic(struct sim *sim, int k, int steps, int n, char *err, size_t errlen);
/* The verification rule, and the lenient rule's L (clamped to
 * [VERIFY_LENIENCE_MIN, 1]); a change of the rule, or of L under the lenient
 * rule, starts a new segment. */
void sim_set_verifier(struct sim *sim, enum verify_rule rule);
void sim_set_lenience(struct sim *sim, double lenience);
/* The target's (draft 0) or the draft's (draft 1) temperature, within
 * SIM_TEMPERATURE_MIN..MAX, where the source has temperatures to change (the
 * cmu source); a new segment. */
#define SIM_TEMPERATURE_MIN 0.05
#define SIM_TEMPERATURE_MAX 20.0
void sim_set_temperature(struct sim *sim, int draft, double t);
/* The draft-length schedule; a change starts a new segment, which restarts
 * the heuristic at gamma. */
void sim_set_schedule(struct sim *sim, enum schedule_kind kind);
/* The schedule's stop threshold: T under the confidence schedule, else the
 * draft-p-min schedule's P; setting it (clamped to [SIM_P_MIN_MIN, 1]) starts
 * a new segment when the schedule reads it. */
double sim_threshold(const struct sim *sim);
void sim_set_threshold(struct sim *sim, double x);
void sim_set_costs(struct sim *sim, double target_ms, double draft_ms);
void sim_set_verify_cost(struct sim *sim, double k);
/* With a machine (par.machine), its costs at batch B and context S (the setup's
 * others kept) and the gamma in force: target_ms = t_T, draft_ms = t_D and
 * k = (t_V(gamma) / t_T - 1) / gamma. B and S are not a new segment: only the
 * cost model changes. -1, with nothing changed, when there is no machine or
 * those costs fall outside SIM_TARGET_MS_MIN..SIM_MS_MAX; else 0. Changing
 * gamma calls it at the same B and S, since k depends on gamma. */
int sim_set_machine(struct sim *sim, double batch, double context);
/* The costs of setup s at gamma, as sim_set_machine sets them, into ms and k;
 * -1 when they fall outside the sim's range (the values are still set). */
int sim_machine_costs(const struct roofline_setup *s, int gamma, double *target_ms,
    double *draft_ms, double *k);
/* The machine's figures of sim at alpha (the per-step acceptance; have: there
 * is one, else the speedups are 0); all zero without a machine. */
void sim_machine_figures(const struct sim *sim, double alpha, int have,
    struct sim_roofline *out);

/* Whether each step also draws the target-only reference stream (on at open):
 * the TV figure and its check need it; a sweep, which reports neither, runs
 * without it. */
void sim_set_reference(struct sim *sim, int on);
void sim_reset(struct sim *sim);
void sim_reseed(struct sim *sim, uint64_t seed);

/* Every figure of the run so far. */
void sim_figures(const struct sim *sim, struct sim_figures *fig);

/* sim_figures in two parts: the figures that take a pass over the vocabulary
 * (tv, tv_null, tv_noise, draw_share, chi2 and the losslessness test with its
 * per-token part), and all the others. The live view at full speed makes the
 * first part less often than every frame when it is slow (a large vocabulary);
 * the figures not made keep what fig held. */
void sim_figures_vocab(const struct sim *sim, struct sim_figures *fig);
void sim_figures_light(const struct sim *sim, struct sim_figures *fig);

/* The segment's optimum (sim_figures' optimum): the gamma in 1..SPEC_GAMMA_MAX
 * that maximises the mean over steps of each step's own expected tokens
 * (stats_tok_at) over the step cost 1 + g (c + k); "+" (at_limit) when
 * SPEC_GAMMA_MAX + 1 would do better still. */
void sim_optimum(const struct sim *sim, struct theory_optimum *out);

/* The most drafts a step of this segment can make: gamma, or SPEC_GAMMA_MAX under
 * the heuristic schedule (which grows past gamma). */
int sim_gamma_cap(const struct sim *sim);

/* Whether the run drafts a token tree: the rule is a tree rule (a tree rule
 * with no shape runs on the chain of gamma drafts as a tree). */
int sim_is_tree(const struct sim *sim);

/* The name of the acceptance expectation the run's steps record: the rule's
 * (verify_beta_label), or "overlap" for a tree rule on a source whose pair
 * changes within a step, where the closed form is not computed. */
const char *sim_beta_label(const struct sim *sim);

/* The shape a tree step of this run drafts. */
const struct tree_shape *sim_tree_shape(const struct sim *sim);

#endif
