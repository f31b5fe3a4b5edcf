/* source_ngram.h: a real autoregressive source. The target is an interpolated
 * Kneser-Ney n-gram model over a word-level corpus, the draft a weaker (by default
 * lower-order) one over the same counts. At a node (source.h) both are
 * conditioned on the emitted text plus the drafted tokens from the root to the
 * node; commit appends what the step emitted. The text starts as a continuation
 * of the corpus's last words.
 *
 * Draft noise: q is proportional to exp(log q_model / T + noise * z) with z ~ N(0, 1)
 * per token; the factors exp(noise * z) come from the rows of noise_rows.h, one
 * picked at random for every depth of a step (the nodes at one depth share it;
 * beyond 48 drafts the depths' rows repeat).
 *
 * Forms (pdist.h): where the context's last token has at most vocab/8
 * successors (vocab/4 with noise, and then only up to NOISE_SPLIT_VOCAB_MAX
 * tokens of vocabulary), dists gives p and q in split form, p over the
 * target's floor and q over the same floor (with noise, that floor times the
 * position's noise row), when the two models' floors hold the same values
 * (unless exactly one of them has order 1). Elsewhere both are dense.
 *
 * A dense draft row depends only on the draft's context and the position's
 * noise row (with noise), so the source keeps the most recently used rows in a
 * cache (qcache.h: 64 rows, or as many as 16 MiB holds), the target's rows in
 * another, and hands out pointers into them, named (pdist.h), to the first
 * nodes of a step, as many as a cache keeps rows (later nodes, and every node
 * above a vocabulary of about 2,000,000, build theirs into their own buffers),
 * so rows handed out in a step are not evicted before the next begin. A node's storage is kept from
 * step to step: the source's memory follows its largest step.
 * Running out of memory ends the process (xalloc.h). */
#ifndef SPECDEC_SOURCE_NGRAM_H
#define SPECDEC_SOURCE_NGRAM_H

#include <stddef.h>
#include <stdint.h>

struct source;
struct ngram_model;

struct source_ngram_config {
	size_t max_vocab;	/* >= 2, counting the unknown token */
	int target_order;	/* 1..NGRAM_ORDER_MAX */
	int draft_order;	/* 1..NGRAM_ORDER_MAX */
	double temperature;	/* > 0, applies to both models */
	double noise;		/* >= 0, perturbs the draft */
};

/* Train on the UTF-8 text[0..len) and open the source. name is shown in the
 * description (a path, or "built-in"). On failure write the reason into err
 * (errlen bytes) and return -1. */
int source_ngram_open(struct source *src, const char *text, size_t len,
    const char *name, const struct source_ngram_config *cfg, char *err, size_t errlen);

/* Start the text after the words of the UTF-8 text (a prompt) instead of the
 * corpus's last words, for src and every clone made after it. Each word is
 * tokenized as the corpus was; a word outside a capped vocabulary becomes the
 * unknown token, as it did in the corpus, but where the vocabulary is not capped
 * (there is no unknown token) a word the corpus lacks is refused. On a refusal,
 * or a text without words, write the reason into err and return -1, leaving
 * the context as it was; else 0, and the description ends with the prompt. */
int source_ngram_set_prompt(struct source *src, const char *text, char *err,
    size_t errlen);

/* For tests and faces: the models, and the last tokens of the text so far (up to
 * max, the most recent last); returns how many were written. */
const struct ngram_model *source_ngram_target(const struct source *src);
const struct ngram_model *source_ngram_draft(const struct source *src);
size_t source_ngram_context(const struct source *src, uint32_t *out, size_t max);

/* How many nodes the source's storage holds now: the most a step has needed,
 * rounded up to a power of two (at least 8); it never grows with the number of
 * steps. */
int source_ngram_node_capacity(const struct source *src);

/* Dense draft rows asked for so far, and how many came from the cache of rows
 * by context and noise row (a row is built once while it stays cached). */
void source_ngram_qcache_stats(const struct source *src, uint64_t *lookups,
    uint64_t *hits);

#endif
