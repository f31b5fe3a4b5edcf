/* lesson_ask.h: the lines of a lesson that name numbers (lesson_ask.c): ask
 * with its choice, answer, figure and explain lines; check; wait; keys. Each
 * parses the rest of its line after the directive's word; 0, or -1 with
 * "NAME:LINE: message" in the parse's error buffer. Private to src/lesson/. */
#ifndef SPECDEC_LESSON_ASK_H
#define SPECDEC_LESSON_ASK_H

#include "lesson/lesson_parser.h"

int lesson_parse_wait(struct parser *ps, const char *rest);
int lesson_parse_keys(struct parser *ps, const char *rest);
int lesson_parse_check(struct parser *ps, const char *rest);
int lesson_parse_ask(struct parser *ps, const char *rest);

/* Whether op is a line of an ask (choice, answer, figure, explain). */
int lesson_is_ask_part(const char *op);
int lesson_parse_ask_part(struct parser *ps, const char *op, const char *rest);

/* The ask's lines are over: it must have its choices, answer and figure. */
int lesson_finish_ask(struct parser *ps);

#endif
