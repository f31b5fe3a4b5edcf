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

#endif
