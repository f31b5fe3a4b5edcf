/* trace.c: the --trace lines. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>

#include "sim/sim.h"
#include "source/source.h"
#include "verify/spec.h"
#include "batch/trace.h"

#define LABEL_W 12

void
trace_heading(FILE *out, unsigned long long steps)
{
	fprintf(out, "trace of the first %llu steps: a draft is accepted when u < p/q;"
	    " a rejected\ndraft is replaced by a token from the residual norm(max(0, p - q)),"
	    " and a step\nwhose drafts all pass ends with a bonus token from p\n\n", steps);
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
	char buf[32];
	const char *label = source_label(&sim->src, t->id, buf, sizeof buf);

	fprintf(out, "  %3d  %-*.*s", pos, LABEL_W, LABEL_W, label);
	number(out, t->p, 1);
	number(out, t->q, 1);
	if (tested && t->q > 0.0)
		fprintf(out, "%10.4g", t->p / t->q);
	else
		fprintf(out, "%10s", "-");
	number(out, t->u, tested);
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
	int i, pos = 0;

	fprintf(out, "step %" PRIu64 ": gamma %d, %d tested, %d accepted, %d emitted,"
	    " residual mass %.4f\n", e->number, s->gamma, s->tested, s->accepted,
	    s->emitted, s->residual_mass);
	threshold_line(out, sim, s);
	fprintf(out, "  pos  %-*s%10s%10s%10s%10s  verdict\n", LABEL_W, "token", "p", "q",
	    "p/q", "u");
	for (i = 0; i < s->ntok; i++) {
		if (s->tok[i].outcome != SPEC_RESIDUAL)
			pos++;
		token_line(out, sim, &s->tok[i], pos);
	}
	putc('\n', out);
}
