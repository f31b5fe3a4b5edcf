/* handout.h: the --plot picture, one standalone SVG in four panels: speedup and
 * tokens per step against gamma (closed-form curves at each series' measured
 * overlap alpha, measured points with 95% intervals), the tokens-per-step
 * histogram of one run against the closed-form distribution (or, over a list
 * of L, the speedup against the rule's distortion), and that run's acceptance
 * by draft position; under the title, why the measured points sit above the
 * curves at large gamma when they do. Black and white: dashes and marker shapes tell
 * the series apart. */
#ifndef SPECDEC_HANDOUT_H
#define SPECDEC_HANDOUT_H

#include <stddef.h>
#include <stdint.h>

#include "verify/spec.h"

#define HANDOUT_SERIES_MAX 6
#define HANDOUT_POINTS_MAX 64
#define HANDOUT_LABEL_MAX 96

struct handout_point {
	int gamma;
	double tok, tok_ci;		/* tokens per step, 95% half-width */
	double speedup, speedup_ci;
	double dist;			/* the rule's distortion, TV(output, p) */
};

/* Runs that differ only in gamma. */
struct handout_series {
	char label[HANDOUT_LABEL_MAX];
	double alpha;		/* the overlap alpha of the closed-form curves */
	double c, k;		/* cost ratio and verification cost */
	int npoints;
	struct handout_point pt[HANDOUT_POINTS_MAX];
};

/* The run of the lower panels. */
struct handout_run {
	char label[HANDOUT_LABEL_MAX + 32];
	int gamma;
	uint64_t steps;
	double alpha_hat;	/* the closed-form distribution's alpha */
	uint64_t tok_hist[SPEC_GAMMA_MAX + 1];
	uint64_t tested_at[SPEC_GAMMA_MAX], accepted_at[SPEC_GAMMA_MAX];
};

struct handout {
	char title[200];
	int trade;		/* the lower-left panel: speedup against distortion
				 * (a sweep over L), not the histogram */
	int nseries;
	struct handout_series series[HANDOUT_SERIES_MAX];
	struct handout_run run;
};

/* Write h to path atomically (outfile.h): on any failure path is left as it
 * was. 0, or -1 with one line in err (errmsg.h). */
int handout_write(const char *path, const struct handout *h, char *err, size_t errlen);

/* Tokens per step and its 95% half-width from a histogram (hist[n-1]: steps that
 * emitted n tokens, n = 1..gamma + 1). */
void handout_tok_ci(const uint64_t *hist, int gamma, double *mean, double *ci);

#endif
