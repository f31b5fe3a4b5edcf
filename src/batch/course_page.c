/* course_page.c: the course page of a recorded lesson (course_page.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "batch/course_page.h"
#include "util/base64.h"
#include "util/utf8.h"

/* Page-specific style: the layout around the player. */
static const char page_style[] =
    "body{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em;"
    "line-height:1.4}\n"
    "#player{margin:1em 0}\n"
    "ul.chapters button{font:inherit;background:none;border:none;padding:0;"
    "color:#0645ad;text-decoration:underline;cursor:pointer;text-align:left}\n"
    ".time{color:#555;font-variant-numeric:tabular-nums}\n"
    "details{margin:.3em 0 1em}\nsummary{cursor:pointer}\n";

/* The page's script: the player on the inlined recording, pausing at every
 * marker; a chapter's button seeks to its marker and plays on. */
static const char page_script_head[] =
    "(function () {\n"
    "\tvar player = AsciinemaPlayer.create(\"data:text/plain;base64,";
static const char page_script_tail[] =
    "\", document.getElementById(\"player\"), {\n"
    "\t\tcols: %d, rows: %d, preload: true, pauseOnMarkers: true,\n"
    "\t\tautoPlay: window.location.hash === \"#play\"\n"
    "\t});\n"
    "\tvar buttons = document.querySelectorAll(\"[data-marker]\");\n"
    "\tfor (var i = 0; i < buttons.length; i++)\n"
    "\t\tbuttons[i].addEventListener(\"click\", function () {\n"
    "\t\t\tvar m = Number(this.getAttribute(\"data-marker\"));\n"
    "\t\t\tplayer.seek({ marker: m }).then(function () { player.play(); });\n"
    "\t\t});\n"
    "\twindow.coursePlayer = player;\n"
    "})();\n";

int
course_page_inlinable(const char *text, size_t len, const char *tag)
{
	size_t i, n = strlen(tag), j;

	for (i = 0; i < len; i++) {
		if (text[i] != '<')
			continue;
		if (len - i >= 4 && memcmp(text + i, "<!--", 4) == 0)
			return 0;
		if (len - i < n + 2 || text[i + 1] != '/')
			continue;
		for (j = 0; j < n && tolower((unsigned char)text[i + 2 + j]) == tag[j]; j++)
			;
		if (j == n)
			return 0;
	}
	return 1;
}

/* One code point of text, as HTML text or an attribute's value: markup
 * characters as entities, control characters (C0, DEL, C1) as U+FFFD. */
static void
html_char(FILE *f, const char *s, size_t k, unsigned long cp)
{
	switch (cp) {
	case '&': fputs("&amp;", f); return;
	case '<': fputs("&lt;", f); return;
	case '>': fputs("&gt;", f); return;
	case '"': fputs("&quot;", f); return;
	case '\'': fputs("&#39;", f); return;
	default: break;
	}
	if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
		fputs("\xEF\xBF\xBD", f);
	else
		fwrite(s, 1, k, f);
}

/* len bytes of text, escaped; bytes that are not UTF-8 as U+FFFD. */
static void
html_text(FILE *f, const char *s, size_t len)
{
	size_t i = 0, k;
	unsigned long cp;

	while (i < len) {
		if ((k = utf8_decode(s, len, i, &cp)) == 0) {
			fputs("\xEF\xBF\xBD", f);
			i++;
			continue;
		}
		html_char(f, s + i, k, cp);
		i += k;
	}
}

static void
html_str(FILE *f, const char *s)
{
	html_text(f, s, strlen(s));
}

/* Seconds as m:ss. */
static void
clock_time(FILE *f, double t)
{
	unsigned long s = (unsigned long)(t + 0.5);

	fprintf(f, "%lu:%02lu", s / 60, s % 60);
}

static void
write_head(FILE *f, const struct course_page *pg)
{
	const struct castfile *c = pg->cast;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"generator\" content=\"specdec " PACKAGE_VERSION "\">\n<title>", f);
	if (c->title != NULL && c->title_len > 0)
		html_text(f, c->title, c->title_len);
	else
		html_str(f, pg->name);
	fputs("</title>\n<style>\n", f);
	fwrite(pg->css, 1, pg->css_len, f);
	fprintf(f, "\n</style>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", page_style);
	if (c->title != NULL && c->title_len > 0)
		html_text(f, c->title, c->title_len);
	else
		html_str(f, pg->name);
	fputs("</h1>\n<p>The recording stops at each chapter: think about what comes "
	    "next, then press play (space) to see it.</p>\n<div id=\"player\"></div>\n", f);
}

static void
write_chapters(FILE *f, const struct castfile *c)
{
	size_t i;

	fputs("<h2>Chapters</h2>\n", f);
	if (c->nmarkers == 0) {
		fputs("<p>The recording has no markers.</p>\n", f);
		return;
	}
	fputs("<ul class=\"chapters\">\n", f);
	for (i = 0; i < c->nmarkers; i++) {
		fprintf(f, "<li><button type=\"button\" data-marker=\"%zu\">", i);
		if (c->marker[i].label_len > 0)
			html_text(f, c->marker[i].label, c->marker[i].label_len);
		else
			fprintf(f, "Marker %zu", i + 1);
		fputs("</button> <span class=\"time\">", f);
		clock_time(f, c->marker[i].time);
		fputs("</span></li>\n", f);
	}
	fputs("</ul>\n", f);
}

static void
write_choices(FILE *f, const struct lesson_item *it)
{
	int i;

	fputs("<ul class=\"choices\">\n", f);
	for (i = 0; i < it->nchoices; i++) {
		fprintf(f, "<li>%c: ", it->choice[i].key);
		html_str(f, it->choice[i].text);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
}

static void
write_question(FILE *f, const struct lesson_item *it, const char *chapter)
{
	const struct lesson_choice *a = &it->choice[it->answer];

	fputs("<li class=\"question\">", f);
	if (chapter != NULL) {
		fputs("<span class=\"chapter\">", f);
		html_str(f, chapter);
		fputs("</span>: ", f);
	}
	html_str(f, it->text);
	fputs("\n", f);
	write_choices(f, it);
	fprintf(f, "<details><summary>Answer</summary>\n<p class=\"answer\">%c: ", a->key);
	html_str(f, a->text);
	fputs("</p>\n", f);
	if (it->explain != NULL) {
		fputs("<p class=\"explain\">", f);
		html_str(f, it->explain);
		fputs("</p>\n", f);
	}
	fputs("</details></li>\n", f);
}

int
course_page_questions(const struct lesson *ls)
{
	return ls != NULL ? ls->nasks : 0;
}

static void
write_questions(FILE *f, const struct lesson *ls)
{
	const char *chapter = NULL;
	int i;

	if (course_page_questions(ls) == 0)
		return;
	fputs("<h2>Questions</h2>\n<p>Answer before you open the answer.</p>\n"
	    "<ol class=\"questions\">\n", f);
	for (i = 0; i < ls->n; i++) {
		if (ls->item[i].op == LESSON_CHAPTER)
			chapter = ls->item[i].text;
		else if (ls->item[i].op == LESSON_ASK)
			write_question(f, &ls->item[i], chapter);
	}
	fputs("</ol>\n", f);
}

void
course_page_write(FILE *f, const struct course_page *pg)
{
	write_head(f, pg);
	write_chapters(f, pg->cast);
	write_questions(f, pg->lesson);
	fputs("<p class=\"credits\">Played by asciinema-player (Apache License 2.0), "
	    "inlined in this page.</p>\n<script>\n", f);
	fwrite(pg->js, 1, pg->js_len, f);
	fprintf(f, "\n</script>\n<script>\n%s", page_script_head);
	base64_write(f, (const unsigned char *)pg->cast->bytes, pg->cast->len);
	fprintf(f, page_script_tail, pg->cast->width, pg->cast->height);
	fputs("</script>\n</body>\n</html>\n", f);
}
