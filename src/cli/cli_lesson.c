/* cli_lesson.c: the options that apply beside --lesson, one row each; every
 * other option is refused there. */
#include "config.h"

#include <string.h>

#include "cli/cli_lesson.h"
#include "util/exit_status.h"

/* The options that go with --lesson, and what each does under the script. */
static const struct {
	const char *name;
	const char *under;	/* what it does there (a comment for readers) */
} applies[] = {
	{ "lesson", "the script" },
	{ "batch", "run it headless and verify its checks and answers" },
	{ "chapter", "start at a chapter, the earlier ones run silently" },
	{ "print", "write the script instead of running it" },
	{ "quiz", "write its questions instead of running it" },
	{ "record", "record the live view, a marker at each chapter" },
	{ "frames", "end the live view after N frames" },
	{ "duration", "end the live view after S seconds" },
	{ "export-html", "a course page whose questions are the lesson's" },
};

/* The options of the headless report, which a lesson's run does not print. */
static const char *const report_only[] = {
	"json", "sweep", "plot", "trace", "csv", "wide", "threads",
};

int
cli_lesson_applies(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof applies / sizeof applies[0]; i++)
		if (strcmp(applies[i].name, name) == 0)
			return 1;
	return 0;
}

static int
is_report_only(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof report_only / sizeof report_only[0]; i++)
		if (strcmp(report_only[i], name) == 0)
			return 1;
	return 0;
}

/* --chapter, --print and --quiz: a lesson's, and one at a time. */
static int
check_lesson_own(const struct options *opt, FILE *err)
{
	const char *own = opt->lesson_print ? "print" : opt->lesson_quiz ? "quiz" :
	    opt->lesson_chapter > 0 ? "chapter" : NULL;

	if (own == NULL)
		return 0;
	if (opt->lesson == NULL) {
		fprintf(err, "specdec: --%s needs --lesson NAME (or FILE)\n", own);
		return EXIT_STATUS_USAGE;
	}
	if (opt->lesson_print + opt->lesson_quiz + (opt->lesson_chapter > 0) > 1) {
		fprintf(err, "specdec: --%s: give one of --print, --quiz and --chapter\n",
		    own);
		return EXIT_STATUS_USAGE;
	}
	if ((opt->lesson_print || opt->lesson_quiz) && opt->mode == CLI_BATCH) {
		fprintf(err, "specdec: --%s does not apply with --batch: it writes the"
		    " lesson's text, it runs nothing\n", own);
		return EXIT_STATUS_USAGE;
	}
	return 0;
}

int
cli_lesson_check(const struct options *opt, const struct cli_given *given, FILE *err)
{
	const struct cli_option *o;
	size_t i;

	if (check_lesson_own(opt, err) != 0)
		return EXIT_STATUS_USAGE;
	if (opt->lesson == NULL)
		return 0;
	for (i = 0; i < cli_noptions; i++) {
		o = &cli_options[i];
		if (!cli_given_has(given, i) || cli_lesson_applies(o->name))
			continue;
		if (is_report_only(o->name))
			fprintf(err, "specdec: --%s does not apply with --lesson: --lesson"
			    " --batch runs the lesson's own steps and prints its verdicts\n",
			    o->name);
		else
			fprintf(err, "specdec: --%s does not apply with --lesson: the lesson"
			    " sets its own run; to change it, edit a copy (--lesson NAME"
			    " --print >FILE)\n", o->name);
		return EXIT_STATUS_USAGE;
	}
	return 0;
}
