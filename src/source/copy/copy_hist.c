/* copy_hist.c: the windowed context and its position index (copy_hist.h).
 * Each token's positions form a list in order
 * (first, next, last); the prompt's last one (plast) is where a dropped
 * window position, always its token's first after the prompt, is unlinked.
 * The links sit in the prompt's slots and a ring after them, which the
 * window's positions, at most COPY_WINDOW plus one chunk of CHUNK appended
 * ones, never fill: the links do not move when the window slides, only the
 * tokens do. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "source/copy/copy_draft.h"
#include "source/copy/copy_hist.h"
#include "util/xalloc.h"

#define RING COPY_HIST_RING
#define CHUNK ((size_t)COPY_WINDOW)	/* tokens appended before a slide */

static size_t *
per_token(size_t vocab)
{
	size_t *a = xreallocarray(NULL, vocab > 0 ? vocab : 1, sizeof *a);

	memset(a, 0xff, vocab * sizeof *a);	/* COPY_NONE */
	return a;
}

void
copy_hist_init(struct copy_hist *h, size_t vocab, const int *prompt, size_t n)
{
	memset(h, 0, sizeof *h);
	h->vocab = vocab;
	h->nprompt = n;
	h->first = per_token(vocab);
	h->last = per_token(vocab);
	h->plast = per_token(vocab);
	h->count = xcalloc(vocab > 0 ? vocab : 1, sizeof *h->count);
	h->tally = xcalloc(vocab > 0 ? vocab : 1, sizeof *h->tally);
	h->next = xreallocarray(NULL, n + RING, sizeof *h->next);
	copy_hist_push(h, prompt, n);
}

void
copy_hist_free(struct copy_hist *h)
{
	free(h->tok);
	free(h->next);
	free(h->first);
	free(h->last);
	free(h->plast);
	free(h->count);
	free(h->tally);
}

/* Link the token at the end, slot h->n. */
static void
link_last(struct copy_hist *h, int x)
{
	size_t pos = copy_hist_pos(h, h->n);

	h->tok[h->n] = x;
	h->next[copy_hist_link(h, pos)] = COPY_NONE;
	if (h->last[x] != COPY_NONE)
		h->next[copy_hist_link(h, h->last[x])] = pos;
	else
		h->first[x] = pos;
	h->last[x] = pos;
	if (h->n < h->nprompt)
		h->plast[x] = pos;
	h->count[x]++;
	h->n++;
}

/* Unlink the window's oldest k tokens, then move the rest down k slots. */
static void
drop_oldest(struct copy_hist *h, size_t k)
{
	size_t i, w = h->nprompt;

	for (i = w; i < w + k; i++) {
		int x = h->tok[i];
		size_t next = h->next[copy_hist_link(h, copy_hist_pos(h, i))];

		if (h->plast[x] != COPY_NONE)
			h->next[h->plast[x]] = next;	/* a prompt position's link */
		else
			h->first[x] = next;
		if (h->last[x] == copy_hist_pos(h, i))
			h->last[x] = h->plast[x];
		h->count[x]--;
	}
	memmove(h->tok + w, h->tok + w + k, (h->n - w - k) * sizeof *h->tok);
	h->n -= k;
	h->dropped += k;
}

/* Append n tokens, at most CHUNK after the prompt, then slide. */
static void
push_chunk(struct copy_hist *h, const int *t, size_t n)
{
	size_t keep = h->nprompt + COPY_WINDOW, i;

	if (h->n + n > h->cap) {
		h->cap = h->n + n > keep ? h->n + n : keep;
		h->tok = xreallocarray(h->tok, h->cap, sizeof *h->tok);
	}
	for (i = 0; i < n; i++)
		link_last(h, t[i]);
	if (h->n > keep)
		drop_oldest(h, h->n - keep);
}

void
copy_hist_push(struct copy_hist *h, const int *t, size_t n)
{
	size_t k;

	if (h->n < h->nprompt) {	/* the prompt: its links have their slots */
		push_chunk(h, t, n);
		return;
	}
	for (; n > 0; t += k, n -= k) {
		k = n < CHUNK ? n : CHUNK;
		push_chunk(h, t, k);
	}
}

void
copy_propose_array(void (*propose_hist)(const struct copy_params *,
    const struct copy_hist *, int, struct copy_draft *), const struct copy_params *par,
    const int *ctx, size_t n, int gamma, struct copy_draft *out)
{
	struct copy_hist h;
	size_t i, vocab = 0;

	for (i = 0; i < n; i++)
		if ((size_t)ctx[i] + 1 > vocab)
			vocab = (size_t)ctx[i] + 1;
	copy_hist_init(&h, vocab, ctx, n);
	propose_hist(par, &h, gamma, out);
	copy_hist_free(&h);
}
