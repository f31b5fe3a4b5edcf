/* figures.h: the table of figures, one row per figure a run reports (as htop's
 * Process_fields[]): its JSON key, the text report's label and format, where its
 * value comes from, and a one-line explanation. The batch report and the JSON
 * walk the table (figures_report, figures_json) and the live view's help page 2
 * lists its rows that the screen shows, so adding a figure is adding a row.
 *
 * The table's order is the JSON's: its header rows (the run's parameters that
 * are numbers, which the JSON gives among the other parameters), then its
 * scalars, then its arrays, then its nested members, each in table order. The report walks the table once in the
 * same order: a row with a label starts a line, a row without one goes on the
 * line before; a row with a report writer writes its own part. */
#ifndef SPECDEC_FIGURES_H
#define SPECDEC_FIGURES_H

#include <stdio.h>

#include "sim/figure.h"
#include "util/json.h"

extern const struct figure figures[];
extern const int nfigures;

/* The report's figures, from "tokens" through the checks, to out. */
void figures_report(FILE *out, const struct figures_run *r);

/* The JSON's figures, from "tokens" through "checks", as members of the open
 * object. */
void figures_json(struct json *j, const struct figures_run *r);

/* The run's parameters that are numbers, the header rows ("steps" through
 * "verify_cost"), as members of the open object. */
void figures_json_header(struct json *j, const struct figures_run *r);

/* The i-th row the live view shows (help page 2's i-th line), or NULL past
 * the last. */
const struct figure *figures_screen(int i);


#endif
