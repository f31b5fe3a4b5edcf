/* figures_copy.h: the figures table's row "copy": how often a copy drafter
 * found a draft and how much of what it copied the target accepted, with why
 * lookup does or does not pay on this text. */
#ifndef SPECDEC_FIGURES_COPY_H
#define SPECDEC_FIGURES_COPY_H

#include "sim/figure.h"

/* Tokens per step gained over the target alone below which lookup "does not
 * pay" in the report. */
#define FIGURES_COPY_PAYS 0.05

/* The report's "copy" lines; nothing unless a copy drafter drafts. */
figure_report_fn figures_copy_report;

/* The JSON member "copy", under the same condition: steps_with_draft (a
 * share), tokens_per_draft, accepted_share (of the copied tokens). */
figure_json_fn figures_copy_json;

#endif
