/* batch_lesson.h: a lesson's text on standard output instead of a run:
 * --lesson NAME --print writes its script byte for byte (a built-in lesson as
 * data/lessons/NAME.lesson holds it, to edit a copy), --lesson NAME --quiz its
 * questions as a printable quiz (lesson_quiz.h). */
#ifndef SPECDEC_BATCH_LESSON_H
#define SPECDEC_BATCH_LESSON_H

#include "cli/options.h"

/* Write what opt asks for (lesson_print or lesson_quiz) to standard output;
 * the exit status, with one line on stderr when the lesson cannot be read. */
int batch_lesson_text(const struct options *opt);

#endif
