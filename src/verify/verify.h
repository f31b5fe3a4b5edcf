/* verify.h: the verification rules as one table beside the sampler (spec.h),
 * in the spirit of tmux's cmd_table: each rule is one file rule_NAME.c
 * exporting one struct verify_entry (its name, flags, parameters, test,
 * bound, replacement, closed forms, step and explanation) and rule_table.c
 * lists them. The functions below read the entry; no code outside the rule
 * files names a particular rule. */
#ifndef SPECDEC_VERIFY_H
#define SPECDEC_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "dist/ratio_tables.h"
#include "verify/spec.h"

struct rng;
struct source;
struct spec_scratch;
struct spec_tree;
struct tree_shape;

/* How a tree rule drafts the children of a node from the draft q there. */
enum verify_tree_draw {
	VERIFY_DRAW_IID,	/* independent samples of q (with replacement) */
	VERIFY_DRAW_WITHOUT,	/* samples of q without replacement */
	VERIFY_DRAW_TOPK,	/* the k most likely tokens of q, in falling order */
};

/* One node of a tree step under a top-down rule (verify_tree.c): the rule
 * tests the k children in order and says which it accepted, or draws the
 * replacement. It reads p and q at single tokens from the handles while it
 * can, and asks for dense copies (tree_node_dense) only where it must
 * update a whole distribution: building them costs a pass over the
 * vocabulary, which a split pair otherwise never pays. */
struct verify_tree_node {
	const struct pdist *hp, *hq;	/* the target and the draft at the node */
	int dense;		/* whether p, q below are filled */
	int work;		/* whether P, Q below are too */
	const double *p, *q;	/* the target and the draft, dense (the handles' own
				 * vectors when dense, else copies in pbuf, qbuf) */
	double *pbuf, *qbuf;	/* room for the copies */
	double *P, *Q;		/* working copies, P = p and Q = q when made
				 * (tree_node_work); room over n when dense */
	double *scratch;	/* vocab doubles for the residual's draws */
	size_t vocab;
	/* The vectors' tokens: p, q, P, Q hold n entries, token ids[i] at i,
	 * every other token 0 in all four (a pair of sparse lists: the union of
	 * their entries), or ids is NULL and n is vocab (tree_node_dense). */
	const uint32_t *ids;
	size_t n;
	uint32_t *idbuf;	/* room for the union, or NULL: always dense */
	int k;			/* children */
	const int *token;	/* their tokens, in test order */
	struct rng *rng;
	/* Filled by the rule, per child tested: */
	double *u, *p_force, *accept;
	int tested;		/* children tested */
	int replacement;	/* when none was accepted: the token drawn */
	double resid_mass;	/* and the mass of the residual it came from */
};

enum verify_rule {
	VERIFY_STANDARD,		/* Leviathan et al. 2022; Chen et al. 2023 */
	VERIFY_BLOCK,			/* Sun et al. 2024, Algorithm 2 */
	VERIFY_EXACT_MATCH,		/* keep the draft iff an independent y ~ p equals it */
	VERIFY_GREEDY,			/* temperature 0: argmax q against argmax p */
	VERIFY_LENIENT,			/* Leviathan et al. 2022, appendix A.5 */
	VERIFY_TYPICAL,			/* Medusa's typical acceptance (Cai et al. 2024) */
	VERIFY_MISTAKE_RESIDUAL_FROM_P,	/* a mistake: the replacement drawn from p */
	VERIFY_MISTAKE_ACCEPT_ALL,	/* a mistake: every draft kept */
	VERIFY_MISTAKE_GREEDY_DRAFT_SOFT_Q,	/* a mistake: argmax q tested with soft q */
};	/* the first rows of the table; verify_nrules counts them all */

#define VERIFY_LENIENCE_MIN 0.01	/* the smallest L, --lenience and the keys */

struct verify_params {
	enum verify_rule rule;
	double lenience;	/* lenient: L in [VERIFY_LENIENCE_MIN, 1]; 1: standard */
	double epsilon;		/* typical: the threshold's cap */
	double delta;		/* typical: the entropy factor */
	double draft_p_min;	/* drafting stops before a draft x with q(x) below
				 * it (the threshold schedule, schedule.h); 0:
				 * draft all gamma */
	double draft_confidence;	/* drafting stops after a draft x with
				 * q(x) below it (the confidence schedule); 0:
				 * never */
	int score_all;		/* score p at every drafted position, tested or
				 * not (spec_rule's score_all); set per step */
	const struct ratio_tables *ratio;	/* NULL, or the tables verify_pit
				 * will ask (spec_rule's ratio); set per step */
	size_t draft_only;	/* the last draft_only tokens are in the draft's
				 * vocabulary only (--draft-only): tli restricts
				 * q to the others; 0: one vocabulary */
	struct spec_scratch *scratch;	/* NULL, or a tree step's working
				 * storage, where a rule may keep a memo
				 * (spec_tree.h); set per tree step */
};

/* An entry's flags. */
#define VERIFY_F_LOSSLESS	0x01	/* the output follows p (greedy: greedy
					 * decoding of p) */
#define VERIFY_F_MISTAKE	0x02	/* a deliberate error, labelled so */
#define VERIFY_F_DRAWS_U	0x04	/* its test compares a uniform u with a bound */
#define VERIFY_F_CLOSED_BETA	0x08	/* its per-position acceptance has a closed
					 * form (the beta hook) */
#define VERIFY_F_PAIR_FORM	0x10	/* its output on one pair has token-by-token
					 * parts (accepted, replacement, bonus) */
#define VERIFY_F_OVERLAP	0x20	/* the acceptance a step records is the
					 * overlap sum min(p, q) */
#define VERIFY_F_POINT_TARGET	0x40	/* its output follows the point mass at
					 * argmax p (the PIT tests against it) */
#define VERIFY_F_REPL_MASS	0x80	/* a step records the mass of the
					 * distribution its replacement came from */
#define VERIFY_F_DEFAULT	0x100	/* the default rule, the notebook's */
#define VERIFY_F_TREE		0x200	/* verifies a token tree (--tree); the
					 * others verify a chain */

#define VERIFY_PARAMS_MAX 2

/* One parameter of a rule. */
struct verify_param {
	const char *option;	/* the option that sets it (cli_table.c): "lenience" */
	const char *def;	/* its default, as the option reads it: "0.5" */
	size_t offset;		/* its field in struct verify_params */
	const char *report;	/* its name in the text report's verifier line, printed
				 * "NAME %g": "L" */
	const char *json;	/* its JSON key: "lenience" */
	const char *header;	/* its name in the live view's header, printed
				 * " NAME=%.2f": "L"; NULL: not shown */
};

/* One verification rule: one file src/verify/rule_NAME.c exports its entry and
 * rule_table.c lists it (docs/design.md, "Add a rule"). Hooks left NULL say the
 * rule has no such thing; the comments say what a NULL means. */
#define VERIFY_NAME_MAX 32

struct verify_entry {
	const char name[VERIFY_NAME_MAX];	/* stable: --verifier, the JSON,
						 * the header (an array: the
						 * choices list takes its address) */
	const char *label;	/* how a face names it, NULL: the name; a
				 * mistake's says so: "NAME (a mistake)" */
	const char *const *aliases;	/* more names --verifier takes, NULL-ended; or NULL */
	int flags;		/* VERIFY_F_* */
	struct verify_param params[VERIFY_PARAMS_MAX];	/* .option NULL: none */
	const char *test;	/* the accept test: "u < p/q" */
	const char *bound_name;	/* what u is compared with: "p/q"; NULL: draws no u */
	/* That bound at a draft with target p and draft q (0 where q is 0). */
	double (*bound)(const struct verify_params *par, double p, double q);
	const char *replacement;	/* after a rejection: "norm(max(0, p - q))" */
	const char *bonus_name;	/* after gamma accepted drafts: "p" */
	/* The probability the replacement tok[i] of step was drawn with; NULL:
	 * the step keeps too little to tell. */
	double (*replacement_prob)(const struct verify_params *par,
	    const struct spec_step *step, int i);
	/* The replacement's unnormalised weight of a token with target p and
	 * draft q, for the faces' columns; NULL: not a function of p and q. */
	double (*replacement_weight)(const struct verify_params *par, double p, double q);
	const char *beta_name;	/* the acceptance expectation's short name:
				 * "overlap", "sum p q"; or why there is none */
	/* The per-position acceptance expectation on (p, q); NULL: no closed
	 * form, a step records the overlap. */
	double (*beta)(const struct verify_params *par, const struct pdist *p,
	    const struct pdist *q);
	/* One pair, dense over n tokens: the accepted mass q(y) a(y) of a token
	 * with target p and draft q, where it depends on those alone ... */
	double (*accepted_one)(const struct verify_params *par, double p, double q);
	/* ... or of every token into acc, its sum returned (NULL with
	 * accepted_one NULL: no token-by-token parts, the output is p). */
	double (*accepted)(const struct verify_params *par, const double *p,
	    const double *q, size_t n, double *acc);
	/* The replacement's unnormalised weights into r; NULL: each token's
	 * replacement_weight. */
	void (*replace)(const struct verify_params *par, const double *p, const double *q,
	    size_t n, double *r);
	/* The bonus token's distribution into b; NULL: p. */
	void (*bonus)(const double *p, size_t n, double *b);
	/* The step: hooks on spec_step_rule (spec.h; NULL hooks are the
	 * standard rule's, p_min is filled from the params and ctx is a
	 * struct verify_hook_ctx) ... */
	struct spec_rule hooks;
	/* ... or a step of its own (NULL: the hooks). */
	void (*step)(const struct verify_params *par, struct source *src,
	    struct rng *rng, int gamma, double *scratch, struct spec_step *out,
	    struct spec_targets *targets);
	/* A tree rule (VERIFY_F_TREE): how it drafts children ... */
	enum verify_tree_draw tree_draw;
	/* ... and either tests the children of one node at a time, top-down
	 * (returns the accepted child's index, or -1 after drawing the
	 * replacement) ... */
	int (*tree_node)(const struct verify_params *par, struct verify_tree_node *node);
	/* ... or verifies the drafted tree in a way of its own (traversal). */
	void (*tree_step)(const struct verify_params *par, const struct tree_shape *shape,
	    struct source *src, struct rng *rng, struct spec_step *out,
	    struct spec_targets *targets, struct spec_tree *tree,
	    struct spec_scratch *scratch);
	/* Closed forms at one node with k children on a dense pair: the chance
	 * that child i is the one accepted into by_rank[i], their sum returned
	 * (NULL: none, the rule is measured only) ... */
	double (*tree_accept)(const struct verify_params *par, const double *p,
	    const double *q, size_t n, int k, double *by_rank);
	/* ... and the law of the token the node emits (the accepted child's or
	 * the replacement) into out (NULL: p, the rule is lossless). scratch
	 * holds n doubles. */
	void (*tree_output)(const struct verify_params *par, const double *p,
	    const double *q, size_t n, int k, double *scratch, double *out);
	const char *explain;	/* one line for the help and the man page */
};

/* What verify_step hands an entry's hooks as their ctx: the params and the
 * entry itself, so that a hook the rules share (rule.h) reads the rule's own
 * closed forms without asking verify.c, which reads the table that lists the
 * rules: the rules never call back into it. */
struct verify_hook_ctx {
	const struct verify_params *par;
	const struct verify_entry *entry;
};

/* The table (rule_table.c), indexed by enum verify_rule, its length, and the
 * names in its order, NULL-terminated. */
extern const struct verify_entry *const verify_table[];
extern const int verify_nrules;
extern const char *const verify_names[];

/* The rule's entry; the default rule's for an index out of range. */
const struct verify_entry *verify_entry(enum verify_rule rule);

/* Whether the rule's entry has flag (VERIFY_F_*). */
int verify_has(enum verify_rule rule, int flag);

/* The default rule (VERIFY_F_DEFAULT). */
enum verify_rule verify_default_rule(void);

/* The name of the acceptance expectation a step records under rule: the
 * entry's beta_name, or "overlap" where that is what it records. */
const char *verify_beta_label(enum verify_rule rule);

/* The default of a rule parameter set by option (an option name without
 * dashes), as text; NULL when no rule has such a parameter. */
const char *verify_param_default(const char *option);

/* Whether the rule has a parameter that option (without dashes) sets. */
int verify_takes_option(enum verify_rule rule, const char *option);

/* Whether the rule has a parameter at offset in struct verify_params. */
int verify_uses_param(enum verify_rule rule, size_t offset);

/* The value of parameter k of par's rule. */
double verify_param_value(const struct verify_params *par, const struct verify_param *pm);

/* The params with every field at its default and the standard rule. */
struct verify_params verify_defaults(void);

/* The rule's name as a face shows it: mistakes get " (a mistake)". */
const char *verify_label(enum verify_rule rule);

/* One speculative step under par's rule (spec.h's record and targets), gamma the
 * cap when par->draft_p_min > 0. The standard rule draws exactly the random
 * numbers spec_step draws. */
void verify_step(const struct verify_params *par, struct source *src, struct rng *rng,
    int gamma, double *scratch, struct spec_step *out, struct spec_targets *targets);

/* The per-position acceptance expectation of the rule on the pair (p, q): sum
 * min(p, q) (standard, residual-from-p), sum p q (exact-match), [argmax q = argmax
 * p] (greedy), sum min(q, p / L) (lenient), 1 (accept-all); the overlap sum min(p,
 * q) for the rules measured only (block, typical). */
double verify_beta(const struct verify_params *par, const struct pdist *p,
    const struct pdist *q);

/* Fill tok[i].pit of every emitted token of step: the randomised probability
 * integral transform u = F(x-) + w f(x), w ~ U(0, 1) from rng (a stream of its
 * own), where f is the target at the token's position (greedy: the point mass at
 * argmax p) and F its distribution function under the order of the vocabulary by
 * p(y) / q(y), ties by id (pdist_ratio_cdf), with q the draft at that position
 * (the bonus position too: the source gives q there). For an exact sampler the
 * values are i.i.d. uniform on [0, 1) (docs/theory.md). tables, when not NULL,
 * keeps the order of the dense pairs that come back (ratio_tables.h). */
void verify_pit(const struct verify_params *par, struct spec_step *step,
    const struct spec_targets *targets, struct rng *rng, struct ratio_tables *tables);

/* The exact output distribution of the rule when every position of every step
 * has the same pair (p, q) over vocab tokens (a replay of one pair), at draft
 * length gamma, into out (vocab entries): the long-run share of each token among
 * the emitted ones, (A S + (1 - a^g) R + a^g B) / (a S + 1) with A the accepted
 * mass by token, a its sum, S = 1 + a + ... + a^(g-1), R the replacement and B
 * the bonus distribution. Block verification is lossless: out = p. scratch holds
 * vocab doubles. */
void verify_output_pair(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, int gamma, double *scratch, double *out);

/* The parts of a step of a token-by-token rule (every rule but block) on one
 * pair: acc (vocab entries) the accepted mass by token, its sum a (at most 1)
 * returned; repl the replacement's distribution after a rejection; bonus the
 * bonus token's distribution. A step accepts i drafts with probability
 * a^i (1 - a) for i < gamma (then a replacement) and a^gamma (then a bonus),
 * each accepted draft independently distributed as acc / a. */
double verify_pair_parts(const struct verify_params *par, const double *p, const double *q,
    size_t vocab, double *acc, double *repl, double *bonus);

/* For the faces: the bound a rule's accept test compares its uniform u with at
 * a drafted token of target probability p and draft probability q (u below it
 * accepts), and its name in *label: p / q ("p/q") for the standard rule and
 * mistake-residual-from-p, p / (L q) ("p/Lq") for lenient. -1, with *label
 * NULL, for a rule whose test draws no u: exact-match compares the draft with a
 * sample of p; greedy, typical and accept-all decide from p and q alone; block
 * decides the whole block at once. 0 where q is 0. */
double verify_u_bound(const struct verify_params *par, double p, double q,
    const char **label);

/* For the faces: the probability the replacement token tok[i] of step was
 * drawn with under the rule: the residual's, norm(max(0, p - q)), for the
 * standard rule (spec_residual_prob), norm(max(0, p - L q)) for lenient, p
 * itself where the replacement is a sample of p (typical, the mistakes); -1
 * where the step does not keep enough to tell (exact-match, block). */
double verify_replacement_prob(const struct verify_params *par,
    const struct spec_step *step, int i);

/* Under the confidence schedule (par->draft_confidence > 0), on a chain step
 * whose positions share one pair (p, q) (targets->p[0], q[0]): set
 * step->expect_tok to the step's expected tokens given which drafts fell below
 * the threshold T, 1 + sum over k of a_1 ... a_k, where a_i is the rule's
 * acceptance of a draft of q restricted to {q < T} when draft i's q is below T
 * and to {q >= T} otherwise (sum of accepted_one over that set / its q mass).
 * The drafting stops on the token drawn, so the acceptance over all of q
 * (beta) overstates the tokens of a step that stopped on a rare draft.
 * Leaves the step alone for a rule that drafts argmax q (the stop is then
 * fixed by q, and beta holds), has a step of its own or no accepted_one. */
void verify_confidence_expect(const struct verify_params *par, struct spec_step *step,
    const struct spec_targets *targets);

/* Block verification's step (verify_block.c), drafting under stop's
 * draft_p_min and draft_confidence, and its acceptance weight h_i =
 * Z_i / (Z_i + 1 - p_i) (1 when Z_i = 0 and p_i = 1, where nothing is left to
 * lose), shared with the tests' exact enumeration. */
void verify_block_step(struct source *src, struct rng *rng, int gamma,
    const struct verify_params *stop,
    double *scratch, struct spec_step *out, struct spec_targets *targets);
double verify_block_h(double p_i, double z_i);

/* argmax p, ties to the lowest id. */
size_t verify_argmax(const struct pdist *p);

#endif
