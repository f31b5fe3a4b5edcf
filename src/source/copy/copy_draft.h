/* copy_draft.h: drafts made by copying from the context, with no draft model:
 * one row per drafter, each as its serving system defines it (the man page
 * cites each system's source file), and the cache model that lets a target
 * copy. Pure functions on token arrays: no source, no random numbers. */
#ifndef SPECDEC_COPY_DRAFT_H
#define SPECDEC_COPY_DRAFT_H

#include <stddef.h>

struct copy_hist;

#define COPY_DRAFT_MAX 32	/* the longest draft (SPEC_GAMMA_MAX) */
#define COPY_CACHE_DEPTH 32	/* the longest suffix the cache model matches */
/* The context the drafters and the cache model see: the prompt and the last
 * COPY_WINDOW tokens of the text after it, as a server sees at most its
 * context length; older text slides out. */
#define COPY_WINDOW 2048

/* The drafters' parameters (--lookup-min ... --suffix-min-prob). */
struct copy_params {
	int lookup_min, lookup_max;	/* vllm-ngram: prompt_lookup_min/max */
	int max_ngram;			/* hf-lookup: max_matching_ngram_size */
	int suffix_depth;		/* suffix: max_tree_depth */
	double spec_factor, spec_offset, min_prob;	/* suffix */
};

/* What a drafter proposes after a context. */
struct copy_draft {
	int n;			/* drafted tokens, 0..gamma */
	int tok[COPY_DRAFT_MAX];
	int match_length;	/* the matched suffix's length; 0: no match */
	long match_at;		/* where the match starts in the context; -1: none */
};

/* One copy drafter's operations, which its --drafter row points to
 * (verify/drafter.h): its proposal of up to gamma tokens after a context, the
 * n tokens of ctx (propose, which indexes them first) or a context kept
 * indexed step after step (propose_hist, copy_hist.h). */
struct copy_drafter {
	void (*propose)(const struct copy_params *par, const int *ctx, size_t n,
	    int gamma, struct copy_draft *out);
	void (*propose_hist)(const struct copy_params *par, const struct copy_hist *h,
	    int gamma, struct copy_draft *out);
	const char *source;	/* the system and the file it follows */
};

/* The copy drafters, one file each (copy_lookup.c holds two). */
extern const struct copy_drafter copy_drafter_vllm_ngram;
extern const struct copy_drafter copy_drafter_hf_lookup;
extern const struct copy_drafter copy_drafter_suffix;

void copy_propose_vllm_ngram(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out);
void copy_propose_hf_lookup(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out);
void copy_propose_suffix(const struct copy_params *par, const int *ctx, size_t n,
    int gamma, struct copy_draft *out);
void copy_hist_vllm_ngram(const struct copy_params *par, const struct copy_hist *h,
    int gamma, struct copy_draft *out);
void copy_hist_hf_lookup(const struct copy_params *par, const struct copy_hist *h,
    int gamma, struct copy_draft *out);
void copy_hist_suffix(const struct copy_params *par, const struct copy_hist *h,
    int gamma, struct copy_draft *out);

/* A drafter's propose_hist over the n tokens of ctx, indexed for the call. */
void copy_propose_array(void (*propose_hist)(const struct copy_params *,
    const struct copy_hist *, int, struct copy_draft *), const struct copy_params *par,
    const int *ctx, size_t n, int gamma, struct copy_draft *out);

/* The cache model's next-token distribution after ctx (docs/theory.md): the
 * longest suffix of ctx, up to COPY_CACHE_DEPTH tokens, that also ends earlier
 * in ctx; out[x] is the share of its earlier occurrences followed by x. No
 * suffix of length 1 recurs: the length-0 suffix, whose occurrences are every
 * position, so out is the context's token frequencies; an empty context:
 * uniform. out has vocab entries; tokens of ctx must be below vocab. Returns
 * the matched length. */
int copy_cache_dist(const int *ctx, size_t n, size_t vocab, double *out);

/* The longest suffix of ctx, up to cap tokens, that also ends before the
 * last token (at an end e < n - 1): its length into *len and the start of
 * its earliest such occurrence (-1 when *len is 0). One pass, each position
 * compared back only as far as it matches. */
long copy_longest_earlier(const int *ctx, size_t n, size_t cap, size_t *len);

/* How many tokens ending at e equal the last ones of ctx, up to cap. */
size_t copy_common_suffix(const int *ctx, size_t n, size_t e, size_t cap);

/* The earliest start j of an earlier occurrence of the last m tokens of ctx,
 * one that ends before the last token (j + m < n); -1 when none. */
long copy_earliest(const int *ctx, size_t n, size_t m);

/* Whether the m tokens at a equal those at b. */
int copy_tokens_equal(const int *a, const int *b, size_t m);

#endif
