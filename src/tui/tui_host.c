/* tui_host.c: what the live view opens around its loop and closes after it:
 * the sim and the lesson (checked before the screen opens), the recording
 * (--record), the terminal (tui_term.c), and the exit status they end with. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/sim_setup.h"
#include "metrics/metrics_http.h"
#include "lesson/lesson.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/xalloc.h"
#include "tui/tui_state.h"

static void
report_timing(const struct tui *t)
{
	const char *env = getenv("SPECDEC_TIMING");

	if (env == NULL || *env == '\0' || t->scr.frames == 0)
		return;
	fprintf(stderr, "specdec: %" PRIu64 " frames at %dx%d, draw mean %.3f ms, max %.3f ms;"
	    " %" PRIu64 " steps\n", t->scr.frames, t->scr.lay.cols, t->scr.lay.lines,
	    1e3 * t->scr.draw_total / (double)t->scr.frames, 1e3 * t->scr.draw_max,
	    t->sim.steps_total);
}

/* --record FILE.cast: the file made and its header written before the screen
 * opens, at the terminal's size (80x24 when it has none: the view then stops
 * at the terminal check anyway). */
static int
open_recording(struct tui *t, const struct options *opt, const char *title)
{
	struct winsize ws;
	char err[ERRMSG_MAX];
	int cols = 80, rows = 24, write_failed;

	if (opt->record == NULL)
		return EXIT_STATUS_OK;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0) {
		cols = ws.ws_col;
		rows = ws.ws_row;
	}
	if (asciicast_open(&t->host.rec, opt->record, cols, rows, title != NULL ? title :
	    "specdec", &write_failed, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return write_failed ? EXIT_STATUS_RUNTIME : EXIT_STATUS_USAGE;
	}
	t->host.recording = 1;
	return EXIT_STATUS_OK;
}

/* What the view needs before the screen opens: the sim, and the lesson with
 * all its lines checked. A usage error: its line on stderr, status USAGE. */
static int
open_inputs(struct tui *t, const struct options *opt)
{
	struct tui_lesson_host host = tui_lesson_hooks(t);
	struct lesson ls;
	char err[ERRMSG_MAX], ls_title[LESSON_TEXT_MAX + 16];

	if (opt->record != NULL && asciicast_check(opt->record, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	if (opt->lesson != NULL && lesson_load(&ls, opt, err, sizeof err) != 0) {
		escape_message(stderr, err);
		return EXIT_STATUS_USAGE;
	}
	if (opt->lesson != NULL)
		snprintf(ls_title, sizeof ls_title, "specdec: %s", ls.title);
	if (sim_setup(opt, &t->sim, err, sizeof err) != 0) {
		escape_message(stderr, err);
		if (opt->lesson != NULL)
			lesson_free(&ls);
		return EXIT_STATUS_USAGE;
	}
	t->host.sim_open = 1;
	if (opt->lesson != NULL)
		t->les.lesson = tui_lesson_new(&ls, &host);
	if (opt->lesson_chapter > 1)
		tui_lesson_goto(t->les.lesson, opt->lesson_chapter);
	return open_recording(t, opt, opt->lesson != NULL ? ls_title : NULL);
}

/* The recording closed; EXIT_STATUS_RUNTIME when it could not all be written. */
static int
close_recording(struct tui *t, const struct options *opt)
{
	char err[ERRMSG_MAX];

	if (!t->host.recording)
		return EXIT_STATUS_OK;
	t->host.recording = 0;
	if (asciicast_close(&t->host.rec, opt->record, err, sizeof err) == 0)
		return EXIT_STATUS_OK;
	escape_message(stderr, err);
	return EXIT_STATUS_RUNTIME;
}

static void
close_inputs(struct tui *t)
{
	tui_lesson_free(t->les.lesson);
	if (t->host.sim_open && !t->les.failed)
		sim_close(&t->sim);
}

/* --metrics URL: the poller started on its own thread. 0, or -1 with err. */
static int
open_poller(struct tui *t, const struct options *opt, char *err, size_t errlen)
{
	struct metrics_poll_setup s = { opt->metrics, opt->metrics_interval,
	    opt->metrics_window, opt->metrics_gamma, opt->metrics_log };

	if (opt->metrics == NULL || !metrics_http_is_url(opt->metrics))
		return 0;
	if ((t->host.poller = metrics_poll_start(&s, err, errlen)) == NULL)
		return -1;
	t->host.mview = xcalloc(1, sizeof *t->host.mview);
	t->host.metrics_url = escape_text(opt->metrics);
	t->host.metrics_c = opt->cost_ratio;
	t->host.metrics_k = opt->verify_cost;
	return 0;
}

static void
close_poller(struct tui *t)
{
	metrics_poll_stop(t->host.poller);
	t->host.poller = NULL;
	free(t->host.mview);
	free(t->host.metrics_url);
}

void
tui_host_metrics_tick(struct tui *t)
{
	long second;

	if (t->host.poller == NULL)
		return;
	metrics_poll_snapshot(t->host.poller, t->host.mview);
	second = (long)metrics_poll_now();
	if (t->host.mview->polls_tried != t->host.mview_polls ||
	    second != t->host.mview_second)
		t->scr.dirty = 1;
	t->host.mview_polls = t->host.mview->polls_tried;
	t->host.mview_second = second;
}

int
tui_host_open(struct tui *t, const struct options *opt)
{
	char err[ERRMSG_MAX];
	int rc;

	if ((rc = open_inputs(t, opt)) == EXIT_STATUS_OK &&
	    open_poller(t, opt, err, sizeof err) != 0) {
		escape_message(stderr, err);
		close_inputs(t);
		return EXIT_STATUS_USAGE;
	}
	if (rc == EXIT_STATUS_OK &&
	    tui_term_open(&t->scr.term, t->host.recording ? &t->host.rec : NULL, err,
	    sizeof err) == 0)
		return EXIT_STATUS_OK;
	if (rc == EXIT_STATUS_OK)
		escape_message(stderr, err);
	close_poller(t);
	if (t->host.recording) {
		(void)close_recording(t, opt);
		unlink(opt->record);	/* nothing was recorded */
	}
	close_inputs(t);
	return rc != EXIT_STATUS_OK ? rc : EXIT_STATUS_USAGE;
}

int
tui_host_close(struct tui *t, const struct options *opt)
{
	int rc;

	close_poller(t);
	tui_frame_free(t);
	tui_term_close(&t->scr.term);
	report_timing(t);
	rc = t->les.failed ? EXIT_STATUS_USAGE : t->host.hung_up ? EXIT_STATUS_HANGUP :
	    EXIT_STATUS_OK;
	if (close_recording(t, opt) != EXIT_STATUS_OK && rc == EXIT_STATUS_OK)
		rc = EXIT_STATUS_RUNTIME;
	if (t->les.failed)
		escape_message(stderr, t->les.err);
	close_inputs(t);
	free(t->look.prompt);
	return rc;
}
