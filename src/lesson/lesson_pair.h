/* lesson_pair.h: a lesson's pair line (lesson_pair.c), written out as a
 * replay file and then set as --replay. Private to src/lesson/. */
#ifndef SPECDEC_LESSON_PAIR_H
#define SPECDEC_LESSON_PAIR_H

#include "lesson/lesson_parser.h"

/* The rest of a pair line: 0, or -1 with "NAME:LINE: message" in the parse's
 * error buffer. */
int lesson_parse_pair(struct parser *ps, const char *rest);

#endif
