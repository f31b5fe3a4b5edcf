/* json_read.h: a strict reader of JSON values in a buffer, for files written
 * by other programs (an asciicast's lines). A cursor moves over len bytes; each
 * function skips white space first, reads one thing, and returns 0, or -1 with
 * the cursor where the text stopped being what was asked. No allocation but
 * json_read_string's result. The JSON writer is json.h. */
#ifndef SPECDEC_JSON_READ_H
#define SPECDEC_JSON_READ_H

#include <stddef.h>

#define JSON_READ_DEPTH 32	/* arrays and objects nested deeper are refused */

struct json_read {
	const char *p, *end;
};

/* The cursor over s[0..len). */
void json_read_init(struct json_read *r, const char *s, size_t len);

/* The character c (one of [ ] { } , :). */
int json_read_char(struct json_read *r, char c);

/* Whether the next character (after white space) is c; nothing is read. */
int json_read_peek(struct json_read *r, char c);

/* A number, as JSON writes one (no leading +, no hex, no inf or nan). */
int json_read_number(struct json_read *r, double *v);

/* A string, decoded (escapes resolved; a \u escape of a lone surrogate is
 * U+FFFD) into a new NUL-terminated string of *len bytes (which may hold NUL
 * bytes of \u0000); NULL when the text is not a string. Its raw bytes must be
 * valid UTF-8 with no control character. Free the result. */
char *json_read_string(struct json_read *r, size_t *len);

/* Any one value, skipped. */
int json_read_skip(struct json_read *r);

/* Only white space is left. */
int json_read_end(struct json_read *r);

#endif
