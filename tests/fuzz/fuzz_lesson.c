/* fuzz_lesson.c: libFuzzer harness for the lesson script parser (lesson.h).
 * Any input parses, or is refused with one line "fuzz:LINE: message" (LINE a
 * line of the input, no newline, no raw control character). A parsed lesson
 * has a title, at least one item, each on a line of the input; each check and
 * ask names a scalar figure; each ask has 2 to LESSON_CHOICES_MAX choices
 * whose ranges do not overlap and a stated answer among them; each keys line
 * 1 to LESSON_KEYS_MAX keys; each set line options of the base's mode. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "lesson/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int
lines_of(const uint8_t *data, size_t size)
{
	int n = 1;
	size_t i;

	for (i = 0; i < size; i++)
		n += data[i] == '\n';
	return n;
}

static void
check_error(const char *err, int lines)
{
	const char *s = err + 5;
	char *end;
	long line;

	if (strncmp(err, "fuzz:", 5) != 0)
		abort();
	line = strtol(s, &end, 10);
	if (end == s || *end != ':' || line < 1 || line > lines)
		abort();
	for (s = err; *s != '\0'; s++)
		if (*s == '\n')
			abort();
}

static void
check_ask(const struct lesson_item *it)
{
	int i, k;

	if (it->figure == NULL || it->nchoices < 2 || it->nchoices > LESSON_CHOICES_MAX ||
	    it->answer < 0 || it->answer >= it->nchoices)
		abort();
	for (i = 0; i < it->nchoices; i++)
		for (k = i + 1; k < it->nchoices; k++)
			if (it->choice[i].lo <= it->choice[k].hi &&
			    it->choice[k].lo <= it->choice[i].hi)
				abort();
}

static void
check_lesson(const struct lesson *ls, int lines)
{
	int i;

	if (ls->title == NULL || ls->n < 1)
		abort();
	for (i = 0; i < ls->n; i++) {
		const struct lesson_item *it = &ls->item[i];

		if (it->line < 1 || it->line > lines)
			abort();
		if (it->op == LESSON_CHECK && (it->figure == NULL || !(it->tol >= 0.0)))
			abort();
		if (it->op == LESSON_ASK)
			check_ask(it);
		if (it->op == LESSON_KEYS && (it->nkeys < 1 || it->nkeys > LESSON_KEYS_MAX))
			abort();
		if (it->op == LESSON_SET && it->opt->mode != ls->start.mode)
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *argv[] = { "specdec", "--batch", "--lesson", "fuzz", NULL };
	static struct options base;
	static int ready;
	struct lesson ls;
	char err[4096];
	FILE *devnull;

	if (!ready) {
		devnull = fopen("/dev/null", "w");
		if (cli_parse(4, argv, &base, devnull) != 0)
			abort();
		fclose(devnull);
		ready = 1;
	}
	err[0] = '\0';
	if (lesson_parse(&ls, "fuzz", (const char *)data, size, &base, err, sizeof err) != 0) {
		check_error(err, lines_of(data, size));
		return 0;
	}
	check_lesson(&ls, lines_of(data, size));
	lesson_free(&ls);
	return 0;
}
