/* sim_machine.c: the costs and figures of a run on a machine (sim.h): the
 * roofline (stats/roofline.h) at the run's B, S and gamma. It calls nothing of
 * sim.c; sim_set_machine, which sets the costs, is there. */
#include "config.h"

#include <string.h>

#include "sim/sim.h"

int
sim_machine_costs(const struct roofline_setup *s, int gamma, double *target_ms,
    double *draft_ms, double *k)
{
	double v = roofline_verify_cost(s, gamma);

	*target_ms = roofline_target_s(s) * 1e3;
	*draft_ms = roofline_draft_s(s) * 1e3;
	*k = v > SIM_VERIFY_COST_MAX ? SIM_VERIFY_COST_MAX : v;
	return *target_ms >= SIM_TARGET_MS_MIN && *target_ms <= SIM_MS_MAX &&
	    *draft_ms <= SIM_MS_MAX ? 0 : -1;
}

void
sim_machine_figures(const struct sim *sim, double alpha, int have,
    struct sim_roofline *out)
{
	const struct roofline_setup *s = &sim->par.roofline;
	int g = sim->par.gamma;
	struct roofline_result r;

	memset(out, 0, sizeof *out);
	if (!sim->par.machine)
		return;
	out->machine = 1;
	out->batch = s->batch;
	out->context = s->context;
	out->verify_tokens = s->batch * (g + 1);
	roofline_pass(&s->hw, &s->target, s->batch, s->context, g + 1.0, &out->verify);
	out->compute_bound = out->verify.compute;
	roofline_evaluate(s, &alpha, 1, SPEC_GAMMA_MAX, &r);
	out->ridge_tokens = r.ridge_tokens;
	out->t_target_ms = r.t_target * 1e3;
	out->t_draft_ms = r.t_draft * 1e3;
	out->t_verify_ms = r.t_verify[g] * 1e3;
	if (!have)
		return;
	out->speedup = r.speedup[g];
	out->best_gamma = r.best_gamma;
	out->best_speedup = r.best_speedup;
}
