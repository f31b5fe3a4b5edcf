/* lm_arpa.c: an ARPA text model checked line by line as sphinxbase reads it. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/cmu/lm_check.h"
#include "util/xalloc.h"

#define MAX_ORDER 3
#define LOG_MAX 1e6		/* |log10| of any probability or backoff */
#define SHOWN 40		/* bytes of a line quoted in a message */

/* The 1-grams' words, an open-addressing set of slices of the buffer. */
struct words {
	const char **at;
	size_t *len, cap;
};

struct arpa {
	const char *buf, *name, *line;	/* line: the current one, trimmed */
	size_t len, pos, n;		/* n: the current line's length */
	long lineno;
	int order;
	uint32_t count[MAX_ORDER];
	struct words uni;
	char *err;
	size_t errlen;
};

static int fail(struct arpa *a, const char *fmt, ...) XALLOC_PRINTF(2, 3);

static int
fail(struct arpa *a, const char *fmt, ...)
{
	va_list ap;
	int k;

	k = snprintf(a->err, a->errlen, "%s: line %ld: ", a->name, a->lineno);
	if (k < 0 || (size_t)k >= a->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(a->err + k, a->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

/* How much of a text of n bytes a message quotes. */
static int
shown(size_t n)
{
	return n < SHOWN ? (int)n : SHOWN;
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The next line that is neither blank nor a comment, trimmed: 1; 0 at the end
 * of the text; -1 (err) for a line holding a NUL byte. */
static int
next_line(struct arpa *a)
{
	while (a->pos < a->len) {
		const char *s = a->buf + a->pos, *nl = memchr(s, '\n', a->len - a->pos);
		size_t n = nl != NULL ? (size_t)(nl - s) : a->len - a->pos;

		a->pos += n + (nl != NULL);
		a->lineno++;
		if (memchr(s, '\0', n) != NULL)
			return fail(a, "a NUL byte (binary data, not ARPA text)");
		while (n > 0 && is_blank(*s)) {
			s++;
			n--;
		}
		while (n > 0 && is_blank(s[n - 1]))
			n--;
		if (n == 0 || *s == '#')
			continue;
		a->line = s;
		a->n = n;
		return 1;
	}
	return 0;
}

static int
line_is(const struct arpa *a, const char *s)
{
	return a->n == strlen(s) && memcmp(a->line, s, a->n) == 0;
}

static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211u;
	return h;
}

/* The slot of word s in the set: where it is, or the empty one it would take. */
static size_t
slot(const struct words *w, const char *s, size_t n)
{
	size_t i = (size_t)hash(s, n) & (w->cap - 1);

	while (w->at[i] != NULL && (w->len[i] != n || memcmp(w->at[i], s, n) != 0))
		i = (i + 1) & (w->cap - 1);
	return i;
}

/* The fields of the current line, the first max of them into f (their
 * lengths in fl); returns how many there are. */
static int
fields(const struct arpa *a, const char **f, size_t *fl, int max)
{
	size_t i = 0;
	int k = 0;

	while (i < a->n) {
		size_t j = i;

		while (j < a->n && !is_blank(a->line[j]))
			j++;
		if (k < max) {
			f[k] = a->line + i;
			fl[k] = j - i;
		}
		k++;
		while (j < a->n && is_blank(a->line[j]))
			j++;
		i = j;
	}
	return k;
}

/* Field s (n bytes) as a finite number within LOG_MAX. */
static int
number(struct arpa *a, const char *s, size_t n, double *out)
{
	char tmp[64], *end;

	if (n >= sizeof tmp)
		return fail(a, "'%.*s' is not a number", shown(n), s);
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	*out = strtod(tmp, &end);
	if (end == tmp || *end != '\0' || !isfinite(*out))
		return fail(a, "'%s' is not a finite number", tmp);
	if (fabs(*out) > LOG_MAX)
		return fail(a, "%s is out of range (a log10 value from -%g to %g)", tmp,
		    LOG_MAX, LOG_MAX);
	return 0;
}

/* "ngram N=C" into the header's counts; 0 when the line is not one (the
 * header ends), 1 when it is, -1 on a bad one. */
static int
count_line(struct arpa *a)
{
	char tmp[80], *end;
	unsigned long n;
	long long c;
	const char *eq;

	if (a->n < 6 || memcmp(a->line, "ngram", 5) != 0 || !is_blank(a->line[5]))
		return 0;
	if (a->n >= sizeof tmp)
		return fail(a, "'%.*s...' is not an 'ngram N=COUNT' line", shown(a->n), a->line);
	memcpy(tmp, a->line, a->n);
	tmp[a->n] = '\0';
	n = strtoul(tmp + 6, &end, 10);
	eq = end;
	while (is_blank(*eq))
		eq++;
	if (end == tmp + 6 || *eq != '=')
		return fail(a, "'%s' is not an 'ngram N=COUNT' line", tmp);
	if ((int)n != a->order + 1)
		return fail(a, "'%s' where 'ngram %d=COUNT' should come (orders count up "
		    "from 1)", tmp, a->order + 1);
	if (n > MAX_ORDER)
		return fail(a, "'%s': a model of order %lu (1 to %d are read)", tmp, n,
		    MAX_ORDER);
	c = strtoll(eq + 1, &end, 10);
	if (end == eq + 1 || *end != '\0' || eq[1] == '-' || eq[1] == '+' ||
	    c < (n == 1 ? 2 : 1) || c > LM_CHECK_MAX_COUNT)
		return fail(a, "'%s': the count is not a whole number from %d to %d", tmp,
		    n == 1 ? 2 : 1, LM_CHECK_MAX_COUNT);
	a->count[a->order++] = (uint32_t)c;
	return 1;
}

static int
header(struct arpa *a)
{
	int rc;

	do {
		if ((rc = next_line(a)) <= 0) {
			if (rc == 0)
				snprintf(a->err, a->errlen, "%s: no \\data\\ line (not an ARPA "
				    "language model)", a->name);
			return -1;
		}
	} while (!line_is(a, "\\data\\"));
	for (;;) {
		if ((rc = next_line(a)) < 0)
			return -1;
		if (rc == 0) {
			snprintf(a->err, a->errlen, "%s: ends in its \\data\\ header (a "
			    "truncated file?)", a->name);
			return -1;
		}
		if ((rc = count_line(a)) < 0)
			return -1;
		if (rc == 0)
			break;
	}
	if (a->order == 0)
		return fail(a, "'%.*s' where the first 'ngram 1=COUNT' line should be",
		    shown(a->n), a->line);
	return 0;
}

/* One n-gram line of order n (1-based). */
static int
entry(struct arpa *a, int n)
{
	const char *f[MAX_ORDER + 3];
	size_t fl[MAX_ORDER + 3], i;
	int k = fields(a, f, fl, n + 2);
	int most = n < a->order ? n + 2 : n + 1;
	double v;

	if (k < n + 1 || k > most) {
		char want[32];

		snprintf(want, sizeof want, most > n + 1 ? "%d or %d" : "%d", n + 1, most);
		return fail(a, "a %d-gram line with %d field%s, not %s (log10 probability, "
		    "%d word%s%s)", n, k, k == 1 ? "" : "s", want, n, n > 1 ? "s" : "",
		    most > n + 1 ? ", backoff" : "");
	}
	if (number(a, f[0], fl[0], &v) != 0)
		return -1;
	if (v > 0.0)
		return fail(a, "log10 probability %.*s is above 0", (int)fl[0], f[0]);
	if (k == n + 2 && number(a, f[n + 1], fl[n + 1], &v) != 0)
		return -1;
	for (i = 1; i <= (size_t)n; i++) {
		size_t s = slot(&a->uni, f[i], fl[i]);

		if (n == 1 && a->uni.at[s] != NULL)
			return fail(a, "the 1-gram '%.*s' is listed twice", shown(fl[i]),
				    f[i]);
		if (n == 1) {
			a->uni.at[s] = f[i];
			a->uni.len[s] = fl[i];
		} else if (a->uni.at[s] == NULL)
			return fail(a, "'%.*s' in a %d-gram is not one of the 1-grams",
			    shown(fl[i]), f[i], n);
	}
	return 0;
}

/* The next line, which must be want; the previous section was of order n
 * (0: none). */
static int
expect(struct arpa *a, const char *want, int n)
{
	int rc;

	if ((rc = next_line(a)) <= 0) {
		if (rc == 0)
			snprintf(a->err, a->errlen, "%s: ends before its %s line (a "
			    "truncated file?)", a->name, want);
		return -1;
	}
	if (line_is(a, want))
		return 0;
	if (a->line[0] != '\\' && n > 0)
		return fail(a, "more %d-grams than the %u its \\data\\ header counts", n,
		    a->count[n - 1]);
	return fail(a, "'%.*s' where %s should be", shown(a->n), a->line, want);
}

/* The "\N-grams:" section of order n and its count's lines. */
static int
section(struct arpa *a, int n)
{
	char want[32];	/* "\\N-grams:" for any int N */
	uint32_t i;
	int rc;

	snprintf(want, sizeof want, "\\%d-grams:", n);
	if (expect(a, want, n - 1) != 0)
		return -1;
	for (i = 0; i < a->count[n - 1]; i++) {
		if ((rc = next_line(a)) <= 0) {
			if (rc == 0)
				snprintf(a->err, a->errlen, "%s: ends after %u of the %u "
				    "%d-grams its \\data\\ header counts (a truncated file?)",
				    a->name, i, a->count[n - 1], n);
			return -1;
		}
		if (a->line[0] == '\\')
			return fail(a, "'%.*s' after %u of the %u %d-grams its \\data\\ "
			    "header counts", shown(a->n), a->line, i, a->count[n - 1], n);
		if (entry(a, n) != 0)
			return -1;
	}
	return 0;
}

static int
check(struct arpa *a)
{
	int n;

	if (header(a) != 0)
		return -1;
	a->pos = (size_t)(a->line - a->buf);	/* read the section line again */
	a->lineno--;
	a->uni.cap = 16;
	while (a->uni.cap < 2 * (size_t)a->count[0] && a->uni.cap < a->len)
		a->uni.cap *= 2;
	a->uni.at = xcalloc(a->uni.cap, sizeof *a->uni.at);
	a->uni.len = xcalloc(a->uni.cap, sizeof *a->uni.len);
	for (n = 1; n <= a->order; n++)
		if (section(a, n) != 0)
			return -1;
	if (expect(a, "\\end\\", a->order) != 0)
		return -1;
	return 0;
}

int
lm_check_arpa(const char *buf, size_t len, const char *name, char *err, size_t errlen)
{
	struct arpa a;
	int rc;

	memset(&a, 0, sizeof a);
	a.buf = buf;
	a.len = len;
	a.name = name;
	a.err = err;
	a.errlen = errlen;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		a.pos = 3;
	rc = check(&a);
	free(a.uni.at);
	free(a.uni.len);
	return rc;
}
