/* tui_shot.c: the screen, cell by cell from curscr, into a text file and an
 * ANSI file. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui/tui_shot.h"
#include "tui/tui_term.h"

#define SHOT_LINE_MAX 4096	/* bytes of one screen line, escapes included */

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

/* Open dir/base.ext for writing into *f; the path into path. */
static int
shot_open(FILE **f, const char *dir, const char *base, const char *ext, char *path,
    size_t len)
{
	snprintf(path, len, "%s/%s.%s", dir, base, ext);
	return (*f = fopen(path, "w")) != NULL ? 0 : -1;
}

/* Close f; -1 when it or anything written before failed. */
static int
shot_close(FILE *f)
{
	int bad = ferror(f);

	return fclose(f) != 0 || bad ? -1 : 0;
}

int
tui_shot_write(uint64_t step, time_t now, char *msg, size_t len)
{
	const char *dir = getenv(TUI_SHOT_DIR_ENV);
	char base[96], stamp[32], txt_path[4096], ansi_path[4096];
	FILE *txt = NULL, *ansi = NULL;
	struct tm tm;
	int y, rc = 0, err = 0;

	dir = dir != NULL && *dir != '\0' ? dir : ".";
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(base, sizeof base, "specdec-step%llu-%s", (unsigned long long)step, stamp);
	if (shot_open(&txt, dir, base, "txt", txt_path, sizeof txt_path) != 0 ||
	    shot_open(&ansi, dir, base, "ansi", ansi_path, sizeof ansi_path) != 0) {
		snprintf(msg, len, "cannot write in %s: %s (%s.%s)", dir, strerror(errno), base,
		    txt == NULL ? "txt" : "ansi");
		if (txt != NULL)
			fclose(txt);
		return -1;
	}
	for (y = 0; y < LINES && rc == 0; y++)
		if ((rc = shot_line(txt, ansi, y)) != 0)
			err = errno;
	if (shot_close(txt) != 0 && (rc = -1) != 0 && err == 0)
		err = errno;
	if (shot_close(ansi) != 0 && (rc = -1) != 0 && err == 0)
		err = errno;
	if (rc != 0)
		snprintf(msg, len, "cannot write in %s: %s (%s.txt)", dir,
		    err != 0 ? strerror(err) : "write error", base);
	else
		snprintf(msg, len, "wrote %s.txt and .ansi in %s", base, dir);
	return rc;
}
