/* tui_lesson.h: a lesson driving the live view. The script runs item by item:
 * set reopens the simulation, chapter and caption fill a caption band at the
 * bottom of the screen, keys are pressed at their pace and shown there, wait
 * runs the view for N steps (exactly: the view stops there) or S seconds,
 * pause and an answered ask wait for Enter, ask waits for a choice's key and
 * then says whether it was right, why, and which figure on screen settles it,
 * and check shows the figure against its claim. The steps, checks and asks are
 * those of the headless run (lesson_run.h). The view's own keys keep working
 * throughout. */
#ifndef SPECDEC_TUI_LESSON_H
#define SPECDEC_TUI_LESSON_H

#include <stdint.h>

#include "lesson/lesson.h"
#include "tui/tui_term.h"

struct sim;

/* What the driver asks of the view. */
struct tui_lesson_host {
	void *ctx;
	struct sim *sim;
	void (*key)(void *ctx, enum lesson_key k);	/* press a view key */
	int (*set)(void *ctx, const struct lesson_item *it, char *err, size_t errlen);
	void (*run)(void *ctx, uint64_t steps);	/* run this many steps, then pause */
	void (*hurry)(void *ctx);	/* run them as fast as it goes */
	void (*marker)(void *ctx, const char *label);	/* a chapter begins */
	void (*show)(void *ctx, const char *pane);	/* a show line: bring the
							 * pane into view */
	/* start the run again at item i of ls, the items before run silently
	 * (lesson_chapter.h); 0, or -1 with err (the sim then closed) */
	int (*restart)(void *ctx, const struct lesson *ls, int i, char *err,
	    size_t errlen);
};

struct tui_lesson;

/* A driver for ls, which it now owns (freed by tui_lesson_free). */
struct tui_lesson *tui_lesson_new(struct lesson *ls, const struct tui_lesson_host *host);
void tui_lesson_free(struct tui_lesson *l);

/* Run the script as far as it goes now: until a wait, a pause, an ask or its
 * end. Returns the time (clock_seconds) it wants to be called again at, or 0
 * for no time of its own (it waits for a key or for steps). *moved is 1 when
 * the script went on (an item started, a wait or hold ended, the end came):
 * the band has changed and the view must draw it, whatever the returned time.
 * -1 when a set line failed (err has its line); the view then ends. */
double tui_lesson_update(struct tui_lesson *l, double now, int *moved, char *err,
    size_t errlen);

/* A key the lesson takes (Enter to go on, a choice's key while asking): 1 when
 * it took it, 0 when the view should have it. Enter also cuts a caption's hold
 * or a wait short, runs a wait's remaining steps at full speed and presses the
 * scripted keys left at once (the same steps and keys: only sooner). */
int tui_lesson_key(struct tui_lesson *l, int ch, double now);

/* Lines the caption band takes above the key bar, borders included (0: no
 * band), at the screen's size: at most half the screen. The view lays its
 * panes out above them. */
int tui_lesson_band_lines(const struct tui_lesson *l);

/* The pane the script keeps in view beside the band: while a question
 * waits and is answered, the pane of its figure (view/tui_hide.h); else its
 * show line's, until the next show or chapter; or NULL. */
const char *tui_lesson_show(const struct tui_lesson *l);

/* The figures' marks (view/tui_hide.h) the panes show as "?": those of the
 * question waiting for its answer, 0 otherwise. */
unsigned tui_lesson_hidden(const struct tui_lesson *l);

/* Go to chapter n (clamped to the lesson's chapters) at the next
 * tui_lesson_update, which starts the run again there through the host's
 * restart: the chapter starts from the state a run from the top has at its
 * line, whatever keys were pressed before (--chapter N, the chapter keys). */
void tui_lesson_goto(struct tui_lesson *l, int n);

/* The chapter the script is in (0 before the first; the one it goes to when
 * tui_lesson_goto was called since the last update, so that keys pressed
 * together add up), and how many it has. */
int tui_lesson_chapter(const struct tui_lesson *l);
int tui_lesson_chapters(const struct tui_lesson *l);

/* Draw the caption band at the bottom of the screen, above the key bar, in a
 * window made for the frame. */
void tui_lesson_draw(struct tui_lesson *l, const struct tui_term *term);

#endif
