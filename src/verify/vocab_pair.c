/* vocab_pair.c: naive and TLI acceptance of a heterogeneous pair. */
#include "config.h"

#include "verify/rule.h"
#include "verify/vocab_pair.h"

struct vocab_pair
vocab_pair_accept(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q)
{
	struct vocab_pair v;

	v.naive = pdist_overlap(p, q);
	v.tli = rule_shared_accept(par, p, q, rule_shared_kept_min, NULL);
	return v;
}
