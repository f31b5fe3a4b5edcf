/* source.h: where the target p and the draft q come from.
 *
 * A source hands the sampler the target's and the draft's next-token
 * distributions at the nodes of a speculative step. A node is a prefix: the
 * root (SOURCE_ROOT) is the step's context, the emitted text so far, and every
 * other node is its parent followed by one drafted token. A chain of gamma
 * drafts is the case where each node has one child (nodes 0..gamma, node k
 * after the first k drafts); a token tree (several drafts per position) asks
 * for several children of one node. The sampler never knows how the
 * distributions are made: a random stub, a replayed file or a language model
 * all sit behind these few calls. */
#ifndef SPECDEC_SOURCE_H
#define SPECDEC_SOURCE_H

#include <stddef.h>

#define SOURCE_ROOT 0	/* the node of the step's context */

struct pdist;
struct rng;

struct source_ops {
	/* Start a step; draw whatever it needs from rng. need_draft is 0 when only the
	 * target at position 0 will be asked for (the target-only reference stream). */
	void (*begin)(void *self, struct rng *rng, int need_draft);
	/* The node after node parent and then token (0..vocab-1): an id for
	 * dists, valid until the next begin, which leaves only SOURCE_ROOT. The
	 * source stores what the node needs (its context, its buffers) in storage
	 * that grows on demand and is reused from step to step, so its memory
	 * follows the largest step, never the number of steps. The same parent and
	 * token asked twice in a step may give the same id or two, but always the
	 * same distributions. Ids are the source's own: two nodes whose
	 * distributions are the same may share one. NULL when a step's
	 * distributions do not depend on the drafted tokens: every node is then
	 * the root. */
	int (*child)(void *self, int parent, int token);
	/* p and q at node, as handles (pdist.h) on storage that stays valid, and
	 * unchanged, until the next begin. Either out-pointer may be NULL: the
	 * caller does not want that one now, and the source may skip building it;
	 * asked again at the same node in the same step, the source gives the
	 * same distributions in the same form (the sampler asks for q while
	 * drafting and for p only where it tests). The source picks each node's
	 * form; p and q at one node are both dense or both split, and then a split
	 * pair (q over p's floor, or over it times factors). q must not be asked
	 * for in a step begun without need_draft. */
	void (*dists)(void *self, int node, struct pdist *p, struct pdist *q);
	/* The step emitted these tokens: the context moves on. May be NULL. */
	void (*commit)(void *self, const int *emitted, int n);
	/* Optional: begin a step without a draft and draw one token from the target at
	 * position 0, when the source can do that faster than by building p. */
	int (*sample_target)(void *self, struct rng *rng);
	/* Optional, for a source whose target is the same at every position of a
	 * step: begin a step without a draft and draw count tokens from its target,
	 * the same law as begin and count draws from p, when the source can do that
	 * faster. */
	void (*sample_step)(void *self, struct rng *rng, int *ids, int count);
	/* Change the draft's noise; later steps use it. NULL when the source has no
	 * noise to change (a replayed file gives its draft as it is). */
	void (*set_noise)(void *self, double noise);
	/* A printable label for token id, or NULL for "show the id". */
	const char *(*label)(const void *self, int id);
	/* A fresh instance over the same data with an empty context (the reference
	 * stream uses one), sharing what was loaded (a replay never opens its
	 * file again); NULL when it cannot be made. */
	void *(*clone)(const void *self);
	void (*destroy)(void *self);
	/* One line on where the distributions come from (file, sizes, orders), or
	 * NULL; may be NULL itself. */
	const char *(*describe)(const void *self);
	/* Optional: the target's and the draft's temperatures into *target and
	 * *draft; set_temperatures changes them (later steps use them). NULL
	 * when the source has none to change. */
	void (*temperatures)(const void *self, double *target, double *draft);
	void (*set_temperatures)(void *self, double target, double draft);
	/* Optional: 1 when every position of every step has the same pair (a replay
	 * of one pair), written into p and q (vocab entries each); else 0. */
	int (*fixed_pair)(const void *self, double *p, double *q);
	/* Optional: 0 when node drafts nothing (a copy drafter found no
	 * match, or its draft ended before the node): drafting stops there and
	 * the step ends with a token of p. NULL: every node drafts. */
	int (*drafts)(void *self, int node);
	/* Optional: the draft length the next steps ask for (a copy drafter
	 * proposes up to that many tokens). */
	void (*set_draft_len)(void *self, int gamma);
	/* Properties of the source's law, which the checks and the TV null use. */
	int ids_exchangeable;	/* relabelling the ids leaves the law of (p, q)
				 * unchanged: each id gets 1/V of any sampler's
				 * output, so per-id tests have no power */
	int pair_fixed_in_step;	/* every position of a step has the same p and q */
	int dists_draw;		/* dists draws from the step's rng (the stub by
				 * position draws each depth's pair when first
				 * asked): asking q at fewer nodes changes the
				 * stream */
	int words;		/* its tokens are words: its text reads as prose */
};

struct source {
	const struct source_ops *ops;
	void *self;
	size_t vocab;		/* tokens are 0..vocab-1 */
	const char *kind;	/* "stub", "replay", "ngram": for reports */
	const char *title;	/* short, for a header: "stub", "replay FILE", "ngram
				 * corpus.txt 3/2 T=1" (file names without their
				 * directory; "(built-in)" for the built-in
				 * corpus); lives as long as the source */
};

void source_begin(struct source *src, struct rng *rng, int need_draft);
/* The child op above; SOURCE_ROOT from a source without one. */
int source_child(struct source *src, int parent, int token);
void source_dists(struct source *src, int node, struct pdist *p, struct pdist *q);
/* The target-only reference stream's share of a speculative step that emitted
 * count tokens: draw count tokens from the target into ids and commit them. With a
 * sample_target op each token comes from its own fresh target-only step (the
 * n-gram source: the context moves on after each token, which is the same law);
 * with a sample_step op the source draws the step's tokens itself (the stub);
 * otherwise one step begins and the tokens follow it position by position, so a
 * replayed pair serves as many reference tokens as it served the sampler and the
 * stub's tokens of one step share one fresh p, as the speculative stream's do
 * (the TV's null depends on that: docs/theory.md). */
void source_sample_targets(struct source *src, struct rng *rng, int *ids, int count);
void source_commit(struct source *src, const int *emitted, int n);
/* The drafts op above: 1 without one. */
int source_drafts(struct source *src, int node);
/* The set_draft_len op above, where the source has one. */
void source_set_draft_len(struct source *src, int gamma);
void source_set_noise(struct source *src, double noise);

/* The token's label: the source's word when it has one, else its id written into
 * buf (size len). */
const char *source_label(const struct source *src, int id, char *buf, size_t len);

/* The source's one-line description, or NULL when it has none. */
const char *source_describe(const struct source *src);

/* The temperatures op above: 0 without one, else 1 with them set. */
int source_temperatures(const struct source *src, double *target, double *draft);
/* Change them where the source has them. */
void source_set_temperatures(struct source *src, double target, double draft);

/* Whether the source's tokens are words (it labels them), so its text reads. */
int source_has_words(const struct source *src);

/* Whether the source's draft has a noise that source_set_noise changes. */
int source_has_noise(const struct source *src);

/* The properties above. */
int source_ids_exchangeable(const struct source *src);
int source_pair_fixed_in_step(const struct source *src);
/* The dists_draw property above. */
int source_dists_draw(const struct source *src);
/* The fixed_pair op above: 0 without one. */
int source_fixed_pair(const struct source *src, double *p, double *q);

/* A fresh source over the same data (see clone above); 0 on success, -1 when the
 * clone op gives NULL. */
int source_clone(const struct source *src, struct source *out);

/* The file name of path without its directory, for a title. */
const char *source_base_name(const char *path);

/* Release what the source owns; safe on a zeroed struct. */
void source_close(struct source *src);

#endif
