/* cli.h: the command line, parsed and validated into one options struct. */
#ifndef SPECDEC_CLI_H
#define SPECDEC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/options.h"

/* Parse argv into opt. On a usage error, write one line naming the option and its
 * valid range to err and return CLI_EXIT_USAGE; otherwise return 0. */
int cli_parse(int argc, char **argv, struct options *opt, FILE *err);

/* cli_parse of a lesson's set line: argv[0..nbase) is the command line, and
 * the options after it the lesson's, which cli_lesson_check does not refuse
 * (only the command line's options are judged against --lesson). */
int cli_parse_after(int argc, char **argv, int nbase, struct options *opt, FILE *err);

/* The --help text, generated from the option table (cli_help.c). */
void cli_usage(FILE *out);

#endif
