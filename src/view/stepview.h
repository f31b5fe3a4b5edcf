/* stepview.h: what the distributions pane shows of one step, kept after the
 * step: for each position the step scored, the tokens with the largest
 * max(p, q) with their p and q, the mass of the rest, the overlap and the
 * residual's mass; and q of every drafted token, checked or not. A source's
 * distribution handles die at its next step, so the live view keeps these
 * small fixed-size copies instead (memory flat in steps). No curses here. */
#ifndef SPECDEC_STEPVIEW_H
#define SPECDEC_STEPVIEW_H

#include <stdint.h>

#include "dist/pdist.h"
#include "verify/spec.h"
#include "verify/verify.h"
#include "stats/stats.h"

#define STEPVIEW_ROWS 16	/* tokens kept per position, by max(p, q) */
#define STEPVIEW_EQUAL 1e-12	/* p and q closer than this, relatively, are equal:
				 * rounding leaves no residual */

struct stepview_pos {
	int nrows;		/* tokens kept, largest max(p, q) first */
	int id[STEPVIEW_ROWS];
	double p[STEPVIEW_ROWS], q[STEPVIEW_ROWS];
	double rest_p, rest_q;	/* the mass of the tokens not kept */
	double overlap;		/* sum min(p, q): this position's alpha */
	double resid_mass;	/* sum max(0, p - q) = 1 - overlap */
	struct verify_params rule;	/* the rule the step ran under */
	double repl_mass;	/* the sum of its replacement's weights (verify.h's
				 * replacement_weight); -1: not a function of p
				 * and q (the column shows '-') */
};

struct stepview {
	uint64_t number;	/* the step's number (sim_entry.number); 0: empty */
	int npos;		/* positions scored: the tested ones, then the bonus's */
	struct stepview_pos pos[SPEC_GAMMA_MAX + 1];
	double q_drafted[SPEC_GAMMA_MAX];	/* q of each drafted token */
	double p_drafted[SPEC_GAMMA_MAX];	/* p of each drafted token where the
						 * target scored it (spec_targets'
						 * nscored), else -1 */
};

/* One row of the distributions pane: a token (id >= 0) or the rest (id -1). */
struct stepview_row {
	int id;
	double p, q;
	double overlap;		/* min(p, q); for the rest, its part of the overlap */
	double residual;	/* the rule's replacement distribution, normalised
				 * (standard: norm(max(0, p - q))): what a
				 * rejection draws from; p itself when it has
				 * no mass; -1 where the rule's is not a
				 * function of p and q */
	double share;		/* the token's share of the output so far; -1: not shown */
};

/* Keep position pos of a step from its target p and draft q under rule (NULL:
 * the default rule's): one pass over the vocabulary, which also sums the
 * overlap, the residual's mass and the rule's replacement's. */
void stepview_capture_pos(struct stepview_pos *pos, const struct pdist *p,
    const struct pdist *q, const struct verify_params *rule);

/* Keep a whole step: targets->p and ->q at each tested position and, after a
 * bonus, at position gamma; number is its sim_entry.number. */
void stepview_capture(struct stepview *v, const struct spec_step *step,
    const struct spec_targets *targets, const struct verify_params *rule,
    uint64_t number);

/* A token the pane must show at a position whatever its rank: the draft
 * there, the token emitted there. */
struct stepview_pin {
	int id;
	double p, q;		/* at that position */
};
#define STEPVIEW_PINS 2

/* The pane's rows for pos in at most max_rows rows (>= 2): the largest kept
 * tokens and, when tokens are left out, one rest row carrying their mass. The
 * npin (<= STEPVIEW_PINS) pinned tokens always have a row, in rank order, as
 * far as max_rows - 1 rows allow (the first pin first); the rest row carries
 * whatever the rows shown leave. With st non-NULL each token row's share is
 * its count in st's output over all tokens (the rest row's, what the shown
 * tokens leave). Returns the rows. */
int stepview_rows(const struct stepview_pos *pos, int max_rows, const struct stats *st,
    const struct stepview_pin *pin, int npin, struct stepview_row *out);

/* The rows the pane's token list wants at pos to show it whole: every kept
 * token and, when mass lies outside them, a rest row. */
int stepview_rows_wanted(const struct stepview_pos *pos);

/* Whether a pane with room token rows under a full header folds its first two
 * header lines into one, freeing a row: when want rows do not fit in room but
 * fit in room + 1 (then every token shows and no rest row is needed). */
int stepview_fold_head(int room, int want);

/* The tokens of position j (0..npos-1) of step: the draft there (NULL at the
 * bonus position) with its ratio p/q (0 without a draft), and the token the
 * position emitted (NULL for none: a rejected draft is followed by its
 * residual, which is the emitted one). */
struct stepview_at {
	const struct spec_token *drafted;
	const struct spec_token *emitted;
	double ratio;
	int bonus;		/* j is the bonus position */
};

void stepview_at(const struct spec_step *step, int j, struct stepview_at *at);

/* Whether views a and b (either may be NULL) scored the same target at their
 * first positions: the same tokens with the same p. A replay of one fixed pair
 * gives the same p everywhere, and there the output's shares converge on it. */
int stepview_same_target(const struct stepview *a, const struct stepview *b);

#endif
