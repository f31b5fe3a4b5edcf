/* sphinx_trie.h: a backoff n-gram model (orders 1 to 3) read from sphinxbase's
 * binary trie file ("Trie Language Model", the format of pocketsphinx-en-us's
 * en-us.lm.bin and of sphinx_lm_convert's .lm.bin), kept forward: for each
 * word its bigram successors, for each bigram its trigram successors.
 *
 * The file stores its n-grams reversed (the predicted word first, then its
 * history backwards), bit-packed with quantised probabilities; this sphinxbase
 * exports no successor iterator, so the reader decodes every entry once and
 * regroups them by context. Probabilities are the model's own:
 *
 *   P3(w | u v) = t(u v w)              when the trigram is listed,
 *               = bo(u v) P2(w | v)     otherwise (bo = 1 when u v is not listed);
 *   P2(w | v)   = b(v w) when listed, else bo(v) P1(w);   P1(w) = the unigram.
 *
 * A listed probability can be below the backed-off one (about 4% of this
 * model's bigrams and trigrams), so a row is not "a floor plus nonnegative
 * extras" and the source builds it dense (docs/theory.md). Sums of a row are
 * 1 up to the file's quantisation (within 1%); sphinx_trie_row reports the sum so
 * the caller normalises. A listed trigram u v w always has its bigram v w
 * listed (the file keeps the trigram under that bigram), so v's bigram list
 * holds the trigrams of every u v. Pure C: no sphinxbase needed to read a
 * file. */
#ifndef SPECDEC_SPHINX_TRIE_H
#define SPECDEC_SPHINX_TRIE_H

#include <stddef.h>
#include <stdint.h>

#define SPHINX_TRIE_NONE UINT32_MAX

struct sphinx_trie {
	int order;		/* 1 to 3 */
	uint32_t vocab;
	uint64_t count[3];	/* listed n-grams of each order */
	double *uni;		/* vocab: P1 */
	double *bo1;		/* vocab: bo(v) */
	uint32_t *bg_first;	/* vocab + 1: v's bigrams are [bg_first[v], bg_first[v+1]) */
	uint32_t *bg_word;	/* sorted within a context */
	float *bg_prob;		/* P2 of the listed bigram (probabilities, not logs) */
	float *bg_bo;		/* bo(v w), 1 in a bigram model */
	uint32_t *tg_first;	/* nbigrams + 1: bigram i's trigrams */
	uint32_t *tg_word;
	float *tg_prob;		/* P3 of the listed trigram */
	char **word;		/* vocab word strings */
	char *word_mem;
};

/* Read the trie file at path into t; 0, or -1 with one line in err. */
int sphinx_trie_read(const char *path, struct sphinx_trie *t, char *err, size_t errlen);

/* The same from the file's bytes (len of them at buf, which t does not keep);
 * path names the file in err. A quantiser or unigram weight that is not finite
 * is refused. */
int sphinx_trie_parse(const uint8_t *buf, size_t len, const char *path,
    struct sphinx_trie *t, char *err, size_t errlen);
void sphinx_trie_free(struct sphinx_trie *t);

/* The index of the listed bigram v w, or SPHINX_TRIE_NONE. */
uint32_t sphinx_trie_bigram(const struct sphinx_trie *t, uint32_t v, uint32_t w);

/* The model's next-word row at order (1 to t->order) after the last n words of
 * ctx (the history is cut to order - 1 words), unnormalised, into out (vocab
 * entries); returns its sum. */
double sphinx_trie_row(const struct sphinx_trie *t, int order, const uint32_t *ctx,
    size_t n, double *out);

/* One probability P(w | ctx) at order, unnormalised, the same as row's entry;
 * *used gets the order of the listed n-gram it came from. */
double sphinx_trie_prob(const struct sphinx_trie *t, int order, const uint32_t *ctx,
    size_t n, uint32_t w, int *used);

/* The id of word, or SPHINX_TRIE_NONE. A pass over the vocabulary. */
uint32_t sphinx_trie_find_word(const struct sphinx_trie *t, const char *word, size_t len);

#endif
