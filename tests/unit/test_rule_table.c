/* test_rule_table.c: every entry of the rule table (src/verify/rule_table.c)
 * is whole and consistent: a name, a label, a test and its label, a
 * replacement, an explanation; flags that agree with the hooks (no u, no
 * bound; a closed-form beta iff the flag; one-pair parts iff the flag; a
 * rule without parts is lossless); every parameter named, defaulted and
 * printable. On one small pair worked by hand here, p = (1/2, 1/3, 1/6),
 * q = (1/6, 1/2, 1/3): the standard acceptance sum min(p, q) = 2/3,
 * exact-match's sum p q = 11/36, and every lossless rule's one-pair output
 * (greedy's: the point mass at argmax p) within 1e-12 of p. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dist/pdist.h"
#include "verify/verify.h"
#include "lib/tap.h"

#define N 3

static const double hand_p[N] = { 1.0 / 2.0, 1.0 / 3.0, 1.0 / 6.0 };
static const double hand_q[N] = { 1.0 / 6.0, 1.0 / 2.0, 1.0 / 3.0 };

static int
nonempty(const char *s)
{
	return s != NULL && s[0] != '\0';
}

static void
test_fields(int r)
{
	const struct verify_entry *e = verify_entry((enum verify_rule)r);
	const char *label = verify_label((enum verify_rule)r);
	int mistake = (e->flags & VERIFY_F_MISTAKE) != 0;

	tap_ok(nonempty(e->name) && strcmp(verify_names[r], e->name) == 0,
	    "row %d: named (%s), in --verifier's choices in table order", r, e->name);
	tap_ok(nonempty(label) && nonempty(e->test) && nonempty(e->replacement) &&
	    nonempty(e->bonus_name) && nonempty(e->beta_name) && nonempty(e->explain),
	    "%s: a label, a test, a replacement, a bonus, a beta name, an explanation",
	    e->name);
	tap_ok(mistake == (strstr(label, "(a mistake)") != NULL),
	    "%s: labelled a mistake iff it is one (%s)", e->name, label);
	tap_ok(!(mistake && (e->flags & VERIFY_F_LOSSLESS)), "%s: a mistake is not lossless",
	    e->name);
}

/* A tree rule: a node test or a step of its own (not both), no chain hooks;
 * a closed-form acceptance iff flagged; an output law of its own iff it is a
 * mistake (else lossless: p). */
static void
test_tree_flags(const struct verify_entry *e)
{
	tap_ok((e->tree_node != NULL) != (e->tree_step != NULL) && e->step == NULL &&
	    e->hooks.test == NULL && e->beta == NULL && e->bound == NULL,
	    "%s: a tree rule: a node test or a tree step, no chain hooks", e->name);
	tap_ok(((e->flags & VERIFY_F_CLOSED_BETA) != 0) == (e->tree_accept != NULL),
	    "%s: a closed-form tree acceptance iff flagged", e->name);
	tap_ok(((e->flags & VERIFY_F_MISTAKE) != 0) == (e->tree_output != NULL) &&
	    ((e->flags & VERIFY_F_MISTAKE) != 0) != ((e->flags & VERIFY_F_LOSSLESS) != 0),
	    "%s: an output law of its own iff a mistake, else lossless", e->name);
}

static void
test_flags(int r)
{
	const struct verify_entry *e = verify_entry((enum verify_rule)r);
	int u = (e->flags & VERIFY_F_DRAWS_U) != 0;

	if (e->flags & VERIFY_F_TREE) {	/* a tree rule: its own hooks */
		test_tree_flags(e);
		return;
	}
	tap_ok(u == (e->bound != NULL) && u == (e->bound_name != NULL),
	    "%s: a bound and its name iff it draws u", e->name);
	tap_ok(((e->flags & VERIFY_F_CLOSED_BETA) != 0) == (e->beta != NULL),
	    "%s: a closed-form beta iff flagged", e->name);
	tap_ok(e->beta != NULL || (e->flags & VERIFY_F_OVERLAP),
	    "%s: a rule without a closed form records the overlap", e->name);
	tap_ok(((e->flags & VERIFY_F_PAIR_FORM) != 0) ==
	    (e->accepted != NULL || e->accepted_one != NULL) &&
	    ((e->accepted == NULL && e->accepted_one == NULL) || e->replace != NULL ||
	    e->replacement_weight != NULL),
	    "%s: one-pair parts iff flagged", e->name);
	tap_ok((e->flags & VERIFY_F_PAIR_FORM) || (e->flags & VERIFY_F_LOSSLESS),
	    "%s: a rule without parts is lossless (its output is p)", e->name);
	tap_ok(e->step == NULL || (e->hooks.test == NULL && e->hooks.replace == NULL &&
	    e->hooks.draft == NULL && e->hooks.bonus == NULL && e->hooks.beta == NULL),
	    "%s: a step of its own or hooks, not both", e->name);
}

static void
test_params(int r)
{
	const struct verify_entry *e = verify_entry((enum verify_rule)r);
	struct verify_params def = verify_defaults();
	int k;

	for (k = 0; k < VERIFY_PARAMS_MAX; k++) {
		const struct verify_param *pm = &e->params[k];

		if (pm->option == NULL)
			continue;
		tap_ok(nonempty(pm->def) && nonempty(pm->report) && nonempty(pm->json) &&
		    pm->offset + sizeof(double) <= sizeof def,
		    "%s: --%s has a default, a report name, a JSON key", e->name, pm->option);
		tap_ok(strcmp(verify_param_default(pm->option), pm->def) == 0 &&
		    verify_param_value(&def, pm) > 0.0,
		    "%s: --%s's default %s is the option's and the defaults'", e->name,
		    pm->option, pm->def);
	}
}

/* The lossless rules' one-pair output on the hand pair: p (greedy: the point
 * mass at argmax p, token 0). */
static void
test_pair(int r)
{
	const struct verify_entry *e = verify_entry((enum verify_rule)r);
	struct verify_params par = verify_defaults();
	double out[N], scratch[N], want[N], err = 0.0;
	int y, point = (e->flags & VERIFY_F_POINT_TARGET) != 0;

	if (!(e->flags & VERIFY_F_LOSSLESS))
		return;
	par.rule = (enum verify_rule)r;
	for (y = 0; y < N; y++)
		want[y] = point ? (y == 0) : hand_p[y];
	verify_output_pair(&par, hand_p, hand_q, N, 3, scratch, out);
	for (y = 0; y < N; y++)
		err += fabs(out[y] - want[y]);
	tap_near(err, 0.0, 1e-12, e->name);
}

static void
test_hand_betas(void)
{
	struct pdist p = pdist_dense(hand_p, N), q = pdist_dense(hand_q, N);
	struct verify_params par = verify_defaults();

	par.rule = VERIFY_STANDARD;
	tap_near(verify_beta(&par, &p, &q), 1.0 / 6.0 + 1.0 / 3.0 + 1.0 / 6.0, 1e-15,
	    "standard: sum min(p, q) = 1/6 + 1/3 + 1/6 = 2/3");
	par.rule = VERIFY_EXACT_MATCH;
	tap_near(verify_beta(&par, &p, &q), 1.0 / 12.0 + 1.0 / 6.0 + 1.0 / 18.0, 1e-15,
	    "exact-match: sum p q = 1/12 + 1/6 + 1/18 = 11/36");
	par.rule = VERIFY_LENIENT;	/* L 1/2: min(q, 2p) = 1/6 + 1/2 + 1/3 = 1 */
	tap_near(verify_beta(&par, &p, &q), 1.0, 1e-15, "lenient, L 1/2: sum min(q, 2p) = 1");
	par.rule = VERIFY_GREEDY;	/* argmax p is 0, argmax q is 1 */
	tap_near(verify_beta(&par, &p, &q), 0.0, 0.0, "greedy: argmax p != argmax q: 0");
	tap_ok(strcmp(verify_beta_label(VERIFY_LENIENT), "sum min(q, p/L)") == 0 &&
	    strcmp(verify_beta_label(VERIFY_BLOCK), "overlap") == 0 &&
	    strcmp(verify_beta_label(VERIFY_STANDARD), "overlap") == 0,
	    "the expectation's name: lenient's own; block and standard record the overlap");
}

int
main(void)
{
	int r, defaults = 0;

	for (r = 0; r < verify_nrules; r++) {
		test_fields(r);
		test_flags(r);
		test_params(r);
		test_pair(r);
		defaults += verify_has((enum verify_rule)r, VERIFY_F_DEFAULT);
	}
	tap_ok(verify_names[verify_nrules] == NULL, "the names end with NULL");
	tap_eq(defaults, 1, "one default rule");
	tap_ok(verify_default_rule() == VERIFY_STANDARD &&
	    verify_defaults().rule == VERIFY_STANDARD, "the default is the standard rule");
	test_hand_betas();
	return tap_done();
}
