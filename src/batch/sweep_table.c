/* sweep_table.c: a sweep's text table within 80 columns (the default; --wide
 * prints sweep_print.c's): what every cell shares goes in the heading, and a
 * column shows only what varies, or what some cell has (the closed form, the
 * mean gamma of a schedule, the distortion of a lossy rule). */
#include "config.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "util/wrap.h"
#include "verify/schedule.h"
#include "verify/verify.h"
#include "batch/sweep.h"
#include "batch/sweep_cell.h"
#include "batch/sweep_table.h"

#define TABLE_INDENT 2		/* a wrapped heading line goes on indented */

/* The columns beside gamma and the measured ones, each shown or not. */
struct table_cols {
	int alpha_star, noise, k, rule, schedule, lenience;
	int closed, mean_g, dist;
	int closed_spd;		/* the closed form's speedup beside its tokens */
	int short_mistakes;	/* a mistake's name without "mistake-", marked '*' */
	int tree;		/* --tree's list: each cell's nodes and width */
	int rule_w, sched_w;	/* the name columns' widths */
};

#define MISTAKE_PREFIX "mistake-"
#define MEASURED_W 42		/* alpha^, tok/step, speedup and their +- */

static int
varies(const struct options *opt, enum cli_axis a)
{
	return opt->axis[a].n > 1;
}

static int
max_int(int a, int b)
{
	return a > b ? a : b;
}

/* The cell's rule as the rule column names it (into buf): a mistake's name
 * without its prefix, marked '*', where the table is short of room. */
static const char *
rule_text(const struct sweep_cell *c, const struct table_cols *t, char *buf, size_t len)
{
	const struct verify_entry *e = verify_entry((enum verify_rule)c->verifier);
	size_t n = strlen(MISTAKE_PREFIX);

	if (!t->short_mistakes || strncmp(e->name, MISTAKE_PREFIX, n) != 0)
		return e->name;
	snprintf(buf, len, "%s*", e->name + n);
	return buf;
}

/* The row's width with the columns t shows. */
static int
table_width(const struct table_cols *t)
{
	return 5 + 14 * t->tree + 8 * t->alpha_star + 7 * t->noise + 7 * t->k +
	    (t->rule ? 2 + t->rule_w : 0) + (t->schedule ? 2 + t->sched_w : 0) +
	    6 * t->lenience + MEASURED_W + 8 * t->closed + 8 * t->closed_spd +
	    8 * t->mean_g + 7 * t->dist;
}

/* Within WRAP_WIDTH: leave out the closed form's speedup, then its tokens
 * (--wide and --csv keep both), then shorten the mistakes' names. */
static void
fit_width(const struct sweep *sw, struct table_cols *t)
{
	char buf[VERIFY_NAME_MAX + 1];
	int i;

	if (table_width(t) > WRAP_WIDTH)
		t->closed_spd = 0;
	if (table_width(t) > WRAP_WIDTH)
		t->closed = 0;
	if (table_width(t) <= WRAP_WIDTH || !t->rule)
		return;
	t->short_mistakes = 1;
	t->rule_w = (int)strlen("rule");
	for (i = 0; i < sw->ncells; i++)
		t->rule_w = max_int(t->rule_w, (int)strlen(rule_text(&sw->cells[i], t, buf,
		    sizeof buf)));
}

static void
choose_cols(const struct sweep *sw, const struct options *opt, struct table_cols *t)
{
	int i;

	memset(t, 0, sizeof *t);
	t->alpha_star = sw->has_target_alpha;
	t->noise = !sw->has_target_alpha && varies(opt, CLI_AXIS_NOISE);
	t->k = varies(opt, CLI_AXIS_VERIFY_COST);
	t->rule = varies(opt, CLI_AXIS_VERIFIER);
	t->schedule = varies(opt, CLI_AXIS_SCHEDULE);
	t->lenience = sw->has_lenience && varies(opt, CLI_AXIS_LENIENCE);
	t->tree = sw->has_tree;
	t->rule_w = (int)strlen("rule");
	t->sched_w = (int)strlen("schedule");
	for (i = 0; i < sw->ncells; i++) {
		const struct sweep_cell *c = &sw->cells[i];

		t->closed |= sweep_cell_closed(c);
		t->mean_g |= c->schedule != SCHEDULE_CONSTANT;
		t->dist |= sweep_cell_lossy(c);
		t->rule_w = max_int(t->rule_w, (int)strlen(verify_entry(c->verifier)->name));
		t->sched_w = max_int(t->sched_w, (int)strlen(schedule_name(
		    (enum schedule_kind)c->schedule)));
	}
	t->closed_spd = t->closed;
	fit_width(sw, t);
}

/* The first cell whose rule reads the lenience L (the first cell if none). */
static const struct sweep_cell *
lenience_cell(const struct sweep *sw)
{
	int i;

	for (i = 0; i < sw->ncells; i++)
		if (sweep_cell_reads_lenience(&sw->cells[i]))
			return &sw->cells[i];
	return &sw->cells[0];
}

/* What every cell shares, named once: the values of the axes that do not vary. */
static void
shared_line(FILE *out, const struct sweep *sw, const struct table_cols *t)
{
	const struct sweep_cell *c = &sw->cells[0];
	char line[512];
	size_t n = 0;

	n += (size_t)snprintf(line + n, sizeof line - n, "every cell:");
	if (!t->noise && !sw->has_target_alpha)
		n += (size_t)snprintf(line + n, sizeof line - n, " noise %g,", c->noise);
	if (!t->k)
		n += (size_t)snprintf(line + n, sizeof line - n, " k %g,", c->verify_cost);
	if (!t->rule)
		n += (size_t)snprintf(line + n, sizeof line - n, " rule %s,",
		    verify_entry(c->verifier)->name);
	if (sw->has_lenience && !t->lenience)
		n += (size_t)snprintf(line + n, sizeof line - n, " L %g,",
		    lenience_cell(sw)->lenience);
	if (!t->schedule)
		n += (size_t)snprintf(line + n, sizeof line - n, " schedule %s,",
		    schedule_name((enum schedule_kind)c->schedule));
	n += (size_t)snprintf(line + n, sizeof line - n, " c %g", c->cost_ratio);
	wrap_line(out, line, WRAP_WIDTH, TABLE_INDENT);
}

/* Whether some cell's rule has a closed form. */
static int
any_closed(const struct sweep *sw)
{
	int i;

	for (i = 0; i < sw->ncells; i++)
		if (sweep_cell_closed(&sw->cells[i]))
			return 1;
	return 0;
}

static void
header(FILE *out, const struct sweep *sw, const struct options *opt,
    const struct table_cols *t)
{
	wrap_printf(out, WRAP_WIDTH, TABLE_INDENT, "sweep: %d cells of %" PRIu64 " steps,"
	    " source %s, seed %" PRIu64 "; each cell seeded from the seed and its values",
	    sw->ncells, opt->steps, sweep_source_name(opt), opt->seed);
	shared_line(out, sw, t);
	wrap_printf(out, WRAP_WIDTH, TABLE_INDENT, "measured, each with its 95%% interval"
	    " (+-); speedup: tokens per target forward's time%s%s",
	    t->closed ? "; cf: the closed form at alpha-hat, - where the rule has none"
	    " (measured only)" : !any_closed(sw) ? "; no closed form: the rules are"
	    " measured only" : "",
	    t->dist ? "; dist: TV of the rule's output from p" : "");
	if (t->closed_spd != any_closed(sw))
		wrap_printf(out, WRAP_WIDTH, TABLE_INDENT, "%s left out to fit 80 columns:"
		    " --wide or --csv give it", t->closed ? "cf spd (the closed form's"
		    " speedup)" : "the closed form at alpha-hat");
	if (t->short_mistakes)
		wrap_printf(out, WRAP_WIDTH, TABLE_INDENT, "*: a mistake, named without"
		    " \"" MISTAKE_PREFIX "\"");
	if (t->tree)
		wrap_printf(out, WRAP_WIDTH, TABLE_INDENT, "gamma: the tree's depth; nodes: "
		    "drafted per step; width: the most children of a node (1: a chain); "
		    "--wide or --csv give each shape");
	fputc('\n', out);
	fprintf(out, "%5s", "gamma");
	if (t->tree)
		fprintf(out, "  %5s  %5s", "nodes", "width");
	if (t->alpha_star)
		fprintf(out, "  %6s", "alpha*");
	if (t->noise)
		fprintf(out, "  %5s", "noise");
	if (t->k)
		fprintf(out, "  %5s", "k");
	if (t->rule)
		fprintf(out, "  %-*s", t->rule_w, "rule");
	if (t->schedule)
		fprintf(out, "  %-*s", t->sched_w, "schedule");
	if (t->lenience)
		fprintf(out, "  %4s", "L");
	fprintf(out, "  %6s %4s  %8s %4s  %7s %4s", "alpha^", "+-", "tok/step", "+-",
	    "speedup", "+-");
	if (t->closed)
		fprintf(out, "  %6s", "cf tok");
	if (t->closed_spd)
		fprintf(out, "  %6s", "cf spd");
	if (t->mean_g)
		fprintf(out, "  %6s", "mean-g");
	if (t->dist)
		fprintf(out, "  %5s", "dist");
	fputc('\n', out);
}

/* A 95% half-width in four columns: ".040" below 1 (its leading zero dropped),
 * "1.23" and "12.3" above. */
static const char *
half_width(char *buf, size_t len, double x)
{
	if (x < 0.9995)
		snprintf(buf, len, ".%03d", (int)(x * 1000.0 + 0.5));
	else
		snprintf(buf, len, "%4.*f", x < 9.995 ? 2 : 1, x);
	return buf;
}

/* A closed-form figure of the cell, "-" where its rule has none. */
static const char *
closed_text(char *buf, size_t len, const struct sweep_cell *c, double x)
{
	if (sweep_cell_closed(c))
		snprintf(buf, len, "%6.3f", x);
	else
		snprintf(buf, len, "-");
	return buf;
}

static void
row(FILE *out, const struct sweep_cell *c, const struct table_cols *t)
{
	char a[16], b[16], d[16], n[VERIFY_NAME_MAX + 1];

	fprintf(out, "%5d", c->gamma);
	if (t->tree)
		fprintf(out, "  %5d  %5d", c->nodes, c->width);
	if (t->alpha_star)
		fprintf(out, "  %6.3f", c->target_alpha);
	if (t->noise)
		fprintf(out, "  %5.3f", c->noise);
	if (t->k)
		fprintf(out, "  %5.3f", c->verify_cost);
	if (t->rule)
		fprintf(out, "  %-*s", t->rule_w, rule_text(c, t, n, sizeof n));
	if (t->schedule)
		fprintf(out, "  %-*s", t->sched_w, schedule_name((enum schedule_kind)c->schedule));
	if (t->lenience && sweep_cell_reads_lenience(c))
		fprintf(out, "  %4.2f", c->lenience);
	else if (t->lenience)
		fprintf(out, "  %4s", "-");
	fprintf(out, "  %6.3f %4s  %8.3f %4s  %7.3f %4s", c->alpha_hat,
	    half_width(a, sizeof a, c->alpha_hat_ci), c->tok_per_step,
	    half_width(b, sizeof b, c->tok_per_step_ci), c->speedup,
	    half_width(d, sizeof d, c->speedup_ci));
	if (t->closed)
		fprintf(out, "  %6s", closed_text(n, sizeof n, c, c->closed_form));
	if (t->closed_spd)
		fprintf(out, "  %6s", closed_text(n, sizeof n, c, c->closed_form_speedup));
	if (t->mean_g)
		fprintf(out, "  %6.2f", c->gamma_mean);
	if (t->dist)
		fprintf(out, "  %5.3f", c->distortion);
	fputc('\n', out);
}

/* The noise solved for each target alpha, after the table. */
static void
solved_line(FILE *out, const struct sweep *sw, const struct options *opt)
{
	const struct cli_axis_values *ax = &opt->axis[CLI_AXIS_TARGET_ALPHA];
	char line[2048];
	size_t n = 0;
	int j, i;

	n += (size_t)snprintf(line, sizeof line, "alpha*: the target alpha; the noise solved"
	    " for it:");
	for (j = 0; j < ax->n && n < sizeof line; j++)
		for (i = 0; i < sw->ncells; i++)
			if (sw->cells[i].target_alpha == ax->v[j]) {
				n += (size_t)snprintf(line + n, sizeof line - n, "%s %.3f -> %.3f",
				    j > 0 ? "," : "", ax->v[j], sw->cells[i].noise);
				break;
			}
	fputc('\n', out);
	wrap_line(out, line, WRAP_WIDTH, TABLE_INDENT);
}

void
sweep_table_print(FILE *out, const struct sweep *sw, const struct options *opt)
{
	struct table_cols t;
	int i;

	if (sw->ncells == 0)
		return;
	choose_cols(sw, opt, &t);
	header(out, sw, opt, &t);
	for (i = 0; i < sw->ncells; i++)
		row(out, &sw->cells[i], &t);
	if (sw->has_target_alpha)
		solved_line(out, sw, opt);
}
