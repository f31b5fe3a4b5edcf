/* tree_memo.c: results kept by the values of the pair they came from
 * (tree_memo.h). */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "verify/tree_memo.h"

struct memo_result {
	int tag;		/* 0: none */
	double val[TREE_MEMO_VALUES];
};

struct memo_slot {
	uint64_t hash;
	size_t n;		/* 0: empty */
	double pq[2 * TREE_MEMO_N];	/* p, then q */
	struct memo_result res[TREE_MEMO_RESULTS];
	int next;		/* the result to replace next */
	uint64_t age;		/* when it was filled */
};

static _Thread_local struct memo_slot slots[TREE_MEMO_SLOTS];
static _Thread_local uint64_t fills;

/* FNV-1a over the values' bits, n mixed in. */
static uint64_t
pair_hash(const double *p, const double *q, size_t n)
{
	uint64_t h = 14695981039346656037u ^ n, bits;
	size_t i;

	for (i = 0; i < 2 * n; i++) {
		memcpy(&bits, i < n ? p + i : q + (i - n), sizeof bits);
		h = (h ^ bits) * 1099511628211u;
		h ^= h >> 29;
	}
	return h;
}

/* The slot holding (p, q), or NULL; *at gets the slot it would take (an
 * empty one of its set, else the set's oldest). */
static struct memo_slot *
find(const double *p, const double *q, size_t n, struct memo_slot **at, uint64_t *hash)
{
	struct memo_slot *set;
	int w;

	*hash = pair_hash(p, q, n);
	set = &slots[*hash % (TREE_MEMO_SLOTS / TREE_MEMO_WAYS) * TREE_MEMO_WAYS];
	*at = &set[0];
	for (w = 0; w < TREE_MEMO_WAYS; w++) {
		struct memo_slot *s = &set[w];

		if (s->n == n && s->hash == *hash && memcmp(s->pq, p, n * sizeof *p) == 0 &&
		    memcmp(s->pq + n, q, n * sizeof *q) == 0)
			return s;
		if ((*at)->n != 0 && (s->n == 0 || s->age < (*at)->age))
			*at = s;
	}
	return NULL;
}

int
tree_memo_get(int tag, const double *p, const double *q, size_t n, double *out, int m)
{
	struct memo_slot *s, *at;
	uint64_t hash;
	int r;

	if (n == 0 || n > TREE_MEMO_N || (s = find(p, q, n, &at, &hash)) == NULL)
		return 0;
	for (r = 0; r < TREE_MEMO_RESULTS; r++)
		if (s->res[r].tag == tag) {
			memcpy(out, s->res[r].val, (size_t)m * sizeof *out);
			return 1;
		}
	return 0;
}

void
tree_memo_put(int tag, const double *p, const double *q, size_t n, const double *val,
    int m)
{
	struct memo_slot *s, *at;
	uint64_t hash;

	if (n == 0 || n > TREE_MEMO_N || m > TREE_MEMO_VALUES)
		return;
	if ((s = find(p, q, n, &at, &hash)) == NULL) {	/* the pair takes the slot */
		s = at;
		memset(s, 0, sizeof *s);
		s->hash = hash;
		s->n = n;
		s->age = ++fills;
		memcpy(s->pq, p, n * sizeof *p);
		memcpy(s->pq + n, q, n * sizeof *q);
	}
	s->res[s->next].tag = tag;
	memcpy(s->res[s->next].val, val, (size_t)m * sizeof *val);
	s->next = (s->next + 1) % TREE_MEMO_RESULTS;
}
