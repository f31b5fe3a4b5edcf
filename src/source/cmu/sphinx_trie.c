/* sphinx_trie.c: sphinxbase's binary trie file, decoded once into forward lists. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "source/cmu/sphinx_trie.h"
#include "util/bisect.h"
#include "util/memlimit.h"
#include "util/readfile.h"
#include "util/xalloc.h"

#define HEADER "Trie Language Model"
#define LOG_BASE 1.0001		/* sphinxbase's log base for the stored floats */
#define LN_LOG_BASE 9.999500033329732e-05	/* its natural logarithm */
#define QBITS 16		/* quantised probability and backoff, bits each */
#define QBINS (1u << QBITS)

/* The file's layout, as lm_trie.c of sphinxbase writes it. */
struct layout {
	const uint8_t *buf;
	size_t len;
	int order;
	uint32_t count[3];
	const float *qmid_prob, *qmid_bo, *qlong;	/* quantiser tables (logs) */
	float *lin;		/* the same as probabilities, 3 x QBINS: 65,536
				 * exponentials at load, not one per n-gram */
	const uint8_t *uni;	/* (vocab + 1) x { float prob, bo; uint32 next } */
	const uint8_t *mid, *lng;	/* bit-packed bigrams (order 3), longest */
	unsigned word_bits, next_bits, mid_bits, long_bits;
	size_t words_at;
};

static unsigned
bits_for(uint32_t max)
{
	unsigned r = 0;

	while (max != 0) {
		r++;
		max >>= 1;
	}
	return r;
}

/* len bits (at most 57) at bit offset off of a little-endian packed array. */
static uint64_t
bits_at(const uint8_t *b, uint64_t off, unsigned len)
{
	uint64_t v;

	memcpy(&v, b + (off >> 3), sizeof v);
	return (v >> (off & 7)) & ((UINT64_C(1) << len) - 1);
}

static double
from_log(float x)
{
	return exp((double)x * LN_LOG_BASE);
}

static float
uni_field(const struct layout *l, uint32_t w, int k)
{
	float f;

	memcpy(&f, l->uni + (size_t)w * 12 + (size_t)k * 4, sizeof f);
	return f;
}

static uint32_t
uni_next(const struct layout *l, uint32_t w)
{
	uint32_t n;

	memcpy(&n, l->uni + (size_t)w * 12 + 8, sizeof n);
	return n;
}

/* Bytes of a packed array of entries + 1 slots of bits each (sphinxbase pads
 * by 8 bytes so a 64-bit read never leaves it). */
static size_t
packed_size(uint32_t entries, unsigned bits)
{
	return (((size_t)entries + 1) * bits + 7) / 8 + 8;
}

/* Take n bytes at *at of l's buffer; NULL when the file is too short. */
static const uint8_t *
take(const struct layout *l, size_t *at, size_t n)
{
	const uint8_t *p = l->buf + *at;

	if (n > l->len - *at)
		return NULL;
	*at += n;
	return p;
}

static int
parse_layout(struct layout *l, char *err, size_t errlen, const char *path)
{
	size_t at = strlen(HEADER), quant;
	int i;

	if (l->len < at + 1 || memcmp(l->buf, HEADER, at) != 0) {
		snprintf(err, errlen, "%s: not a sphinxbase trie model (no \"%s\" header)",
		    path, HEADER);
		return -1;
	}
	l->order = l->buf[at++];
	if (l->order < 1 || l->order > 3) {
		snprintf(err, errlen, "%s: a model of order %d (1 to 3 are read)", path,
		    l->order);
		return -1;
	}
	if (take(l, &at, 4u * (unsigned)l->order) == NULL)
		goto short_file;
	memcpy(l->count, l->buf + at - 4u * (unsigned)l->order, 4u * (unsigned)l->order);
	if (l->count[0] < 2 || l->count[0] >= (1u << 25))
		goto bad_counts;
	l->word_bits = bits_for(l->count[0]);
	quant = l->order > 1 ? ((size_t)(l->order - 2) * 2 + 1) * QBINS * 4 : 0;
	if (l->order > 1 && take(l, &at, 4) == NULL)
		goto short_file;
	l->qmid_prob = (const float *)(const void *)take(l, &at, quant);
	if (l->qmid_prob == NULL)
		goto short_file;
	l->qmid_bo = l->qmid_prob + QBINS;
	l->qlong = l->qmid_prob + (l->order == 3 ? 2 * QBINS : 0);
	if ((l->uni = take(l, &at, ((size_t)l->count[0] + 1) * 12)) == NULL)
		goto short_file;
	if (l->order == 3) {
		l->next_bits = bits_for(l->count[2]);
		l->mid_bits = l->word_bits + 2 * QBITS + l->next_bits;
		if ((l->mid = take(l, &at, packed_size(l->count[1], l->mid_bits))) == NULL)
			goto short_file;
	}
	if (l->order > 1) {
		l->long_bits = l->word_bits + QBITS;
		if ((l->lng = take(l, &at, packed_size(l->count[l->order - 1],
		    l->long_bits))) == NULL)
			goto short_file;
	}
	l->words_at = at;
	for (i = 0; i + 1 < l->order; i++)
		if (l->count[i + 1] >= (1u << 25))
			goto bad_counts;
	return 0;
short_file:
	snprintf(err, errlen, "%s: the trie model is cut short", path);
	return -1;
bad_counts:
	snprintf(err, errlen, "%s: the trie model's n-gram counts are out of range", path);
	return -1;
}

/* The word strings after the trie: vocab NUL-terminated strings. */
static int
read_words(const struct layout *l, struct sphinx_trie *t, char *err, size_t errlen,
    const char *path)
{
	size_t at = l->words_at, i, k = 0;
	const uint8_t *p;
	int32_t n;

	if ((p = take(l, &at, 4)) == NULL)
		goto bad;
	memcpy(&n, p, sizeof n);
	if (n <= 0 || (p = take(l, &at, (size_t)n)) == NULL || p[n - 1] != '\0')
		goto bad;
	t->word_mem = xmalloc((size_t)n);
	memcpy(t->word_mem, p, (size_t)n);
	t->word = xreallocarray(NULL, t->vocab, sizeof *t->word);
	for (i = 0; i < t->vocab; i++) {
		if (k >= (size_t)n)
			goto bad;
		t->word[i] = t->word_mem + k;
		k += strlen(t->word[i]) + 1;
	}
	return 0;
bad:
	snprintf(err, errlen, "%s: the trie model's word list does not match its "
	    "%u unigrams", path, t->vocab);
	return -1;
}

/* The quantiser's tables as probabilities (order 3: bigram probabilities,
 * backoffs, trigram probabilities; order 2: the last alone). */
static void
linear_tables(struct layout *l)
{
	size_t i;

	l->lin = xreallocarray(NULL, 3 * (size_t)QBINS, sizeof *l->lin);
	for (i = 0; i < QBINS; i++) {
		l->lin[i] = l->order == 3 ? (float)from_log(l->qmid_prob[i]) : 0.0f;
		l->lin[QBINS + i] = l->order == 3 ? (float)from_log(l->qmid_bo[i]) : 1.0f;
		l->lin[2 * QBINS + i] = (float)from_log(l->qlong[i]);
	}
}

/* The bigram y x stored at slot i of x's reversed list: y, P2(x | y), bo(y x),
 * as probabilities. */
static uint32_t
mid_entry(const struct layout *l, uint32_t i, float *prob, float *bo)
{
	uint64_t off = (uint64_t)i * l->mid_bits;
	uint64_t q = bits_at(l->mid, off + l->word_bits, 2 * QBITS);

	*prob = l->lin[q >> QBITS];
	*bo = l->lin[QBINS + (q & (QBINS - 1))];
	return (uint32_t)bits_at(l->mid, off, l->word_bits);
}

static uint32_t
mid_next(const struct layout *l, uint32_t i)
{
	return (uint32_t)bits_at(l->mid, (uint64_t)i * l->mid_bits + l->word_bits +
	    2 * QBITS, l->next_bits);
}

static uint32_t
long_entry(const struct layout *l, uint32_t i, float *prob)
{
	uint64_t off = (uint64_t)i * l->long_bits;

	*prob = l->lin[2 * QBINS + bits_at(l->lng, off + l->word_bits, QBITS)];
	return (uint32_t)bits_at(l->lng, off, l->word_bits);
}

#define HUGE_PAGE ((uintptr_t)2 << 20)

/* Asks for huge pages under the 2 MiB-aligned part of a large array that a
 * step reads at random (where the system does them on request): fewer TLB
 * misses. Nothing else changes; a refusal is harmless. */
static void
huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
	uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
	uintptr_t e = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);

	if (e > a)
		(void)madvise((void *)a, (size_t)(e - a), MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

/* The bigrams, from the reversed lists of the middle (order 3) or longest
 * (order 2) array, grouped by their first word: two passes, a count and a fill;
 * the outer loop over x ascending leaves each context's list sorted. */
static void
build_bigrams(const struct layout *l, struct sphinx_trie *t)
{
	uint32_t x, i, y, *fill;
	float pr, bo = 0.0f;

	t->bg_first = xcalloc((size_t)t->vocab + 1, sizeof *t->bg_first);
	for (x = 0; x < t->vocab; x++)
		for (i = uni_next(l, x); i < uni_next(l, x + 1); i++) {
			y = l->order == 3 ? mid_entry(l, i, &pr, &bo) : long_entry(l, i, &pr);
			if (y < t->vocab)
				t->bg_first[y + 1]++;
		}
	for (y = 0; y < t->vocab; y++)
		t->bg_first[y + 1] += t->bg_first[y];
	t->count[1] = t->bg_first[t->vocab];
	t->bg_word = xreallocarray(NULL, t->count[1] + 1, sizeof *t->bg_word);
	t->bg_prob = xreallocarray(NULL, t->count[1] + 1, sizeof *t->bg_prob);
	t->bg_bo = xreallocarray(NULL, t->count[1] + 1, sizeof *t->bg_bo);
	huge_pages(t->bg_word, (t->count[1] + 1) * sizeof *t->bg_word);
	huge_pages(t->bg_prob, (t->count[1] + 1) * sizeof *t->bg_prob);
	huge_pages(t->bg_bo, (t->count[1] + 1) * sizeof *t->bg_bo);
	fill = xreallocarray(NULL, t->vocab, sizeof *fill);
	memcpy(fill, t->bg_first, t->vocab * sizeof *fill);
	for (x = 0; x < t->vocab; x++)
		for (i = uni_next(l, x); i < uni_next(l, x + 1); i++) {
			y = l->order == 3 ? mid_entry(l, i, &pr, &bo) : long_entry(l, i, &pr);
			if (y >= t->vocab)
				continue;
			t->bg_word[fill[y]] = x;
			t->bg_prob[fill[y]] = pr;
			t->bg_bo[fill[y]++] = l->order == 3 ? bo : 1.0f;
		}
	free(fill);
}

/* One trigram z y x while it is regrouped. */
struct tri {
	uint32_t z, y, x;
	float prob;
};

/* The trigrams in the file's order (x ascending), each kept once. */
static struct tri *
collect_trigrams(const struct layout *l, uint32_t vocab, size_t *n)
{
	struct tri *v = xreallocarray(NULL, (size_t)l->count[2] + 1, sizeof *v);
	uint32_t x, i, j, y;
	float pr, bo;

	*n = 0;
	for (x = 0; x < vocab; x++)
		for (i = uni_next(l, x); i < uni_next(l, x + 1); i++) {
			y = mid_entry(l, i, &pr, &bo);
			for (j = mid_next(l, i); j < mid_next(l, i + 1) && *n < l->count[2];
			    j++) {
				struct tri *t = &v[*n];

				t->z = long_entry(l, j, &t->prob);
				t->y = y;
				t->x = x;
				if (y < vocab && t->z < vocab)
					(*n)++;
			}
		}
	return v;
}

/* A stable counting sort of n trigrams by z (by_z) or by y. */
static void
sort_by(struct tri *in, struct tri *out, size_t n, uint32_t vocab, int by_z)
{
	size_t *at = xcalloc((size_t)vocab + 1, sizeof *at), i;
	uint32_t k;

	for (i = 0; i < n; i++)
		at[(by_z ? in[i].z : in[i].y) + 1]++;
	for (k = 0; k < vocab; k++)
		at[k + 1] += at[k];
	for (i = 0; i < n; i++)
		out[at[by_z ? in[i].z : in[i].y]++] = in[i];
	free(at);
}

/* The trigrams z y x, grouped by the bigram z y (its forward index): sorted
 * by (z, y, x) with two counting sorts, then joined with z's bigram list, which
 * is sorted by y. A trigram whose bigram z y is not listed is dropped (the
 * model then backs off there, as sphinxbase does). */
static void
build_trigrams(const struct layout *l, struct sphinx_trie *t)
{
	size_t n, i, k = 0;
	struct tri *a = collect_trigrams(l, t->vocab, &n), *b;
	uint32_t c = 0;

	b = xreallocarray(NULL, n + 1, sizeof *b);
	sort_by(a, b, n, t->vocab, 0);
	sort_by(b, a, n, t->vocab, 1);
	free(b);
	t->tg_first = xcalloc((size_t)t->count[1] + 2, sizeof *t->tg_first);
	t->tg_word = xreallocarray(NULL, n + 1, sizeof *t->tg_word);
	t->tg_prob = xreallocarray(NULL, n + 1, sizeof *t->tg_prob);
	huge_pages(t->tg_first, ((size_t)t->count[1] + 2) * sizeof *t->tg_first);
	huge_pages(t->tg_word, (n + 1) * sizeof *t->tg_word);
	huge_pages(t->tg_prob, (n + 1) * sizeof *t->tg_prob);
	for (i = 0; i < n; i++) {
		uint32_t z = a[i].z, end = t->bg_first[z + 1];

		if (c < t->bg_first[z] || c >= end)
			c = t->bg_first[z];
		while (c < end && t->bg_word[c] < a[i].y)
			c++;
		if (c == end || t->bg_word[c] != a[i].y)
			continue;
		t->tg_first[c + 1]++;
		t->tg_word[k] = a[i].x;
		t->tg_prob[k++] = a[i].prob;
	}
	for (c = 0; c < t->count[1]; c++)
		t->tg_first[c + 1] += t->tg_first[c];
	t->count[2] = k;
	free(a);
}

static void
build_unigrams(const struct layout *l, struct sphinx_trie *t)
{
	uint32_t w;

	t->uni = xreallocarray(NULL, t->vocab, sizeof *t->uni);
	t->bo1 = xreallocarray(NULL, t->vocab, sizeof *t->bo1);
	for (w = 0; w < t->vocab; w++) {
		t->uni[w] = from_log(uni_field(l, w, 0));
		t->bo1[w] = from_log(uni_field(l, w, 1));
	}
}

/* Whether every reversed list stays inside its array. */
static int
ranges_ok(const struct layout *l)
{
	uint32_t x, last = 0;

	for (x = 0; x <= l->count[0]; x++) {
		if (uni_next(l, x) < last)
			return 0;
		last = uni_next(l, x);
	}
	if (l->order > 1 && last > l->count[1])
		return 0;
	if (l->order == 3)
		for (x = 0; x <= last; x++)
			if (mid_next(l, x) > l->count[2] ||
			    (x > 0 && mid_next(l, x) < mid_next(l, x - 1)))
				return 0;
	return 1;
}

/* Whether the n floats at p are finite. */
static int
all_finite(const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;
	float f;

	for (i = 0; i < n; i++) {
		memcpy(&f, b + i * sizeof f, sizeof f);
		if (!isfinite(f))
			return 0;
	}
	return 1;
}

/* The quantiser's tables and the unigrams' weights: finite numbers. */
static int
finite_ok(const struct layout *l, char *err, size_t errlen, const char *path)
{
	size_t quant = l->order > 1 ? ((size_t)(l->order - 2) * 2 + 1) * QBINS : 0;
	uint32_t w;

	if (!all_finite(l->qmid_prob, quant)) {
		snprintf(err, errlen, "%s: the trie model's quantiser holds a value that "
		    "is not a finite number (NaN or infinity)", path);
		return 0;
	}
	for (w = 0; w < l->count[0]; w++)
		if (!all_finite(l->uni + (size_t)w * 12, 2))
			break;
	if (w < l->count[0]) {
		snprintf(err, errlen, "%s: a unigram's probability or backoff in the "
		    "trie model is not a finite number (NaN or infinity)", path);
		return 0;
	}
	return 1;
}

int
sphinx_trie_parse(const uint8_t *buf, size_t len, const char *path,
    struct sphinx_trie *t, char *err, size_t errlen)
{
	struct layout l;
	double sum = 0.0;
	uint32_t w;
	int rc = -1;

	memset(t, 0, sizeof *t);
	memset(&l, 0, sizeof l);
	l.buf = buf;
	l.len = len;
	if (parse_layout(&l, err, errlen, path) != 0)
		goto out;
	t->order = l.order;
	t->vocab = l.count[0];
	t->count[0] = l.count[0];
	if (!ranges_ok(&l)) {
		snprintf(err, errlen, "%s: the trie model's lists run out of their arrays",
		    path);
		goto out;
	}
	if (!finite_ok(&l, err, errlen, path) || read_words(&l, t, err, errlen, path) != 0)
		goto out;
	build_unigrams(&l, t);
	for (w = 0; w < t->vocab; w++)
		sum += t->uni[w];
	if (!(sum > 0.99 && sum < 1.01)) {
		snprintf(err, errlen, "%s: unigram probabilities sum to %g, not 1 (a log "
		    "base other than %g?)", path, sum, LOG_BASE);
		goto out;
	}
	if (l.order > 1) {
		linear_tables(&l);
		build_bigrams(&l, t);
	} else
		t->bg_first = xcalloc((size_t)t->vocab + 1, sizeof *t->bg_first);
	if (l.order > 2)
		build_trigrams(&l, t);
	rc = 0;
out:
	free(l.lin);
	if (rc != 0)
		sphinx_trie_free(t);
	return rc;
}

int
sphinx_trie_read(const char *path, struct sphinx_trie *t, char *err, size_t errlen)
{
	uint8_t *buf;
	size_t len;
	int rc;

	memset(t, 0, sizeof *t);
	if ((buf = (uint8_t *)readfile_all(path, &len, err, errlen)) == NULL)
		return -1;
	rc = sphinx_trie_parse(buf, len, path, t, err, errlen);
	free(buf);
	return rc;
}

void
sphinx_trie_free(struct sphinx_trie *t)
{
	free(t->uni);
	free(t->bo1);
	free(t->bg_first);
	free(t->bg_word);
	free(t->bg_prob);
	free(t->bg_bo);
	free(t->tg_first);
	free(t->tg_word);
	free(t->tg_prob);
	free(t->word);
	free(t->word_mem);
	memset(t, 0, sizeof *t);
}

/* The position of w in the sorted list[lo, hi), or SPHINX_TRIE_NONE. */
static uint32_t
find_sorted(const uint32_t *list, uint32_t lo, uint32_t hi, uint32_t w)
{
	size_t i = bisect_find_id(list + lo, hi - lo, w);

	return i < hi - lo ? lo + (uint32_t)i : SPHINX_TRIE_NONE;
}

uint32_t
sphinx_trie_bigram(const struct sphinx_trie *t, uint32_t v, uint32_t w)
{
	if (t->bg_word == NULL || v >= t->vocab)
		return SPHINX_TRIE_NONE;
	return find_sorted(t->bg_word, t->bg_first[v], t->bg_first[v + 1], w);
}

/* The history kept at order: how many of ctx's last words count. */
static size_t
kept(int order, size_t n)
{
	size_t h = order > 1 ? (size_t)order - 1 : 0;

	return n < h ? n : h;
}

double
sphinx_trie_row(const struct sphinx_trie *t, int order, const uint32_t *ctx, size_t n,
    double *out)
{
	size_t h = kept(order > t->order ? t->order : order, n), w;
	uint32_t v, c = SPHINX_TRIE_NONE, i;
	double bo, sum;

	if (h == 0) {
		memcpy(out, t->uni, t->vocab * sizeof *out);
		for (sum = 0.0, w = 0; w < t->vocab; w++)
			sum += out[w];
		return sum;
	}
	v = ctx[n - 1];
	bo = t->bo1[v];
	if (h == 2 && (c = sphinx_trie_bigram(t, ctx[n - 2], v)) != SPHINX_TRIE_NONE)
		bo *= t->bg_bo[c];
	for (w = 0; w < t->vocab; w++)
		out[w] = bo * t->uni[w];
	bo = c != SPHINX_TRIE_NONE ? t->bg_bo[c] : 1.0;
	for (i = t->bg_first[v]; i < t->bg_first[v + 1]; i++)
		out[t->bg_word[i]] = bo * t->bg_prob[i];
	if (c != SPHINX_TRIE_NONE)
		for (i = t->tg_first[c]; i < t->tg_first[c + 1]; i++)
			out[t->tg_word[i]] = t->tg_prob[i];
	for (sum = 0.0, w = 0; w < t->vocab; w++)
		sum += out[w];
	return sum;
}

double
sphinx_trie_prob(const struct sphinx_trie *t, int order, const uint32_t *ctx, size_t n,
    uint32_t w, int *used)
{
	size_t h = kept(order > t->order ? t->order : order, n);
	uint32_t v, c = SPHINX_TRIE_NONE, i;
	double bo = 1.0;

	*used = 1;
	if (h == 0)
		return t->uni[w];
	v = ctx[n - 1];
	if (h == 2 && (c = sphinx_trie_bigram(t, ctx[n - 2], v)) != SPHINX_TRIE_NONE) {
		i = find_sorted(t->tg_word, t->tg_first[c], t->tg_first[c + 1], w);
		if (i != SPHINX_TRIE_NONE) {
			*used = 3;
			return t->tg_prob[i];
		}
		bo = t->bg_bo[c];
	}
	if ((i = sphinx_trie_bigram(t, v, w)) != SPHINX_TRIE_NONE) {
		*used = 2;
		return bo * t->bg_prob[i];
	}
	return bo * t->bo1[v] * t->uni[w];
}

uint32_t
sphinx_trie_find_word(const struct sphinx_trie *t, const char *word, size_t len)
{
	uint32_t i;

	for (i = 0; i < t->vocab; i++)
		if (strncmp(t->word[i], word, len) == 0 && t->word[i][len] == '\0')
			return i;
	return SPHINX_TRIE_NONE;
}
