/* sweep_table.h: a sweep's text table within 80 columns (sweep_table.c), the
 * default text output (sweep_print.c prints --wide's). */
#ifndef SPECDEC_SWEEP_TABLE_H
#define SPECDEC_SWEEP_TABLE_H

#include <stdio.h>

#include "batch/sweep.h"
#include "cli/cli.h"

/* The table within 80 columns: the heading names what every cell shares, the
 * columns what varies. */
void sweep_table_print(FILE *out, const struct sweep *sw, const struct options *opt);

#endif
