/* batch_plot.h: --plot, the handout picture (handout.h) of a batch run or a sweep. */
#ifndef SPECDEC_BATCH_PLOT_H
#define SPECDEC_BATCH_PLOT_H

#include <stddef.h>

struct sim;
struct sim_figures;
struct sweep;

/* A batch run: the curves at its overlap alpha, its one measured point, its
 * histogram and acceptance. 0, or -1 with one line in err (errmsg.h). */
int batch_plot_run(const char *path, const struct sim *sim, const struct sim_figures *f,
    char *err, size_t errlen);

/* A sweep: one series per combination of the axes other than gamma (the first
 * HANDOUT_SERIES_MAX), the lower panels from the fastest cell. */
int batch_plot_sweep(const char *path, const struct sweep *sw, char *err,
    size_t errlen);

#endif
