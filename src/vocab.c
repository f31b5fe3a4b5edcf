/* vocab.c: intern the tokens of a text, rank them, cap the vocabulary. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tokenize.h"
#include "vocab.h"

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

static int
grow_table(struct intern *in)
{
	size_t size = (in->mask + 1) * 2, i;
	uint32_t *slot = calloc(size, sizeof *slot);

	if (slot == NULL)
		return -1;
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
	return 0;
}

/* The type index of token text[start..start+len), added when new; -1 on ENOMEM. */
static long
intern_token(struct intern *in, size_t start, size_t len)
{
	size_t h = hash_bytes(in->text + start, len) & in->mask;
	struct type *t;

	for (; in->slot[h] != 0; h = (h + 1) & in->mask) {
		t = &in->types[in->slot[h] - 1];
		if (t->len == len && memcmp(in->text + t->start, in->text + start, len) == 0)
			return (long)(in->slot[h] - 1);
	}
	if (in->ntypes == in->cap) {
		size_t cap = in->cap * 2;
		struct type *nt = realloc(in->types, cap * sizeof *nt);

		if (nt == NULL)
			return -1;
		in->types = nt;
		in->cap = cap;
	}
	t = &in->types[in->ntypes];
	t->start = start;
	t->len = len;
	t->count = 0;
	in->slot[h] = (uint32_t)++in->ntypes;
	if (in->ntypes * 2 > in->mask && grow_table(in) != 0)
		return -1;
	return (long)(in->ntypes - 1);
}

/* Every token's type index into *ids; counts per type. */
static int
intern_text(struct intern *in, size_t len, uint32_t **ids, size_t *nids)
{
	size_t pos = 0, start, tlen, n = 0, cap = 1024;
	uint32_t *out = malloc(cap * sizeof *out);
	long t;

	if (out == NULL)
		return -1;
	while (tokenize_next(in->text, len, &pos, &start, &tlen)) {
		if ((t = intern_token(in, start, tlen)) < 0)
			goto fail;
		in->types[t].count++;
		if (n == cap) {
			uint32_t *grown = realloc(out, 2 * cap * sizeof *out);

			if (grown == NULL)
				goto fail;
			out = grown;
			cap *= 2;
		}
		out[n++] = (uint32_t)t;
	}
	*ids = out;
	*nids = n;
	return 0;
fail:
	free(out);
	return -1;
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
static int
rank_types(struct intern *in, size_t keep, uint32_t unk)
{
	uint32_t *order = malloc((in->ntypes + 1) * sizeof *order);
	size_t i;

	if (order == NULL)
		return -1;
	for (i = 0; i < in->ntypes; i++)
		order[i] = (uint32_t)i;
	rank_base = in->types;
	qsort(order, in->ntypes, sizeof *order, by_rank);
	for (i = 0; i < in->ntypes; i++)
		in->types[order[i]].id = i < keep ? (uint32_t)i : unk;
	free(order);
	return 0;
}

/* Copy the kept words into v's arena. */
static int
store_words(struct vocab *v, const struct intern *in)
{
	size_t i, bytes = sizeof VOCAB_UNK_LABEL, at = 0;

	for (i = 0; i < in->ntypes; i++)
		if (in->types[i].id != v->unk)
			bytes += in->types[i].len + 1;
	v->arena = malloc(bytes);
	v->word = calloc(v->size, sizeof *v->word);
	if (v->arena == NULL || v->word == NULL)
		return -1;
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
	v->word[v->unk] = v->arena + at;
	return 0;
}

int
vocab_build(const char *text, size_t len, size_t max_vocab, struct vocab *v,
    uint32_t **ids, size_t *nids)
{
	struct intern in = { .text = text, .cap = 256, .mask = 511 };
	size_t i, keep;
	int rc = -1;

	memset(v, 0, sizeof *v);
	*ids = NULL;
	in.types = malloc(in.cap * sizeof *in.types);
	in.slot = calloc(in.mask + 1, sizeof *in.slot);
	if (in.types == NULL || in.slot == NULL || intern_text(&in, len, ids, nids) != 0)
		goto out;
	keep = in.ntypes < max_vocab - 1 ? in.ntypes : max_vocab - 1;
	v->size = keep + 1;
	v->unk = (uint32_t)keep;
	v->types = in.ntypes;
	if (rank_types(&in, keep, v->unk) != 0 || store_words(v, &in) != 0)
		goto out;
	for (i = 0; i < *nids; i++)
		(*ids)[i] = in.types[(*ids)[i]].id;
	rc = 0;
out:
	free(in.types);
	free(in.slot);
	if (rc != 0) {
		free(*ids);
		*ids = NULL;
		vocab_free(v);
	}
	return rc;
}

void
vocab_free(struct vocab *v)
{
	free(v->word);
	free(v->arena);
	v->word = NULL;
	v->arena = NULL;
}
