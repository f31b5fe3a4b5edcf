/* copy_hist.h: the context the copy drafters read (the prompt, then the last
 * COPY_WINDOW tokens after it) with an index of each token's positions, kept
 * up to date as tokens are appended and as old ones slide out of the window:
 * a lookup visits only the positions of the token it matches, not the whole
 * context. Memory is bounded by the window. */
#ifndef SPECDEC_COPY_HIST_H
#define SPECDEC_COPY_HIST_H

#include <stddef.h>

#include "source/copy/copy_draft.h"

#define COPY_NONE ((size_t)-1)	/* no position */
/* The next links of the window's positions sit in a ring this long (a power
 * of two): the window's COPY_WINDOW positions and one chunk of as many
 * appended before it slides never fill it. */
#define COPY_HIST_RING (2 * (size_t)COPY_WINDOW)

struct copy_hist {
	int *tok;		/* the context, tok[0..n) */
	size_t n, cap, nprompt, vocab;
	size_t dropped;		/* tokens slid out of the window so far */
	size_t *next;		/* per slot: the next position of its token */
	size_t *first, *last;	/* per token: its first and last positions */
	size_t *plast;		/* per token: its last position in the prompt */
	size_t *count;		/* per token: its occurrences in the context */
	size_t *tally;		/* per token: a drafter's scratch, zero between calls */
};

/* h over a prompt of n tokens (copied; each below vocab): the whole prompt
 * stays, the text after it keeps its last COPY_WINDOW tokens. */
void copy_hist_init(struct copy_hist *h, size_t vocab, const int *prompt, size_t n);

/* Append n tokens (each below vocab), sliding the window. */
void copy_hist_push(struct copy_hist *h, const int *t, size_t n);

void copy_hist_free(struct copy_hist *h);

/* A position is absolute: a prompt token's is its slot (index into tok), a
 * later token's its slot plus the tokens dropped before it, so positions stay
 * valid while the window's slots move down. */
static inline size_t
copy_hist_slot(const struct copy_hist *h, size_t pos)
{
	return pos < h->nprompt ? pos : pos - h->dropped;
}

static inline size_t
copy_hist_pos(const struct copy_hist *h, size_t slot)
{
	return slot < h->nprompt ? slot : slot + h->dropped;
}

/* Where the next link of the token at pos sits: its slot in the prompt,
 * after the prompt in the ring. */
static inline size_t
copy_hist_link(const struct copy_hist *h, size_t pos)
{
	return pos < h->nprompt ? pos :
	    h->nprompt + ((pos - h->nprompt) & (COPY_HIST_RING - 1));
}

/* The slot of token x's first occurrence, COPY_NONE when x does not occur;
 * of the next occurrence after slot i's, COPY_NONE after the last. Slots
 * come in increasing order. Inline: a lookup's inner loop. */
static inline size_t
copy_hist_first(const struct copy_hist *h, int x)
{
	return h->first[x] == COPY_NONE ? COPY_NONE : copy_hist_slot(h, h->first[x]);
}

static inline size_t
copy_hist_next(const struct copy_hist *h, size_t i)
{
	size_t next = h->next[copy_hist_link(h, copy_hist_pos(h, i))];

	return next == COPY_NONE ? COPY_NONE : copy_hist_slot(h, next);
}

/* copy_cache_dist of the context h's tokens then the d tokens of path (a
 * node's drafts), the same bits, visiting only the earlier positions of its
 * last token (and the m = 0 frequencies from the counts): a node's cost is
 * that token's occurrences, not the context. out has vocab entries. */
int copy_hist_cache_dist(const struct copy_hist *h, const int *path, size_t d,
    size_t vocab, double *out);

#endif
