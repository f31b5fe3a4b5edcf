/* cli_lesson.h: what the command line may give beside --lesson. A lesson sets
 * its own run with its set lines, so an option of the run given on the
 * command line would change the figures its checks and answers claim, or be
 * overridden by the script without a word: such options are refused, each
 * with one line naming it. The options that apply under the script (the
 * mode, the lesson's own options, the recording and the view's end) are the
 * rows of one table in cli_lesson.c, which the man page's --lesson follows. */
#ifndef SPECDEC_CLI_LESSON_H
#define SPECDEC_CLI_LESSON_H

#include <stdio.h>

#include "cli/cli_table.h"

/* With opt->lesson: the first row of given (the command line's) that does not
 * apply under a lesson, refused in one line on err (EXIT_STATUS_USAGE);
 * without it, --chapter, --print and --quiz refused the same way. 0 when
 * every option goes. */
int cli_lesson_check(const struct options *opt, const struct cli_given *given,
    FILE *err);

/* Whether an option of that name applies under a lesson's script. */
int cli_lesson_applies(const char *name);

#endif
