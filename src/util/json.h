/* json.h: a small streaming JSON writer. Numbers that are not finite are written
 * as null, so NaN and inf never reach a consumer. */
#ifndef SPECDEC_JSON_H
#define SPECDEC_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_DEPTH 8

struct json {
	FILE *out;
	int depth;
	int count[JSON_DEPTH];	/* members written at each open level */
};

void json_init(struct json *j, FILE *out);

/* Open and close containers; key is NULL inside arrays and at the top. */
void json_object_begin(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key);
void json_array_end(struct json *j);

/* Members (key NULL inside arrays). */
void json_double(struct json *j, const char *key, double v);
void json_uint(struct json *j, const char *key, uint64_t v);
void json_int(struct json *j, const char *key, long long v);
void json_bool(struct json *j, const char *key, int v);
void json_string(struct json *j, const char *key, const char *s);

/* An array of n counters under key. */
void json_uint_array(struct json *j, const char *key, const uint64_t *v, size_t n);

/* End the document with a newline. */
void json_finish(struct json *j);

#endif
