/* batch_pair.h: the batch report's and the JSON's account of a replay of one
 * pair, where the rule's exact output is known (pair_output.h): that output
 * against the target p, and the measured one against it. */
#ifndef SPECDEC_BATCH_PAIR_H
#define SPECDEC_BATCH_PAIR_H

#include "util/json.h"
#include "sim/sim.h"

#define BATCH_PAIR_TOKENS 8	/* tokens the report lists, the likeliest under p */

/* The report's "rule output" lines; nothing when there is no such pair or no
 * closed form (a varying draft length). */
void batch_pair_report(const struct sim *sim, const struct sim_figures *f);

/* The JSON member "rule_output", under the same condition. */
void batch_pair_json(struct json *j, const struct sim *sim, const struct sim_figures *f);

#endif
