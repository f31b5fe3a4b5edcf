/* lesson_quiz.c: a lesson's asks as a quiz on paper. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lesson/lesson_quiz.h"
#include "util/escape.h"

#define QUIZ_WIDTH 80	/* columns: a page's, as the batch report's */
#define QUIZ_INDENT 4	/* the columns of "12. " and of "a) " under it */

/* Columns of n bytes of UTF-8 text: its code points (the lessons' letters and
 * signs are one column wide). */
static int
columns(const char *s, size_t n)
{
	int c = 0;

	while (n-- > 0)
		c += ((unsigned char)*s++ & 0xc0) != 0x80;
	return c;
}

/* text as prose: words filled into lines of QUIZ_WIDTH columns, the first
 * after before, the others indented by QUIZ_INDENT; a word longer than a line
 * stays whole. */
static void
fill(FILE *out, const char *before, const char *text)
{
	int col = fprintf(out, "%s", before), start = col > 0;
	size_t n;

	while (*text != '\0') {
		n = strcspn(text, " ");
		if (!start && col + 1 + columns(text, n) > QUIZ_WIDTH)
			col = fprintf(out, "\n%*s", QUIZ_INDENT, "") - 1;
		else if (!start)
			col += fprintf(out, " ");
		col += columns(text, n);
		fwrite(text, 1, n, out);
		text += n + strspn(text + n, " ");
		start = 0;
	}
	fputc('\n', out);
}

/* before, then text of the lesson's, escaped, filled under it. */
static void
quiz_text(FILE *out, const char *before, const char *text)
{
	char *shown = escape_text(text);

	fill(out, before, shown);
	free(shown);
}

/* "12. " for question no: its number in QUIZ_INDENT columns or more. */
static void
number(char *buf, size_t len, int no)
{
	char n[16];

	snprintf(n, sizeof n, "%d.", no);
	snprintf(buf, len, "%-*s", QUIZ_INDENT, n);
}

/* One question: its number, the chapter it is asked in, the choices. */
static void
quiz_question(FILE *out, int no, const char *chapter, const struct lesson_item *it)
{
	char head[24];
	int k;

	number(head, sizeof head, no);
	quiz_text(out, head, it->text);
	if (chapter != NULL)
		quiz_text(out, "    chapter: ", chapter);
	for (k = 0; k < it->nchoices; k++) {
		snprintf(head, sizeof head, "    %c) ", it->choice[k].key);
		quiz_text(out, head, it->choice[k].text);
	}
	fputc('\n', out);
}

/* One answer: the right choice, why, and what on the screen settles it. */
static void
quiz_answer(FILE *out, int no, const struct lesson_item *it)
{
	const struct lesson_choice *c = &it->choice[it->answer];
	char head[24], settled[128];

	number(head, sizeof head, no);
	snprintf(head + QUIZ_INDENT, sizeof head - QUIZ_INDENT, "%c) ", c->key);
	quiz_text(out, head, c->text);
	if (it->explain != NULL)
		quiz_text(out, "    ", it->explain);
	snprintf(settled, sizeof settled, "Settled by the figure %s%s%s%s.",
	    it->figure->key, it->figure->screen != NULL ? " (" : "",
	    it->figure->screen != NULL ? it->figure->screen : "",
	    it->figure->screen != NULL ? " on the screen)" : "");
	fill(out, "    ", settled);
	fputc('\n', out);
}

void
lesson_quiz(const struct lesson *ls, FILE *out)
{
	const char *chapter = NULL;
	int i, no = 0;

	quiz_text(out, "Quiz: ", ls->title);
	quiz_text(out, "From specdec --lesson ", ls->name);
	fputs("Name: ______________________________\n\n", out);
	for (i = 0; i < ls->n; i++) {
		if (ls->item[i].op == LESSON_CHAPTER)
			chapter = ls->item[i].text;
		else if (ls->item[i].op == LESSON_ASK)
			quiz_question(out, ++no, chapter, &ls->item[i]);
	}
	if (no == 0)
		fputs("(This lesson asks no questions.)\n", out);
	fputs("\fAnswers\n\n", out);
	for (i = 0, no = 0; i < ls->n; i++)
		if (ls->item[i].op == LESSON_ASK)
			quiz_answer(out, ++no, &ls->item[i]);
}
