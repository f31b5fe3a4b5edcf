/* lm_dmp.c: a DMP model's layout checked as sphinxbase's DMP reader walks it
 * (ngram_model_trie_read_dmp and ngrams_raw_read_dmp of sphinxbase 5prealpha). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source/cmu/lm_check.h"
#include "util/xalloc.h"

#define DMP_HEADER "Darpa Trigram LM"
#define STR_MAX 1024		/* the reader's buffer for header strings */
#define MAX_WORDS 65536		/* word ids are 16 bits */
#define SEGMENT_SHIFT 9		/* BIGRAM_SEGMENT_SIZE: trigram segments */

struct dmp {
	const unsigned char *buf;
	size_t len, at;
	int swap;
	const char *name;
	char *err;
	size_t errlen;
	int32_t count[3];
	const unsigned char *uni, *bi, *tri;
};

static int fail(struct dmp *d, const char *fmt, ...) XALLOC_PRINTF(2, 3);

static int
fail(struct dmp *d, const char *fmt, ...)
{
	va_list ap;
	int k;

	k = snprintf(d->err, d->errlen, "%s: a DMP model ", d->name);
	if (k < 0 || (size_t)k >= d->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(d->err + k, d->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

static uint32_t
get32(const struct dmp *d, const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof v);
	return d->swap ? __builtin_bswap32(v) : v;
}

static uint16_t
get16(const struct dmp *d, const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof v);
	return d->swap ? __builtin_bswap16(v) : v;
}

/* n bytes at the cursor; NULL (err naming what) when the file ends first. */
static const unsigned char *
take(struct dmp *d, size_t n, const char *what)
{
	const unsigned char *p = d->buf + d->at;

	if (n > d->len - d->at) {
		fail(d, "cut short in its %s (byte %zu of %zu)", what, d->at, d->len);
		return NULL;
	}
	d->at += n;
	return p;
}

static int
int32_at(struct dmp *d, const char *what, int32_t *out)
{
	const unsigned char *p = take(d, 4, what);

	if (p == NULL)
		return -1;
	*out = (int32_t)get32(d, p);
	return 0;
}

/* A header string: its length, at most STR_MAX, then its bytes. */
static int
string(struct dmp *d, int32_t k, const char *what)
{
	if (k < 0 || k > STR_MAX)
		return fail(d, "with a %s of %ld bytes (0 to %d)", what, (long)k, STR_MAX);
	return take(d, (size_t)k, what) == NULL ? -1 : 0;
}

/* Magic, file name, version, format description and counts. */
static int
header(struct dmp *d)
{
	const unsigned char *p = take(d, 4, "header");
	int32_t k, vn;

	if (p == NULL)
		return -1;
	d->swap = get32(d, p) != sizeof DMP_HEADER;
	if (get32(d, p) != sizeof DMP_HEADER ||
	    (p = take(d, sizeof DMP_HEADER, "header")) == NULL ||
	    memcmp(p, DMP_HEADER, sizeof DMP_HEADER) != 0)
		return fail(d, "without its \"%s\" header", DMP_HEADER);
	if (int32_at(d, "file name", &k) != 0 || string(d, k, "file name") != 0 ||
	    int32_at(d, "version", &vn) != 0)
		return -1;
	if (vn > 0)
		d->count[0] = vn;
	else {
		if (int32_at(d, "time stamp", &k) != 0)
			return -1;
		do {
			if (int32_at(d, "format description", &k) != 0 ||
			    string(d, k, "format description") != 0)
				return -1;
		} while (k != 0);
		if (int32_at(d, "counts", &d->count[0]) != 0)
			return -1;
	}
	return int32_at(d, "counts", &d->count[1]) != 0 ||
	    int32_at(d, "counts", &d->count[2]) != 0 ? -1 : 0;
}

static int
counts(struct dmp *d)
{
	static const char *const what[] = { "unigram", "bigram", "trigram" };
	int i;

	for (i = 0; i < 3; i++)
		if (d->count[i] < (i == 0) || d->count[i] > LM_CHECK_MAX_COUNT)
			return fail(d, "with %ld %ss (%d to %d)", (long)d->count[i], what[i],
			    i == 0, LM_CHECK_MAX_COUNT);
	if (d->count[0] > MAX_WORDS)
		return fail(d, "with %ld unigrams (DMP word ids go to %d)",
		    (long)d->count[0], MAX_WORDS);
	if (d->count[2] > 0 && d->count[1] == 0)
		return fail(d, "with trigrams but no bigrams");
	return 0;
}

/* Whether the float at p is finite. */
static int
finite_at(const struct dmp *d, const unsigned char *p)
{
	uint32_t u = get32(d, p);
	float f;

	memcpy(&f, &u, sizeof f);
	return isfinite(f);
}

/* The unigrams (count + 1, a sentinel): finite weights, bigram pointers
 * nondecreasing up to the bigram count. */
static int
unigrams(struct dmp *d)
{
	uint32_t last = 0, next;
	int32_t j;

	if ((d->uni = take(d, ((size_t)d->count[0] + 1) * 16, "unigrams")) == NULL)
		return -1;
	for (j = 0; j <= d->count[0]; j++) {
		const unsigned char *u = d->uni + (size_t)j * 16;

		if (!finite_at(d, u + 4) || !finite_at(d, u + 8))
			return fail(d, "with a weight of unigram %ld that is not finite",
			    (long)j);
		next = get32(d, u + 12);
		if (d->count[1] > 0 && (next < last || next > (uint32_t)d->count[1]))
			return fail(d, "whose unigram %ld points at bigram %lu (after %lu, "
			    "at most %ld)", (long)j, (unsigned long)next,
			    (unsigned long)last, (long)d->count[1]);
		last = next;
	}
	return 0;
}

/* A weight table: its size, at least need, and finite values. */
static int
weights(struct dmp *d, const char *what, uint32_t need)
{
	const unsigned char *p;
	int32_t k, i;

	if (int32_at(d, what, &k) != 0)
		return -1;
	if (k < 0 || (uint32_t)k < need || (size_t)k > (d->len - d->at) / 4)
		return fail(d, "with a %s table of %ld entries (its n-grams use %lu, the "
		    "file holds %zu more bytes)", what, (long)k, (unsigned long)need,
		    d->len - d->at);
	p = take(d, (size_t)k * 4, what);
	for (i = 0; i < k; i++)
		if (!finite_at(d, p + (size_t)i * 4))
			return fail(d, "whose %s table holds a value that is not finite",
			    what);
	return 0;
}

/* The largest 16-bit field at offset off of n records of size bytes, and
 * whether every word id there is below the unigram count. */
static uint32_t
max_field(const struct dmp *d, const unsigned char *p, uint32_t n, size_t size,
    size_t off)
{
	uint32_t i, m = 0, v;

	for (i = 0; i < n; i++)
		if ((v = get16(d, p + (size_t)i * size + off)) > m)
			m = v;
	return m;
}

/* The trigram segments: every bigram's trigram pointer nondecreasing and at
 * most the trigram count. */
static int
segments(struct dmp *d)
{
	const unsigned char *p;
	uint32_t j, idx, last = 0;
	int32_t k;

	if (int32_at(d, "trigram segments", &k) != 0)
		return -1;
	if (k <= (d->count[1] >> SEGMENT_SHIFT) || (size_t)k > (d->len - d->at) / 4)
		return fail(d, "with %ld trigram segments (%ld bigrams need more than %ld)",
		    (long)k, (long)d->count[1], (long)(d->count[1] >> SEGMENT_SHIFT));
	p = take(d, (size_t)k * 4, "trigram segments");
	for (j = 1; j <= (uint32_t)d->count[1]; j++) {
		idx = get32(d, p + (size_t)(j >> SEGMENT_SHIFT) * 4) +
		    get16(d, d->bi + (size_t)j * 8 + 6);
		if (idx < last || idx > (uint32_t)d->count[2])
			return fail(d, "whose bigram %lu points at trigram %lu (after %lu, "
			    "at most %ld)", (unsigned long)j, (unsigned long)idx,
			    (unsigned long)last, (long)d->count[2]);
		last = idx;
	}
	return 0;
}

/* Bigrams and trigrams, their weight tables and segments. */
static int
ngrams(struct dmp *d)
{
	uint32_t nb = (uint32_t)d->count[1], nt = (uint32_t)d->count[2];

	if ((d->bi = take(d, ((size_t)nb + 1) * 8, "bigrams")) == NULL)
		return -1;
	if (nt > 0 && (d->tri = take(d, (size_t)nt * 4, "trigrams")) == NULL)
		return -1;
	if (max_field(d, d->bi, nb, 8, 0) >= (uint32_t)d->count[0] ||
	    (nt > 0 && max_field(d, d->tri, nt, 4, 0) >= (uint32_t)d->count[0]))
		return fail(d, "with an n-gram of a word id beyond its %ld unigrams",
		    (long)d->count[0]);
	if (weights(d, "bigram probability", max_field(d, d->bi, nb, 8, 2) + 1) != 0)
		return -1;
	if (nt == 0)
		return 0;
	if (weights(d, "bigram backoff", max_field(d, d->bi, nb, 8, 4) + 1) != 0 ||
	    weights(d, "trigram probability", max_field(d, d->tri, nt, 4, 2) + 1) != 0)
		return -1;
	return segments(d);
}

/* The word strings: one NUL-terminated string per unigram. */
static int
words(struct dmp *d)
{
	const unsigned char *p;
	int32_t k, i, n = 0;

	if (int32_at(d, "word strings", &k) != 0)
		return -1;
	if (k <= 0 || (size_t)k > d->len - d->at)
		return fail(d, "with word strings of %ld bytes (the file holds %zu more)",
		    (long)k, d->len - d->at);
	p = take(d, (size_t)k, "word strings");
	for (i = 0; i < k; i++)
		n += p[i] == '\0';
	if (n != d->count[0] || p[k - 1] != '\0')
		return fail(d, "with %ld word strings for its %ld unigrams", (long)n,
		    (long)d->count[0]);
	return 0;
}

int
lm_check_dmp(const unsigned char *buf, size_t len, const char *name, char *err,
    size_t errlen)
{
	struct dmp d;

	memset(&d, 0, sizeof d);
	d.buf = buf;
	d.len = len;
	d.name = name;
	d.err = err;
	d.errlen = errlen;
	if (header(&d) != 0 || counts(&d) != 0 || unigrams(&d) != 0)
		return -1;
	if (d.count[1] > 0 && ngrams(&d) != 0)
		return -1;
	return words(&d);
}
