/* batch_plot.h: --plot, the handout picture (handout.h) of a batch run or a sweep. */
#ifndef SPECDEC_BATCH_PLOT_H
#define SPECDEC_BATCH_PLOT_H

#include <stddef.h>

struct options;
struct sim;
struct sim_figures;
struct sweep;

/* A batch run: the curves at its overlap alpha, its one measured point, its
 * histogram and acceptance; the title names the preset (NULL: none) and c. 0,
 * or -1 with one line in err (errmsg.h). */
int batch_plot_run(const char *path, const struct sim *sim, const struct sim_figures *f,
    const char *preset, char *err, size_t errlen);

/* Whether the sweep opt asks for can be drawn: at most HANDOUT_SERIES_MAX
 * combinations of the values besides gamma. 0, or -1 with one line in err. */
int batch_plot_sweep_check(const struct options *opt, char *err, size_t errlen);

/* A sweep: one series per combination of the values besides gamma (the
 * verifier, schedule, L, noise or target alpha, k), each labelled by the
 * values that differ between series, the title naming opt's preset and c; the
 * lower panels from the fastest cell, named by all its values (over a list of
 * L the lower left one is the speedup against the distortion). 0, or -1 with one line in err: a file that cannot be
 * written, more than HANDOUT_SERIES_MAX series. */
int batch_plot_sweep(const char *path, const struct sweep *sw, const struct options *opt,
    char *err, size_t errlen);

#endif
