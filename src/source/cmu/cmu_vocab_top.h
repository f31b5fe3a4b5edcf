/* cmu_vocab_top.h: a draft with a smaller vocabulary than the target's
 * (--draft-vocab-top K): the K words of the model with the largest unigram
 * probability, plus one token of the draft's own, "<unk-draft>" (id vocab,
 * where the target's p is 0), which carries the draft's mass on every other
 * word. Over the union of vocab + 1 tokens the draft is q restricted to the
 * K words, q(rest) on <unk-draft>, 0 on the words it lacks: a heterogeneous
 * pair for --verifier tli (rule_tli.c) and the naive standard rule. */
#ifndef SPECDEC_CMU_VOCAB_TOP_H
#define SPECDEC_CMU_VOCAB_TOP_H

#include <stddef.h>

#define CMU_VOCAB_TOP_WORD "<unk-draft>"	/* the draft's own token */
#define CMU_VOCAB_TOP_OWN 1	/* tokens in the draft's vocabulary only */

/* A flag per word (vocab of them, allocated; free it): 1 for the k words of
 * largest uni (ties to the lower id), k <= vocab. */
unsigned char *cmu_vocab_top_mark(const double *uni, size_t vocab, size_t k);

/* Fold q (vocab + 1 entries, q[vocab] ignored) to the draft's vocabulary:
 * the mass of the words not in top moves to q[vocab]. */
void cmu_vocab_top_fold(const unsigned char *top, size_t vocab, double *q);

#endif
