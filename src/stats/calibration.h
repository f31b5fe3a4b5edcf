/* calibration.h: the draft's confidence against realised acceptance over a
 * tree run (EAGLE-2's premise: a node's score, the product of q along its
 * path, approximates the chance that the target accepts the path). Each
 * drafted node of a tree verified by the top-k rule (deterministic drafts)
 * goes into the bin of its score, CALIBRATION_BINS equal bins over [0, 1],
 * with whether it ended on the accepted path and its exact acceptance
 * probability: the target's probability of the path (spec_tree_node's
 * reach). With q = p the score is that probability, so every bin's mean
 * expected acceptance equals its mean score exactly; draft noise or a draft
 * temperature bends it. Memory is fixed whatever the steps. */
#ifndef SPECDEC_CALIBRATION_H
#define SPECDEC_CALIBRATION_H

#include <stdint.h>

#include "verify/spec_tree.h"

#define CALIBRATION_BINS 10

struct calibration {
	uint64_t nodes[CALIBRATION_BINS];	/* drafted nodes scored in the bin */
	uint64_t accepted[CALIBRATION_BINS];	/* of them, on the accepted path */
	double score[CALIBRATION_BINS];		/* their scores, summed */
	double expected[CALIBRATION_BINS];	/* their paths' target probabilities */
};

/* One bin's figures: its score range, its nodes and their means (0 with no
 * node). */
struct calibration_bin {
	double lo, hi;
	uint64_t nodes;
	double score;		/* mean draft score */
	double accepted;	/* the share on the accepted path (realised) */
	double expected;	/* mean exact acceptance probability */
};

/* The bin of a score in [0, 1] (1 goes to the last). */
int calibration_bin_of(double score);

/* Add a step's tree: its drafted nodes, when it knows their reach (a top-k
 * tree, tree->has_reach); anything else adds nothing. */
void calibration_add(struct calibration *c, const struct spec_tree *tree);

/* Bin b's figures into out. */
void calibration_get(const struct calibration *c, int b, struct calibration_bin *out);

/* The nodes over every bin. */
uint64_t calibration_nodes(const struct calibration *c);

#endif
