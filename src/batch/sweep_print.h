/* sweep_print.h: a sweep's cells as text, CSV or JSON (sweep_print.c). */
#ifndef SPECDEC_SWEEP_PRINT_H
#define SPECDEC_SWEEP_PRINT_H

#include <stdio.h>

#include "batch/sweep.h"
#include "cli/cli.h"

/* The grid as a text table (within 80 columns, sweep_table.h, or every column
 * with --wide), CSV or JSON. */
void sweep_print_text(FILE *out, const struct sweep *sw, const struct options *opt);
void sweep_print_csv(FILE *out, const struct sweep *sw, const struct options *opt);
void sweep_print_json(FILE *out, const struct sweep *sw, const struct options *opt);

#endif
