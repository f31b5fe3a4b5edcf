/* lesson_show.h: a lesson's show line, the pane to keep in view beside the
 * caption band (lesson_show.c). Private to src/lesson/. */
#ifndef SPECDEC_LESSON_SHOW_H
#define SPECDEC_LESSON_SHOW_H

#include "lesson/lesson_parser.h"

/* "show PANE": rest is a name of lesson_panes. 0, or -1 with the message. */
int lesson_parse_show(struct parser *ps, const char *rest);

#endif
