/* metrics_convention.h: from the accumulator's sums to struct metrics, in one
 * convention (metrics.h): counts by position, totals, or a mean of rates, with
 * the draft length as the file gives it, worked out from two of its figures, or
 * from --gamma. A format's row (metrics_format.h) composes its conventions from
 * these parts. Internal to src/metrics/. */
#ifndef SPECDEC_METRICS_CONVENTION_H
#define SPECDEC_METRICS_CONVENTION_H

#include <stddef.h>

#include "metrics/metrics_format.h"

/* The sums of format f into *m: the checks every format shares (nothing read,
 * a gauge only ever NaN, counters that never went up), then f's own finish. 0,
 * or -1 with err. */
int metrics_convention_apply(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen);

/* why into err; -1. */
int metrics_refuse(char *err, size_t errlen, const char *why);

/* Counts (or rates) by position into m, each position at most the one before it
 * (rounding of up to tol mended); m->drafts is set before. m's accepted and
 * drafted follow. */
int metrics_finish_positions(const struct metrics_acc *a, struct metrics *m, double tol,
    char *err, size_t errlen);

/* vLLM's: counts by position over its count of draft steps (rounding of up to
 * tol mended); without positions, totals or rates. */
int metrics_finish_drafts_positions(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, double tol, char *err,
    size_t errlen);

/* Totals: accepted of drafted tokens, the draft length from the draft steps,
 * the mean length, the file or hint. */
int metrics_finish_totals(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen);

/* A mean accepted per step from the length or rate gauges; the draft length
 * from two gauges or hint. */
int metrics_finish_rates(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen);

/* Totals when accepted and drafted were both counted, else rates. */
int metrics_finish_totals_or_rates(const struct metrics_format_entry *f,
    const struct metrics_acc *a, struct metrics *m, int hint, char *err, size_t errlen);

#endif
