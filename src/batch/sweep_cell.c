/* sweep_cell.c: what the sweep's outputs (sweep_print.c, sweep_table.c,
 * batch_plot.c) ask of a cell's rule and of the grid's source. */
#include "config.h"

#include <stddef.h>

#include "batch/sweep_cell.h"
#include "cli/cli_table.h"
#include "verify/verify.h"

const char *
sweep_source_name(const struct options *opt)
{
	return cli_source_name(opt->source);
}

/* Whether the cell's rule has the closed form the live view shows (block and
 * typical: "measured only"). */
int
sweep_cell_closed(const struct sweep_cell *c)
{
	return verify_has((enum verify_rule)c->verifier, VERIFY_F_CLOSED_BETA);
}

/* Whether the cell's rule changes the output away from p, so that its
 * distortion was measured. */
int
sweep_cell_lossy(const struct sweep_cell *c)
{
	enum verify_rule r = (enum verify_rule)c->verifier;

	return !verify_has(r, VERIFY_F_LOSSLESS) || verify_has(r, VERIFY_F_POINT_TARGET);
}

/* Whether the cell's rule reads the lenience L. */
int
sweep_cell_reads_lenience(const struct sweep_cell *c)
{
	return verify_uses_param((enum verify_rule)c->verifier, offsetof(struct verify_params,
	    lenience));
}
