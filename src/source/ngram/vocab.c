/* vocab.c: intern the tokens of a text, rank them, cap the vocabulary. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "source/tokenize.h"
#include "source/ngram/vocab.h"
#include "util/xalloc.h"

struct type {
	size_t start, len;	/* first occurrence in the text */
	uint64_t count;
	uint32_t id;		/* after ranking */
};

struct intern {
	const char *text;
	struct type *types;
	size_t ntypes, cap;
	uint32_t *slot;		/* hash table of type index + 1; 0 is empty */
	size_t mask;
};

static uint64_t
hash_bytes(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h ^ (h >> 29);
}

static void
grow_table(struct intern *in)
{
	size_t size = (in->mask + 1) * 2, i;
	uint32_t *slot = xcalloc(size, sizeof *slot);

	for (i = 0; i < in->ntypes; i++) {
		const struct type *t = &in->types[i];
		size_t h = hash_bytes(in->text + t->start, t->len) & (size - 1);

		while (slot[h] != 0)
			h = (h + 1) & (size - 1);
		slot[h] = (uint32_t)i + 1;
	}
	free(in->slot);
	in->slot = slot;
	in->mask = size - 1;
}

/* The type index of token text[start..start+len), added when new. */
static size_t
intern_token(struct intern *in, size_t start, size_t len)
{
	size_t h = hash_bytes(in->text + start, len) & in->mask;
	struct type *t;

	for (; in->slot[h] != 0; h = (h + 1) & in->mask) {
		t = &in->types[in->slot[h] - 1];
		if (t->len == len && memcmp(in->text + t->start, in->text + start, len) == 0)
			return in->slot[h] - 1;
	}
	if (in->ntypes == in->cap) {
		in->types = xreallocarray(in->types, in->cap * 2, sizeof *in->types);
		in->cap *= 2;
	}
	t = &in->types[in->ntypes];
	t->start = start;
	t->len = len;
	t->count = 0;
	in->slot[h] = (uint32_t)++in->ntypes;
	if (in->ntypes * 2 > in->mask)
		grow_table(in);
	return in->ntypes - 1;
}

/* Every token's type index into *ids; counts per type. */
static void
intern_text(struct intern *in, size_t len, uint32_t **ids, size_t *nids)
{
	size_t pos = 0, start, tlen, n = 0, cap = 1024, t;
	uint32_t *out = xreallocarray(NULL, cap, sizeof *out);

	while (tokenize_next(in->text, len, &pos, &start, &tlen)) {
		t = intern_token(in, start, tlen);
		in->types[t].count++;
		if (n == cap) {
			out = xreallocarray(out, 2 * cap, sizeof *out);
			cap *= 2;
		}
		out[n++] = (uint32_t)t;
	}
	*ids = out;
	*nids = n;
}

static const struct type *rank_base;

static int
by_rank(const void *a, const void *b)
{
	const struct type *x = &rank_base[*(const uint32_t *)a];
	const struct type *y = &rank_base[*(const uint32_t *)b];

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* Give every type its id: rank order for the kept ones, unk for the rest. */
static void
rank_types(struct intern *in, size_t keep, uint32_t unk)
{
	uint32_t *order = xreallocarray(NULL, in->ntypes + 1, sizeof *order);
	size_t i;

	for (i = 0; i < in->ntypes; i++)
		order[i] = (uint32_t)i;
	rank_base = in->types;
	qsort(order, in->ntypes, sizeof *order, by_rank);
	for (i = 0; i < in->ntypes; i++)
		in->types[order[i]].id = i < keep ? (uint32_t)i : unk;
	free(order);
}

/* Copy the kept words into v's arena. */
static void
store_words(struct vocab *v, const struct intern *in)
{
	size_t i, bytes = sizeof VOCAB_UNK_LABEL, at = 0;

	for (i = 0; i < in->ntypes; i++)
		if (in->types[i].id != v->unk)
			bytes += in->types[i].len + 1;
	v->arena = xmalloc(bytes);
	v->word = xcalloc(v->size, sizeof *v->word);
	for (i = 0; i < in->ntypes; i++) {
		const struct type *t = &in->types[i];

		if (t->id == v->unk)
			continue;
		memcpy(v->arena + at, in->text + t->start, t->len);
		v->arena[at + t->len] = '\0';
		v->word[t->id] = v->arena + at;
		at += t->len + 1;
	}
	memcpy(v->arena + at, VOCAB_UNK_LABEL, sizeof VOCAB_UNK_LABEL);
	if (v->unk != VOCAB_NO_UNK)
		v->word[v->unk] = v->arena + at;
}

int
vocab_build(const char *text, size_t len, size_t max_vocab, struct vocab *v,
    uint32_t **ids, size_t *nids)
{
	struct intern in = { .text = text, .cap = 256, .mask = 511 };
	size_t i, keep;

	memset(v, 0, sizeof *v);
	in.types = xreallocarray(NULL, in.cap, sizeof *in.types);
	in.slot = xcalloc(in.mask + 1, sizeof *in.slot);
	intern_text(&in, len, ids, nids);
	keep = in.ntypes <= max_vocab ? in.ntypes : max_vocab - 1;
	v->size = keep < in.ntypes ? keep + 1 : keep;
	v->unk = keep < in.ntypes ? (uint32_t)keep : VOCAB_NO_UNK;
	v->types = in.ntypes;
	rank_types(&in, keep, v->unk);
	store_words(v, &in);
	for (i = 0; i < *nids; i++)
		(*ids)[i] = in.types[(*ids)[i]].id;
	free(in.types);
	free(in.slot);
	return 0;
}

void
vocab_free(struct vocab *v)
{
	free(v->word);
	free(v->arena);
	v->word = NULL;
	v->arena = NULL;
}
