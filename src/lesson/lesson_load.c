/* lesson_load.c: a lesson by name or file. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"
#include "lesson/lesson_builtin.h"
#include "lesson/lesson_chapter.h"
#include "lesson/lesson_run.h"
#include "util/readfile.h"
#include "util/xalloc.h"

#define LESSON_FILE_MAX (1u << 20)	/* a script is text a person writes */

char *
lesson_script(const char *name, size_t *len, char *err, size_t errlen)
{
	const struct lesson_builtin *b = lesson_builtin_find(name);
	char *text;

	if (b == NULL)
		return readfile_max(name, LESSON_FILE_MAX, len, err, errlen);
	*len = *b->len;
	text = xmalloc(*len + 1);
	memcpy(text, b->text, *len + 1);	/* the NUL after it too */
	return text;
}

int
lesson_parse_named(struct lesson *ls, const struct options *base, char *err,
    size_t errlen)
{
	const struct lesson_builtin *b = lesson_builtin_find(base->lesson);
	size_t len;
	char *text;
	int rc;

	if ((text = lesson_script(base->lesson, &len, err, errlen)) == NULL)
		return -1;
	rc = lesson_parse(ls, b != NULL ? b->name : base->lesson, text, len, base, err,
	    errlen);
	free(text);
	return rc;
}

int
lesson_load(struct lesson *ls, const struct options *base, char *err, size_t errlen)
{
	int rc = lesson_parse_named(ls, base, err, errlen);

	if (rc == 0 && base->lesson_chapter > lesson_nchapters(ls)) {
		snprintf(err, errlen, "--chapter %d: the lesson %s has %d chapter%s",
		    base->lesson_chapter, ls->name, lesson_nchapters(ls),
		    lesson_nchapters(ls) == 1 ? "" : "s");
		lesson_free(ls);
		return -1;
	}
	if (rc == 0 && lesson_check_sources(ls, err, errlen) != 0) {
		lesson_free(ls);
		rc = -1;
	}
	return rc;
}
