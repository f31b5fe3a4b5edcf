/* escape.h: text from outside (option values, file names, what a file holds)
 * made safe to print on a terminal in one line. Control characters (C0, DEL and
 * the C1 range U+0080..U+009F) and bytes that are not well-formed UTF-8 become
 * visible escapes: \n, \r, \t, or \xHH for each byte (ESC is \x1b); everything
 * else, a backslash included, is printed as it is. The JSON writer has its own
 * escapes (json.c). */
#ifndef SPECDEC_ESCAPE_H
#define SPECDEC_ESCAPE_H

#include <stdio.h>

/* s escaped, in a new string (xalloc.h); free it. */
char *escape_text(const char *s);

/* The one line a face writes for an error: "specdec: MSG\n", msg escaped. */
void escape_message(FILE *f, const char *msg);

#endif
