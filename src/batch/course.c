/* course.c: --export-html, the course page beside a recording (course.h). */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/course.h"
#include "batch/course_page.h"
#include "cli/cli.h"
#include "lesson/lesson.h"
#include "lesson/lesson_builtin.h"
#include "util/asciicast.h"
#include "util/datadir.h"
#include "util/errmsg.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/outfile.h"
#include "util/readfile.h"
#include "util/xalloc.h"

#define COURSE_PLAYER_DIR "player"
#define COURSE_PLAYER_JS "asciinema-player.min.js"
#define COURSE_PLAYER_CSS "asciinema-player.css"
#define COURSE_PLAYER_MAX (16u << 20)	/* bytes of each player file */
#define COURSE_LESSON_MAX (1u << 20)	/* as lesson_load's */
#define COURSE_TITLE_PREFIX "specdec: "	/* --record's title of a lesson */

static int
say(int status, const char *msg)
{
	escape_message(stderr, msg);
	return status;
}

/* FILE.cast's page name, FILE.html, in a new string; NULL when path does not
 * end in .cast. */
static char *
page_name(const char *path)
{
	size_t n = strlen(path), sn = strlen(ASCIICAST_SUFFIX);
	char *out;

	if (n <= sn || strcmp(path + n - sn, ASCIICAST_SUFFIX) != 0 || path[n - sn - 1] == '/')
		return NULL;
	out = xmalloc(n - sn + sizeof ".html");
	memcpy(out, path, n - sn);
	strcpy(out + n - sn, ".html");
	return out;
}

/* The player's script and style, each checked to sit inlined. */
struct player {
	char *js, *css;
	size_t js_len, css_len;
};

static char *
player_file(const char *dir, const char *name, const char *tag, size_t *len,
    char *err, size_t errlen)
{
	char path[PATH_MAX + 64];
	char *text;

	snprintf(path, sizeof path, "%s/" COURSE_PLAYER_DIR "/%s", dir, name);
	if ((text = readfile_max(path, COURSE_PLAYER_MAX, len, err, errlen)) == NULL)
		return NULL;
	if (course_page_inlinable(text, *len, tag))
		return text;
	snprintf(err, errlen, "%s: holds \"</%s\" or \"<!--\": cannot be inlined in the "
	    "page's <%s>", path, tag, tag);
	free(text);
	return NULL;
}

static int
player_load(struct player *pl, char *err, size_t errlen)
{
	char dir[PATH_MAX];

	memset(pl, 0, sizeof *pl);
	if (datadir_find(COURSE_PLAYER_DIR "/" COURSE_PLAYER_JS, dir, sizeof dir, err,
	    errlen) != 0)
		return -1;
	if ((pl->js = player_file(dir, COURSE_PLAYER_JS, "script", &pl->js_len, err,
	    errlen)) == NULL)
		return -1;
	if ((pl->css = player_file(dir, COURSE_PLAYER_CSS, "style", &pl->css_len, err,
	    errlen)) == NULL) {
		free(pl->js);
		return -1;
	}
	return 0;
}

/* The live view's options with nothing given: what a lesson's set lines are
 * parsed after, as for specdec --lesson NAME alone. */
static void
live_options(struct options *base)
{
	static char prog[] = "specdec";
	static char *argv[] = { prog, NULL };

	if (cli_parse(1, argv, base, stderr) != 0)
		abort();	/* the defaults always parse */
}

/* The built-in lesson whose recording has this title, or NULL. */
static const struct lesson_builtin *
recorded_builtin(const struct castfile *c, const struct options *base, struct lesson *ls)
{
	size_t pn = strlen(COURSE_TITLE_PREFIX);
	char err[ERRMSG_MAX];
	int i;

	if (c->title == NULL || c->title_len <= pn ||
	    memcmp(c->title, COURSE_TITLE_PREFIX, pn) != 0)
		return NULL;
	for (i = 0; i < lesson_nbuiltins; i++) {
		const struct lesson_builtin *b = &lesson_builtins[i];

		if (lesson_parse(ls, b->name, (const char *)b->text, *b->len, base, err,
		    sizeof err) != 0)
			continue;
		if (strcmp(ls->title, c->title + pn) == 0)
			return b;
		lesson_free(ls);
	}
	return NULL;
}

/* The questions' lesson into ls: --lesson's, else the recorded built-in one.
 * 1 when there is one, 0 when none, -1 with err. */
static int
questions_lesson(const struct options *opt, const struct castfile *c, struct lesson *ls,
    char *err, size_t errlen)
{
	const struct lesson_builtin *b;
	struct options base;
	size_t len;
	char *text;
	int rc;

	live_options(&base);
	if (opt->lesson == NULL)
		return recorded_builtin(c, &base, ls) != NULL;
	if ((b = lesson_builtin_find(opt->lesson)) != NULL)
		return lesson_parse(ls, b->name, (const char *)b->text, *b->len, &base, err,
		    errlen) == 0 ? 1 : -1;
	if ((text = readfile_max(opt->lesson, COURSE_LESSON_MAX, &len, err, errlen)) == NULL)
		return -1;
	rc = lesson_parse(ls, opt->lesson, text, len, &base, err, errlen);
	free(text);
	return rc == 0 ? 1 : -1;
}

static int
write_page(const char *path, const struct course_page *pg, char *err, size_t errlen)
{
	struct outfile of;
	char why[ERRMSG_MAX - 32];

	if (outfile_open(&of, path, why, sizeof why) == 0) {
		course_page_write(of.fp, pg);
		if (outfile_commit(&of, path, why, sizeof why) == 0)
			return 0;
	}
	snprintf(err, errlen, "--export-html: cannot write %s", why);
	return -1;
}

/* Everything read, the page written: the exit status. */
static int
export(const struct options *opt, const char *out, struct castfile *c, struct lesson *ls,
    int *have_lesson)
{
	struct course_page pg = { .cast = c, .name = opt->export_html };
	struct player pl;
	char err[ERRMSG_MAX], *shown;
	int rc, n;

	if (outfile_check(out, err, sizeof err) != 0)
		return say(EXIT_STATUS_USAGE, err);
	if (castfile_read(c, opt->export_html, err, sizeof err) != 0)
		return say(EXIT_STATUS_USAGE, err);
	if ((*have_lesson = questions_lesson(opt, c, ls, err, sizeof err)) < 0)
		return say(EXIT_STATUS_USAGE, err);
	if (player_load(&pl, err, sizeof err) != 0)
		return say(EXIT_STATUS_RUNTIME, err);
	pg.js = pl.js, pg.js_len = pl.js_len;
	pg.css = pl.css, pg.css_len = pl.css_len;
	pg.lesson = *have_lesson ? ls : NULL;
	rc = write_page(out, &pg, err, sizeof err);
	free(pl.js);
	free(pl.css);
	if (rc != 0)
		return say(EXIT_STATUS_RUNTIME, err);
	shown = escape_text(out);
	n = course_page_questions(pg.lesson);
	printf("%s: %zu chapter%s, %d question%s\n", shown, c->nmarkers,
	    c->nmarkers == 1 ? "" : "s", n, n == 1 ? "" : "s");
	free(shown);
	return EXIT_STATUS_OK;
}

int
course_export(const struct options *opt)
{
	struct castfile c = { 0 };
	struct lesson ls;
	char *out = page_name(opt->export_html);
	int rc, have_lesson = 0;

	if (out == NULL)
		return say(EXIT_STATUS_USAGE, "--export-html: the recording's name must end "
		    "in " ASCIICAST_SUFFIX " (the page is written beside it, as .html)");
	rc = export(opt, out, &c, &ls, &have_lesson);
	if (have_lesson > 0)
		lesson_free(&ls);
	castfile_free(&c);
	free(out);
	return rc;
}
