/* tui_machine.c: b, B, o and O: the machine's batch size and context along
 * their rows' ladders, and the status line that says what the move did to
 * the verification pass's bound and to the speedup. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "tui/tui_handlers.h"
#include "tui/tui_ladder.h"
#include "tui/tui_machine.h"
#include "tui/tui_state.h"

const char *
tui_machine_count(char *buf, size_t len, double n)
{
	if (n >= 1024.0 && fmod(n, 1024.0) == 0.0)
		snprintf(buf, len, "%.0fk", n / 1024.0);
	else if (n < 1e6 && n == floor(n))
		snprintf(buf, len, "%.0f", n);
	else
		snprintf(buf, len, "%.3g", n);
	return buf;
}

/* The machine's figures of the run now, at the segment's alpha-hat. */
static void
figures_now(const struct sim *sim, struct sim_roofline *r)
{
	sim_machine_figures(sim, stats_alpha_hat(&sim->stats), sim->stats.tested > 0, r);
}

/* "B 64: memory-bound -> compute-bound; speculation now 0.8x", or "still". */
static void
say_moved(struct tui *t, const char *what, double value, const struct sim_roofline *was)
{
	struct sim_roofline now;
	char msg[160], n[32], sp[48];
	const char *bw = was->compute_bound ? "compute" : "memory";
	const char *bn;
	int len;

	figures_now(&t->sim, &now);
	bn = now.compute_bound ? "compute" : "memory";
	tui_machine_count(n, sizeof n, value);
	if (now.compute_bound != was->compute_bound)
		len = snprintf(msg, sizeof msg, "%s %s: verify %s-bound -> %s-bound", what, n,
		    bw, bn);
	else
		len = snprintf(msg, sizeof msg, "%s %s: verify still %s-bound", what, n, bn);
	if (now.best_speedup > 0.0)
		snprintf(sp, sizeof sp, "; speculation now %.2fx", now.speedup);
	else
		snprintf(sp, sizeof sp, "; speculation not measured yet");
	snprintf(msg + len, sizeof msg - (size_t)len, "%s", sp);
	tui_set_status(t, msg);
}

/* B or S (context 1) to value, or why not on the status line. */
static void
move_to(struct tui *t, int context, double value)
{
	const struct roofline_setup *s = &t->sim.par.roofline;
	const char *what = context ? "S" : "B";
	double was_v = context ? s->context : s->batch;
	struct sim_roofline was;
	char msg[160], n[32];

	if (value == was_v) {
		snprintf(msg, sizeof msg, "%s %s: the end of its ladder", what,
		    tui_machine_count(n, sizeof n, value));
		tui_set_status(t, msg);
		return;
	}
	figures_now(&t->sim, &was);
	if (sim_set_machine(&t->sim, context ? s->batch : value, context ? value :
	    s->context) != 0) {
		snprintf(msg, sizeof msg, "%s %s: a step there is outside --target-ms's "
		    "range (%g..%g ms)", what, tui_machine_count(n, sizeof n, value),
		    SIM_TARGET_MS_MIN, SIM_MS_MAX);
		tui_set_status(t, msg);
		return;
	}
	say_moved(t, what, value, &was);
}

void
tui_act_batch(struct tui *t, const struct tui_key *k)
{
	move_to(t, 0, tui_ladder_next(&k->ladder, t->sim.par.roofline.batch));
}

void
tui_act_context(struct tui *t, const struct tui_key *k)
{
	move_to(t, 1, tui_ladder_next(&k->ladder, t->sim.par.roofline.context));
}
