/* drafter.h: who drafts a step (--drafter), one row each. A row's kind says
 * how the step is drafted and what its drafting costs:
 *   model: the source's draft q, one draft pass per position (1 + gamma c);
 *   copy:  a copy of the context, no draft forward (copy drafters' rows);
 *   heads: Medusa heads (arXiv:2401.10774): head i drafts position i from the
 *          step's context alone, so the tree is the Cartesian product of the
 *          heads' top-k sets, drafted by one head pass (1 + c);
 *   mtp:   DeepSeek-V3's multi-token prediction modules (arXiv:2412.19437
 *          section 5.4.3): module i sees the token drafted at i - 1, one
 *          module pass per position (1 + K c).
 * Code asks a row's kind (drafter_kind), never its index: rows may be added. */
#ifndef SPECDEC_DRAFTER_H
#define SPECDEC_DRAFTER_H

enum drafter_kind {
	DRAFTER_KIND_MODEL,
	DRAFTER_KIND_COPY,
	DRAFTER_KIND_HEADS,
	DRAFTER_KIND_MTP,
};

struct copy_drafter;

struct drafter_row {
	const char *name;	/* its --drafter value */
	enum drafter_kind kind;
	const char *help;	/* one line for the report */
	const struct copy_drafter *copy;	/* a copy drafter's operations
						 * (source/copy/copy_draft.h); else NULL */
};

/* The rows, model first (the default, index 0), and their names in the same
 * order, NULL-terminated (the option table's choices). */
extern const struct drafter_row drafter_rows[];
extern const char *const drafter_names[];

/* The rows. */
int drafter_count(void);

/* The kind of row i (0..drafter_count() - 1); DRAFTER_KIND_MODEL outside. */
enum drafter_kind drafter_kind(int i);

/* The name of the first row of kind ("model", "heads", "mtp"). */
const char *drafter_name(enum drafter_kind kind);

/* Whether a drafter of this kind drafts a head tree (--head-topk). */
int drafter_has_heads(enum drafter_kind kind);

/* Draft passes a step of depth positions costs under kind: 1 for heads, else
 * depth. */
int drafter_passes(enum drafter_kind kind, int depth);

#endif
