/* wrap.h: one line of a text report written within a width, so that the report
 * prints as a handout: a line too long is broken after its last "; " that fits,
 * else its last ", ", else its last space, and goes on indented. A word longer
 * than a line (a long file name) stays whole, on a line of its own. */
#ifndef SPECDEC_WRAP_H
#define SPECDEC_WRAP_H

#include <stdio.h>

#define WRAP_WIDTH 80		/* the batch report's columns */
#define WRAP_UNLIMITED (1 << 20)	/* a width that never breaks a line */

/* Write line (no newline in it) and a newline to out, broken as above into lines
 * of at most width columns (bytes: the report is ASCII), the later ones indented
 * by indent spaces. A word longer than a line stays whole, and the line is
 * broken right after it. */
void wrap_line(FILE *out, const char *line, int width, int indent);

/* wrap_line over a printf format. */
void wrap_printf(FILE *out, int width, int indent, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
