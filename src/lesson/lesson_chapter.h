/* lesson_chapter.h: a lesson started at a chapter. A chapter starts from the
 * state a run from the top has when it reaches the chapter's line: the earlier
 * items' set, unset and pair lines, waits and scripted keys run silently (no
 * caption, pause, ask or check), so the chapter's steps, checks and answers
 * are those of the whole lesson's run (lesson_run_to, lesson_run.h). The
 * headless run (--chapter) and the live view's chapter keys both start a
 * chapter through these. No curses. */
#ifndef SPECDEC_LESSON_CHAPTER_H
#define SPECDEC_LESSON_CHAPTER_H

#include "lesson/lesson.h"

/* The chapters of ls. */
int lesson_nchapters(const struct lesson *ls);

/* The index in ls->item of chapter n's line (1-based), or -1 past the last. */
int lesson_chapter_item(const struct lesson *ls, int n);

/* The options in force at item i: the last set item's before it, or the
 * start's. */
const struct options *lesson_options_at(const struct lesson *ls, int i);

#endif
