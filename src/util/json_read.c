/* json_read.c: a strict JSON reader over a buffer (json_read.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util/json_read.h"
#include "util/utf8.h"
#include "util/xalloc.h"

void
json_read_init(struct json_read *r, const char *s, size_t len)
{
	r->p = s;
	r->end = s + len;
}

static void
skip_ws(struct json_read *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' ||
	    *r->p == '\r'))
		r->p++;
}

int
json_read_peek(struct json_read *r, char c)
{
	skip_ws(r);
	return r->p < r->end && *r->p == c;
}

int
json_read_char(struct json_read *r, char c)
{
	if (!json_read_peek(r, c))
		return -1;
	r->p++;
	return 0;
}

static int
is_digit(const struct json_read *r)
{
	return r->p < r->end && *r->p >= '0' && *r->p <= '9';
}

/* One or more digits. */
static int
digits(struct json_read *r)
{
	if (!is_digit(r))
		return -1;
	while (is_digit(r))
		r->p++;
	return 0;
}

int
json_read_number(struct json_read *r, double *v)
{
	const char *start;
	char buf[64];

	skip_ws(r);
	start = r->p;
	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p < r->end && *r->p == '0')
		r->p++;
	else if (digits(r) != 0)
		return -1;
	if (r->p < r->end && *r->p == '.' && (r->p++, digits(r) != 0))
		return -1;
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (digits(r) != 0)
			return -1;
	}
	if ((size_t)(r->p - start) >= sizeof buf)
		return -1;	/* no time or size needs 64 characters */
	memcpy(buf, start, (size_t)(r->p - start));
	buf[r->p - start] = '\0';
	*v = strtod(buf, NULL);
	return 0;
}

/* The value of the 4 hex digits at r->p, or -1. */
static long
hex4(struct json_read *r)
{
	long v = 0;
	int i;

	if (r->end - r->p < 4)
		return -1;
	for (i = 0; i < 4; i++, r->p++) {
		char c = *r->p;

		v = v * 16 + (c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
		    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1000000);
	}
	return v < 0 ? -1 : v;
}

/* cp as UTF-8 at out; its length. */
static size_t
put_utf8(char *out, unsigned long cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* A \u escape after its backslash and u, with its low surrogate if it is a
 * high one: the code point, U+FFFD for a lone surrogate, or -1. */
static long
unicode_escape(struct json_read *r)
{
	long hi = hex4(r), lo;
	const char *back;

	if (hi < 0xD800 || hi > 0xDFFF)
		return hi;
	if (hi > 0xDBFF || r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u')
		return 0xFFFD;
	back = r->p;
	r->p += 2;
	if ((lo = hex4(r)) < 0xDC00 || lo > 0xDFFF) {
		r->p = back;
		return 0xFFFD;
	}
	return 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
}

/* The escape after a backslash, written at out; its length, or 0. */
static size_t
escape(struct json_read *r, char *out)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *hit;
	long cp;

	if (r->p >= r->end)
		return 0;
	if (*r->p == 'u') {
		r->p++;
		return (cp = unicode_escape(r)) < 0 ? 0 : put_utf8(out, (unsigned long)cp);
	}
	if ((hit = strchr(from, *r->p)) == NULL || *r->p == '\0')
		return 0;
	r->p++;
	out[0] = to[hit - from];
	return 1;
}

/* The string's raw characters up to its closing quote, decoded into out (at
 * least as long as they); the decoded length, or -1. */
static long
string_body(struct json_read *r, char *out)
{
	size_t n = 0, k;
	unsigned long cp;

	while (r->p < r->end && *r->p != '"') {
		if (*r->p == '\\') {
			r->p++;
			if ((k = escape(r, out + n)) == 0)
				return -1;
			n += k;
			continue;
		}
		k = utf8_decode(r->p, (size_t)(r->end - r->p), 0, &cp);
		if (k == 0 || cp < 0x20)
			return -1;
		memcpy(out + n, r->p, k);
		n += k;
		r->p += k;
	}
	if (r->p >= r->end)
		return -1;
	r->p++;
	return (long)n;
}

char *
json_read_string(struct json_read *r, size_t *len)
{
	const char *q;
	char *out;
	long n;

	if (json_read_char(r, '"') != 0)
		return NULL;
	/* the decoded text is never longer than the raw one: find its end */
	for (q = r->p; q < r->end && *q != '"'; q++)
		if (*q == '\\' && q + 1 < r->end)
			q++;
	out = xmalloc((size_t)(q - r->p) + 1);
	if ((n = string_body(r, out)) < 0) {
		free(out);
		return NULL;
	}
	out[n] = '\0';
	if (len != NULL)
		*len = (size_t)n;
	return out;
}

static int skip_depth(struct json_read *r, int depth);

/* The members or elements of an array or object after its opening bracket. */
static int
skip_container(struct json_read *r, char close, int depth)
{
	size_t len;
	char *key;

	if (json_read_char(r, close) == 0)
		return 0;
	do {
		if (close == '}') {
			if ((key = json_read_string(r, &len)) == NULL)
				return -1;
			free(key);
			if (json_read_char(r, ':') != 0)
				return -1;
		}
		if (skip_depth(r, depth + 1) != 0)
			return -1;
	} while (json_read_char(r, ',') == 0);
	return json_read_char(r, close);
}

/* A literal word (true, false, null). */
static int
word(struct json_read *r, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, w, n) != 0)
		return -1;
	r->p += n;
	return 0;
}

static int
skip_depth(struct json_read *r, int depth)
{
	double v;
	char *s;

	if (depth > JSON_READ_DEPTH)
		return -1;
	skip_ws(r);
	if (r->p >= r->end)
		return -1;
	switch (*r->p) {
	case '[':
		r->p++;
		return skip_container(r, ']', depth);
	case '{':
		r->p++;
		return skip_container(r, '}', depth);
	case '"':
		if ((s = json_read_string(r, NULL)) == NULL)
			return -1;
		free(s);
		return 0;
	case 't':
		return word(r, "true");
	case 'f':
		return word(r, "false");
	case 'n':
		return word(r, "null");
	default:
		return json_read_number(r, &v);
	}
}

int
json_read_skip(struct json_read *r)
{
	return skip_depth(r, 0);
}

int
json_read_end(struct json_read *r)
{
	skip_ws(r);
	return r->p == r->end ? 0 : -1;
}
