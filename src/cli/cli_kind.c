/* cli_kind.c: an option's value by its kind: parsed, stored at its field, and its
 * valid values put in words. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_kind.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "verify/verify.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif
#define NUMBER_MAX 32		/* one number in words */
#define ELEMENT_MAX 128		/* longest element of a sweep axis, with its terminator */
#define PHRASE_MAX 256		/* a range in words */

const char *
cli_default(const struct cli_option *o)
{
	return o->def != NULL ? o->def : verify_param_default(o->name);
}

int
cli_kind_takes_value(const struct cli_option *o)
{
	return o->kind != CLI_KIND_FLAG && o->kind != CLI_KIND_MODE;
}

/* 0 when s is a number of the grammar (util/number.h); else -1, with the reason
 * in *why when there is more to say than "not a number". */
static int
check_number(const char *s, int integer, const char **why)
{
	const char *reason;

	if (number_check(s, strlen(s), integer, &reason) == 0)
		return 0;
	if (reason != NULL)
		*why = reason;
	return -1;
}

/* Whether the decimal s has a digit other than 0 before its exponent. */
static int
nonzero(const char *s)
{
	for (; *s != '\0' && *s != 'e' && *s != 'E'; s++)
		if (*s >= '1' && *s <= '9')
			return 1;
	return 0;
}

/* An unsigned integer in [lo, hi], the whole string. */
static int
parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out, const char **why)
{
	unsigned long long v;

	if (check_number(s, 1, why) != 0)
		return -1;
	errno = 0;
	v = strtoull(s, NULL, 10);
	if (errno != 0 || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* A finite real in [lo, hi] (lo excluded when open_lo), the whole string; -0
 * is 0, a subnormal is taken as it is, and a number that rounds to 0 from
 * further out is refused as too small to represent. */
static int
parse_real(const char *s, double lo, double hi, int open_lo, double *out,
    const char **why)
{
	double v;

	if (check_number(s, 0, why) != 0)
		return -1;
	v = strtod(s, NULL);
	if (v == 0.0 && nonzero(s)) {
		*why = "is too close to 0 for a double (the smallest above 0 is 4.9e-324)";
		return CLI_KIND_UNREPRESENTABLE;
	}
	if (v == 0.0)
		v = 0.0;	/* -0 is 0 */
	if (!isfinite(v) || v < lo || v > hi || (open_lo && v <= lo))
		return -1;
	*out = v;
	return 0;
}

static int
find_choice(const char *const *choices, const char *s, uint64_t *out)
{
	uint64_t i;

	for (i = 0; choices[i] != NULL; i++)
		if (strcmp(s, choices[i]) == 0) {
			*out = i;
			return 0;
		}
	return -1;
}

/* s as one of o's choices, or as an alias of one. */
static int
parse_choice(const struct cli_option *o, const char *s, uint64_t *out)
{
	size_t i;

	if (find_choice(o->choices, s, out) == 0)
		return 0;
	for (i = 0; o->aliases != NULL && o->aliases[i] != NULL; i += 2)
		if (strcmp(s, o->aliases[i]) == 0)
			return find_choice(o->choices, o->aliases[i + 1], out);
	return -1;
}

/* v into the unsigned integer field of size bytes (an int, an enum, a size_t...);
 * the row's range keeps v within it. */
static void
store_uint(void *field, size_t size, uint64_t v)
{
	uint64_t u64 = v;
	uint32_t u32 = (uint32_t)v;
	uint16_t u16 = (uint16_t)v;
	uint8_t u8 = (uint8_t)v;

	if (size == sizeof u64)
		memcpy(field, &u64, size);
	else if (size == sizeof u32)
		memcpy(field, &u32, size);
	else if (size == sizeof u16)
		memcpy(field, &u16, size);
	else
		memcpy(field, &u8, sizeof u8);
}

/* The kinds held as an integer: INT, U64 and CHOICE. */
static int
parse_integer(const struct cli_option *o, const char *s, void *field, const char **why)
{
	uint64_t u;
	int rc;

	if (o->kind == CLI_KIND_CHOICE)
		rc = parse_choice(o, s, &u);
	else if (o->kind == CLI_KIND_U64)
		rc = parse_uint(s, 0, UINT64_MAX, &u, why);
	else
		rc = parse_uint(s, (uint64_t)o->min, (uint64_t)o->max, &u, why);
	if (rc == 0)
		store_uint(field, o->size, u);
	return rc;
}

/* One value of o, the whole of s, into field. */
static int
parse_one(const struct cli_option *o, const char *s, void *field, const char **why)
{
	double d = 0.0;
	int one = 1, rc;

	switch (o->kind) {
	case CLI_KIND_FLAG:
		memcpy(field, &one, sizeof one);
		return 0;
	case CLI_KIND_MODE:
		return 0;
	case CLI_KIND_RATE:
	case CLI_KIND_REAL:
		if (o->kind == CLI_KIND_RATE && strcmp(s, "max") == 0)
			d = 0.0;
		else if ((rc = parse_real(s, o->min, o->max, o->open_min, &d, why)) != 0)
			return rc;
		memcpy(field, &d, sizeof d);
		return 0;
	case CLI_KIND_FILE:
	case CLI_KIND_TEXT:
		if (o->kind == CLI_KIND_FILE && (*s == '\0' || strlen(s) >= PATH_MAX)) {
			*why = *s == '\0' ? "the value is empty" : "it is longer than any "
			    "path the system opens, PATH_MAX bytes";
			return -1;
		}
		memcpy(field, &s, sizeof s);
		return 0;
	case CLI_KIND_INT:
	case CLI_KIND_U64:
	case CLI_KIND_CHOICE:
		break;
	}
	return parse_integer(o, s, field, why);
}

/* A comma-separated list: no empty element, at most list_max of them. */
static int
parse_list(const struct cli_option *o, const char *arg, struct options *opt,
    const char **why)
{
	char *base = (char *)opt + o->offset, *el;
	size_t len;
	int n = 0, rc;

	for (;;) {
		len = strcspn(arg, ",");
		if (len == 0 || n == o->list_max)
			return -1;
		el = xmalloc(len + 1);
		memcpy(el, arg, len);
		el[len] = '\0';
		rc = parse_one(o, el, base + (size_t)n * o->size, why);
		free(el);
		if (rc != 0)
			return rc;
		n++;
		if (arg[len] == '\0')
			break;
		arg += len + 1;
	}
	memcpy((char *)opt + o->count_offset, &n, sizeof n);
	return 0;
}

/* The value an INT, REAL or CHOICE field holds, as a double. */
double
cli_kind_value(const struct cli_option *o, const void *field)
{
	uint64_t u64;
	uint32_t u32;
	double d;

	if (o->kind == CLI_KIND_REAL || o->kind == CLI_KIND_RATE) {
		memcpy(&d, field, sizeof d);
		return d;
	}
	if (o->size == sizeof u64) {
		memcpy(&u64, field, sizeof u64);
		return (double)u64;
	}
	memcpy(&u32, field, sizeof u32);
	return (double)u32;
}

/* One element of an axis list into ax: a value, or for an integer "A-B", every
 * integer from A to B. */
static int
parse_axis_element(const struct cli_option *o, const char *s, void *field,
    struct cli_axis_values *ax, const char **why)
{
	char lo[ELEMENT_MAX];
	const char *dash = o->kind == CLI_KIND_INT ? strchr(s, '-') : NULL;
	double a, b;

	int rc;

	if (dash == NULL || dash == s) {
		if ((rc = parse_one(o, s, field, why)) != 0)
			return rc;
		if (ax->n == CLI_AXIS_VALUES)
			return -1;
		ax->v[ax->n++] = cli_kind_value(o, field);
		return 0;
	}
	memcpy(lo, s, (size_t)(dash - s));
	lo[dash - s] = '\0';
	if ((rc = parse_one(o, lo, field, why)) != 0)
		return rc;
	a = cli_kind_value(o, field);
	if (parse_one(o, dash + 1, field, why) != 0 ||
	    (b = cli_kind_value(o, field)) < a ||
	    b - a >= CLI_AXIS_VALUES - ax->n)
		return -1;
	for (; a <= b; a++)
		ax->v[ax->n++] = a;
	return 0;
}

/* A sweep axis: a comma-separated list (integers also as ranges A-B) into
 * opt->axis, the first value into the option's own field. */
static int
parse_axis(const struct cli_option *o, const char *arg, struct options *opt,
    const char **why)
{
	struct cli_axis_values *ax = &opt->axis[o->axis];
	char buf[ELEMENT_MAX], *field = (char *)opt + o->offset;
	const char *first = arg;
	size_t len;
	int rc;

	ax->n = 0;
	for (;;) {
		len = strcspn(arg, ",");
		if (len == 0 && *arg == '\0' && arg == first)
			*why = "the value is empty";
		if (len == 0 || len >= sizeof buf)
			return -1;
		memcpy(buf, arg, len);
		buf[len] = '\0';
		if ((rc = parse_axis_element(o, buf, field, ax, why)) != 0)
			return rc;
		if (arg[len] == '\0')
			break;
		arg += len + 1;
	}
	len = strcspn(first, o->kind == CLI_KIND_INT ? ",-" : ",");
	memcpy(buf, first, len);
	buf[len] = '\0';
	return parse_one(o, buf, field, why);
}

int
cli_kind_parse(const struct cli_option *o, const char *arg, struct options *opt,
    const char **why)
{
	*why = NULL;
	if (o->list_max > 0)
		return parse_list(o, arg, opt, why);
	if (o->axis != CLI_AXIS_NONE)
		return parse_axis(o, arg, opt, why);
	return parse_one(o, arg, (char *)opt + o->offset, why);
}

/* v in words: an integer from 10^9 up that is a power of ten as 10^k, a real in %g
 * with a bare exponent (1e6). */
static void
format_number(char *buf, size_t len, double v, int integer)
{
	char *e;
	double x = v;
	int k = 0;

	while (integer && x >= 10.0 && fmod(x, 10.0) == 0.0) {
		x /= 10.0;
		k++;
	}
	if (integer && x == 1.0 && k >= 9)
		snprintf(buf, len, "10^%d", k);
	else if (integer)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%g", v);
	if ((e = strchr(buf, 'e')) == NULL)
		return;
	if (*++e == '+')
		memmove(e, e + 1, strlen(e));
	if (*e == '-')
		e++;
	while (e[0] == '0' && e[1] != '\0')
		memmove(e, e + 1, strlen(e));
}

/* From min to max: "1..32" in --help, "1 to 32" elsewhere. */
static void
span(const struct cli_option *o, enum cli_style style, char *buf, size_t len)
{
	char lo[NUMBER_MAX], hi[NUMBER_MAX];
	int integer = o->kind == CLI_KIND_INT;
	const char *max = o->kind != CLI_KIND_RATE ? "" :
	    style == CLI_STYLE_HELP ? " or max" : ", or max";

	format_number(lo, sizeof lo, o->min, integer);
	format_number(hi, sizeof hi, o->max, integer);
	if (o->kind == CLI_KIND_U64 && style == CLI_STYLE_ERROR)
		snprintf(buf, len, "0 to %" PRIu64, UINT64_MAX);
	else if (o->kind == CLI_KIND_U64)
		snprintf(buf, len, "0%s2^64-1", style == CLI_STYLE_HELP ? ".." : " to ");
	else if (style == CLI_STYLE_HELP)
		snprintf(buf, len, "%s%s..%s%s", o->open_min ? ">" : "", lo, hi, max);
	else if (o->open_min)
		snprintf(buf, len, "above %s and at most %s%s", lo, hi, max);
	else
		snprintf(buf, len, "%s to %s%s", lo, hi, max);
}

/* The choices joined by sep. */
static void
join(const char *const *v, const char *sep, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (; *v != NULL && n < len; v++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n > 0 ? sep : "", *v);
}

/* One value's words: a number's range, or the choices. */
static void
element(const struct cli_option *o, enum cli_style style, char *buf, size_t len)
{
	if (o->kind == CLI_KIND_CHOICE && style == CLI_STYLE_HELP)
		join(o->choices, "|", buf, len);
	else if (o->kind == CLI_KIND_CHOICE && style == CLI_STYLE_ERROR) {
		memcpy(buf, "one of ", sizeof "one of ");
		join(o->choices, ", ", buf + strlen(buf), len - strlen(buf));
	} else if (o->kind == CLI_KIND_CHOICE)
		buf[0] = '\0';
	else
		span(o, style, buf, len);
}

/* An error's words for a number or a list of them: "an integer from 1 to 32". */
static void
number_phrase(const struct cli_option *o, const char *span_words, char *buf,
    size_t len)
{
	int integer = o->kind == CLI_KIND_INT || o->kind == CLI_KIND_U64;
	const char *noun = o->list_max > 0 ? (integer ? "integers" : "numbers") :
	    integer ? "an integer" : "a number";

	if (o->list_max > 0)
		snprintf(buf, len, "a comma-separated list of up to %d %s", o->list_max,
		    noun);
	else
		snprintf(buf, len, "%s", noun);
	snprintf(buf + strlen(buf), len - strlen(buf), "%s%s%s%s",
	    o->unit != NULL ? " of " : "", o->unit != NULL ? o->unit : "",
	    o->open_min ? " " : " from ", span_words);
}

void
cli_kind_range(const struct cli_option *o, enum cli_style style, char *buf,
    size_t len)
{
	char words[PHRASE_MAX];

	buf[0] = '\0';
	if (!cli_kind_takes_value(o) || o->kind == CLI_KIND_TEXT)
		return;
	if (o->kind == CLI_KIND_FILE) {
		if (style == CLI_STYLE_ERROR)
			snprintf(buf, len, "a file name");
		return;
	}
	element(o, style, words, sizeof words);
	if (style == CLI_STYLE_ERROR && o->kind != CLI_KIND_CHOICE)
		number_phrase(o, words, buf, len);
	else if (o->list_max > 0 && style == CLI_STYLE_ERROR)
		snprintf(buf, len, "a comma-separated list of up to %d names, each %s",
		    o->list_max, words);
	else if (o->list_max > 0 && words[0] != '\0')
		snprintf(buf, len, "up to %d, each %s", o->list_max, words);
	else
		snprintf(buf, len, "%s", words);
	if (o->axis != CLI_AXIS_NONE && style == CLI_STYLE_ERROR)
		snprintf(buf + strlen(buf), len - strlen(buf), " (with --sweep, a "
		    "comma-separated list of up to %d%s)", CLI_AXIS_VALUES,
		    o->kind == CLI_KIND_INT ? ", or a range A-B" : "");
}
