/* lesson_set.h: a lesson's set and unset lines (lesson_set.c), their options
 * parsed as the command line's. Private to src/lesson/. */
#ifndef SPECDEC_LESSON_SET_H
#define SPECDEC_LESSON_SET_H

#include "lesson/lesson_parser.h"

/* The rest of a set line (unset 0) or an unset line (1): 0, or -1 with
 * "NAME:LINE: message" in the parse's error buffer. */
int lesson_parse_set(struct parser *ps, const char *rest, int unset);

#endif
