/* trace.c: the --trace lines. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "source/source.h"
#include "verify/verify.h"
#include "util/escape.h"
#include "batch/trace.h"

#define LABEL_W 12

#define TRACE_WIDTH 80

/* text wrapped at TRACE_WIDTH columns, at spaces. */
static void
wrapped(FILE *out, const char *text)
{
	const char *s = text, *cut;

	while (strlen(s) > TRACE_WIDTH) {
		for (cut = s + TRACE_WIDTH; cut > s && *cut != ' '; cut--)
			;
		if (cut == s)
			break;
		fprintf(out, "%.*s\n", (int)(cut - s), s);
		s = cut + 1;
	}
	fprintf(out, "%s\n", s);
}

void
trace_heading(FILE *out, const struct sim *sim, unsigned long long steps)
{
	const struct verify_entry *e = verify_entry(sim->par.verify.rule);
	char text[512];

	snprintf(text, sizeof text, "trace of the first %llu steps under the %s rule: a"
	    " draft is accepted when %s%s%s; a rejected draft is replaced by a token from"
	    " %s, and a step whose drafts all pass ends with a bonus token from %s", steps,
	    e->name, e->test, e->bound != NULL ? ", u uniform, bound " : "",
	    e->bound != NULL ? e->bound_name : "", e->replacement, e->bonus_name);
	wrapped(out, text);
	putc('\n', out);
}

/* A probability in 10 columns: fixed, or with an exponent below 1e-4. */
static void
number(FILE *out, double x, int shown)
{
	if (!shown)
		fprintf(out, "%10s", "-");
	else if (x > 0.0 && x < 1e-4)
		fprintf(out, "%10.2e", x);
	else
		fprintf(out, "%10.5f", x);
}

static void
token_line(FILE *out, const struct sim *sim, const struct spec_token *t, int pos)
{
	int tested = t->outcome == SPEC_ACCEPTED || t->outcome == SPEC_REJECTED;
	const char *bound;
	double b = verify_u_bound(&sim->par.verify, t->p, t->q, &bound);
	char buf[32], *label = escape_text(source_label(&sim->src, t->id, buf, sizeof buf));

	fprintf(out, "  %3d  %-*.*s", pos, LABEL_W, LABEL_W, label);
	free(label);
	number(out, t->p, 1);
	number(out, t->q, 1);
	if (tested && bound != NULL && t->q > 0.0)
		fprintf(out, "%10.4g", b);
	else
		fprintf(out, "%10s", "-");
	number(out, t->u, tested && bound != NULL);
	fprintf(out, "  %s\n", spec_outcome_name(t->outcome));
}

/* Under the threshold schedule: the smallest top candidate among the drafted
 * positions, and where drafting stopped. */
static void
threshold_line(FILE *out, const struct sim *sim, const struct spec_step *s)
{
	double p_min = sim->par.draft_p_min, low = 1.0;
	int k;

	if (sim->par.schedule != SCHEDULE_THRESHOLD)
		return;
	for (k = 0; k < s->gamma; k++)
		low = s->q_top[k] < low ? s->q_top[k] : low;
	if (s->gamma > 0)
		fprintf(out, "  drafts: top q >= %.4f at each (P %g)", low, p_min);
	else
		fprintf(out, "  no drafts (P %g)", p_min);
	if (s->gamma < sim->par.gamma)
		fprintf(out, "; stopped: top q %.4f < P\n", s->q_top[s->gamma]);
	else
		fprintf(out, "; the cap %d reached\n", sim->par.gamma);
}

void
trace_step(FILE *out, const struct sim *sim, const struct sim_entry *e)
{
	const struct spec_step *s = &e->step;
	const char *bound;
	char mass[32] = "-";
	int i, pos = 0;

	verify_u_bound(&sim->par.verify, 1.0, 1.0, &bound);
	if (verify_has(sim->par.verify.rule, VERIFY_F_REPL_MASS))
		snprintf(mass, sizeof mass, "%.4f", s->residual_mass);
	fprintf(out, "step %" PRIu64 ": gamma %d, %d tested, %d accepted, %d emitted,"
	    " residual mass %s\n", e->number, s->gamma, s->tested, s->accepted,
	    s->emitted, mass);
	threshold_line(out, sim, s);
	fprintf(out, "  pos  %-*s%10s%10s%10s%10s  verdict\n", LABEL_W, "token", "p", "q",
	    bound != NULL ? bound : "bound", "u");
	for (i = 0; i < s->ntok; i++) {
		if (s->tok[i].outcome != SPEC_RESIDUAL)
			pos++;
		token_line(out, sim, &s->tok[i], pos);
	}
	putc('\n', out);
}
