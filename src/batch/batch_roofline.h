/* batch_roofline.h: the machine-aware cost model in the headless face: the
 * --list-hw and --list-models tables, the roofline block of --theory and of the
 * report, and the "roofline" JSON object (stats/roofline.h). */
#ifndef SPECDEC_BATCH_ROOFLINE_H
#define SPECDEC_BATCH_ROOFLINE_H

#include <stdio.h>

#include "stats/theory.h"
#include "util/json.h"

struct options;

/* The presets, one row each with its source. */
void batch_roofline_list_hw(FILE *out);
void batch_roofline_list_models(FILE *out);

/* The name of the machine, the target or the draft as a face shows it: the
 * preset's, else the option's value as given. */
const char *batch_roofline_name(const char *preset_name, const char *given);

/* The machine's block in words: the setup, both terms of each pass, the ridge,
 * c and k at gamma, the best gamma at alpha and the batch from which not to
 * speculate. */
void batch_roofline_text(FILE *out, const struct options *opt, double alpha,
    int gamma_max, int gamma);

/* The object "roofline" at alpha, gamma 0..gamma_max. */
void batch_roofline_json(struct json *j, const struct options *opt, double alpha,
    int gamma_max);

/* The machine's step times in ms at gamma 0..n-1 into ms: g t_D + t_V(g), the
 * target alone at 0 (the form of --step-ms, for the metrics predictor). */
void batch_roofline_step_ms(const struct options *opt, double *ms, int n);

/* The best gamma in 1..gamma_max at alpha, as theory_optimum gives it. */
void batch_roofline_optimum(const struct options *opt, double alpha, int gamma_max,
    struct theory_optimum *out);

#endif
