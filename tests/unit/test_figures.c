/* test_figures.c: the figures table (sim/figures.h): its rows are whole and
 * consistent, and the report and the JSON that walk it show every row. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fixed_source.h"
#include "lib/tap.h"
#include "sim/figures.h"
#include "sim/checks.h"

#define PAGE_ROWS 18		/* help page 2's lines at 20 rows (a box, no padding) */

static const double tp[5] = { 0.5, 0.2, 0.1, 0.1, 0.1 };
static const double tq[5] = { 0.2, 0.1, 0.6, 0.1, 0.0 };

static int
scalar(const struct figure *row)
{
	return row->kind == FIGURE_REAL || row->kind == FIGURE_COUNT ||
	    row->kind == FIGURE_INT || row->kind == FIGURE_FLAG || row->kind == FIGURE_SIZE;
}

/* The report format's conversion fits the value's type. */
static int
conv_fits(const struct figure *row)
{
	switch (row->text.conv) {
	case 0:
		return 1;
	case 'f':
	case 'g':
		return row->kind == FIGURE_REAL && row->text.decimals > 0;
	case 'u':
		return row->kind == FIGURE_COUNT;
	case 'd':
		return row->kind == FIGURE_INT;
	default:
		return 0;
	}
}

static void
test_keys_unique(void)
{
	int i, k, dup = 0;

	for (i = 0; i < nfigures; i++)
		for (k = i + 1; k < nfigures; k++)
			if (figures[i].key != NULL && figures[k].key != NULL &&
			    strcmp(figures[i].key, figures[k].key) == 0) {
				tap_ok(0, "key '%s' twice, rows %d and %d", figures[i].key, i, k);
				dup++;
			}
	tap_eq(dup, 0, "every JSON key once");
}

/* One row: a key unless screen-only, a label or a name, an explanation that
 * fits the help page, a format that fits, a writer where a value is not one. */
static void
test_row(const struct figure *row, int i)
{
	const char *name = row->key != NULL ? row->key : row->screen;
	int screen_only = row->kind == FIGURE_SCREEN;

	tap_ok(name != NULL && (row->key != NULL) != screen_only,
	    "row %d (%s): a key, unless the screen alone shows it", i, name ? name : "?");
	tap_ok(row->explain != NULL && row->explain[0] != '\0' &&
	    strlen(row->explain) <= FIGURES_EXPLAIN_MAX && strchr(row->explain, '\n') == NULL,
	    "%s: explained in one line of at most %d columns", name, FIGURES_EXPLAIN_MAX);
	tap_ok(row->label != NULL || row->screen != NULL || row->text.conv != 0 ||
	    row->report != NULL || row->key != NULL,
	    "%s: shown somewhere: report, JSON or screen", name);
	tap_ok((row->label == NULL || strlen(row->label) <= FIGURES_NAME_MAX) &&
	    (row->screen == NULL || strlen(row->screen) <= FIGURES_NAME_MAX),
	    "%s: label and name within %d columns", name, FIGURES_NAME_MAX);
	tap_ok(conv_fits(row) && (row->text.conv == 0 ||
	    (row->text.before != NULL && row->text.after != NULL)),
	    "%s: the report format fits the value", name);
	tap_ok(scalar(row) ? row->from != FIGURE_FROM_NONE :
	    screen_only || row->json != NULL,
	    "%s: a scalar has a place, an array or member a writer", name);
	tap_ok(row->label == NULL || row->report != NULL || row->text.conv != 0,
	    "%s: a labelled row shows in the report", name);
	tap_ok(!row->header || (scalar(row) && row->key != NULL && row->label == NULL &&
	    row->text.conv == 0 && row->report == NULL && row->json == NULL &&
	    row->screen == NULL), "%s: a header row is a number with a key alone", name);
}

/* Help page 2 lists every row the screen names, in table order, and they fit
 * the page at 20 lines. */
static void
test_screen_rows(void)
{
	int i, n = 0, reached = 1;

	for (i = 0; i < nfigures; i++)
		if (figures[i].screen != NULL)
			reached &= figures_screen(n++) == &figures[i];
	tap_ok(reached && figures_screen(n) == NULL, "figures_screen walks the %d named rows",
	    n);
	tap_ok(n > 0 && n <= PAGE_ROWS, "help page 2: %d lines fit %d", n, PAGE_ROWS);
	tap_ok(figures_screen(-1) == NULL, "no row before the first");
}

static char *
slurp(FILE *f)
{
	long len = ftell(f);
	char *buf = calloc((size_t)len + 1, 1);

	rewind(f);
	if (buf != NULL && fread(buf, 1, (size_t)len, f) != (size_t)len)
		buf[0] = '\0';
	fclose(f);
	return buf;
}

/* The walkers over a fixed pair: overlap 0.5 at every position. */
static void
test_walkers(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	struct sim_params par = { .gamma = 4, .noise = 0.0, .seed = 3, .target_ms = 10.0,
	    .draft_ms = 1.0 };
	struct check checks[CHECKS_COUNT];
	struct sim_figures fig;
	struct figures_run run = { .fig = &fig, .checks = checks, .steps_requested = 400,
		.complete = 1 };
	const char *head = "{\"steps\":400,\"steps_requested\":400,\"complete\":true,"
	    "\"gamma\":4,\"noise\":0,\"vocab\":5,\"seed\":3,\"target_ms\":10,"
	    "\"draft_ms\":1,\"verify_cost\":0,\"tokens\":";
	struct source src;
	struct sim sim;
	char want[128], *text, *js;
	struct json j;
	FILE *f;
	int i, k;

	fixed_source_open(&src, &pair, 5);
	if (!tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open"))
		return;
	for (i = 0; i < 400; i++)
		sim_step(&sim);
	sim_figures(&sim, &fig);
	checks_run(&sim, &fig, checks);
	run.sim = &sim;
	for (k = 0; k < nfigures; k++)
		if (figures[k].key != NULL && strcmp(figures[k].key, "alpha_overlap") == 0)
			tap_near(figure_value(&figures[k], &run), 0.5, 1e-12,
			    "figure_value: alpha_overlap 0.5");
		else if (figures[k].key != NULL && strcmp(figures[k].key, "tokens") == 0)
			tap_eq((long long)figure_value(&figures[k], &run),
			    (long long)sim.stats.tokens, "figure_value: tokens");
		else if (figures[k].key != NULL && strcmp(figures[k].key, "vocab") == 0)
			tap_eq((long long)figure_value(&figures[k], &run), 5,
			    "figure_value: vocab, a size_t, 5");
		else if (figures[k].key != NULL && strcmp(figures[k].key, "seed") == 0)
			tap_eq((long long)figure_value(&figures[k], &run), 3,
			    "figure_value: seed, in the sim's parameters, 3");
		else if (figures[k].key != NULL && strcmp(figures[k].key, "steps_requested") == 0)
			tap_eq((long long)figure_value(&figures[k], &run), 400,
			    "figure_value: steps_requested, in the run, 400");

	f = tmpfile();
	figures_report(f, &run);
	text = slurp(f);
	f = tmpfile();
	json_init(&j, f);
	json_object_begin(&j, NULL);
	figures_json_header(&j, &run);
	figures_json(&j, &run);
	json_object_end(&j);
	json_finish(&j);
	js = slurp(f);
	tap_ok(strncmp(js, head, strlen(head)) == 0,
	    "JSON: the header rows, then the figures from tokens: %.150s", js);
	tap_ok(strstr(text, "overlap 0.5000 per step") != NULL,
	    "report: the overlap in its format");
	snprintf(want, sizeof want, "tokens       %llu emitted; %llu drafted",
	    (unsigned long long)sim.stats.tokens, (unsigned long long)sim.stats.drafted);
	tap_ok(strncmp(text, want, strlen(want)) == 0, "report starts '%s'", want);
	for (k = 0; k < nfigures; k++) {
		const struct figure *row = &figures[k];

		if (row->key != NULL && strncmp(row->key, "roofline", 8) == 0) {
			snprintf(want, sizeof want, "\"%s\":", row->key);
			tap_ok(strstr(js, want) == NULL, "no machine: no key '%s'", row->key);
			continue;	/* a machine's rows: test_sim_machine */
		}
		if (row->key != NULL && (strncmp(row->key, "tree", 4) == 0 ||
		    strcmp(row->key, "calibration") == 0 ||
		    strncmp(row->key, "dynamic", 7) == 0)) {
			snprintf(want, sizeof want, "\"%s\":", row->key);
			tap_ok(strstr(js, want) == NULL, "a chain: no key '%s'", row->key);
			continue;	/* a tree's rows: test_tree_rows; a top-k
					 * tree's calibration: tree_dynamic.sh */
		}
		if (row->key != NULL && strcmp(row->key, "copy") == 0)
			continue;	/* a copy drafter's: tests/batch/copy_draft.sh */
		if (row->key != NULL && (strncmp(row->key, "alpha_naive", 11) == 0 ||
		    strncmp(row->key, "alpha_tli", 9) == 0 ||
		    strncmp(row->key, "alpha_first", 11) == 0)) {
			snprintf(want, sizeof want, "\"%s\":", row->key);
			tap_ok(strstr(js, want) == NULL, "one vocabulary: no key '%s'", row->key);
			continue;	/* another vocabulary's: tests/batch/vocab_top.sh */
		}
		if (row->label != NULL && strcmp(row->key, "rule_output") != 0) {
			snprintf(want, sizeof want, "\n%-13s", row->label);
			tap_ok(strncmp(text, want + 1, strlen(want) - 1) == 0 ||
			    strstr(text, want) != NULL, "report: a line labelled '%s'", row->label);
		}
		/* rule_output: a replay of one pair; alpha_rule: a rule that does not
		 * accept by the overlap (tests/batch/verify.sh) */
		if (row->key != NULL && strcmp(row->key, "rule_output") != 0 &&
		    strcmp(row->key, "alpha_rule") != 0) {
			snprintf(want, sizeof want, "\"%s\":", row->key);
			tap_ok(strstr(js, want) != NULL, "JSON: key '%s'", row->key);
		}
	}
	tap_ok(strstr(js, "\"rule_output\"") == NULL && strstr(text, "rule output") == NULL,
	    "no pair replayed: no rule_output");
	tap_ok(strstr(js, "\"copy\":") == NULL && strstr(text, "\ncopy ") == NULL,
	    "no copy drafter: no copy figures");
	tap_ok(strstr(text, "vocab pair") == NULL, "one vocabulary: no vocab pair line");
	tap_ok(strstr(js, "\"tokens\":") < strstr(js, "\"speculate\":") &&
	    strstr(js, "\"speculate\":") < strstr(js, "\"tok_per_step_hist\":") &&
	    strstr(js, "\"lossless_hist\":") < strstr(js, "\"checks\":"),
	    "JSON: scalars, then arrays, then nested members");
	free(text);
	free(js);
	sim_close(&sim);
}

/* A tree run (specinfer over two drafts): every tree row is in the report
 * and the JSON. */
static void
test_tree_rows(void)
{
	struct fixed_pair pair = { .p = tp, .q = tq };
	struct sim_params par = { .seed = 3, .target_ms = 10.0, .draft_ms = 1.0 };
	struct check checks[CHECKS_COUNT];
	struct sim_figures fig;
	struct figures_run run = { .fig = &fig, .checks = checks };
	struct source src;
	struct sim sim;
	char want[128], err[64], *text, *js;
	struct json j;
	FILE *f;
	int i, k;

	par.verify = verify_defaults();
	for (i = 0; i < verify_nrules; i++)
		if (strcmp(verify_entry((enum verify_rule)i)->name, "specinfer") == 0)
			par.verify.rule = (enum verify_rule)i;
	tree_shape_parse("2", &par.tree, err, sizeof err);
	fixed_source_open(&src, &pair, 5);
	if (!tap_ok(sim_open(&sim, &par, &src) == 0, "sim_open, a tree"))
		return;
	for (i = 0; i < 100; i++)
		sim_step(&sim);
	sim_figures(&sim, &fig);
	checks_run(&sim, &fig, checks);
	run.sim = &sim;
	f = tmpfile();
	figures_report(f, &run);
	text = slurp(f);
	f = tmpfile();
	json_init(&j, f);
	json_object_begin(&j, NULL);
	figures_json(&j, &run);
	json_object_end(&j);
	json_finish(&j);
	js = slurp(f);
	for (k = 0; k < nfigures; k++) {
		const struct figure *row = &figures[k];

		/* tree_ot_ceiling: i.i.d. drafts on a pair fixed within a step
		 * (tests/batch/tree.sh) */
		if (row->key == NULL || strncmp(row->key, "tree", 4) != 0 ||
		    strcmp(row->key, "tree_ot_ceiling") == 0)
			continue;
		snprintf(want, sizeof want, "\"%s\":", row->key);
		tap_ok(strstr(js, want) != NULL, "a tree: JSON key '%s'", row->key);
		if (row->label != NULL) {
			snprintf(want, sizeof want, "\n%-13s", row->label);
			tap_ok(strstr(text, want) != NULL, "a tree: a line labelled '%s'",
			    row->label);
		}
	}
	tap_ok(strstr(text, "[(0,), (1,)]: 2 nodes, depth 1;") != NULL,
	    "a tree: its shape, nodes and depth");
	tap_ok(strstr(js, "\"calibration\":") == NULL && strstr(text, "calibrated") == NULL,
	    "specinfer draws its drafts: no calibration");
	free(text);
	free(js);
	sim_close(&sim);
}

int
main(void)
{
	int i;

	test_tree_rows();

	test_keys_unique();
	for (i = 0; i < nfigures; i++)
		test_row(&figures[i], i);
	test_screen_rows();
	test_walkers();
	return tap_done();
}
