/* sweep_roofline.h: the roofline sweep, --sweep with --hw and a list in
 * --batch-size or --context: one row per target alpha, context S and batch B
 * (B varying fastest), each with the machine's step times, which bound the
 * target step hits, the derived c, the best gamma in 1..CLI_MACHINE_SWEEP_GAMMA
 * with its speedup and the speedup at --gamma; then, per alpha and S, the batch
 * from which not to speculate. It simulates nothing: acceptance does not depend
 * on the machine, so each row is the closed form of stats/roofline.h at the
 * target alpha as the per-step acceptance rate. */
#ifndef SPECDEC_SWEEP_ROOFLINE_H
#define SPECDEC_SWEEP_ROOFLINE_H

struct options;

/* Print the sweep opt asks for (cli_machine_sweep(opt) holds) as a text table
 * within 80 columns, CSV (--csv) or JSON (--json) to standard output; 0. */
int sweep_roofline(const struct options *opt);

#endif
