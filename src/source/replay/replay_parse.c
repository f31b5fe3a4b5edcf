/* replay_parse.c: lines of a replay file into checked distributions. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/replay/replay_parse.h"
#include "util/number.h"
#include "util/xalloc.h"

#define TOKEN_MAX 64		/* a number up to this long is read in place */
#define SHOW_MAX 24
#define STR_(x) #x
#define STR(x) STR_(x)		/* longest piece of an entry quoted in a message */

static int
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int __attribute__((format(printf, 3, 4)))
fail(struct replay_error *err, size_t column, const char *fmt, ...)
{
	va_list ap;

	err->column = column;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return REPLAY_ERROR;
}

/* A printable, shortened copy of s[0..len) for messages. */
static const char *
shown(const char *s, size_t len, char *buf)
{
	size_t i, n = len < SHOW_MAX ? len : SHOW_MAX;

	for (i = 0; i < n; i++)
		buf[i] = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f ?
		    s[i] : '?';
	strcpy(buf + n, len > n ? "..." : "");
	return buf;
}

void
replay_line_init(struct replay_line *l)
{
	memset(l, 0, sizeof *l);
}

void
replay_line_free(struct replay_line *l)
{
	free(l->e);
	free(l->slot);
	memset(l, 0, sizeof *l);
}

/* Empty l for the next line, its limit kept; the slots of its ids cleared. */
static void
line_clear(struct replay_line *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->e[i].id < l->nslot)
			l->slot[l->e[i].id] = 0;
	l->n = 0;
	l->entries = 0;
	l->sparse = 0;
	l->over = 0;
}

static size_t
line_limit(const struct replay_line *l)
{
	return l->limit > 0 && l->limit < REPLAY_VOCAB_MAX ? l->limit : REPLAY_VOCAB_MAX;
}

/* The slot of id, the table grown to hold it (ids are below REPLAY_VOCAB_MAX). */
static uint32_t *
slot_of(struct replay_line *l, uint32_t id)
{
	size_t n = l->nslot;

	if (id >= n) {
		while (n <= id)
			n = n == 0 ? 256 : 2 * n;
		if (n > REPLAY_VOCAB_MAX)
			n = REPLAY_VOCAB_MAX;
		l->slot = xreallocarray(l->slot, n, sizeof *l->slot);
		memset(l->slot + l->nslot, 0, (n - l->nslot) * sizeof *l->slot);
		l->nslot = n;
	}
	return &l->slot[id];
}

/* The header's N when the comment s[0..len) (after '#') is '# vocab N'; REPLAY_SKIP
 * for any other comment. */
static enum replay_kind
parse_header(const char *s, size_t len, size_t col, size_t *vocab,
    struct replay_error *err)
{
	size_t i = 0, j;
	unsigned long v = 0;

	while (i < len && is_blank(s[i]))
		i++;
	if (len - i < 5 || memcmp(s + i, "vocab", 5) != 0 ||
	    (i + 5 < len && !is_blank(s[i + 5])))
		return REPLAY_SKIP;
	for (i += 5; i < len && is_blank(s[i]); i++)
		continue;
	for (j = i; j < len && s[j] >= '0' && s[j] <= '9' && v <= REPLAY_VOCAB_MAX; j++)
		v = v * 10 + (unsigned long)(s[j] - '0');
	while (j < len && is_blank(s[j]))
		j++;
	if (j == i || j < len || v < 2 || v > REPLAY_VOCAB_MAX)
		return fail(err, col + i + 1, "'# vocab' needs a vocabulary size from 2 "
		    "to %d", REPLAY_VOCAB_MAX);
	*vocab = v;
	return REPLAY_HEADER;
}

/* A weight: a finite non-negative number of the program's one grammar
 * (util/number.h), the whole of s[0..len), of any length. */
static int
parse_weight(const char *s, size_t len, size_t entry, size_t col, double *w,
    struct replay_error *err)
{
	char small[TOKEN_MAX + 1], show[SHOW_MAX + 4], *buf = small;
	const char *why;

	if (number_check(s, len, 0, &why) != 0)
		return fail(err, col, "entry %zu: '%s' is not a number%s%s", entry,
		    shown(s, len, show), why != NULL ? ": " : "", why != NULL ? why : "");
	if (len > TOKEN_MAX)
		buf = xmalloc(len + 1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	*w = strtod(buf, NULL);
	if (buf != small)
		free(buf);
	if (isinf(*w))
		return fail(err, col, "entry %zu: weight '%s' is infinite", entry,
		    shown(s, len, show));
	if (*w < 0.0)
		return fail(err, col, "entry %zu: weight '%s' is negative", entry,
		    shown(s, len, show));
	return 0;
}

/* A token id: decimal digits, below REPLAY_VOCAB_MAX. */
static int
parse_id(const char *s, size_t len, size_t entry, size_t col, uint32_t *id,
    struct replay_error *err)
{
	char show[SHOW_MAX + 4];
	unsigned long v = 0;
	size_t i;

	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9' && v < REPLAY_VOCAB_MAX; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	if (len == 0 || (i < len && (s[i] < '0' || s[i] > '9')))
		return fail(err, col, "entry %zu: '%s' is not a token id", entry,
		    shown(s, len, show));
	if (i < len || v >= REPLAY_VOCAB_MAX)
		return fail(err, col, "entry %zu: token id %s is out of range (at most "
		    "%d)", entry, shown(s, len, show), REPLAY_VOCAB_MAX - 1);
	*id = (uint32_t)v;
	return 0;
}

static void
push_entry(struct replay_line *l, uint32_t id, double w)
{
	if (l->n == l->cap) {
		size_t cap = l->cap == 0 ? 64 : 2 * l->cap;

		l->e = xreallocarray(l->e, cap, sizeof *l->e);
		l->cap = cap;
	}
	l->e[l->n].id = id;
	l->e[l->n].w = w;
	l->n++;
}

/* Add w to id's entry when the sparse line has one: 1, else 0. */
static int
merge_entry(struct replay_line *l, uint32_t id, double w)
{
	uint32_t *slot = slot_of(l, id);

	if (*slot != 0) {
		l->e[*slot - 1].w += w;
		return 1;
	}
	*slot = (uint32_t)l->n + 1;
	return 0;
}

/* One entry s[0..len) at 1-based column col: a weight, or id:weight. */
static int
parse_entry(const char *s, size_t len, size_t col, struct replay_line *l,
    struct replay_error *err)
{
	const char *colon = memchr(s, ':', len);
	size_t entry = l->entries + 1, k;
	uint32_t id = (uint32_t)l->n;
	double w;

	if (colon == NULL && l->n == line_limit(l)) {
		l->over = 1;
		return fail(err, col, "entry %zu: more than %zu weights%s", entry,
		    line_limit(l), l->limit > 0 && l->limit < REPLAY_VOCAB_MAX ? "" :
		    ": a vocabulary has 2 to " STR(REPLAY_VOCAB_MAX) " tokens");
	}

	if (l->n > 0 && (colon != NULL) != l->sparse)
		return fail(err, col, "entry %zu: mixes dense weights and sparse "
		    "id:weight entries", entry);
	l->sparse = colon != NULL;
	if (colon != NULL) {
		k = (size_t)(colon - s);
		if (parse_id(s, k, entry, col, &id, err) != 0 ||
		    parse_weight(colon + 1, len - k - 1, entry, col + k + 1, &w, err) != 0)
			return REPLAY_ERROR;
	} else if (parse_weight(s, len, entry, col, &w, err) != 0)
		return REPLAY_ERROR;
	l->entries++;
	if (l->sparse && merge_entry(l, id, w))
		return 0;
	if (l->n == 0 || id > l->e[l->max_at].id) {
		l->max_at = l->n;
		l->max_column = col;
	}
	push_entry(l, id, w);
	return 0;
}

/* The entries of s[0..len): separated by blanks or one comma with optional
 * blanks around it. */
static int
parse_entries(const char *s, size_t len, struct replay_line *l,
    struct replay_error *err)
{
	size_t i = 0, start;
	int comma = 0;

	for (;;) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len && !comma)
			return 0;
		start = i;
		while (i < len && !is_blank(s[i]) && s[i] != ',')
			i++;
		if (i == start)
			return fail(err, start + 1, "entry %zu: empty (two separators in "
			    "a row, or one at an end)", l->entries + 1);
		if (parse_entry(s + start, i - start, start + 1, l, err) != 0)
			return REPLAY_ERROR;
		while (i < len && is_blank(s[i]))
			i++;
		if ((comma = i < len && s[i] == ','))
			i++;
	}
}

static int
check_sum(struct replay_line *l, struct replay_error *err)
{
	size_t i;

	l->sum = 0.0;
	for (i = 0; i < l->n; i++)
		l->sum += l->e[i].w;
	if (!isfinite(l->sum))
		return fail(err, 0, "the weights sum to infinity");
	if (l->sum <= 0.0)
		return fail(err, 0, "all weights are zero");
	return 0;
}

enum replay_kind
replay_parse_line(const char *s, size_t len, struct replay_line *l, size_t *vocab,
    struct replay_error *err)
{
	const char *hash = memchr(s, '#', len);
	size_t i = 0;

	while (i < len && is_blank(s[i]))
		i++;
	if (i == len)
		return REPLAY_SKIP;
	if (s + i == hash)
		return parse_header(s + i + 1, len - i - 1, i + 1, vocab, err);
	line_clear(l);
	if (parse_entries(s, hash != NULL ? (size_t)(hash - s) : len, l, err) != 0 ||
	    check_sum(l, err) != 0)
		return REPLAY_ERROR;
	return REPLAY_DIST;
}

void
replay_line_dense(const struct replay_line *l, double *out, size_t vocab)
{
	size_t i;

	memset(out, 0, vocab * sizeof *out);
	for (i = 0; i < l->n; i++)
		out[l->e[i].id] += l->e[i].w / l->sum;
}

void
replay_scan_init(struct replay_scan *sc)
{
	memset(sc, 0, sizeof *sc);
	replay_line_init(&sc->cur);
}

void
replay_scan_free(struct replay_scan *sc)
{
	replay_line_free(&sc->cur);
}

static int
scan_header(struct replay_scan *sc, size_t vocab, struct replay_error *err)
{
	if (sc->vocab_header)
		return fail(err, 0, "a second '# vocab' header (the first is on line %zu)",
		    sc->vocab_line);
	if (sc->dists > 0)
		return fail(err, 0, "the '# vocab' header must come before the first "
		    "distribution (line %zu)", sc->last_dist);
	sc->vocab = vocab;
	sc->vocab_line = sc->line;
	sc->vocab_header = 1;
	return 0;
}

static int
id_out_of_range(struct replay_scan *sc, uint32_t id, size_t line, size_t column,
    size_t entry, struct replay_error *err)
{
	err->line = line;
	return fail(err, column, "entry %zu: token id %lu is out of range: the "
	    "vocabulary has %zu tokens (0 to %zu)", entry, (unsigned long)id, sc->vocab,
	    sc->vocab - 1);
}

/* A dense line sets the size, or must match it. */
static int
scan_dense(struct replay_scan *sc, struct replay_error *err)
{
	size_t n = sc->cur.n;

	if (sc->vocab == 0) {
		if (n < 2 || n > REPLAY_VOCAB_MAX)
			return fail(err, 0, "%zu weights: a vocabulary has 2 to %d tokens", n,
			    REPLAY_VOCAB_MAX);
		sc->vocab = n;
		sc->vocab_line = sc->line;
		if (sc->pending_line != 0 && sc->pending_id >= n)
			return id_out_of_range(sc, sc->pending_id, sc->pending_line,
			    sc->pending_column, sc->pending_entry, err);
		return 0;
	}
	if (n != sc->vocab)
		return fail(err, 0, "%zu weights, but the vocabulary has %zu tokens "
		    "(set by %s on line %zu)", n, sc->vocab, sc->vocab_header ?
		    "the '# vocab' header" : "the distribution", sc->vocab_line);
	return 0;
}

/* A sparse line's ids must be below the size; while it is not known, keep the
 * largest id to check when it is. */
static int
scan_sparse(struct replay_scan *sc, struct replay_error *err)
{
	const struct replay_line *l = &sc->cur;
	uint32_t id = l->e[l->max_at].id;

	if (sc->vocab != 0) {
		if (id >= sc->vocab)
			return id_out_of_range(sc, id, sc->line, l->max_column,
			    l->max_at + 1, err);
		return 0;
	}
	if (sc->pending_line == 0 || id > sc->pending_id) {
		sc->pending_id = id;
		sc->pending_line = sc->line;
		sc->pending_column = l->max_column;
		sc->pending_entry = l->max_at + 1;
	}
	return 0;
}

/* A dense line that went past the known size: what set it. */
static int
too_many(const struct replay_scan *sc, struct replay_error *err)
{
	fail(err, err->column, "entry %zu: more than %zu weights, but the vocabulary "
	    "has %zu tokens (set by %s on line %zu)", sc->vocab + 1, sc->vocab, sc->vocab,
	    sc->vocab_header ? "the '# vocab' header" : "the distribution",
	    sc->vocab_line);
	return -1;
}

int
replay_scan_line(struct replay_scan *sc, const char *s, size_t len,
    struct replay_error *err)
{
	size_t vocab = 0;
	enum replay_kind kind;

	err->line = ++sc->line;
	sc->cur.limit = sc->vocab;
	kind = replay_parse_line(s, len, &sc->cur, &vocab, err);
	switch (kind) {
	case REPLAY_ERROR:
		return sc->cur.over && sc->vocab != 0 ? too_many(sc, err) : -1;
	case REPLAY_SKIP:
		return 0;
	case REPLAY_HEADER:
		return scan_header(sc, vocab, err);
	case REPLAY_DIST:
		break;
	}
	sc->dists++;
	sc->last_dist = sc->line;
	return sc->cur.sparse ? scan_sparse(sc, err) : scan_dense(sc, err);
}

int
replay_scan_finish(struct replay_scan *sc, struct replay_error *err)
{
	err->line = 0;
	if (sc->dists == 0)
		return fail(err, 0, "no distributions: the file is empty or has only "
		    "comments and blank lines");
	if (sc->vocab == 0)
		return fail(err, 0, "sparse lines only: give the vocabulary size with a "
		    "'# vocab N' header");
	if (sc->dists % 2 != 0) {
		err->line = sc->last_dist;
		return fail(err, 0, "a target line without its draft line: %zu "
		    "distribution lines, but they come in pairs (target, then draft)",
		    sc->dists);
	}
	return 0;
}
