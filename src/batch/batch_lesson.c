/* batch_lesson.c: --lesson NAME --print and --quiz. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "batch/batch_lesson.h"
#include "lesson/lesson.h"
#include "lesson/lesson_quiz.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/exit_status.h"

/* The script, as it is: the bytes a copy must have. */
static int
print_script(const struct options *opt, char *err, size_t errlen)
{
	size_t len;
	char *text;

	if ((text = lesson_script(opt->lesson, &len, err, errlen)) == NULL)
		return -1;
	fwrite(text, 1, len, stdout);
	free(text);
	return 0;
}

/* The quiz of the script, parsed as --lesson parses it (its sources unopened). */
static int
print_quiz(const struct options *opt, char *err, size_t errlen)
{
	struct lesson ls;

	if (lesson_parse_named(&ls, opt, err, errlen) != 0)
		return -1;
	lesson_quiz(&ls, stdout);
	lesson_free(&ls);
	return 0;
}

int
batch_lesson_text(const struct options *opt)
{
	char err[ERRMSG_MAX];
	int rc = opt->lesson_print ? print_script(opt, err, sizeof err) :
	    print_quiz(opt, err, sizeof err);

	if (rc == 0)
		return EXIT_STATUS_OK;
	escape_message(stderr, err);
	return EXIT_STATUS_USAGE;
}
