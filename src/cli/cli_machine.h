/* cli_machine.h: --hw, --model, --draft-model, --batch-size, --context and
 * --draft-kv-budget read into the roofline setup (stats/roofline.h); with a
 * machine, its costs replace --target-ms, --draft-ms, --cost-ratio and
 * --verify-cost. */
#ifndef SPECDEC_CLI_MACHINE_H
#define SPECDEC_CLI_MACHINE_H

#include <stdio.h>

#include "cli/cli_table.h"
#include "cli/options.h"

/* Read the machine options into opt->roofline and set the costs from it. 0, or
 * EXIT_STATUS_USAGE after one line to err naming the option. */
int cli_machine(struct options *opt, const struct cli_given *given, FILE *err);

#define CLI_MACHINE_SWEEP_GAMMA 16	/* the draft lengths the roofline sweep weighs */

/* Whether opt asks for the roofline sweep: --sweep with --hw and a list in
 * --batch-size or --context (batch/sweep_roofline.h). */
int cli_machine_sweep(const struct options *opt);

/* Set the machine's costs at gamma in opt: target_ms, draft_ms, cost_ratio and
 * verify_cost (also the first of its sweep axis). */
void cli_machine_costs(struct options *opt, int gamma);

#endif
