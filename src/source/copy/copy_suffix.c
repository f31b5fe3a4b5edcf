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
 * the tree leaves to its hash map's order, go to the lowest id. */
#include "config.h"

#include <stdlib.h>

#include "source/copy/copy_draft.h"
#include "util/xalloc.h"

/* The scratch of one proposal: occurrence starts and a tally. */
struct occ {
	size_t *at, n;		/* starts i with ctx[i..i+len) the current string */
	size_t len;
	int *tok;		/* distinct continuations and their counts */
	size_t *cnt, ntok;
	size_t *cand, *sl, ncand;	/* the ends still matching, in order, and
					 * their match lengths (copy_suffix_matches) */
};

/* Every start of the last m tokens (the one at the end included), from the
 * ends that matched m - 1 (o->cand, which shrinks to those matching m). */
static void
occ_find(struct occ *o, size_t m)
{
	size_t i, kept = 0;

	o->n = 0;
	o->len = m;
	for (i = 0; i < o->ncand; i++)
		if (o->sl[i] >= m) {
			o->sl[kept] = o->sl[i];
			o->cand[kept++] = o->cand[i];
			o->at[o->n++] = o->cand[i] + 1 - m;
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
 * no occurrence continues. */
static int
occ_best(struct occ *o, const int *ctx, size_t n, size_t *count)
{
	size_t i, k, best = 0;

	o->ntok = 0;
	for (i = 0; i < o->n; i++) {
		size_t end = o->at[i] + o->len;

		if (end >= n)
			continue;
		for (k = 0; k < o->ntok && o->tok[k] != ctx[end]; k++)
			;
		if (k == o->ntok) {
			o->tok[o->ntok] = ctx[end];
			o->cnt[o->ntok++] = 0;
		}
		o->cnt[k]++;
	}
	for (k = 1; k < o->ntok; k++)
		if (o->cnt[k] > o->cnt[best] ||
		    (o->cnt[k] == o->cnt[best] && o->tok[k] < o->tok[best]))
			best = k;
	*count = o->ntok > 0 ? o->cnt[best] : 0;
	return o->ntok > 0 ? o->tok[best] : -1;
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

/* The path from the pattern of length m; its score. */
static double
speculate_path(const struct copy_params *par, const int *ctx, size_t n, size_t m,
    int max_tokens, struct occ *o, struct copy_draft *d)
{
	double prob = 1.0, score = 0.0;
	size_t count;
	int x;

	d->n = 0;
	occ_find(o, m);
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
copy_propose_suffix(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out)
{
	struct occ o = { 0 };
	struct copy_draft d;
	double best = 0.0, score;
	size_t m, longest, top = n < (size_t)par->suffix_depth ? n :
	    (size_t)par->suffix_depth;

	out->n = out->match_length = 0;
	out->match_at = -1;
	if (n < 2)
		return;
	o.at = xreallocarray(NULL, n, sizeof *o.at);
	o.tok = xreallocarray(NULL, n, sizeof *o.tok);
	o.cnt = xreallocarray(NULL, n, sizeof *o.cnt);
	o.sl = xreallocarray(NULL, n, sizeof *o.sl);
	o.cand = xreallocarray(NULL, n, sizeof *o.cand);
	longest = copy_suffix_matches(ctx, n, top, o.cand, o.sl, &o.ncand);
	for (m = 1; m < top && m <= longest; m++) {	/* longer: nothing follows */
		int max_tokens = (int)((double)m * par->spec_factor + par->spec_offset + 1e-6);

		max_tokens = max_tokens < gamma ? max_tokens : gamma;
		max_tokens = max_tokens < COPY_DRAFT_MAX ? max_tokens : COPY_DRAFT_MAX;
		if (max_tokens < 0)
			max_tokens = 0;
		score = speculate_path(par, ctx, n, m, max_tokens, &o, &d);
		if (score > 0.0 && score >= best) {
			best = score;
			*out = d;
			out->match_length = (int)m;
			out->match_at = earliest(&o, n, m);
		}
	}
	free(o.at);
	free(o.tok);
	free(o.cnt);
	free(o.sl);
	free(o.cand);
}
