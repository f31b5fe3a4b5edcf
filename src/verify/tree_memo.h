/* tree_memo.h: a tree node's closed forms kept for small pairs that come back.
 * A replay hands out the same few pairs step after step, and a step on one
 * computes the optimal-transport ceiling, the rules' acceptance by width and
 * SpecTr's rho from the node's vectors (over the union of a sparse pair's
 * entries: tens of values). The memo keys each result by those values
 * themselves (and a tag naming the result), so a hit returns what the
 * computation returns on them, from any source, and a miss costs a hash and
 * a comparison; the tree code asks it only for pairs its source names
 * (pdist.h), which come back, not for the stub's fresh pairs. Per thread, a
 * fixed TREE_MEMO_SLOTS slots (a slot per pair, among TREE_MEMO_WAYS chosen
 * by the hash, the oldest replaced; TREE_MEMO_RESULTS results in each):
 * memory flat in the number of steps. Pairs of more than TREE_MEMO_N entries
 * are not kept. */
#ifndef SPECDEC_TREE_MEMO_H
#define SPECDEC_TREE_MEMO_H

#include <stddef.h>

#define TREE_MEMO_SLOTS 512	/* pairs kept: about 510 KiB a thread */
#define TREE_MEMO_WAYS 4	/* slots a pair may take */
#define TREE_MEMO_N 40		/* entries of a pair kept, at most */
#define TREE_MEMO_RESULTS 4	/* results kept per pair */
#define TREE_MEMO_VALUES 10	/* doubles per result */

/* The tags: which result, and its parameters (a width k, a rule). */
#define TREE_MEMO_CEILING(k) (0x10000 | (k))
#define TREE_MEMO_ACCEPT(rule, k) (0x20000 | ((rule) << 8) | (k))
#define TREE_MEMO_RHO(k) (0x30000 | (k))

/* The m values of result tag for the pair (p, q) of n entries into out: 1
 * when kept, else 0. */
int tree_memo_get(int tag, const double *p, const double *q, size_t n, double *out,
    int m);

/* Keep the m values (m <= TREE_MEMO_VALUES) of result tag for (p, q); nothing
 * when n > TREE_MEMO_N. */
void tree_memo_put(int tag, const double *p, const double *q, size_t n,
    const double *val, int m);

#endif
