/* cmu_floors.h: the floors of the cmu source's split form (split.h), at each
 * temperature in use. A set holds the unigram row and the bigram rows of the
 * CMU_HEAVY words with the most successor work (list length times frequency),
 * each raised to 1/T, with running sums: after a heavy word the target lists
 * only its trigrams over that word's own row, and elsewhere the unigram is the
 * floor. Sets are shared by a source and its clones, counted, built on first
 * use (a pass over the vocabulary per row, 33 rows) and freed when the last
 * user lets go: a source keeps one while its handles and the statistics'
 * expected counts may point into it. Not thread-safe: get and put on one
 * thread (the live view's keys; sweeps never change the temperature). */
#ifndef SPECDEC_CMU_FLOORS_H
#define SPECDEC_CMU_FLOORS_H

#include <stddef.h>
#include <stdint.h>

#include "dist/split_floor.h"

#define CMU_HEAVY 32		/* words whose bigram rows are floors of their own */

struct sphinx_trie;

struct cmu_floors {
	double inv_temp;	/* 1 / T */
	int refs;
	struct split_floor uni;	/* P1^(1/T) */
	struct split_floor heavy[CMU_HEAVY];	/* P2(. | heavy word)^(1/T) */
	struct cmu_floors *next;
};

struct cmu_floor_sets {
	const struct sphinx_trie *lm;
	uint8_t *heavy_of;	/* vocab: a word's heavy slot + 1, or 0 */
	uint32_t heavy_word[CMU_HEAVY];
	int nheavy;
	struct cmu_floors *head;
};

/* Choose the heavy words of lm (which must outlive the sets). */
void cmu_floors_init(struct cmu_floor_sets *fs, const struct sphinx_trie *lm);

/* The set at 1/T = inv_temp, built if new; counted until cmu_floors_put. */
struct cmu_floors *cmu_floors_get(struct cmu_floor_sets *fs, double inv_temp);
void cmu_floors_put(struct cmu_floor_sets *fs, struct cmu_floors *f);

/* Free every set and the choice of words. */
void cmu_floors_free(struct cmu_floor_sets *fs);

#endif
