/* copy_suffix.c: SuffixDecoding's draft (Oliaro et al., arXiv 2411.04975) as
 * ArcticInference's SuffixTree::speculate and _speculate_path define it, over
 * the one request's text: for each match length m from 1 to min(D, n) - 1 the
 * last m tokens are the pattern; up to min(gamma, floor(f m + o)) tokens
 * follow, each the most frequent continuation (its count in the text over
 * the count of what precedes it, the suffix tree's child count over its
 * node's count, which counts the pattern's own occurrence at the end), while
 * the running product of those shares stays at least P and the path stays
 * within D tokens; the draft whose probabilities sum highest wins, a longer
 * match on a tie. The suffix tree's counts are the text's substring counts,
 * so this counts occurrences directly. A pattern with no earlier occurrence
 * has nothing after it: no draft, match_length 0, match_at -1. Ties between continuations, which
 * the tree leaves to its hash map's order, go to the lowest id. The
 * occurrences are found from the last token's positions (copy_hist.h), so a
 * proposal visits those, not the whole context. */
#include "config.h"

#include <stdlib.h>

#include "source/copy/copy_draft.h"
#include "source/copy/copy_hist.h"
#include "util/xalloc.h"

/* The scratch of one proposal: occurrence starts and a tally. */
struct occ {
	size_t *at, n;		/* starts i with ctx[i..i+len) the current string */
	size_t len;
	int *tok;		/* distinct continuations, counted in tally */
	size_t *tally, ntok;
	size_t *cand, ncand;	/* the ends still matching, in order */
};

/* The ends whose token is the last one, in order, into o->cand (the end
 * n - 1 itself last): the occurrences of the last 1 token, as occ_find. */
static void
occ_ends(struct occ *o, const struct copy_hist *h)
{
	size_t e;

	o->ncand = 0;
	for (e = copy_hist_first(h, h->tok[h->n - 1]); e != COPY_NONE;
	    e = copy_hist_next(h, e)) {
		o->at[o->ncand] = e;
		o->cand[o->ncand++] = e;
	}
	o->n = o->ncand;
	o->len = 1;
}

/* Every start of the last m tokens (the one at the end included), from the
 * ends that matched m - 1 (o->cand, which shrinks to those matching m). */
static void
occ_find(struct occ *o, const int *ctx, size_t n, size_t m)
{
	size_t i, e, kept = 0;

	o->n = 0;
	o->len = m;
	for (i = 0; i < o->ncand; i++) {
		e = o->cand[i];
		if (e + 1 >= m && ctx[e + 1 - m] == ctx[n - m]) {
			o->cand[kept++] = e;
			o->at[o->n++] = e + 1 - m;
		}
	}
	o->ncand = kept;
}

/* The earliest start of an earlier occurrence of the pattern occ_find last
 * found (of length m), -1 when its only occurrence is at the end. */
static long
earliest(const struct occ *o, size_t n, size_t m)
{
	return o->ncand > 0 && o->cand[0] + 1 < n ? (long)(o->cand[0] + 1 - m) : -1;
}

/* The most frequent continuation (lowest id on a tie) and its count; -1 when
 * no occurrence continues. The tally is zero again on return. */
static int
occ_best(struct occ *o, const int *ctx, size_t n, size_t *count)
{
	size_t i, c;
	int x = -1, t;

	o->ntok = 0;
	for (i = 0; i < o->n; i++)
		if (o->at[i] + o->len < n && o->tally[ctx[o->at[i] + o->len]]++ == 0)
			o->tok[o->ntok++] = ctx[o->at[i] + o->len];
	*count = 0;
	for (i = 0; i < o->ntok; i++) {
		t = o->tok[i];
		c = o->tally[t];
		o->tally[t] = 0;
		if (c > *count || (c == *count && t < x)) {
			*count = c;
			x = t;
		}
	}
	return x;
}

/* Keep the occurrences continued by x. */
static void
occ_extend(struct occ *o, const int *ctx, size_t n, int x)
{
	size_t i, kept = 0;

	for (i = 0; i < o->n; i++)
		if (o->at[i] + o->len < n && ctx[o->at[i] + o->len] == x)
			o->at[kept++] = o->at[i];
	o->n = kept;
	o->len++;
}

/* The path from the pattern occ_find found; its score. */
static double
speculate_path(const struct copy_params *par, const int *ctx, size_t n,
    int max_tokens, struct occ *o, struct copy_draft *d)
{
	double prob = 1.0, score = 0.0;
	size_t count;
	int x;

	d->n = 0;
	while (d->n < max_tokens && o->len < (size_t)par->suffix_depth) {
		if ((x = occ_best(o, ctx, n, &count)) < 0)
			break;
		prob *= (double)count / (double)o->n;
		if (!(prob >= par->min_prob))
			break;
		d->tok[d->n++] = x;
		score += prob;
		occ_extend(o, ctx, n, x);
	}
	return score;
}

void
copy_hist_suffix(const struct copy_params *par, const struct copy_hist *h,
    int gamma, struct copy_draft *out)
{
	struct occ o = { 0 };
	struct copy_draft d;
	double best = 0.0, score;
	size_t m, k, n = h->n, top = n < (size_t)par->suffix_depth ? n :
	    (size_t)par->suffix_depth;

	out->n = out->match_length = 0;
	out->match_at = -1;
	if (n < 2)
		return;
	k = h->count[h->tok[n - 1]];	/* every occurrence list is this long at most */
	o.at = xreallocarray(NULL, 2 * k, sizeof *o.at);
	o.cand = o.at + k;
	o.tok = xreallocarray(NULL, k, sizeof *o.tok);
	o.tally = h->tally;
	occ_ends(&o, h);
	for (m = 1; m < top; m++) {
		int max_tokens = (int)((double)m * par->spec_factor + par->spec_offset + 1e-6);

		max_tokens = max_tokens < gamma ? max_tokens : gamma;
		max_tokens = max_tokens < COPY_DRAFT_MAX ? max_tokens : COPY_DRAFT_MAX;
		if (max_tokens < 0)
			max_tokens = 0;
		if (m > 1)
			occ_find(&o, h->tok, n, m);
		if (o.ncand < 2)
			break;	/* only the end itself matches m: nothing follows */
		score = speculate_path(par, h->tok, n, max_tokens, &o, &d);
		if (score > 0.0 && score >= best) {
			best = score;
			*out = d;
			out->match_length = (int)m;
			out->match_at = earliest(&o, n, m);
		}
	}
	free(o.at);
	free(o.tok);
}

void
copy_propose_suffix(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out)
{
	copy_propose_array(copy_hist_suffix, par, ctx, n, gamma, out);
}

const struct copy_drafter copy_drafter_suffix = {
	copy_propose_suffix, copy_hist_suffix,
	"ArcticInference, csrc/suffix_decoding/suffix_tree.cc",
};
