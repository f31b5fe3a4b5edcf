/* json.c: commas, keys, escapes and finite numbers. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "util/json.h"
#include "util/utf8.h"

void
json_init(struct json *j, FILE *out)
{
	j->out = out;
	j->depth = 0;
	j->count[0] = 0;
}

/* A JSON string: quotes, backslashes and control characters escaped, and any
 * byte that is not part of well-formed UTF-8 (a file name can hold anything)
 * replaced by U+FFFD, so the document always parses. */
static void
write_escaped(FILE *out, const char *s)
{
	size_t len = strlen(s), i = 0, n;
	unsigned long cp;

	fputc('"', out);
	for (; i < len; i += n) {
		unsigned char c = (unsigned char)s[i];

		n = 1;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else if ((n = utf8_decode(s, len, i, &cp)) > 0)
			fwrite(s + i, 1, n, out);
		else {
			fputs("\\ufffd", out);
			n = 1;
		}
	}
	fputc('"', out);
}

/* The comma and key before a member. */
static void
member(struct json *j, const char *key)
{
	if (j->count[j->depth]++ > 0)
		fputc(',', j->out);
	if (key != NULL) {
		write_escaped(j->out, key);
		fputc(':', j->out);
	}
}

static void
open_container(struct json *j, const char *key, int bracket)
{
	member(j, key);
	fputc(bracket, j->out);
	if (j->depth + 1 < JSON_DEPTH)
		j->count[++j->depth] = 0;
}

static void
close_container(struct json *j, int bracket)
{
	fputc(bracket, j->out);
	if (j->depth > 0)
		j->depth--;
}

void
json_object_begin(struct json *j, const char *key)
{
	open_container(j, key, '{');
}

void
json_object_end(struct json *j)
{
	close_container(j, '}');
}

void
json_array_begin(struct json *j, const char *key)
{
	open_container(j, key, '[');
}

void
json_array_end(struct json *j)
{
	close_container(j, ']');
}

void
json_double(struct json *j, const char *key, double v)
{
	member(j, key);
	if (v == 0.0)
		v = 0.0;	/* -0 prints as 0 */
	if (isfinite(v))
		fprintf(j->out, "%.10g", v);
	else
		fputs("null", j->out);
}

void
json_uint(struct json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->out, "%" PRIu64, v);
}

void
json_uint_array(struct json *j, const char *key, const uint64_t *v, size_t n)
{
	size_t i;

	json_array_begin(j, key);
	for (i = 0; i < n; i++)
		json_uint(j, NULL, v[i]);
	json_array_end(j);
}

void
json_int(struct json *j, const char *key, long long v)
{
	member(j, key);
	fprintf(j->out, "%lld", v);
}

void
json_bool(struct json *j, const char *key, int v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->out);
}

void
json_string(struct json *j, const char *key, const char *s)
{
	member(j, key);
	write_escaped(j->out, s);
}

void
json_finish(struct json *j)
{
	fputc('\n', j->out);
}
