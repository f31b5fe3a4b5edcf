/* course_page.h: the course page of a recorded lesson, as one HTML file that
 * plays offline: the web player (asciinema-player) and its style inlined, the
 * recording inlined as a base64 data URL, a chapter list from the recording's
 * markers (each a button that seeks to its marker and plays on), playback
 * that pauses at each marker, and the lesson's questions, each with its
 * choices and its answer and explanation folded away in a <details>. Every
 * text from the recording or the lesson is HTML-escaped, its control
 * characters shown as U+FFFD; the recording never reaches the page but as
 * base64. The page plays at once when its address ends in #play. No curses. */
#ifndef SPECDEC_COURSE_PAGE_H
#define SPECDEC_COURSE_PAGE_H

#include <stddef.h>
#include <stdio.h>

#include "lesson/lesson.h"
#include "util/castfile.h"

struct course_page {
	const struct castfile *cast;
	const char *name;		/* the recording's file name, for the title */
	const char *js, *css;		/* the player's script and style */
	size_t js_len, css_len;
	const struct lesson *lesson;	/* the questions' lesson, or NULL */
};

/* Whether text (len bytes) can sit inside an HTML element named tag
 * ("script", "style") as it is: it holds no "</tag" and no "<!--" in any
 * case. */
int course_page_inlinable(const char *text, size_t len, const char *tag);

/* The questions of ls (0 when ls is NULL). */
int course_page_questions(const struct lesson *ls);

/* The page on f (errors are f's: see ferror). */
void course_page_write(FILE *f, const struct course_page *pg);

#endif
