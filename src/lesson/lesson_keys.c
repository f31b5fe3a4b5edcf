/* lesson_keys.c: the keys of the JSON report that only some runs write, and
 * what run writes each (lesson_keys.h). tests/batch/lesson_keys.sh checks this
 * list against the JSON of each kind of run. */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "lesson/lesson_keys.h"
#include "sim/figures.h"
#include "sim/figures_tree.h"
#include "sim/figures_write.h"
#include "verify/schedule.h"
#include "verify/verify.h"

/* A key only some runs write: the run, and where its value is. */
struct key_row {
	struct figure row;	/* its key; value: a figure no scalar row has */
	int (*has)(const struct options *o);	/* the run under o writes it */
	const char *needs;	/* that run, in words */
	size_t at;		/* a parameter: its place in struct options */
	char type;		/* 'd' a double there, 'i' an int, 'z' a size_t;
				 * 0: a figure of the run */
};

static int
is_tree(const struct options *o)
{
	return verify_has((enum verify_rule)o->verifier, VERIFY_F_TREE);
}

static int
dynamic_tree(const struct options *o)
{
	return o->tree_shape.dyn_k > 0;
}

static int
iid_tree(const struct options *o)
{
	return is_tree(o) && verify_entry((enum verify_rule)o->verifier)->tree_draw ==
	    VERIFY_DRAW_IID;
}

static int
own_rule(const struct options *o)
{
	return !verify_has((enum verify_rule)o->verifier, VERIFY_F_OVERLAP);
}

static int
machine(const struct options *o)
{
	return o->machine;
}

static int
threshold(const struct options *o)
{
	return o->schedule == SCHEDULE_THRESHOLD;
}

static int
confidence(const struct options *o)
{
	return o->schedule == SCHEDULE_CONFIDENCE;
}

static int
lenient(const struct options *o)
{
	return o->verifier == VERIFY_LENIENT;
}

static int
typical(const struct options *o)
{
	return o->verifier == VERIFY_TYPICAL;
}

static int
target_alpha(const struct options *o)
{
	return o->target_alpha > 0.0;
}

static int
cmu(const struct options *o)
{
	return o->source == CLI_SOURCE_CMU;
}

static int
ngram(const struct options *o)
{
	return o->source == CLI_SOURCE_NGRAM;
}

static int
model(const struct options *o)
{
	return cmu(o) || ngram(o);
}

#define KEY(k) .row = { .key = (k), .kind = FIGURE_REAL }
#define OWN(k, fn) .row = { .key = (k), .kind = FIGURE_REAL, .value = (fn) }
#define AT(type, m) _Generic(((struct options *)0)->m, type: offsetof(struct options, m))
#define REAL(m) .at = AT(double, m), .type = 'd'
#define INT(m) .at = AT(int, m), .type = 'i'
#define SIZE(m) .at = AT(size_t, m), .type = 'z'
#define TREE "a tree run (set tree SHAPE)"
#define DYNAMIC "a dynamic tree (set tree dynamic:K,STEPS,N)"
#define MACHINE(k) { KEY(k), machine, "a machine (set hw NAME)", 0, 0 }
#define CMU "the cmu source (set source cmu)"
#define MODEL "the ngram or cmu source (set source ngram)"

static const struct key_row rows[] = {
	{ OWN("tree_nodes", figures_tree_nodes), is_tree, TREE, 0, 0 },
	{ KEY("tree_nodes_per_step"), is_tree, TREE, 0, 0 },
	{ OWN("tree_accepted_length", figures_tree_accepted_length), is_tree, TREE, 0, 0 },
	{ KEY("tree_closed_form"), is_tree, TREE, 0, 0 },
	{ KEY("tree_step_cost"), is_tree, TREE, 0, 0 },
	{ OWN("dynamic_k", figures_dynamic_k), dynamic_tree, DYNAMIC, 0, 0 },
	{ OWN("dynamic_steps", figures_dynamic_steps), dynamic_tree, DYNAMIC, 0, 0 },
	{ OWN("dynamic_n", figures_dynamic_n), dynamic_tree, DYNAMIC, 0, 0 },
	{ OWN("dynamic_best_static", figures_dynamic_best_static), dynamic_tree, DYNAMIC,
	    0, 0 },
	{ OWN("dynamic_argmax_chain", figures_dynamic_argmax_chain), dynamic_tree, DYNAMIC,
	    0, 0 },
	{ OWN("dynamic_sampled_chain", figures_dynamic_sampled_chain), dynamic_tree,
	    DYNAMIC, 0, 0 },
	{ KEY("tree_ot_ceiling"), iid_tree, "a tree whose rule draws i.i.d. children"
	    " (set tree SHAPE; set verifier specinfer)", 0, 0 },
	{ KEY("alpha_rule"), own_rule, "a rule that does not accept by the overlap"
	    " (set verifier lenient)", 0, 0 },
	{ OWN("alpha_rule_tested", figures_alpha_rule_tested), own_rule, "a rule that"
	    " does not accept by the overlap (set verifier lenient)", 0, 0 },
	MACHINE("roofline_batch_size"), MACHINE("roofline_context"),
	MACHINE("roofline_verify_ms"), MACHINE("roofline_compute_bound"),
	MACHINE("roofline_ridge_tokens"), MACHINE("roofline_speedup"),
	MACHINE("roofline_best_gamma"), MACHINE("roofline_best_speedup"),
	{ KEY("draft_p_min"), threshold, "the draft-p-min schedule (set schedule"
	    " draft-p-min)", REAL(draft_p_min) },
	{ KEY("confidence_threshold"), confidence, "the confidence schedule (set"
	    " schedule confidence)", REAL(confidence_threshold) },
	{ KEY("lenience"), lenient, "the lenient rule (set verifier lenient)",
	    REAL(lenience) },
	{ KEY("typical_epsilon"), typical, "the typical rule (set verifier typical)",
	    REAL(typical_epsilon) },
	{ KEY("typical_delta"), typical, "the typical rule (set verifier typical)",
	    REAL(typical_delta) },
	{ KEY("target_alpha"), target_alpha, "a target alpha (set target-alpha A)", REAL(target_alpha) },
	{ KEY("target_alpha_achieved"), target_alpha, "a target alpha (set target-alpha A)",
	    REAL(target_alpha_achieved) },
	{ KEY("max_vocab"), ngram, "the ngram source (set source ngram)", SIZE(max_vocab) },
	{ KEY("target_order"), model, MODEL, INT(target_order) },
	{ KEY("draft_order"), model, MODEL, INT(draft_order) },
	{ KEY("temperature"), model, MODEL, REAL(temperature) },
	{ KEY("draft_temperature"), cmu, CMU, REAL(draft_temperature) },
	{ KEY("top_k"), cmu, CMU, SIZE(top_k) },
	{ KEY("top_p"), cmu, CMU, REAL(top_p) },
	{ KEY("draft_top_k"), cmu, CMU, SIZE(draft_top_k) },
	{ KEY("draft_top_p"), cmu, CMU, REAL(draft_top_p) },
};

/* A parameter's value under o (the cmu draft's temperature: the target's
 * unless set, as the JSON writes it). */
static double
param(const struct key_row *k, const struct options *o)
{
	const char *at = (const char *)o + k->at;

	if (strcmp(k->row.key, "draft_temperature") == 0 && o->draft_temperature <= 0.0)
		return o->temperature;
	if (k->type == 'i')
		return *(const int *)(const void *)at;
	if (k->type == 'z')
		return (double)*(const size_t *)(const void *)at;
	return *(const double *)(const void *)at;
}

/* The figures table's row of key. */
static const struct figure *
table_row(const char *key)
{
	int i;

	for (i = 0; i < nfigures; i++)
		if (figures[i].key != NULL && strcmp(figures[i].key, key) == 0)
			return &figures[i];
	return NULL;
}

int
lesson_keys_find(const char *key, const struct options *o, struct lesson_item *it,
    const char **needs)
{
	size_t i;
	const struct key_row *k = NULL;

	for (i = 0; i < sizeof rows / sizeof rows[0] && k == NULL; i++)
		if (strcmp(rows[i].row.key, key) == 0)
			k = &rows[i];
	if (k == NULL)
		return 0;
	*needs = k->needs;
	if (!k->has(o))
		return -1;
	it->figure = k->type != 0 || k->row.value != NULL ? &k->row : table_row(key);
	it->fixed = k->type != 0;
	if (it->fixed)
		it->fixed_value = param(k, o);
	return 1;
}
