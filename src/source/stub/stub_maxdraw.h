/* stub_maxdraw.h: count draws from softmax(z), z standard normal logits over
 * vocab tokens, that draw only the logits they look at: the largest logit from
 * its own law, the others as they are proposed. The stub's reference stream uses
 * it from a vocabulary of 64 up, where a fill of vocab normals would cost more
 * than all its draws. */
#ifndef SPECDEC_STUB_MAXDRAW_H
#define SPECDEC_STUB_MAXDRAW_H

#include <stddef.h>
#include <stdint.h>

struct rng;

struct maxdraw {
	size_t vocab;
	double *z;		/* vocab: the logits drawn in this call */
	uint32_t *stamp;	/* vocab: z[i] belongs to this call when stamp[i] == call */
	uint32_t call;
};

void maxdraw_init(struct maxdraw *m, size_t vocab);
void maxdraw_free(struct maxdraw *m);

/* The largest of n independent standard normals, drawn from its law
 * P(max <= m) = Phi(m)^n by inversion (a uniform, then the upper tail solved by
 * Newton's method on log erfc). */
double maxdraw_max_normal(struct rng *rng, size_t n);

/* ids[0..count-1] = count draws from softmax(z) for one fresh z of vocab
 * independent standard normals: the same law as drawing z and then the tokens.
 * The largest logit M and its token (uniform) come first; each proposal is a
 * uniform token, its logit M for that token, else drawn on first use as a
 * normal conditioned to lie below M (and kept for the call), and accepted with
 * probability exp(z - M). */
void maxdraw_sample(struct maxdraw *m, struct rng *rng, int *ids, int count);

#endif
