/* fuzz_rules.c: libFuzzer harness for the verification rules and schedules
 * through the simulation. The input's first bytes pick the rule (every entry
 * of the rule table, the mistakes too), the schedule, gamma (1 to 32), the
 * lenience, the typical rule's E and D, the threshold P, the verification cost
 * k, the cost ratio and the seed; the next byte picks the source: the stub
 * (vocabulary and noise from the input) or, the rest of the input as a replay
 * file. The run is STEPS steps; every step record and every figure must be
 * finite and in range: probabilities in [0, 1], ids below the vocabulary,
 * tokens per step in [1, cap + 1], rates and speedups positive, the checks
 * named. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_checks.h"
#include "sim/sim.h"
#include "source/source.h"
#include "source/replay/source_replay.h"
#include "source/stub/source_stub.h"
#include "util/errmsg.h"
#include "verify/schedule.h"
#include "verify/verify.h"

#define STEPS 40
#define HEADER 16		/* bytes of parameters before the replay file */
#define VOCAB_RUN_MAX 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A 16-bit value of the input as a fraction in [lo, hi]. */
static double
span(const uint8_t *d, double lo, double hi)
{
	return lo + (hi - lo) * (double)(d[0] | d[1] << 8) / 65535.0;
}

/* The run's parameters from the input's first HEADER bytes. */
static void
params_from(const uint8_t *d, struct sim_params *par)
{
	memset(par, 0, sizeof *par);
	par->verify = verify_defaults();
	par->verify.rule = (enum verify_rule)(d[0] % verify_nrules);
	par->schedule = (enum schedule_kind)(d[1] % SCHEDULE_NKINDS);
	par->gamma = SPEC_GAMMA_MIN + d[2] % (SPEC_GAMMA_MAX - SPEC_GAMMA_MIN + 1);
	par->verify.lenience = span(d + 3, VERIFY_LENIENCE_MIN, 1.0);
	par->verify.epsilon = span(d + 5, 1e-9, 1.0);
	par->verify.delta = span(d + 7, 1e-9, 1.0);
	par->draft_p_min = span(d + 9, SIM_P_MIN_MIN, 1.0);
	par->verify_cost = span(d + 11, 0.0, SIM_VERIFY_COST_MAX);
	par->target_ms = 10.0;
	par->draft_ms = span(d + 13, 0.0, 10.0);
	par->seed = d[15];
}

static void
run(struct source *src, const struct sim_params *par)
{
	struct sim_figures f;
	struct sim sim;
	int i, cap;

	if (sim_open(&sim, par, src) != 0)
		abort();
	cap = sim_gamma_cap(&sim);
	if (cap < par->gamma || cap > SPEC_GAMMA_MAX)
		abort();
	for (i = 0; i < STEPS; i++)
		fuzz_check_step(&sim_step(&sim)->step, 0, cap, sim.src.vocab);
	sim_figures(&sim, &f);
	fuzz_check_figures(&sim, &f, cap, STEPS);
	fuzz_check_checks(&sim, &f);
	sim_close(&sim);
}

/* The stub (byte HEADER even: vocabulary 2 to 257 and noise from the next
 * bytes) or the rest of the input as a replay file. 0, or -1 when the file is
 * refused or too large to run fast. */
static int
open_source(struct source *src, const uint8_t *d, size_t size)
{
	static char err[ERRMSG_MAX];

	if (d[0] % 2 == 0) {
		source_stub_open(src, 2 + (size > 1 ? d[1] : 0),
		    size > 3 ? span(d + 2, 0.0, SIM_NOISE_MAX) : 0.3);
		return 0;
	}
	err[0] = '\0';
	if (source_replay_open(src, fuzz_scratch("fuzz_rules", d + 1, size - 1), NULL,
	    err, sizeof err) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL)
			abort();
		return -1;
	}
	if (src->vocab < 2)
		abort();
	if (src->vocab > VOCAB_RUN_MAX) {
		source_close(src);
		return -1;
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sim_params par;
	struct source src;

	if (size < HEADER + 1)
		return 0;
	params_from(data, &par);
	if (open_source(&src, data + HEADER, size - HEADER) != 0)
		return 0;
	run(&src, &par);
	return 0;
}
