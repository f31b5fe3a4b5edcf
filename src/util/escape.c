/* escape.c: control characters and malformed UTF-8 as visible escapes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "util/utf8.h"
#include "util/xalloc.h"

#define ESCAPE_MAX 4	/* longest escape of one byte: \xHH */

/* The escape of the byte c into out (at least ESCAPE_MAX + 1 bytes). */
static size_t
escape_byte(unsigned char c, char *out)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '\\';
	switch (c) {
	case '\n':
		out[1] = 'n';
		return 2;
	case '\r':
		out[1] = 'r';
		return 2;
	case '\t':
		out[1] = 't';
		return 2;
	}
	out[1] = 'x';
	out[2] = hex[c >> 4];
	out[3] = hex[c & 15];
	return ESCAPE_MAX;
}

/* Escape s into out (room for ESCAPE_MAX bytes per byte of s, plus one): a
 * printable character as it is; a control character (one byte, or two for C1)
 * and a byte that is not well-formed UTF-8 escaped byte by byte. */
static void
escape_into(const char *s, char *out)
{
	size_t len = strlen(s), i = 0, o = 0, n;
	unsigned long cp;
	int control;

	while (i < len) {
		n = utf8_decode(s, len, i, &cp);
		control = n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0);
		if (n == 0)
			n = 1;
		if (!control) {
			memcpy(out + o, s + i, n);
			o += n;
			i += n;
			continue;
		}
		while (n-- > 0)
			o += escape_byte((unsigned char)s[i++], out + o);
	}
	out[o] = '\0';
}

char *
escape_text(const char *s)
{
	char *out = xreallocarray(NULL, strlen(s) + 1, ESCAPE_MAX);

	escape_into(s, out);
	return out;
}

/* s escaped, onto f. */
static void
escape_fputs(const char *s, FILE *f)
{
	char *e = escape_text(s);

	fputs(e, f);
	free(e);
}

void
escape_message(FILE *f, const char *msg)
{
	fputs("specdec: ", f);
	escape_fputs(msg, f);
	fputc('\n', f);
}
