/* source_copy.h: a source wrapped for copy drafting. The target becomes
 * (1 - L) p_model + L p_cache (the cache model, copy_draft.h) over the
 * prompt and the text so far; the draft is the chosen drafter's: the inner
 * source's q (model), or a deterministic copy of the context, one-hot at
 * each drafted token, verified as the topk rule at width 1 verifies (accept
 * with p(x), replace from p without x). A position the drafter leaves empty
 * drafts nothing (source_drafts), so a step with no draft is a plain target
 * step. */
#ifndef SPECDEC_SOURCE_COPY_H
#define SPECDEC_SOURCE_COPY_H

#include <stddef.h>

#include "source/copy/copy_draft.h"

struct source;
struct drafter_row;

/* Wrap src (taken) with the drafter of row (verify/drafter.h: its copy
 * operations, or the model's q when it has none), weight L and the prompt's
 * n tokens (copied); 0, or -1 with err set. */
int source_copy_wrap(struct source *src, const struct drafter_row *row,
    const struct copy_params *par,
    double weight, const int *prompt, size_t n, char *err, size_t errlen);

/* The tokens of text (whitespace-separated: a word of src, or an id below its
 * vocabulary) into a malloc'd *out, their count into *n; *unknown gets how
 * many were neither (they are left out). name names the text in errors. 0, or
 * -1 with err set (a NUL byte: binary input). */
int source_copy_tokens(const struct source *src, const char *text, size_t len,
    const char *name, int **out, size_t *n, size_t *unknown, char *err, size_t errlen);

/* The draft at the root of the wrapped source's current context, for the
 * live view's marks: NULL when src is not wrapped or drafts by model. */
const struct copy_draft *source_copy_last_draft(const struct source *src);

/* The wrapped source's context (the prompt, then the last COPY_WINDOW tokens
 * after it) into *ctx; its length, 0 when src is not wrapped. */
size_t source_copy_context(const struct source *src, const int **ctx);

#endif
