/* lesson_run.h: a lesson run over a sim, item by item, and the verdicts on
 * its checks and asks. The live view's driver (tui/tui_lesson.c) and the
 * headless run (--lesson NAME --batch, lesson_batch) both run the steps
 * through here, so they run the same steps and judge the same figures. No
 * curses. */
#ifndef SPECDEC_LESSON_RUN_H
#define SPECDEC_LESSON_RUN_H

#include <stdio.h>

#include "lesson/lesson.h"
#include "sim/sim.h"
#include "sim/slowmo_play.h"

/* A check's or an ask's verdict on the simulation as it stands. */
struct lesson_verdict {
	double value;		/* the figure's value */
	int have;		/* the figure is a finite number */
	int pass;		/* check: within the tolerance; ask: the value
				 * falls in the stated answer's range */
	int choice;		/* ask: the choice the value falls in, or -1 */
};

/* Judge check or ask item it on sim. */
void lesson_judge(const struct lesson_item *it, const struct sim *sim,
    struct lesson_verdict *v);

/* A set line: close sim and open it again with the line's options (sim was
 * open). 0, or -1 with one line in err; sim is then closed. */
int lesson_run_set(struct sim *sim, const struct lesson_item *it, char *err,
    size_t errlen);

/* err, a set line's error, prefixed once with where the line is:
 * "NAME:LINE: " (not again if err already starts with it). */
void lesson_locate(const struct lesson *ls, const struct lesson_item *it, char *err,
    size_t errlen);

/* Open, and close again, the source of every set line that reads a file,
 * trains a corpus or solves for alphas, so that a lesson whose source cannot
 * be opened is refused before it starts: its files are read twice, once here
 * and once when the line runs (a cmu model only once: the source keeps it,
 * cmu_cache.h). 0, or -1 with "NAME:LINE: message" in err. */
int lesson_check_sources(const struct lesson *ls, char *err, size_t errlen);

/* A scripted key's effect on the model (n steps, m plays slow motion, M asks
 * before verdicts); the others only move the view. */
void lesson_run_key(struct sim *sim, struct slowmo_play *pl, enum lesson_key k);

/* Open sim at ls's start and run items 0..i-1 silently (lesson_chapter.h) into it and pl (a
 * fresh slow motion), keeping step views (sim_keep_views) when views is 1, as
 * the live view does. 0, or -1 with "NAME:LINE: message" in err and sim
 * closed. */
int lesson_run_to(const struct lesson *ls, int i, struct sim *sim,
    struct slowmo_play *pl, int views, char *err, size_t errlen);

/* Run the whole lesson without a screen, or from its chapter chapter on (0
 * or 1: from the top; the chapters before run silently, lesson_chapter.h):
 * every step, every check and every ask's stated answer judged, one line each
 * on out, then a summary of those judged; the lesson's own text (its name,
 * title, chapters) escaped (escape.h). stop is asked between steps and items:
 * when it says 1 the run ends there, without the summary. Returns the exit
 * status: OK, CHECKS (one failed), USAGE (a source cannot be opened, no such
 * chapter) or INTERRUPTED (stop said so); one line in err for the last two. */
int lesson_batch(const struct lesson *ls, int chapter, FILE *out, int (*stop)(void),
    char *err, size_t errlen);

#endif
