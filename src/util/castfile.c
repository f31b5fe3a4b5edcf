/* castfile.c: an asciicast v2 file read back and checked (castfile.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/castfile.h"
#include "util/json_read.h"
#include "util/readfile.h"
#include "util/utf8.h"
#include "util/xalloc.h"

/* One line being read: its number and the cursor over it. */
struct line {
	size_t no;
	struct json_read r;
};

static int
fail(char *err, size_t errlen, const char *path, size_t line, const char *why)
{
	if (line > 0)
		snprintf(err, errlen, "%s:%zu: %s", path, line, why);
	else
		snprintf(err, errlen, "%s: %s", path, why);
	return -1;
}

/* A number at the cursor into *v: itself when whole and in [1,
 * CASTFILE_SIZE_MAX], else -1 (read_header says why). */
static int
read_size(struct json_read *r, int *v)
{
	double d;

	if (json_read_number(r, &d) != 0)
		return -1;
	*v = d == floor(d) && d >= 1 && d <= CASTFILE_SIZE_MAX ? (int)d : -1;
	return 0;
}

/* One member of the header, after its key. */
static int
header_member(struct castfile *c, struct json_read *r, const char *key, int *version)
{
	double v;

	if (strcmp(key, "version") == 0) {
		if (json_read_number(r, &v) != 0)
			return -1;
		*version = v == 2.0 ? 2 : -1;
		return 0;
	}
	if (strcmp(key, "width") == 0)
		return read_size(r, &c->width);
	if (strcmp(key, "height") == 0)
		return read_size(r, &c->height);
	if (strcmp(key, "title") == 0 && !json_read_peek(r, 'n')) {
		free(c->title);
		return (c->title = json_read_string(r, &c->title_len)) == NULL ? -1 : 0;
	}
	return json_read_skip(r);
}

/* Line 1: the header object. 0, or -1 with why. */
static int
read_header(struct castfile *c, struct line *l, const char **why)
{
	int version = 0;
	char *key;

	*why = "not an asciicast v2 header (a JSON object with \"version\": 2,"
	    " \"width\" and \"height\")";
	if (json_read_char(&l->r, '{') != 0 || json_read_peek(&l->r, '}'))
		return -1;
	do {
		if ((key = json_read_string(&l->r, NULL)) == NULL ||
		    json_read_char(&l->r, ':') != 0 ||
		    header_member(c, &l->r, key, &version) != 0) {
			free(key);
			return -1;
		}
		free(key);
	} while (json_read_char(&l->r, ',') == 0);
	if (json_read_char(&l->r, '}') != 0 || json_read_end(&l->r) != 0)
		return -1;
	if (version != 2) {
		*why = "not version 2 of asciicast (the format --record writes)";
		return -1;
	}
	if (c->width <= 0 || c->height <= 0) {
		*why = "the header has no whole \"width\" and \"height\" from 1 to 1000";
		return -1;
	}
	return 0;
}

static void
add_marker(struct castfile *c, double t, char *label, size_t len)
{
	if ((c->nmarkers & (c->nmarkers - 1)) == 0)	/* 0, 1, 2, 4 ...: grow */
		c->marker = xreallocarray(c->marker, c->nmarkers ? c->nmarkers * 2 : 1,
		    sizeof *c->marker);
	c->marker[c->nmarkers].time = t;
	c->marker[c->nmarkers].label = label;
	c->marker[c->nmarkers].label_len = len;
	c->nmarkers++;
}

/* One event line. 0, or -1 with why. */
static int
read_event(struct castfile *c, struct line *l, const char **why)
{
	double t;
	char *code, *data;
	size_t len;

	*why = "not an asciicast event ([time, \"code\", \"data\"])";
	if (json_read_char(&l->r, '[') != 0 || json_read_number(&l->r, &t) != 0 ||
	    json_read_char(&l->r, ',') != 0)
		return -1;
	if ((code = json_read_string(&l->r, NULL)) == NULL)
		return -1;
	data = json_read_char(&l->r, ',') == 0 ? json_read_string(&l->r, &len) : NULL;
	if (data == NULL || json_read_char(&l->r, ']') != 0 || json_read_end(&l->r) != 0) {
		free(code);
		free(data);
		return -1;
	}
	if (!(t >= c->duration) || !isfinite(t)) {
		*why = t < 0 ? "a negative time" : "the time goes back";
		free(code);
		free(data);
		return -1;
	}
	c->duration = t;
	c->nevents++;
	if (strcmp(code, "m") == 0)
		add_marker(c, t, data, len);
	else
		free(data);
	free(code);
	return 0;
}

/* The text must be UTF-8 throughout: the line of the first bad byte, or 0. */
static size_t
bad_utf8_line(const char *s, size_t len)
{
	size_t i = 0, k, line = 1;
	unsigned long cp;

	while (i < len) {
		if ((k = utf8_decode(s, len, i, &cp)) == 0)
			return line;
		line += s[i] == '\n';
		i += k;
	}
	return 0;
}

/* Every line of the file. 0, or -1 with err. */
static int
read_lines(struct castfile *c, const char *path, char *err, size_t errlen)
{
	const char *s = c->bytes, *end = c->bytes + c->len, *nl, *why;
	struct line l = { .no = 0 };

	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (nl == NULL)
			nl = end;
		l.no++;
		json_read_init(&l.r, s, (size_t)(nl - s));
		if (nl == s)
			return fail(err, errlen, path, l.no, "an empty line");
		if ((l.no == 1 ? read_header(c, &l, &why) : read_event(c, &l, &why)) != 0)
			return fail(err, errlen, path, l.no, nl == end && end[-1] != '\n' ?
			    "cut short (the last line is not whole)" : why);
		s = nl + 1;
	}
	return 0;
}

int
castfile_read(struct castfile *c, const char *path, char *err, size_t errlen)
{
	size_t bad = 0;

	memset(c, 0, sizeof *c);
	if ((c->bytes = readfile_all(path, &c->len, err, errlen)) == NULL)
		return -1;
	if (c->len == 0 || (bad = bad_utf8_line(c->bytes, c->len)) != 0 ||
	    read_lines(c, path, err, errlen) != 0) {
		if (c->len == 0)
			fail(err, errlen, path, 0, "empty, not an asciicast recording");
		else if (bad != 0)
			fail(err, errlen, path, bad, "not UTF-8 text: not an asciicast recording");
		castfile_free(c);
		return -1;
	}
	return 0;
}

void
castfile_free(struct castfile *c)
{
	size_t i;

	for (i = 0; i < c->nmarkers; i++)
		free(c->marker[i].label);
	free(c->marker);
	free(c->title);
	free(c->bytes);
	memset(c, 0, sizeof *c);
}
