/* schedule.h: the draft-length schedules, as one small strategy table beside the
 * sampler (spec.h): how many tokens the draft proposes in each step. */
#ifndef SPECDEC_SCHEDULE_H
#define SPECDEC_SCHEDULE_H

enum schedule_kind {
	SCHEDULE_CONSTANT,	/* gamma every step */
	SCHEDULE_HEURISTIC,	/* Hugging Face's "heuristic": +2 after a full accept, else -1 */
	SCHEDULE_THRESHOLD,	/* "draft-p-min": draft while max q >= P, at most
				 * gamma (llama.cpp's --draft-p-min) */
	SCHEDULE_CONFIDENCE,	/* "confidence": keep each draft, stop after one
				 * with q(x) < T, at most gamma (Hugging Face's
				 * assistant_confidence_threshold) */
	SCHEDULE_NKINDS,
};

#define SCHEDULE_P_MIN 0.15	/* the default of --draft-p-min */
#define SCHEDULE_CONFIDENCE_T 0.4	/* the default of --confidence-threshold
					 * (Hugging Face's) */

extern const char *const schedule_names[SCHEDULE_NKINDS + 1];	/* NULL-terminated */

/* Older names still accepted on input, as pairs (old name, its name in
 * schedule_names), NULL-terminated: "threshold" is "draft-p-min". */
extern const char *const schedule_aliases[];

/* The kind's name ("constant", "heuristic", "draft-p-min", "confidence"), "?"
 * out of range. */
const char *schedule_name(enum schedule_kind kind);

/* Hugging Face's heuristic update (transformers, candidate_generator.py,
 * update_candidate_strategy): the draft length after a step run at gamma that
 * kept accepted drafts: gamma + 2 when accepted == gamma, else max(1, gamma - 1);
 * never above max_gamma. */
int schedule_heuristic_next(int gamma, int accepted, int max_gamma);

/* The draft length the next step runs at (its cap under the threshold schedule):
 * the current value cur under the heuristic, gamma otherwise. */
int schedule_gamma(enum schedule_kind kind, int gamma, int cur);

/* The option (without dashes) that sets the kind's parameter: "draft-p-min"
 * for the threshold (draft-p-min) schedule, "confidence-threshold" for the
 * confidence schedule; NULL for a kind without one. */
const char *schedule_option(enum schedule_kind kind);

/* The draft stop threshold a step runs with: p_min under the threshold schedule,
 * 0 (draft all) otherwise. */
double schedule_p_min(enum schedule_kind kind, double p_min);

/* The confidence threshold a step runs with: t under the confidence schedule,
 * 0 (no stop after a draft) otherwise. */
double schedule_confidence(enum schedule_kind kind, double t);

#endif
