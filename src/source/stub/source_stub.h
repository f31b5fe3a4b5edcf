/* source_stub.h: the notebook's random stub. Each step draws target logits z ~ N(0, 1)
 * per token, p = softmax(z), and the draft q = softmax(log p + N(0, noise)); the
 * one (p, q) pair serves every position of the step. With 20 tokens they carry
 * short English words as labels; other sizes show ids. */
#ifndef SPECDEC_SOURCE_STUB_H
#define SPECDEC_SOURCE_STUB_H

#include <stddef.h>

struct source;

/* Open a stub over vocab tokens (>= 2) with the given draft noise (>= 0). It
 * cannot fail: running out of memory ends the process (xalloc.h). */
void source_stub_open(struct source *src, size_t vocab, double noise);

/* Make the last n tokens the draft's only (--draft-only): p is 0 there and
 * renormalised over the others; q keeps its mass there. n below the
 * vocabulary (clamped to leave one token). */
void source_stub_draft_only(struct source *src, size_t n);

#define STUB_POSITIONS_MAX 32	/* noises by position */
#define STUB_NODES_MAX 33	/* nodes of a step: SPEC_GAMMA_MAX + 1 */

/* The stub by position (--position-alpha, and the live view of --metrics): node
 * n (the test of draft n + 1, or the bonus) draws its own fresh pair with
 * noise[min(n, npos - 1)], so that draft i is accepted, given all before it were,
 * with the expected overlap at noise[i - 1] (stub_alpha.h), independently of the
 * others. n noises, 1 <= n <= STUB_POSITIONS_MAX. */
void source_stub_open_positions(struct source *src, size_t vocab, const double *noise,
    int n);

#endif
