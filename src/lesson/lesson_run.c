/* lesson_run.c: a lesson's steps, checks and answers over a sim. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/sim_setup.h"
#include "lesson/lesson_chapter.h"
#include "lesson/lesson_run.h"
#include "sim/figure.h"
#include "source/source_table.h"
#include "util/escape.h"
#include "util/exit_status.h"
#include "util/xalloc.h"

/* The choice v falls in, or -1. */
static int
choice_of(const struct lesson_item *ask, double v)
{
	int i;

	for (i = 0; i < ask->nchoices; i++)
		if (v >= ask->choice[i].lo && v <= ask->choice[i].hi)
			return i;
	return -1;
}

/* A choice's range in words into buf ("< 2", "2 to 3.5", "> 3.5"). */
static const char *
range_text(const struct lesson_choice *c, char *buf, size_t len)
{
	if (isinf(c->lo))
		snprintf(buf, len, "< %g", nextafter(c->hi, HUGE_VAL));
	else if (isinf(c->hi))
		snprintf(buf, len, "> %g", nextafter(c->lo, -HUGE_VAL));
	else if (c->lo == c->hi)
		snprintf(buf, len, "= %g", c->lo);
	else
		snprintf(buf, len, "%g to %g", c->lo, nextafter(c->hi, HUGE_VAL));
	return buf;
}

void
lesson_judge(const struct lesson_item *it, const struct sim *sim,
    struct lesson_verdict *v)
{
	struct sim_figures fig;
	struct figures_run run = { .sim = sim, .fig = &fig,
		.steps_requested = sim->stats.steps, .complete = 1 };

	memset(v, 0, sizeof *v);
	v->choice = -1;
	sim_figures(sim, &fig);
	v->value = it->fixed ? it->fixed_value : figure_value(it->figure, &run);
	v->have = isfinite(v->value) && sim->stats.steps > 0;
	if (!v->have)
		return;
	if (it->op == LESSON_CHECK) {
		v->pass = fabs(v->value - it->want) <= it->tol;
		return;
	}
	v->choice = choice_of(it, v->value);
	v->pass = v->choice == it->answer;
}

int
lesson_run_set(struct sim *sim, const struct lesson_item *it, char *err, size_t errlen)
{
	sim_close(sim);
	return sim_setup(it->opt, sim, err, errlen);
}

void
lesson_locate(const struct lesson *ls, const struct lesson_item *it, char *err,
    size_t errlen)
{
	char *where = xasprintf("%s:%d: ", ls->name, it->line);
	size_t n = strlen(where), len = strlen(err);

	if (strncmp(err, where, n) != 0 && n < errlen) {
		if (len > errlen - 1 - n)
			len = errlen - 1 - n;
		memmove(err + n, err, len);
		memcpy(err, where, n);
		err[n + len] = '\0';
	}
	free(where);
}

/* Whether set item it opens a source that can fail: a file to read, a corpus
 * to train on, alphas to solve for; the plain stub cannot. */
static int
opens_input(const struct lesson_item *it)
{
	const struct options *o = it->opt;

	return it->op == LESSON_SET && it->reopen &&
	    ((source_table_entry((int)o->source)->flags & SOURCE_F_READS_INPUT) ||
	    o->metrics != NULL || o->nposition_alpha > 0);
}

int
lesson_check_sources(const struct lesson *ls, char *err, size_t errlen)
{
	struct sim sim;
	int i;

	for (i = 0; i < ls->n; i++) {
		if (!opens_input(&ls->item[i]))
			continue;
		if (sim_setup(ls->item[i].opt, &sim, err, errlen) != 0) {
			lesson_locate(ls, &ls->item[i], err, errlen);
			return -1;
		}
		sim_close(&sim);
	}
	return 0;
}

void
lesson_run_key(struct sim *sim, struct slowmo_play *pl, enum lesson_key k)
{
	switch (k) {
	case LESSON_KEY_STEP:
		sim_step(sim);
		break;
	case LESSON_KEY_SLOWMO:
		slowmo_play_key(pl, sim);
		break;
	case LESSON_KEY_ASK:
		pl->ask = !pl->ask;
		break;
	default:
		break;
	}
}

/* Item it, silently: what it does to the run, nothing it says. */
static int
run_silently(const struct lesson_item *it, struct sim *sim, struct slowmo_play *pl,
    int views, char *err, size_t errlen)
{
	uint64_t s;
	int k;

	switch (it->op) {
	case LESSON_SET:
		if (!it->reopen)
			return 0;
		*pl = (struct slowmo_play){ 0 };
		if (lesson_run_set(sim, it, err, errlen) != 0)
			return -1;
		sim_keep_views(sim, views);
		return 0;
	case LESSON_WAIT_STEPS:
		sim_release(sim);
		for (s = 0; s < it->steps; s++)
			sim_step(sim);
		return 0;
	case LESSON_KEYS:
		for (k = 0; k < it->nkeys; k++)
			lesson_run_key(sim, pl, it->keys[k]);
		return 0;
	default:
		return 0;
	}
}

int
lesson_run_to(const struct lesson *ls, int i, struct sim *sim, struct slowmo_play *pl,
    int views, char *err, size_t errlen)
{
	int k;

	*pl = (struct slowmo_play){ 0 };
	if (sim_setup(&ls->start, sim, err, errlen) != 0)
		return -1;
	sim_keep_views(sim, views);
	for (k = 0; k < i; k++)
		if (run_silently(&ls->item[k], sim, pl, views, err, errlen) != 0) {
			lesson_locate(ls, &ls->item[k], err, errlen);
			return -1;
		}
	return 0;
}

/* One check's or ask's line of the headless report; 1 when it passed. */
static int
report_verdict(FILE *out, const struct lesson_item *it, const struct sim *sim)
{
	struct lesson_verdict v;
	char range[64];

	lesson_judge(it, sim, &v);
	if (!v.have) {
		fprintf(out, "line %-4d %-6s %s: no value in this run (no step yet, or none"
		    " of its kind): FAIL\n", it->line, it->op == LESSON_CHECK ? "check" : "ask",
		    it->figure->key);
		return 0;
	}
	if (it->op == LESSON_CHECK) {
		fprintf(out, "line %-4d check  %s %.4g, want %g +- %g: %s\n", it->line,
		    it->figure->key, v.value, it->want, it->tol, v.pass ? "pass" : "FAIL");
		return v.pass;
	}
	if (v.choice >= 0)
		fprintf(out, "line %-4d ask    %s %.4g is choice %c (%s), the answer is %c: %s\n",
		    it->line, it->figure->key, v.value, it->choice[v.choice].key,
		    range_text(&it->choice[v.choice], range, sizeof range),
		    it->choice[it->answer].key, v.pass ? "verified" : "FAIL");
	else
		fprintf(out, "line %-4d ask    %s %.4g is in no choice, the answer is %c: FAIL\n",
		    it->line, it->figure->key, v.value, it->choice[it->answer].key);
	return v.pass;
}

/* text from the lesson's file on out, escaped (escape.h), after the format's
 * words. */
static void
print_text(FILE *out, const char *before, const char *text, const char *after)
{
	char *shown = escape_text(text);

	fprintf(out, "%s%s%s", before, shown, after);
	free(shown);
}

/* Run item it headless; failed counts the checks and answers that failed, and
 * *stepped the steps a wait ran (all of them unless stop said to stop). */
static int
batch_item(const struct lesson_item *it, struct sim *sim, struct slowmo_play *pl,
    FILE *out, int (*stop)(void), int *failed, uint64_t *stepped, char *err,
    size_t errlen)
{
	uint64_t i;
	int k;

	switch (it->op) {
	case LESSON_SET:
		if (!it->reopen)
			break;
		*pl = (struct slowmo_play){ 0 };
		return lesson_run_set(sim, it, err, errlen);	/* located by the caller */
	case LESSON_CHAPTER:
		fprintf(out, "line %-4d ", it->line);
		print_text(out, "chapter ", it->text, "\n");
		break;
	case LESSON_WAIT_STEPS:
		sim_release(sim);	/* as the live view does */
		for (i = 0; i < it->steps && !stop(); i++)
			sim_step(sim);
		*stepped = i;
		break;
	case LESSON_KEYS:
		for (k = 0; k < it->nkeys; k++)
			lesson_run_key(sim, pl, it->keys[k]);
		break;
	case LESSON_CHECK:
	case LESSON_ASK:
		*failed += !report_verdict(out, it, sim);
		break;
	default:
		break;
	}
	return 0;
}

/* The lesson stopped at item it: why, into err. */
static int
interrupted(const struct lesson *ls, const struct lesson_item *it, uint64_t stepped,
    char *err, size_t errlen)
{
	if (it->op == LESSON_WAIT_STEPS)
		snprintf(err, errlen, "interrupted at %s:%d after %llu of its %llu steps;"
		    " the lines printed cover the lesson up to there", ls->name, it->line,
		    (unsigned long long)stepped, (unsigned long long)it->steps);
	else
		snprintf(err, errlen, "interrupted at %s:%d; the lines printed cover the"
		    " lesson up to there", ls->name, it->line);
	return EXIT_STATUS_INTERRUPTED;
}

/* The checks and asks of items from..n-1. */
static void
count_verdicts(const struct lesson *ls, int from, int *checks, int *asks)
{
	*checks = *asks = 0;
	for (; from < ls->n; from++) {
		*checks += ls->item[from].op == LESSON_CHECK;
		*asks += ls->item[from].op == LESSON_ASK;
	}
}

int
lesson_batch(const struct lesson *ls, int chapter, FILE *out, int (*stop)(void),
    char *err, size_t errlen)
{
	struct slowmo_play pl;
	struct sim sim;
	uint64_t stepped = 0;
	int i, failed = 0, from = chapter > 1 ? lesson_chapter_item(ls, chapter) : 0;
	int nchecks, nasks;

	if (from < 0 || lesson_run_to(ls, from, &sim, &pl, 0, err, errlen) != 0)
		return EXIT_STATUS_USAGE;
	print_text(out, "lesson ", ls->name, "");
	print_text(out, ": ", ls->title, "\n");
	for (i = from; i < ls->n; i++) {
		if (batch_item(&ls->item[i], &sim, &pl, out, stop, &failed, &stepped, err,
		    errlen) != 0) {
			lesson_locate(ls, &ls->item[i], err, errlen);
			return EXIT_STATUS_USAGE;	/* the sim is closed */
		}
		if (stop()) {
			sim_close(&sim);
			return interrupted(ls, &ls->item[i], stepped, err, errlen);
		}
	}
	sim_close(&sim);
	count_verdicts(ls, from, &nchecks, &nasks);
	fprintf(out, "%d checks, %d answers: %s\n", nchecks, nasks,
	    failed == 0 ? "all verified" : "FAILED");
	if (failed > 0)
		fprintf(out, "%d failed\n", failed);
	return failed == 0 ? EXIT_STATUS_OK : EXIT_STATUS_CHECK_FAILED;
}
