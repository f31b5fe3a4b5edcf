/* rule_block.c: block verification (Sun et al. 2024, arXiv 2403.10444,
 * Algorithm 2): the drafted block is verified jointly by verify_block_step
 * (verify_block.c), wrapped as it is. Lossless, so its output on one pair is p;
 * its acceptance has no per-position closed form (a step records the overlap). */
#include "config.h"

#include "verify/rule.h"

static void
block_step(const struct verify_params *par, struct source *src, struct rng *rng,
    int gamma, double *scratch, struct spec_step *out, struct spec_targets *targets)
{
	verify_block_step(src, rng, gamma, par, scratch, out, targets);
}

const struct verify_entry verify_rule_block = {
	.name = "block",
	.flags = VERIFY_F_LOSSLESS | VERIFY_F_OVERLAP | VERIFY_F_REPL_MASS,
	.test = "eta_i <= h_i, the whole block at once",
	.replacement = "norm(max(0, p_tau p - q))",
	.bonus_name = "p",
	.beta_name = "none: measured only (a step records the overlap)",
	.step = block_step,
	.explain = "verify the drafted block jointly (Sun et al. 2024, Algorithm 2)",
};
