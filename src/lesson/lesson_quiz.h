/* lesson_quiz.h: a lesson's questions as a printable quiz: each ask with its
 * chapter and its choices, numbered, within 80 columns, then the answers,
 * each with its explanation and the figure that settles it. No curses. */
#ifndef SPECDEC_LESSON_QUIZ_H
#define SPECDEC_LESSON_QUIZ_H

#include <stdio.h>

#include "lesson/lesson.h"

/* Write ls's quiz to out, its text escaped (escape.h). */
void lesson_quiz(const struct lesson *ls, FILE *out);

#endif
