/* sweep_cell.h: what the sweep's outputs ask of a cell's rule and of the
 * grid's source (sweep_cell.c), shared by the wide table and CSV and JSON
 * (sweep_print.c), the 80-column table (sweep_table.c) and the picture
 * (batch_plot.c). */
#ifndef SPECDEC_SWEEP_CELL_H
#define SPECDEC_SWEEP_CELL_H

#include "batch/sweep.h"
#include "cli/cli.h"

/* The source's name as the sweep's outputs write it: --source's name for it
 * (stub, replay, ngram, cmu). */
const char *sweep_source_name(const struct options *opt);

/* Whether the cell's rule has a closed form (not block, typical: measured only),
 * whether its output differs from p (its distortion was measured), and whether
 * it reads the lenience L. */
int sweep_cell_closed(const struct sweep_cell *c);
int sweep_cell_lossy(const struct sweep_cell *c);
int sweep_cell_reads_lenience(const struct sweep_cell *c);

#endif
