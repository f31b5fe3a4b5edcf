/* lesson_show.c: a lesson's show line: the pane the caption band must leave
 * in view, named as the live view's help names its panes (a unit test holds
 * this list to the view's pane table). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lesson/lesson_show.h"
#include "util/xalloc.h"

const char *const lesson_panes[] = {
	"token stream", "text", "slow motion", "step detail", "cost model", "statistics",
	"speedup", "curve", "distributions", "timeline", "tree", "roofline", "metrics",
	"calibration",
	NULL,
};

/* The names of lesson_panes, comma-separated, in a static buffer. */
static const char *
pane_names(void)
{
	static char names[256];
	size_t used = 0;
	int i;

	names[0] = '\0';
	for (i = 0; lesson_panes[i] != NULL && used < sizeof names; i++)
		used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
		    i > 0 ? ", " : "", lesson_panes[i]);
	return names;
}

int
lesson_parse_show(struct parser *ps, const char *rest)
{
	int i;

	for (i = 0; lesson_panes[i] != NULL; i++)
		if (strcmp(rest, lesson_panes[i]) == 0) {
			lesson_add_item(ps, LESSON_SHOW)->text = xstrdup(rest);
			return 0;
		}
	return lesson_fail(ps, "show: '%s' is not a pane (%s)", rest, pane_names());
}
