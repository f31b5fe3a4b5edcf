/* sim.h: the model both faces drive. It owns the parameters, the generators, the
 * source and its target-only reference twin, the statistics of the current segment
 * and a ring of recent steps; its setters keep them consistent. */
#ifndef SPECDEC_SIM_H
#define SPECDEC_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"
#include "source.h"
#include "spec.h"
#include "stats.h"

#define SIM_RING 256		/* recent steps kept for display */
#define SIM_NOISE_MAX 10.0
#define SIM_TARGET_MS_MIN 1e-3	/* smallest target cost, ms */
#define SIM_MS_MAX 1e6		/* largest target or draft cost, ms */

struct sim_params {
	int gamma;		/* SPEC_GAMMA_MIN..SPEC_GAMMA_MAX */
	double noise;		/* 0..SIM_NOISE_MAX */
	uint64_t seed;
	double target_ms;	/* SIM_TARGET_MS_MIN..SIM_MS_MAX */
	double draft_ms;	/* 0..SIM_MS_MAX */
};

struct sim_entry {
	uint64_t number;	/* 1-based over the whole run, across segments */
	struct spec_step step;
};

struct sim {
	struct sim_params par;
	struct source src;
	struct source ref;	/* target-only reference stream, same data */
	struct rng rng;
	struct rng ref_rng;
	struct stats stats;	/* the current segment */
	double *scratch;
	uint64_t steps_total;	/* across segments */
	unsigned segment;	/* 1 for the first; +1 at each change of gamma or noise */
	struct sim_entry ring[SIM_RING];
	size_t ring_len;
	size_t ring_next;
};

/* Every figure a face shows, derived from the current segment. */
struct sim_figures {
	double alpha_hat, alpha_overlap, alpha_overlap_tested, alpha_stderr;
	double tok_per_step, closed_form, closed_form_jensen;
	double closed_form_jensen_stderr;	/* of tok_per_step - closed_form_jensen */
	double tv;
	struct tv_null tv_null;		/* TV's law for a correct sampler (tv_null.h) */
	double tv_noise;		/* its mean: TV expected by chance */
	struct chisq_result chi2;
	double cost_ratio;		/* c = draft_ms / target_ms */
	double target_rate;		/* tokens/s, target only */
	double spec_rate;		/* tokens/s at the measured tokens per step */
	double speedup;			/* Theorem 3.8 at alpha_hat */
	double speedup_measured;	/* measured tokens per step / (gamma c + 1) */
	int optimal_gamma;		/* for alpha_overlap (not alpha_hat, which
					 * depends on the gamma run) and c */
	double optimal_speedup;
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

/* The i-th most recent step (0 = newest), or NULL past what the ring holds. */
const struct sim_entry *sim_recent(const struct sim *sim, size_t i);

/* Setters: values are clamped to their ranges. Changing gamma or noise starts a new
 * segment (fresh statistics); so do reset and reseed (which also restarts the
 * generators). The noise stays as it is when the source has none (a replay).
 * Costs only change the cost model. */
void sim_set_gamma(struct sim *sim, int gamma);
void sim_set_noise(struct sim *sim, double noise);
void sim_set_costs(struct sim *sim, double target_ms, double draft_ms);
void sim_reset(struct sim *sim);
void sim_reseed(struct sim *sim, uint64_t seed);

void sim_figures(const struct sim *sim, struct sim_figures *fig);

#endif
