/* main.c: parse the command line, then hand over to a face. */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch.h"
#include "batch/batch_lesson.h"
#include "batch/batch_roofline.h"
#include "batch/course.h"
#include "batch/explain_draft.h"
#include "cli/cli.h"
#include "util/exit_status.h"
#include "cli/presets.h"
#include "lesson/lesson_builtin.h"
#include "tui/tui.h"

static int
run_mode(const struct options *opt)
{
	switch (opt->mode) {
	case CLI_HELP:
		cli_usage(stdout);
		return EXIT_STATUS_OK;
	case CLI_PRESETS:
		presets_print(stdout);
		return EXIT_STATUS_OK;
	case CLI_LESSONS:
		lesson_builtin_list(stdout);
		return EXIT_STATUS_OK;
	case CLI_HWS:
		batch_roofline_list_hw(stdout);
		return EXIT_STATUS_OK;
	case CLI_MODELS:
		batch_roofline_list_models(stdout);
		return EXIT_STATUS_OK;
	case CLI_VERSION:
		printf("specdec %s\n", PACKAGE_VERSION);
		return EXIT_STATUS_OK;
	case CLI_BATCH:
		if (opt->explain_draft != NULL)
			return explain_draft_run(opt);
		return batch_run(opt);
	case CLI_THEORY:
		return batch_theory(opt);
	case CLI_EXPORT:
		return course_export(opt);
	case CLI_LIVE:
		if (opt->lesson_print || opt->lesson_quiz)
			return batch_lesson_text(opt);
		break;
	}
	return tui_run(opt);
}

/* Whether standard output is a pipe or socket whose reader has gone (| head -1):
 * poll marks its write end with POLLERR, whenever the write that failed. */
static int
reader_gone(void)
{
	struct pollfd pfd = { .fd = STDOUT_FILENO, .events = POLLOUT };

	return poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLERR) != 0;
}

/* The mode's status, unless its output could not all be written (a full disk, a
 * closed stream): then one line on stderr and EXIT_STATUS_RUNTIME, so a cut
 * report is never taken for a success. A reader that stopped reading (| head -1)
 * is no failure: nothing said, the mode's status, as whether it happened must not
 * depend on whether the report fitted in the pipe. A failed stderr has nowhere to
 * say so. */
static int
output_status(int rc)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno == EPIPE || reader_gone())
			return rc;
		fprintf(stderr, "specdec: cannot write the output: %s\n",
		    errno != 0 ? strerror(errno) : "write error");
		return EXIT_STATUS_RUNTIME;
	}
	if (fflush(stderr) != 0 || ferror(stderr))
		return EXIT_STATUS_RUNTIME;
	return rc;
}

/* Outside the live view a pipe closed early (| head -1) ends nothing at once:
 * SIGPIPE ignored, the write fails with EPIPE and output_status returns the
 * mode's status, where the signal would give 141 or not depending on whether
 * the report fitted in the pipe. */
static void
pipe_errors_returned(const struct options *opt)
{
	if (opt->mode != CLI_LIVE)
		signal(SIGPIPE, SIG_IGN);
}

int
main(int argc, char **argv)
{
	struct options opt;
	int rc;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");	/* JSON and option values use a decimal point */
	if ((rc = cli_parse(argc, argv, &opt, stderr)) != 0)
		return rc;
	/* past ulimit -f, a write fails with EFBIG (the live view writes a file
	 * only with --record) */
	if (opt.mode != CLI_LIVE || opt.record != NULL)
		signal(SIGXFSZ, SIG_IGN);
	pipe_errors_returned(&opt);
	return output_status(run_mode(&opt));
}
