/* wrap.c: report lines broken within a width. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/wrap.h"
#include "util/xalloc.h"

/* Where to break s, which is longer than room: the length of the part kept on
 * this line (the separator's comma or semicolon included); when the first word
 * is longer than room, right after it; 0 for none (s is one word). */
static size_t
wrap_break(const char *s, size_t room)
{
	static const char *const seps[] = { "; ", ", ", " " };
	size_t i, at, best;

	for (i = 0; i < sizeof seps / sizeof seps[0]; i++) {
		best = 0;
		for (at = 1; at + 1 <= room && s[at] != '\0'; at++)
			if (strncmp(s + at, seps[i], strlen(seps[i])) == 0)
				best = at + strlen(seps[i]) - 1;
		if (best > 0)
			return best;
	}
	for (at = 1; s[at] != '\0'; at++)	/* a word longer than room: alone */
		if (s[at] == ' ')
			return at;
	return 0;
}

void
wrap_line(FILE *out, const char *line, int width, int indent)
{
	const char *s = line;
	size_t room = (size_t)width, cut;
	int first = 1;

	for (;;) {
		if (!first)
			fprintf(out, "%*s", indent, "");
		if (strlen(s) <= room || (cut = wrap_break(s, room)) == 0) {
			fprintf(out, "%s\n", s);
			return;
		}
		while (cut > 0 && s[cut - 1] == ' ')
			cut--;
		fprintf(out, "%.*s\n", (int)cut, s);
		s += cut;
		while (*s == ' ')
			s++;
		first = 0;
		room = (size_t)(width - indent);
	}
}

void
wrap_printf(FILE *out, int width, int indent, const char *fmt, ...)
{
	va_list ap;
	char *buf;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	buf = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(buf, (size_t)n + 1, fmt, ap);
	va_end(ap);
	wrap_line(out, buf, width, indent);
	free(buf);
}
