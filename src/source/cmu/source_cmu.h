/* source_cmu.h: a real English language model as target and draft: a backoff
 * trigram read from a sphinxbase model (by default the CMU US-English model
 * of Debian's pocketsphinx-en-us), the target one view of it and the draft
 * another, the same model with its history cut (order 2: the last word only;
 * order 1: none). Both are conditioned at a node (source.h) on the emitted
 * text plus the drafts from the root to the node; commit appends what the
 * step emitted. Each view has its own warp (temperature, top-k, top-p:
 * warp.h); the sampler draws from and verifies against the warped rows.
 *
 * Unwarped, a position is in split form (split.h): the unigram floor, or the
 * bigram row of one of the 32 words with the most successor work, scaled by
 * the backoff weights, plus the context's listed successors (some with
 * negative extras: sphinx_trie.h); a step costs the listed successors. Warped,
 * a position is dense: a pass over the vocabulary per row. Needs sphinxbase at configure time (HAVE_SPHINXBASE); a
 * build without it refuses to open the source, naming the package. */
#ifndef SPECDEC_SOURCE_CMU_H
#define SPECDEC_SOURCE_CMU_H

#include <stddef.h>

#include "dist/warp.h"

#define SOURCE_CMU_MODEL "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"
#define SOURCE_CMU_PACKAGES "libsphinxbase-dev and pocketsphinx-en-us"

struct source;

struct source_cmu_config {
	const char *path;	/* the model file; NULL for SOURCE_CMU_MODEL */
	int target_order;	/* 1..3 */
	int draft_order;	/* 1..3 */
	struct warp target;	/* the target's warp */
	struct warp draft;	/* the draft's */
	size_t draft_top;	/* the draft's vocabulary: the K most frequent words
				 * and one token of its own (cmu_vocab_top.h), id
				 * vocab, so the source has vocab + 1; 0: all words */
};

/* Whether this build can open the source (sphinxbase was found). */
int source_cmu_available(void);

/* Open the model; 0, or -1 with one line in err. */
int source_cmu_open(struct source *src, const struct source_cmu_config *cfg,
    char *err, size_t errlen);

/* Start the text after these words of the model's vocabulary (blank-separated);
 * a word outside it is an error naming it. */
int source_cmu_set_prompt(struct source *src, const char *text, char *err,
    size_t errlen);

/* Change the views' warps; later steps use them. */
void source_cmu_set_warps(struct source *src, const struct warp *target,
    const struct warp *draft);

/* The warps in force. */
void source_cmu_warps(const struct source *src, struct warp *target,
    struct warp *draft);

#endif
