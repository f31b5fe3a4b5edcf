/* copy_lookup.c: the two prompt-lookup drafters. vllm-ngram follows vLLM's
 * _find_longest_matched_ngram_and_propose_tokens (its KMP over the reversed
 * context finds, for the longest n in [min, max] whose last n tokens end
 * earlier in the context, the earliest such occurrence); hf-lookup follows
 * transformers' PromptLookupCandidateGenerator.get_candidates (n from
 * min(N, len - 1) down to 1, the first window equal to the last n tokens
 * with a non-empty continuation). Both are written here as plain scans. */
#include "config.h"

#include "source/copy/copy_draft.h"

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

void
copy_propose_vllm_ngram(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out)
{
	size_t m;
	long j;

	no_draft(out);
	if (n < (size_t)par->lookup_min || n < 2)
		return;
	m = (size_t)par->lookup_max < n - 1 ? (size_t)par->lookup_max : n - 1;
	for (; m >= (size_t)par->lookup_min && m >= 1; m--)
		if ((j = copy_earliest(ctx, n, m)) >= 0) {
			out->match_length = (int)m;
			out->match_at = j;
			take_after(ctx, n, (size_t)j + m, gamma, out);
			return;
		}
}

void
copy_propose_hf_lookup(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out)
{
	size_t m, j;

	no_draft(out);
	if (n < 2)
		return;
	m = (size_t)par->max_ngram < n - 1 ? (size_t)par->max_ngram : n - 1;
	for (; m >= 1; m--)
		for (j = 0; j + m < n; j++)	/* a continuation: j + m < n */
			if (copy_tokens_equal(ctx + j, ctx + n - m, m)) {
				out->match_length = (int)m;
				out->match_at = (long)j;
				take_after(ctx, n, j + m, gamma, out);
				return;
			}
}
