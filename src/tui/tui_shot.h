/* tui_shot.h: the live view's screen written to files, for slides and handouts:
 * one plain text file and one with the colours and attributes as ANSI escapes
 * (cat shows it in colour). */
#ifndef SPECDEC_TUI_SHOT_H
#define SPECDEC_TUI_SHOT_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define TUI_SHOT_DIR_ENV "SPECDEC_SCREENSHOT_DIR"

/* Write what is on the terminal now (curses' idea of it, after the last
 * doupdate) to DIR/specdec-stepSTEP-YYYYmmdd-HHMMSS.txt and .ansi, DIR being
 * $SPECDEC_SCREENSHOT_DIR when set and not empty, else the current directory.
 * A name already taken gets -1, -2 ... before the extension, so no screenshot
 * replaces another. Both files are written whole to temporaries first
 * (outfile.h): a failure leaves no partial file. One line for the status bar
 * goes to msg either way: the files' name and directory, or the file that
 * could not be written and why; a DIR too long for the names is refused.
 * Returns 0 or -1; never exits. */
int tui_shot_write(uint64_t step, time_t now, char *msg, size_t len);

#endif
