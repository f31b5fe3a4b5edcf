/* sweep.h: a grid of simulations, one cell per combination of the sweep axes'
 * values (cli.h: --gamma, --noise, --target-alpha, --verify-cost), the last axis
 * varying fastest. Each cell runs opt->steps steps with its own seed, derived
 * from --seed and the cell's values alone, so a cell gives the same figures in
 * any grid and on any number of threads, and --batch with that seed and values
 * gives them too. */
#ifndef SPECDEC_SWEEP_H
#define SPECDEC_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "stats/theory.h"
#include "verify/spec.h"

#define SWEEP_CELLS_MAX 100000

struct sweep_cell {
	/* Where it sits in the grid. */
	int gamma;
	double noise;		/* given, or solved for target_alpha */
	double target_alpha;	/* 0: the noise was given */
	double alpha_expected;	/* with target_alpha: the overlap the noise gives */
	double verify_cost;
	int verifier;		/* an enum verify_rule */
	int schedule;		/* an enum schedule_kind */
	int tree;		/* 1 + its index in --tree's list; 0: none */
	int nodes;		/* the tree's drafted nodes (0 for a chain) */
	int width;		/* the most children a node of it has */
	double lenience;	/* the lenient rule's L; 0: the rule's default */
	uint64_t seed;		/* from the seed, gamma, noise and k: the cells that
				 * differ only in rule or schedule share their
				 * random numbers (a paired comparison) */
	/* What it measured. */
	uint64_t steps;		/* 0: not run (the sweep was interrupted) */
	double cost_ratio;	/* c = draft_ms / target_ms */
	double alpha_hat, alpha_hat_ci;		/* accepted / tested, 95% half-width */
	double tok_per_step, tok_per_step_ci;
	double speedup, speedup_ci;	/* tokens per target forward's time */
	double alpha_overlap;		/* mean overlap sum min(p, q) per step */
	double alpha_rule;		/* mean of the rule's own acceptance
					 * expectation per step (the overlap
					 * under a rule that accepts by it) */
	double gamma_mean;		/* drafts per step */
	double distortion;		/* mean over steps of TV(the rule's output,
					 * p) at each step's first position (its
					 * pair held at every position: exact on
					 * the stub); 0 for a lossless rule */
	double closed_form, closed_form_speedup;	/* at alpha_hat (stats.h) */
	struct theory_optimum optimum;	/* the best constant gamma (sim_optimum) */
	uint64_t tok_hist[SPEC_GAMMA_MAX + 1];
	uint64_t tested_at[SPEC_GAMMA_MAX], accepted_at[SPEC_GAMMA_MAX];
};

struct sweep {
	struct sweep_cell *cells;
	int ncells;		/* the cells that ran, in grid order */
	int asked;		/* the grid's cells: more than ncells when the
				 * sweep was interrupted */
	int threads;
	int has_target_alpha;	/* the target-alpha axis replaced the noise axis */
	int has_tree;		/* --tree gave a list of shapes (an axis) */
	int has_lenience;	/* some cell's rule reads L (lenient) */
};

/* Run the grid opt asks for, over one source opened (files read, models
 * trained) once and cloned for each cell. 0, or -1 with one line in err
 * (errmsg.h): a grid too large, an alpha out of the stub's reach, a source that
 * cannot open. Interrupted (interrupt.h), it starts no more cells, abandons the
 * running ones and keeps the finished ones: 0 with ncells < asked. */
int sweep_run(const struct options *opt, struct sweep *sw, char *err, size_t errlen);
void sweep_free(struct sweep *sw);

/* The number of combinations of the values of the axes besides gamma that opt
 * asks for: the series of a sweep's picture (of --tree's shapes, the kinds:
 * chains and trees). */
int sweep_series(const struct options *opt);

/* Whether some rule of the grid reads the lenience L. */
int sweep_reads_lenience(const struct options *opt);

#endif
