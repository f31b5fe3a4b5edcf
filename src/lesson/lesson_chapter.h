/* lesson_chapter.h: a lesson started at a chapter. A chapter starts from the
 * state a run from the top has when it reaches the chapter's line: the earlier
 * items' set, unset and pair lines, waits and scripted keys run silently (no
 * caption, pause, ask or check), so the chapter's steps, checks and answers
 * are those of the whole lesson's run. The headless run (--chapter) and the
 * live view's chapter keys both start a chapter through here. No curses. */
#ifndef SPECDEC_LESSON_CHAPTER_H
#define SPECDEC_LESSON_CHAPTER_H

#include "lesson/lesson.h"
#include "sim/sim.h"
#include "sim/slowmo_play.h"

/* The chapters of ls. */
int lesson_nchapters(const struct lesson *ls);

/* The index in ls->item of chapter n's line (1-based), or -1 past the last. */
int lesson_chapter_item(const struct lesson *ls, int n);

/* The options in force at item i: the last set item's before it, or the
 * start's. */
const struct options *lesson_options_at(const struct lesson *ls, int i);

/* Open sim at ls's start and run items 0..i-1 silently into it and pl (a
 * fresh slow motion), keeping step views (sim_keep_views) when views is 1, as
 * the live view does. 0, or -1 with "NAME:LINE: message" in err and sim
 * closed. */
int lesson_run_to(const struct lesson *ls, int i, struct sim *sim,
    struct slowmo_play *pl, int views, char *err, size_t errlen);

#endif
