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

#define TABLE_INDENT 2		/* a wrapped heading line goes on indented */

/* The columns beside gamma and the measured ones, each shown or not. */
struct table_cols {
	int alpha_star, noise, k, rule, schedule, lenience;
	int closed, mean_g, dist;
	int rule_w, sched_w;	/* the name columns' widths */
};

static int
varies(const struct options *opt, enum cli_axis a)
{
	return opt->axis[a].n > 1;
}

/* Whether the cell's rule has the closed form the live view shows (block and
 * typical: "measured only"). */
int
sweep_cell_closed(const struct sweep_cell *c)
{
	return verify_has((enum verify_rule)c->verifier, VERIFY_F_CLOSED_BETA);
}

/* Whether the cell's rule changes the output away from p, so that its
 * distortion was measured. */
int
sweep_cell_lossy(const struct sweep_cell *c)
{
	enum verify_rule r = (enum verify_rule)c->verifier;

	return !verify_has(r, VERIFY_F_LOSSLESS) || verify_has(r, VERIFY_F_POINT_TARGET);
}

/* Whether the cell's rule reads the lenience L. */
int
sweep_cell_reads_lenience(const struct sweep_cell *c)
{
	return verify_uses_param((enum verify_rule)c->verifier, offsetof(struct verify_params,
	    lenience));
}

static int
max_int(int a, int b)
{
	return a > b ? a : b;
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
		n += (size_t)snprintf(line + n, sizeof line - n, " L %g,", c->lenience);
	if (!t->schedule)
		n += (size_t)snprintf(line + n, sizeof line - n, " schedule %s,",
		    schedule_name((enum schedule_kind)c->schedule));
	n += (size_t)snprintf(line + n, sizeof line - n, " c %g", c->cost_ratio);
	wrap_line(out, line, WRAP_WIDTH, TABLE_INDENT);
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
	    " (measured only)" : "; no closed form: the rules are measured only",
	    t->dist ? "; dist: TV of the rule's output from p" : "");
	fputc('\n', out);
	fprintf(out, "%5s", "gamma");
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
		fprintf(out, "  %6s  %6s", "cf tok", "cf spd");
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

static void
row(FILE *out, const struct sweep_cell *c, const struct table_cols *t)
{
	char a[16], b[16], d[16];

	fprintf(out, "%5d", c->gamma);
	if (t->alpha_star)
		fprintf(out, "  %6.3f", c->target_alpha);
	if (t->noise)
		fprintf(out, "  %5.3f", c->noise);
	if (t->k)
		fprintf(out, "  %5.3f", c->verify_cost);
	if (t->rule)
		fprintf(out, "  %-*s", t->rule_w, verify_entry(c->verifier)->name);
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
	if (t->closed && sweep_cell_closed(c))
		fprintf(out, "  %6.3f  %6.3f", c->closed_form, c->closed_form_speedup);
	else if (t->closed)
		fprintf(out, "  %6s  %6s", "-", "-");
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
