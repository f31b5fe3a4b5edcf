/* test_views.c: the model side of the live view's explanatory panes: the kept
 * distributions and their rows, speedup and its optimum, the speedup plot, the
 * timeline's lanes, the stages of slow motion and the tree views' helpers
 * (test order, paths, figures). Values asserted. */
#include "config.h"

#include <string.h>

#include "lib/fixed_source.h"
#include "view/textplot_speedup.h"
#include "sim/sim.h"
#include "view/slowmo.h"
#include "stats/speedup.h"
#include "stats/stats.h"
#include "view/stepview.h"
#include "lib/tap.h"
#include "stats/theory.h"
#include "view/timeline.h"
#include "view/treeview.h"

/* p and q over 5 tokens: overlap .2+.1+.1+.1+0 = .5, residual mass .5. */
static const double tp[5] = { 0.5, 0.2, 0.1, 0.1, 0.1 };
static const double tq[5] = { 0.2, 0.1, 0.6, 0.1, 0.0 };

static void
test_capture(void)
{
	struct pdist p = pdist_dense(tp, 5), q = pdist_dense(tq, 5);
	struct stepview_pos pos;
	struct stepview_row rows[STEPVIEW_ROWS + 1];
	int n;

	stepview_capture_pos(&pos, &p, &q, NULL);
	tap_eq(pos.nrows, 5, "all 5 tokens kept");
	tap_ok(pos.id[0] == 2 && pos.id[1] == 0 && pos.id[2] == 1,
	    "rows by max(p, q): 2 (q .6), 0 (p .5), 1 (.2): got %d %d %d", pos.id[0],
	    pos.id[1], pos.id[2]);
	tap_near(pos.overlap, 0.5, 1e-12, "overlap .5");
	tap_near(pos.resid_mass, 0.5, 1e-12, "residual mass .5");
	n = stepview_rows(&pos, 8, NULL, NULL, 0, rows);
	tap_eq(n, 5, "five rows, no rest row when all fit");
	tap_near(rows[1].residual, 0.6, 1e-12, "token 0: residual (.5-.2)/.5 = .6");
	tap_near(rows[0].residual, 0.0, 1e-12, "token 2: q > p, residual 0");
	tap_near(rows[0].overlap, 0.1, 1e-12, "token 2: min(p, q) = .1");
	tap_ok(rows[0].share < 0.0, "no statistics: no share");
	n = stepview_rows(&pos, 3, NULL, NULL, 0, rows);
	tap_eq(n, 3, "three rows: two tokens and the rest");
	tap_eq(rows[2].id, -1, "the last row is the rest");
	tap_near(rows[2].p, 0.4, 1e-12, "rest p = .2 + .1 + .1");
	tap_near(rows[2].q, 0.2, 1e-12, "rest q = .1 + .1 + 0");
	tap_near(rows[2].overlap, 0.5 - 0.1 - 0.2, 1e-12, "rest overlap .2");
	tap_near(rows[2].residual, 0.4, 1e-12, "rest residual (.1 + .1) / .5");
	tap_eq(stepview_rows_wanted(&pos), 5, "5 tokens, no mass left out: 5 rows wanted");
	tap_ok(stepview_fold_head(4, 5) && !stepview_fold_head(5, 5) &&
	    !stepview_fold_head(3, 5), "5 rows wanted: the header folds in 4 rows, not in 5 "
	    "(they fit) nor in 3 (a rest row stays)");
	n = stepview_rows(&pos, 4 + stepview_fold_head(4, 5), NULL, NULL, 0, rows);
	tap_ok(n == 5 && rows[4].id >= 0, "4 rows folded to 5: every token, no rest row "
	    "(got %d, last %d)", n, rows[n - 1].id);
}

/* Pinned tokens (the draft, the emitted) get a row whatever their rank; the
 * rest row keeps the sums at 1. pos keeps the top 16 of 40 tokens: ids 0-7
 * and 32-39 (p = (i + 1)/820, q = (40 - i)/820); id 20 is not kept. */
static void
test_pins(const struct stepview_pos *pos, const double *p, const double *q)
{
	struct stepview_pin pin[2] = { { 20, 0.0, 0.0 }, { 39, 0.0, 0.0 } };
	struct stepview_row rows[STEPVIEW_ROWS + STEPVIEW_PINS + 1];
	double sum = 0.0;
	int i, n;

	pin[0].p = p[20], pin[0].q = q[20], pin[1].p = p[39], pin[1].q = q[39];
	n = stepview_rows(pos, 4, NULL, pin, 1, rows);
	tap_ok(n == 4 && rows[2].id == 20 && rows[3].id == -1,
	    "4 rows, token 20 pinned: two top tokens, 20, the rest (got %d: %d %d %d)", n,
	    rows[0].id, rows[1].id, rows[2].id);
	tap_near(rows[2].p, 21.0 / 820.0, 1e-15, "the pinned row's p is its own");
	for (i = 0; i < n; i++)
		sum += rows[i].p;
	tap_near(sum, 1.0, 1e-12, "with a pin, the rows' p and the rest still sum to 1");
	n = stepview_rows(pos, 3, NULL, pin, 2, rows);
	tap_ok(n == 3 && rows[0].id == 39 && rows[1].id == 20 && rows[2].id == -1,
	    "3 rows, two pins: 39 (kept, rank first), 20, the rest (got %d %d %d)",
	    rows[0].id, rows[1].id, rows[2].id);
	n = stepview_rows(pos, 2, NULL, pin, 2, rows);
	tap_ok(n == 2 && rows[0].id == 20, "2 rows: the first pin before the second");
}

static void
test_capture_many(void)
{
	double p[40], q[40];
	struct pdist dp, dq;
	struct stepview_pos pos;
	struct stepview_row rows[STEPVIEW_ROWS + 1];
	double sum = 0.0;
	int i, n;

	for (i = 0; i < 40; i++) {
		p[i] = (i + 1) / 820.0;		/* sum 1..40 = 820 */
		q[i] = (40 - i) / 820.0;
	}
	dp = pdist_dense(p, 40);
	dq = pdist_dense(q, 40);
	stepview_capture_pos(&pos, &dp, &dq, NULL);
	tap_eq(pos.nrows, STEPVIEW_ROWS, "40 tokens: the top 16 kept");
	tap_ok(pos.id[0] == 0 || pos.id[0] == 39, "the largest max(p, q) first (%d)",
	    pos.id[0]);
	tap_ok(pos.rest_p > 0.0 && pos.rest_q > 0.0, "both have mass outside the rows");
	n = stepview_rows(&pos, 10, NULL, NULL, 0, rows);
	tap_eq(n, 10, "ten rows: nine tokens and the rest");
	tap_eq(stepview_rows_wanted(&pos), STEPVIEW_ROWS + 1, "40 tokens: 16 kept and a rest row");
	tap_ok(!stepview_fold_head(STEPVIEW_ROWS - 1, STEPVIEW_ROWS + 1),
	    "two rows short: no fold");
	for (i = 0; i < n; i++)
		sum += rows[i].p;
	tap_near(sum, 1.0, 1e-12, "the rows' p with the rest sum to 1");
	test_pins(&pos, p, q);
}

static void
test_shares(void)
{
	struct pdist p = pdist_dense(tp, 5), q = pdist_dense(tq, 5);
	struct stepview_pos pos;
	struct stepview_row rows[4];
	struct stats st;

	stats_init(&st, 5, 4);
	st.tokens = 10;
	st.spec_hist[2] = 1;
	st.spec_hist[0] = 6;
	st.spec_hist[1] = 3;
	stepview_capture_pos(&pos, &p, &q, NULL);
	tap_eq(stepview_rows(&pos, 3, &st, NULL, 0, rows), 3, "three rows with shares");
	tap_near(rows[0].share, 0.1, 1e-12, "token 2: 1 of 10 in the output");
	tap_near(rows[1].share, 0.6, 1e-12, "token 0: 6 of 10");
	tap_near(rows[2].share, 0.3, 1e-12, "the rest: 3 of 10");
	stats_free(&st);
}

static void
test_speedup(void)
{
	struct speedup_cost c0 = { 0.1, 0.0 }, ck = { 0.1, 0.05 }, slow = { 1.0, 0.0 };
	struct speedup_cost free_draft = { 0.0, 0.0 };
	struct speedup_cost c5 = { 0.005, 0.0 };
	struct theory_optimum b;
	char buf[64];

	tap_near(speedup_at(0.8, 4, &c0), theory_speedup(0.8, 4, 0.1), 1e-15,
	    "k = 0 is Theorem 3.8");
	tap_near(speedup_at(0.8, 4, &ck), theory_tok_per_step(0.8, 4) / 1.6, 1e-12,
	    "k = .05: tok/step / (4 (.1 + .05) + 1)");
	theory_optimum(0.8, c0.c, c0.k, 32, &b);
	tap_ok(b.speculate && !b.at_limit && b.gamma == 6, "alpha .8, c .1: an interior optimum");
	speedup_best_text(&b, "g", buf, sizeof buf);
	tap_ok(strcmp(buf, "g 6 (2.47x)") == 0, "text '%s'", buf);
	theory_optimum(0.999, free_draft.c, free_draft.k, 32, &b);
	speedup_best_text(&b, "g", buf, sizeof buf);
	tap_ok(b.at_limit && strstr(buf, "g 32+ (") == buf, "free draft: '%s' at the end", buf);
	/* alpha .9075, c .005: 32 gives 8.94093x, 33 only 8.93744x (worked out
	 * by hand from (1 - a^(g+1)) / ((1 - a)(1 + g c))): 32 is the optimum and
	 * no "+", as the report says */
	theory_optimum(0.9075, c5.c, c5.k, 32, &b);
	speedup_best_text(&b, "g", buf, sizeof buf);
	tap_ok(b.gamma == 32 && strcmp(buf, "g 32 (8.94x)") == 0,
	    "optimum 32, 33 no better: '%s' without +", buf);
	theory_optimum(0.3, slow.c, slow.k, 32, &b);
	speedup_best_text(&b, "g", buf, sizeof buf);
	tap_ok(!b.speculate && strcmp(buf, "don't speculate (1.00x)") == 0,
	    "alpha .3, c 1: '%s'", buf);
}

static void
test_plot_speedup(void)
{
	static const struct textplot_speedup_curve cv[2] = {
		{ 0.7, "*", "*", TEXTPLOT_S_USER }, { 0.8, "o", "o", TEXTPLOT_S_USER + 1 },
	};
	struct textplot_speedup spec;
	struct textplot_grid g;
	const struct textplot_cell *cell;
	int best = theory_optimal_gamma(0.8, 0.1, 32), x, y, found = 0;
	char row[256];

	memset(&spec, 0, sizeof spec);
	spec.gamma_max = 32;
	spec.cost.c = 0.1;
	spec.curve = cv;
	spec.ncurves = 2;
	spec.best_gamma = best;
	textplot_init(&g, 60, 14, 0);
	textplot_speedup_curves(&g, &spec);
	tap_near(textplot_speedup_ymax(&spec), 3.0, 0.0, "y axis to 3x (best 2.47x)");
	tap_near(speedup_at(0.8, best, &spec.cost), 2.47, 0.005, "alpha .8, c .1: best 2.47x at gamma 6");
	x = textplot_speedup_col(&g, &spec, best);
	y = textplot_speedup_row(&g, &spec, speedup_at(0.8, best, &spec.cost));
	cell = textplot_at(&g, x, y);
	tap_ok(cell != NULL && strcmp(cell->ch, "^") == 0 && cell->style == TEXTPLOT_S_MARK,
	    "the optimum gamma %d is marked ^ at column %d row %d", best, x, y);
	y = textplot_speedup_row(&g, &spec, 1.0);
	textplot_row(&g, y, row, sizeof row);
	tap_ok(strstr(row, "1x|") != NULL && strstr(row, ". .") != NULL,
	    "the 1x line is labelled and dotted: '%s'", row);
	textplot_row(&g, 0, row, sizeof row);
	tap_ok(strncmp(row, "3x|", 3) == 0, "top label 3x: '%s'", row);
	for (x = 0; x < g.w; x++)
		for (y = 0; y < g.h; y++)
			found += textplot_at(&g, x, y)->style == TEXTPLOT_S_USER + 1;
	tap_ok(found >= 30, "the .8 curve crosses the width (%d cells)", found);
	textplot_free(&g);
}

static void
make_step(struct spec_step *s, int gamma, int accepted)
{
	memset(s, 0, sizeof *s);
	s->gamma = gamma;
	s->accepted = accepted;
	s->tested = accepted < gamma ? accepted + 1 : gamma;
	s->emitted = accepted + 1;
}

static int
count(const unsigned char *lane, int w, int kind)
{
	int i, n = 0;

	for (i = 0; i < w; i++)
		n += lane[i] == kind;
	return n;
}

static void
test_timeline(void)
{
	struct timeline_cost cost = { 10.0, 1.0, 0.0 };
	struct spec_step a, b;
	const struct spec_step *steps[2] = { &a, &b };
	struct timeline tl;

	make_step(&a, 4, 4);	/* 4 drafts, verify, 5 tokens: 14 ms */
	make_step(&b, 4, 1);	/* 1 kept, 3 wasted, verify, 2 tokens: 14 ms */
	timeline_build(&tl, &cost, steps, 2, 70);
	tap_near(tl.spec_ms, 28.0, 1e-12, "speculative lane 2 x (4 D + T) = 28 ms");
	tap_eq(tl.tokens, 7, "7 tokens on both lanes");
	tap_near(tl.target_ms, 70.0, 1e-12, "target-only lane 7 T = 70 ms");
	tap_near(tl.ms_per_col, 1.0, 1e-12, "the longer lane fills 70 columns: 1 ms each");
	tap_eq(count(tl.spec, 70, TIMELINE_DRAFT), 5, "5 kept drafts");
	tap_eq(count(tl.spec, 70, TIMELINE_WASTED), 3, "3 wasted drafts");
	tap_eq(count(tl.spec, 70, TIMELINE_VERIFY), 20, "2 verifications of 10 columns");
	tap_eq(count(tl.spec, 70, TIMELINE_IDLE), 42, "the lane ends at column 28");
	tap_eq(tl.emitted[13], 5, "the first step ends at column 13 with 5 tokens");
	tap_eq(tl.emitted[27], 2, "the second at column 27 with 2");
	tap_eq(count(tl.target, 70, TIMELINE_TARGET) + count(tl.target, 70,
	    TIMELINE_TARGET_ALT), 70, "target-only forwards fill the width");
	tap_ok(tl.target[9] == TIMELINE_TARGET && tl.target[10] == TIMELINE_TARGET_ALT,
	    "each forward shows: the kind alternates at column 10");
	cost.verify_k = 0.5;
	timeline_build(&tl, &cost, steps, 2, 70);
	tap_near(tl.spec_ms, 2 * (4 + 10 * 3.0), 1e-12, "k .5: verification T (1 + 2) each");
	tap_eq(timeline_steps_for(32, 4), 2, "32 columns at gamma 4: 2 steps");
	tap_eq(timeline_steps_for(10, 32), 1, "at least one step");
}

static void
test_slowmo(void)
{
	struct spec_step s, all;
	struct slowmo_view v;

	make_step(&s, 4, 1);	/* tested 2: rejected at position 1 */
	make_step(&all, 4, 4);	/* all 4 accepted */
	tap_eq(slowmo_stages(&s), 2 * 4 + 2, "gamma 4, rejected at 2: 10 stages");
	tap_eq(slowmo_stages(&all), 2 * 4 + 2, "gamma 4, all accepted: 10 stages too");
	slowmo_at(&s, 3, 0, &v);
	tap_ok(v.phase == SLOWMO_DRAFT && v.drafts == 3 && !v.scored,
	    "stage 3: the draft has proposed 3");
	slowmo_at(&s, 5, 0, &v);
	tap_ok(v.phase == SLOWMO_SCORE && v.drafts == 4 && v.scored && v.checked == 0 &&
	    v.reached == 0, "stage 5: the target scored all 4");
	slowmo_at(&s, 7, 0, &v);
	tap_ok(v.phase == SLOWMO_CHECK && v.checked == 2 && v.reached == 2 && v.at == 1 &&
	    !v.ended, "stage 7: two checks shown");
	slowmo_at(&s, 7, 1, &v);
	tap_ok(v.asking && v.checked == 1 && v.at == 1, "asked: the second verdict held back");
	slowmo_at(&s, 8, 1, &v);
	tap_ok(!v.asking && v.checked == 2 && v.reached == 3 && v.at == 1,
	    "stage 8: position 3 never checked, nothing to ask");
	slowmo_at(&s, 10, 0, &v);
	tap_ok(v.phase == SLOWMO_END && v.ended && v.checked == 2 && v.at == 1,
	    "stage 10: the end, at the rejected position");
	slowmo_at(&all, 10, 1, &v);
	tap_ok(v.ended && !v.asking && v.checked == 4 && v.at == 4,
	    "all accepted: the end at the bonus position");
	slowmo_at(&s, 99, 0, &v);
	tap_ok(v.ended, "past the last stage: the last");
	tap_ok(!slowmo_unchecked(&s, 1) && slowmo_unchecked(&s, 2) && slowmo_unchecked(&s, 3),
	    "drafts 2 and 3 were not checked");
}

/* The sim keeps a step's distributions when asked before its next step: the
 * fixed pair's overlap .5 at every position, q of every drafted token. */
static void
test_sim_views(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	struct sim_params par = { .gamma = 4, .noise = 0.0, .seed = 3, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	const struct stepview *sv;
	const struct sim_entry *e;
	struct source src;
	struct sim sim;
	int k, good = 1;

	fixed_source_open(&src, &pair, 5);
	if (!tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open"))
		return;
	sim_step(&sim);
	tap_ok(sim_view(&sim, 0) == NULL, "views off: nothing kept");
	sim_keep_views(&sim, 1);
	sim_step(&sim);
	tap_ok(sim_view(&sim, 0) == NULL, "not drawn yet: not kept");
	sim_keep_newest(&sim);
	e = sim_recent(&sim, 0);
	sv = sim_view(&sim, 0);
	if (!tap_ok(sv != NULL && sv->number == e->number, "kept when asked"))
		goto out;
	tap_eq(sv->npos, e->step.tested + (e->step.accepted == e->step.gamma),
	    "one position per tested draft, plus the bonus's");
	for (k = 0; k < sv->npos; k++)
		good &= sv->pos[k].overlap > 0.5 - 1e-12 && sv->pos[k].overlap < 0.5 + 1e-12 &&
		    sv->pos[k].resid_mass > 0.5 - 1e-12 && sv->pos[k].resid_mass < 0.5 + 1e-12;
	tap_ok(good, "each position: overlap .5, residual mass .5");
	for (k = 0; k < 4; k++)
		good &= sv->q_drafted[k] == tq[e->step.drafted[k]];
	tap_ok(good, "q of all 4 drafted tokens, checked or not");
	tap_ok(stepview_same_target(sv, sv), "a view has its own target");
	sim_step(&sim);
	sim_step(&sim);
	sim_keep_newest(&sim);
	tap_ok(sim_view(&sim, 0) != NULL && sim_view(&sim, 1) == NULL &&
	    sim_view(&sim, 2) == sv, "steps never drawn are not kept; older kept ones stay");
	tap_ok(stepview_same_target(sim_view(&sim, 0), sv), "a fixed pair: the same target");
out:
	sim_close(&sim);
}

/* Slow motion's held step: out of the ring, the statistics and the count until
 * it is released; scored at every drafted position (p of each draft, as the
 * fixed pair gives it); released by the next step too, so none is lost. */
static void
test_sim_held(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	struct sim_params par = { .gamma = 4, .noise = 0.0, .seed = 11, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	const struct stepview *sv;
	const struct sim_entry *e, *before;
	struct source src;
	struct sim sim;
	uint64_t tokens;
	int k, good = 1;

	fixed_source_open(&src, &pair, 5);
	if (!tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open (held)"))
		return;
	sim_keep_views(&sim, 1);
	sim_step(&sim);
	before = sim_recent(&sim, 0);
	tokens = sim.stats.tokens;
	e = sim_step_held(&sim);
	tap_ok(sim_held(&sim) == e && e->number == 2, "held: step 2 waits");
	tap_ok(sim.steps_total == 1 && sim.stats.steps == 1 && sim.stats.tokens == tokens &&
	    sim.ring_len == 1 && sim_recent(&sim, 0) == before,
	    "held: the count, the statistics and the ring are as before it");
	sim_keep_newest(&sim);
	sv = sim_entry_view(&sim, e);
	if (tap_ok(sv != NULL && sv->number == 2, "held: its distributions kept"))
		for (k = 0; k < e->step.gamma; k++)
			good &= sv->p_drafted[k] == tp[e->step.drafted[k]];
	tap_ok(good, "held: p of every drafted token, tested or not (%d of %d tested)",
	    e->step.tested, e->step.gamma);
	sim_release(&sim);
	tap_ok(sim_held(&sim) == NULL && sim.steps_total == 2 && sim.stats.steps == 2 &&
	    sim.stats.tokens == tokens + (uint64_t)e->step.emitted &&
	    sim_recent(&sim, 0)->number == 2, "released: counted as step 2");
	sim_step_held(&sim);
	sim_step(&sim);
	tap_ok(sim_held(&sim) == NULL && sim.steps_total == 4 && sim.stats.steps == 4,
	    "a step after a held one counts both");
	sim_close(&sim);
}

/* A tree of 2,1 tested as traversal tests it: node 3 (under 1), 1, then 4
 * (under 2); the walk at 2 shows the first two verdicts. */
static void
test_treeview(void)
{
	struct spec_tree tree = { 0 };
	char buf[32];
	int v;

	spec_tree_root(&tree, 0);
	spec_tree_add(&tree, 0, 5, 1, 0.2);
	spec_tree_add(&tree, 0, 6, 2, 0.2);
	spec_tree_add(&tree, 1, 7, 3, 0.2);
	spec_tree_add(&tree, 2, 8, 4, 0.2);
	tree.node[2].rank = 1;
	for (v = 1; v <= 4; v++)
		tree.node[v].tested = v != 2;
	tree.node[3].order = 1;
	tree.node[1].order = 2;
	tree.node[4].order = 3;
	tap_eq(treeview_tested(&tree, 1), 3, "treeview: the first node tested is the leaf 3");
	tap_eq(treeview_tested(&tree, 3), 4, "the third is 4");
	tap_eq(treeview_tested(&tree, 4), -1, "no fourth");
	tap_ok(strcmp(treeview_path(&tree, 4, buf, sizeof buf), "2.1") == 0,
	    "node 4's path: the first child of the root's second (%s)", buf);
	tap_ok(strcmp(treeview_path(&tree, 0, buf, sizeof buf), "root") == 0,
	    "the root's path: root");
	tap_ok(treeview_revealed(&tree.node[1], 2) && !treeview_revealed(&tree.node[4], 2) &&
	    !treeview_revealed(&tree.node[2], -1) && treeview_revealed(&tree.node[4], -1),
	    "walk 2 reveals tests 1 and 2, -1 all, an untested node never");
	tap_ok(strcmp(treeview_number(0.068, 1, buf, sizeof buf), ".068") == 0, ".068");
	tap_ok(strcmp(treeview_number(0.99999999999999989, 1, buf, sizeof buf), "1.00") == 0,
	    "just below 1 shows 1.00, not .000 (%s)", buf);
	tap_ok(strcmp(treeview_number(0.9996, 1, buf, sizeof buf), "1.00") == 0,
	    "0.9996, which rounds to 1 at three places, shows 1.00 (%s)", buf);
	tap_ok(strcmp(treeview_number(0.9994, 1, buf, sizeof buf), ".999") == 0,
	    "0.9994 shows .999 (%s)", buf);
	tap_ok(strcmp(treeview_number(1.0, 1, buf, sizeof buf), "1.00") == 0, "1.00");
	tap_ok(strcmp(treeview_number(0.5, 0, buf, sizeof buf), "   -") == 0, "not shown: -");
	spec_tree_free(&tree);
}

int
main(void)
{
	test_sim_views();
	test_sim_held();
	test_capture();
	test_capture_many();
	test_shares();
	test_speedup();
	test_plot_speedup();
	test_timeline();
	test_slowmo();
	test_treeview();
	return tap_done();
}
