/* figures_vocab.h: the figures table's rows of a draft with another
 * vocabulary (--draft-only, --draft-vocab-top): the naive and the TLI
 * acceptance at the first position in closed form (vocab_pair.h) beside the
 * acceptance measured there under the running rule. */
#ifndef SPECDEC_FIGURES_VOCAB_H
#define SPECDEC_FIGURES_VOCAB_H

#include "sim/figure.h"

/* The report's "vocab pair" line; nothing unless the pair is heterogeneous. */
figure_report_fn figures_vocab_report;

/* A row's scalar (alpha_naive, alpha_tli, alpha_first, alpha_first_stderr),
 * under the same condition. */
figure_json_fn figures_vocab_json;

#endif
