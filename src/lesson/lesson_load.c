/* lesson_load.c: a lesson by name or file. */
#include "config.h"

#include <stdlib.h>

#include "lesson/lesson.h"
#include "lesson/lesson_builtin.h"
#include "lesson/lesson_run.h"
#include "util/readfile.h"

#define LESSON_FILE_MAX (1u << 20)	/* a script is text a person writes */

int
lesson_load(struct lesson *ls, const struct options *base, char *err, size_t errlen)
{
	const struct lesson_builtin *b = lesson_builtin_find(base->lesson);
	size_t len;
	char *text;
	int rc;

	if (b != NULL) {
		rc = lesson_parse(ls, b->name, (const char *)b->text, *b->len, base, err,
		    errlen);
	} else {
		if ((text = readfile_max(base->lesson, LESSON_FILE_MAX, &len, err,
		    errlen)) == NULL)
			return -1;
		rc = lesson_parse(ls, base->lesson, text, len, base, err, errlen);
		free(text);
	}
	if (rc == 0 && lesson_check_sources(ls, err, errlen) != 0) {
		lesson_free(ls);
		rc = -1;
	}
	return rc;
}
