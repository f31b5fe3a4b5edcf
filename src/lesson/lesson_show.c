/* lesson_show.c: a lesson's show line: the pane the caption band must leave
 * in view, named as the live view's help names its panes (a unit test holds
 * this list to the view's pane table). */
#include "config.h"

#include <string.h>

#include "lesson/lesson_show.h"
#include "util/xalloc.h"

const char *const lesson_panes[] = {
	"token stream", "text", "slow motion", "step detail", "cost model", "statistics",
	"speedup", "curve", "distributions", "timeline", "tree", NULL,
};

int
lesson_parse_show(struct parser *ps, const char *rest)
{
	int i;

	for (i = 0; lesson_panes[i] != NULL; i++)
		if (strcmp(rest, lesson_panes[i]) == 0) {
			lesson_add_item(ps, LESSON_SHOW)->text = xstrdup(rest);
			return 0;
		}
	return lesson_fail(ps, "show: '%s' is not a pane (token stream, text, slow motion,"
	    " step detail, cost model, statistics, speedup, curve, distributions, timeline,"
	    " tree)", rest);
}
