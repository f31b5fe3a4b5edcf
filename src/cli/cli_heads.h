/* cli_heads.h: --drafter heads and mtp, once every option is read: the head
 * tree from --head-topk (the product shape, drafted by heads or modules), the
 * topk rule that verifies it, --head-cost as the draft's cost, and the
 * options that do not go with it. */
#ifndef SPECDEC_CLI_HEADS_H
#define SPECDEC_CLI_HEADS_H

#include <stdio.h>

#include "cli/cli_table.h"
#include "cli/options.h"

/* Whether opt's drafter drafts a head tree (heads or mtp). */
int cli_heads_drafted(const struct options *opt);

/* Apply the rules above to opt (its tree_shape, verifier, gamma, draft_ms);
 * refuse --head-* without such a drafter. 0, or EXIT_STATUS_USAGE after one
 * line to err. */
int cli_heads(struct options *opt, const struct cli_given *given, FILE *err);

#endif
