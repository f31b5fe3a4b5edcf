/* vocab_pair.h: the two closed-form acceptances of a draft whose vocabulary
 * holds tokens the target's does not (--draft-only, --draft-vocab-top), at
 * one position, whatever rule runs: the naive method, the standard rule on
 * the union, accepts sum over x of min(p, q); Token-Level Intersection
 * (rule_tli.c) accepts sum over the shared x of min(p, q'), q' = q restricted
 * to the shared tokens and renormalised (q itself where q has no shared
 * mass). TLI's is never below the naive one. */
#ifndef SPECDEC_VOCAB_PAIR_H
#define SPECDEC_VOCAB_PAIR_H

#include "dist/pdist.h"
#include "verify/verify.h"

struct vocab_pair {
	double naive;		/* sum min(p, q) over the union */
	double tli;		/* sum min(p, q') over the shared tokens */
};

/* Both at the pair (p, q), the shared tokens those below the last
 * par->draft_only. */
struct vocab_pair vocab_pair_accept(const struct verify_params *par,
    const struct pdist *p, const struct pdist *q);

#endif
