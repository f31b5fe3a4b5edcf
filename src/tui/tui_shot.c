/* tui_shot.c: the screen, cell by cell from curscr, into a text file and an
 * ANSI file. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "tui/tui_shot.h"
#include "tui/tui_term.h"
#include "util/outfile.h"

#define SHOT_LINE_MAX 4096	/* bytes of one screen line, escapes included */
#define TUI_SHOT_TRIES 100	/* pairs of one step and second: -1 to -99 */

/* One cell of curscr: its characters as multibyte text into buf, its
 * attributes and colour pair; returns its width in columns (at least 1). */
static int
shot_cell(int y, int x, char *buf, size_t len, attr_t *attr, short *pair)
{
	wchar_t wch[CCHARW_MAX + 1];
	cchar_t cc;
	mbstate_t st;
	size_t n = 0, k;
	int i, w;

	buf[0] = '\0';
	*attr = A_NORMAL;
	*pair = 0;
	if (mvwin_wch(curscr, y, x, &cc) == ERR ||
	    getcchar(&cc, wch, attr, pair, NULL) == ERR || wch[0] == L'\0')
		return snprintf(buf, len, " "), 1;
	memset(&st, 0, sizeof st);
	for (i = 0; wch[i] != L'\0' && n + MB_CUR_MAX < len; i++)
		if ((k = wcrtomb(buf + n, wch[i], &st)) != (size_t)-1)
			n += k;
	buf[n] = '\0';
	w = wcwidth(wch[0]);
	return w > 1 ? w : 1;
}

/* An SGR sequence for attr and the colours of pair. */
static void
shot_sgr(char *buf, size_t len, attr_t attr, short pair)
{
	short fg = -1, bg = -1;
	int n;

	if (pair > 0)
		pair_content(pair, &fg, &bg);
	n = snprintf(buf, len, "\033[0");
	if (attr & A_BOLD)
		n += snprintf(buf + n, len - (size_t)n, ";1");
	if (attr & A_DIM)
		n += snprintf(buf + n, len - (size_t)n, ";2");
	if (attr & A_UNDERLINE)
		n += snprintf(buf + n, len - (size_t)n, ";4");
	if (attr & (A_REVERSE | A_STANDOUT))
		n += snprintf(buf + n, len - (size_t)n, ";7");
	if (fg >= 0)
		n += snprintf(buf + n, len - (size_t)n, fg < 8 ? ";%d" : ";38;5;%d",
		    fg < 8 ? 30 + fg : fg);
	if (bg >= 0)
		n += snprintf(buf + n, len - (size_t)n, bg < 8 ? ";%d" : ";48;5;%d",
		    bg < 8 ? 40 + bg : bg);
	snprintf(buf + n, len - (size_t)n, "m");
}

/* Screen line y into the two files; 0, or -1 on a write error. */
static int
shot_line(FILE *txt, FILE *ansi, int y)
{
	char cell[64], sgr[64], plain[SHOT_LINE_MAX];
	attr_t attr, last_attr = A_NORMAL;
	short pair, last_pair = 0;
	size_t n = 0, end = 0;
	int x = 0;

	while (x < COLS) {
		x += shot_cell(y, x, cell, sizeof cell, &attr, &pair);
		attr &= A_ATTRIBUTES & ~A_COLOR;
		if (attr != last_attr || pair != last_pair) {
			shot_sgr(sgr, sizeof sgr, attr, pair);
			fputs(sgr, ansi);
			last_attr = attr;
			last_pair = pair;
		}
		fputs(cell, ansi);
		if (n + strlen(cell) < sizeof plain) {
			memcpy(plain + n, cell, strlen(cell));
			n += strlen(cell);
			end = strcmp(cell, " ") != 0 ? n : end;
		}
	}
	fputs("\033[0m\n", ansi);
	fprintf(txt, "%.*s\n", (int)end, plain);
	return ferror(txt) || ferror(ansi) ? -1 : 0;
}

/* dir/base[-n].ext into buf: the n-th name for a pair of files (n from 1 for
 * the second pair of the same step and second). 0, or -1 when it does not fit. */
static int
shot_name(char *buf, size_t len, const char *dir, const char *base, int n,
    const char *ext)
{
	int k;

	if (n == 0)
		k = snprintf(buf, len, "%s/%s.%s", dir, base, ext);
	else
		k = snprintf(buf, len, "%s/%s-%d.%s", dir, base, n, ext);
	return k < 0 || (size_t)k >= len ? -1 : 0;
}

/* The screen into two temporaries, both closed; 0, or -1 with msg. */
static int
shot_fill(struct outfile *txt, struct outfile *ansi, const char *txt_path,
    const char *ansi_path, char *msg, size_t len)
{
	int y, rc = 0;

	if (outfile_open(txt, txt_path, msg, len) != 0)
		return -1;
	if (outfile_open(ansi, ansi_path, msg, len) != 0) {
		outfile_discard(txt);
		return -1;
	}
	for (y = 0; y < LINES && rc == 0; y++)
		rc = shot_line(txt->fp, ansi->fp, y);
	if (outfile_close(txt, txt_path, msg, len) != 0) {
		outfile_discard(ansi);
		return -1;
	}
	if (outfile_close(ansi, ansi_path, msg, len) != 0) {
		outfile_discard(txt);
		return -1;
	}
	return 0;
}

/* The two temporaries under the first pair of names neither of which exists;
 * the .txt name into txt_path. 0, or -1 with msg. */
static int
shot_place(struct outfile *txt, struct outfile *ansi, const char *dir,
    const char *base, char *txt_path, char *msg, size_t len)
{
	char ansi_path[OUTFILE_PATH_MAX];
	int n, rc;

	for (n = 0; n < TUI_SHOT_TRIES; n++) {
		(void)shot_name(txt_path, OUTFILE_PATH_MAX, dir, base, n, "txt");
		(void)shot_name(ansi_path, sizeof ansi_path, dir, base, n, "ansi");
		if ((rc = outfile_place_new(txt, txt_path, msg, len)) != 0) {
			if (rc < 0)
				return -1;
			continue;
		}
		if ((rc = outfile_place_new(ansi, ansi_path, msg, len)) == 0)
			return 0;
		unlink(txt_path);
		if (rc < 0)
			return -1;
	}
	snprintf(msg, len, "%s/%s: %d screenshots of this step and second already",
	    dir, base, TUI_SHOT_TRIES);
	return -1;
}

/* A message about a file in dir without dir's name before it: the status line
 * is narrow, and the reason goes first. */
static const char *
in_dir(const char *why, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(why, dir, n) == 0 && why[n] == '/' ? why + n + 1 : why;
}

int
tui_shot_write(uint64_t step, time_t now, char *msg, size_t len)
{
	const char *dir = getenv(TUI_SHOT_DIR_ENV);
	char base[96], stamp[32], txt_path[OUTFILE_PATH_MAX], ansi_path[OUTFILE_PATH_MAX];
	char why[OUTFILE_PATH_MAX + 128];
	struct outfile txt, ansi;
	struct tm tm;
	int rc;

	dir = dir != NULL && *dir != '\0' ? dir : ".";
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(base, sizeof base, "specdec-step%llu-%s", (unsigned long long)step, stamp);
	if (shot_name(ansi_path, sizeof ansi_path, dir, base, TUI_SHOT_TRIES - 1,
	    "ansi") != 0) {
		snprintf(msg, len, TUI_SHOT_DIR_ENV " is too long (%zu bytes): the file "
		    "names in it would pass %d bytes", strlen(dir), OUTFILE_PATH_MAX);
		return -1;
	}
	(void)shot_name(txt_path, sizeof txt_path, dir, base, 0, "txt");
	(void)shot_name(ansi_path, sizeof ansi_path, dir, base, 0, "ansi");
	rc = shot_fill(&txt, &ansi, txt_path, ansi_path, why, sizeof why);
	if (rc == 0) {
		rc = shot_place(&txt, &ansi, dir, base, txt_path, why, sizeof why);
		outfile_discard(&txt);
		outfile_discard(&ansi);
	}
	if (rc == 0)
		snprintf(msg, len, "wrote %s and .ansi in %s", strrchr(txt_path, '/') + 1,
		    dir);
	else
		snprintf(msg, len, "cannot write %s (in %s)", in_dir(why, dir), dir);
	return rc;
}
