/* batch_metrics.h: --batch --metrics FILE: a serving system's metrics read, the
 * speedup against gamma predicted, reported as text or JSON, and drawn with
 * --plot (batch_metrics_plot.c). */
#ifndef SPECDEC_BATCH_METRICS_H
#define SPECDEC_BATCH_METRICS_H

#include <stddef.h>

struct options;
struct metrics;
struct metrics_prediction;

/* Read opt->metrics, predict, print the report (or JSON), write the plot.
 * Returns EXIT_STATUS_OK, USAGE (a file that cannot be read, one line on
 * stderr quoting the line) or RUNTIME (the plot could not be written). */
int batch_metrics(const struct options *opt);

/* The SVG of the prediction: speedup and tokens per step against gamma with
 * their 95% bands, the measured point, the best gamma. 0, or -1 with err. */
int batch_metrics_plot(const char *path, const struct metrics *m,
    const struct metrics_prediction *p, const char *cost_words, char *err,
    size_t errlen);

#endif
