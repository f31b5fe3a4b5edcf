/* roofline.h: the cost model that knows the machine. One forward pass of a model
 * with P parameters of b bytes each, L layers, n_kv KV heads of head_dim hd and
 * n_heads attention heads, over a batch of B sequences of context S, scoring n new
 * tokens each, on a machine of F FLOP/s and BW bytes/s:
 *   kv          = 2 L n_kv hd b                        bytes per token of context
 *   mem(B,S,n)  = (b P + B S kv) / BW                  reading weights and KV cache
 *   comp(B,S,n) = B n (2 P + 4 L n_heads hd S) / F     the matmuls and attention
 *   t(B,S,n)    = max(mem, comp)
 * A target step is t_T = t(B,S,1); verifying g drafts is t_V(g) = t(B,S,g+1); one
 * drafted token is t_D = t_draft(B,S_d,1), S_d = min(S, the draft's KV budget);
 *   speedup(g) = E[tokens](g) t_T / (g t_D + t_V(g)),  speedup(0) = 1.
 * B = 1, S = 0 is Leviathan et al.'s Theorem 3.8 at c = t_D / t_T, k = 0.
 * Pure functions: no I/O. */
#ifndef SPECDEC_ROOFLINE_H
#define SPECDEC_ROOFLINE_H

#include <stddef.h>

#define ROOFLINE_GAMMA_MAX 64	/* draft lengths a roofline result holds */

/* A machine: its dense peak and its memory bandwidth. */
struct roofline_hw {
	const char *name;	/* as --hw takes it; NULL for one given as numbers */
	double tflops;		/* F / 1e12 */
	double tbps;		/* BW / 1e12 */
	const char *source;	/* where the figures come from */
};

/* A model's shape. */
struct roofline_model {
	const char *name;	/* as --model takes it; NULL for one given as numbers */
	double params;		/* P */
	int layers;		/* L */
	int n_kv;		/* KV heads */
	int head_dim;		/* hd */
	int n_heads;		/* attention heads */
	double bytes;		/* b, bytes per parameter and per KV element */
	const char *source;
};

/* The machine, the pair and where they run. */
struct roofline_setup {
	struct roofline_hw hw;
	struct roofline_model target, draft;
	double batch;		/* B >= 1 */
	double context;		/* S >= 0 */
	double draft_kv_budget;	/* the draft's KV budget in tokens; 0: none (S_d = S) */
};

/* One forward pass: both terms in seconds, the larger, and which one it is. */
struct roofline_time {
	double mem, comp, t;
	int compute;		/* comp > mem */
};

/* The presets, one row each with its cited source (roofline_presets.c). */
extern const struct roofline_hw roofline_hws[];
extern const int roofline_nhws;
extern const struct roofline_model roofline_models[];
extern const int roofline_nmodels;

/* The preset called name, or NULL. */
const struct roofline_hw *roofline_hw_find(const char *name);
const struct roofline_model *roofline_model_find(const char *name);

/* kv: bytes of KV cache per token of context. */
double roofline_kv_bytes(const struct roofline_model *m);

/* One forward pass of m on hw over B sequences of context S, n new tokens each. */
void roofline_pass(const struct roofline_hw *hw, const struct roofline_model *m,
    double batch, double context, double n, struct roofline_time *out);

/* The tokens per step (B n) at which a pass at S = 0 turns compute-bound:
 * b F / (2 BW), which is F / BW at b = 2 bytes. */
double roofline_ridge_tokens(const struct roofline_hw *hw, const struct roofline_model *m);

/* The draft's context: min(S, budget), S when there is no budget. */
double roofline_draft_context(const struct roofline_setup *s);

/* t_T, t_D and t_V(g) in seconds. */
double roofline_target_s(const struct roofline_setup *s);
double roofline_draft_s(const struct roofline_setup *s);
double roofline_verify_s(const struct roofline_setup *s, int gamma);

/* The derived toy-model costs: c = t_D / t_T, and the k with
 * t_V(g) = t_T (1 + k g) at gamma >= 1. */
double roofline_cost_ratio(const struct roofline_setup *s);
double roofline_verify_cost(const struct roofline_setup *s, int gamma);

/* Expected tokens per step at draft length g from per-position acceptance rates
 * rate[0..nrate-1] (the last holds past the list): 1 + r1 + r1 r2 + ...; with one
 * rate alpha it is (1 - a^(g+1)) / (1 - a). g = 0 gives 1. */
double roofline_tokens(const double *rate, int nrate, int gamma);

/* speedup(g) = E[tokens](g) t_T / (g t_D + t_V(g)); 1 at g = 0. */
double roofline_speedup(const struct roofline_setup *s, const double *rate, int nrate,
    int gamma);

/* Everything the faces show at one setup and acceptance, g = 0..gamma_max. */
struct roofline_result {
	double t_target, t_draft;	/* seconds */
	double t_verify[ROOFLINE_GAMMA_MAX + 1];	/* [g], g = 0..gamma_max */
	double speedup[ROOFLINE_GAMMA_MAX + 1];		/* [0] = 1 */
	int gamma_max;
	struct roofline_time target;	/* the target step's two terms */
	struct roofline_time draft;	/* one drafted token's */
	double ridge_tokens;
	double cost_ratio;		/* c = t_D / t_T */
	int best_gamma;			/* 0: do not speculate */
	double best_speedup;		/* 1 at best_gamma 0 */
};

/* Fill out for gamma 0..gamma_max (clamped to 1..ROOFLINE_GAMMA_MAX). The best
 * gamma is the smallest of the largest speedup, 0 when no g > 0 beats 1. */
void roofline_evaluate(const struct roofline_setup *s, const double *rate, int nrate,
    int gamma_max, struct roofline_result *out);

/* "memory" or "compute". */
const char *roofline_bound_name(const struct roofline_time *t);

#define ROOFLINE_BATCH_MAX 65536	/* the largest B the search looks at */

/* The smallest B in 1..ROOFLINE_BATCH_MAX (all else as in s) at which no
 * gamma in 1..gamma_max beats the target alone; 0 when there is none. */
int roofline_no_spec_batch(const struct roofline_setup *s, const double *rate,
    int nrate, int gamma_max);

#endif
