/* stub_alpha.h: the stub's expected overlap alpha as a function of its draft
 * noise, and the noise that gives a chosen alpha (--target-alpha). The stub's law
 * (source_stub.h): target logits z ~ N(0, 1) per token, p = softmax(z), draft
 * q = softmax(z + noise e) with e ~ N(0, 1); alpha = E[sum_x min(p(x), q(x))].
 * Estimated by Monte Carlo over a fixed seed with the same draws at every noise
 * (common random numbers), so the estimate is deterministic and smooth in the
 * noise, and the solve is a bracketed root-finding on it. */
#ifndef SPECDEC_STUB_ALPHA_H
#define SPECDEC_STUB_ALPHA_H

#include <stddef.h>

/* The noise in [0, noise_max] whose expected overlap over vocab tokens is target
 * (in (0, 1]), to about 1e-6 in alpha, into *noise, and the alpha it gives into
 * *achieved. 0, or -1 when target lies below the alpha at noise_max: then
 * *achieved holds that lowest alpha. */
int stub_alpha_solve(double target, size_t vocab, double noise_max, double *noise,
    double *achieved);

/* The usage error for a target below the stub's reach (lowest: the alpha at
 * noise_max) into err, one line (errmsg.h), naming what asked for it: the
 * preset by its name (not NULL), else --target-alpha. */
void stub_alpha_unreachable(char *err, size_t errlen, const char *preset, double target,
    size_t vocab, double lowest, double noise_max);

#endif
