/* copy_lookup.c: the two prompt-lookup drafters. vllm-ngram follows vLLM's
 * _find_longest_matched_ngram_and_propose_tokens (its KMP over the reversed
 * context finds, for the longest n in [min, max] whose last n tokens end
 * earlier in the context, the earliest such occurrence); hf-lookup follows
 * transformers' PromptLookupCandidateGenerator.get_candidates (n from
 * min(N, len - 1) down to 1, the first window equal to the last n tokens
 * with a non-empty continuation). Both are one walk here, over the earlier
 * positions of the last token (copy_hist.h): the longest earlier match, the
 * earliest among the longest. */
#include "config.h"

#include "source/copy/copy_draft.h"
#include "source/copy/copy_hist.h"

/* The continuation of up to gamma tokens at ctx[from..n). */
static void
take_after(const int *ctx, size_t n, size_t from, int gamma, struct copy_draft *out)
{
	out->n = 0;
	while (from < n && out->n < gamma && out->n < COPY_DRAFT_MAX)
		out->tok[out->n++] = ctx[from++];
}

static void
no_draft(struct copy_draft *out)
{
	out->n = 0;
	out->match_length = 0;
	out->match_at = -1;
}

/* copy_longest_earlier over h, visiting only the last token's positions; a
 * position can beat best only if it matches best tokens back, which is
 * checked first. */
static long
longest_earlier(const struct copy_hist *h, size_t cap, size_t *len)
{
	const int *ctx = h->tok;
	size_t n = h->n, e = copy_hist_first(h, ctx[n - 1]), l, best = 0;
	long at = -1;

	for (; e + 1 < n && best < cap; e = copy_hist_next(h, e))
		if (e >= best && ctx[e - best] == ctx[n - 1 - best] &&
		    (l = copy_common_suffix(ctx, n, e, cap)) > best) {
			best = l;
			at = (long)(e + 1 - l);
		}
	*len = best;
	return at;
}

/* The longest match of up to cap tokens, drafted from when at least lo. */
static void
draft_longest(const struct copy_hist *h, size_t cap, size_t lo, int gamma,
    struct copy_draft *out)
{
	const int *ctx = h->tok;
	size_t m, n = h->n;
	long j;

	no_draft(out);
	if (n < 2)
		return;
	j = longest_earlier(h, cap < n - 1 ? cap : n - 1, &m);
	if (m < lo || m == 0)
		return;
	out->match_length = (int)m;
	out->match_at = j;
	take_after(ctx, n, (size_t)j + m, gamma, out);
}

void
copy_hist_vllm_ngram(const struct copy_params *par, const struct copy_hist *h,
    int gamma, struct copy_draft *out)
{
	draft_longest(h, (size_t)par->lookup_max, (size_t)par->lookup_min, gamma, out);
}

void
copy_hist_hf_lookup(const struct copy_params *par, const struct copy_hist *h,
    int gamma, struct copy_draft *out)
{
	draft_longest(h, (size_t)par->max_ngram, 1, gamma, out);
}

void
copy_propose_vllm_ngram(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out)
{
	copy_propose_array(copy_hist_vllm_ngram, par, ctx, n, gamma, out);
}

void
copy_propose_hf_lookup(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out)
{
	copy_propose_array(copy_hist_hf_lookup, par, ctx, n, gamma, out);
}

const struct copy_drafter copy_drafter_vllm_ngram = {
	copy_propose_vllm_ngram, copy_hist_vllm_ngram,
	"vLLM, vllm/v1/spec_decode/ngram_proposer.py",
};

const struct copy_drafter copy_drafter_hf_lookup = {
	copy_propose_hf_lookup, copy_hist_hf_lookup,
	"Hugging Face transformers, generation/candidate_generator.py",
};
