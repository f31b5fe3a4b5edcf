/* cli_derive.h: the options that set or limit others, once every option is read:
 * --preset sets the alpha (and the cost ratio where the paper gives it),
 * --target-alpha sets the stub's noise, a list of values needs --sweep, and the
 * sweep's own options need it too. */
#ifndef SPECDEC_CLI_DERIVE_H
#define SPECDEC_CLI_DERIVE_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli_table.h"
#include "cli/options.h"

/* Apply the rules to opt; given has bit i set for each row i of cli_options that
 * was on the command line. 0, or EXIT_STATUS_USAGE after one line to err. */
int cli_derive(struct options *opt, const struct cli_given *given, FILE *err);

#endif
