/* fuzz_sim.c: libFuzzer harness for a replay file run through the simulation.
 * The input's first byte picks gamma (1 to 8); the rest is a replay file,
 * written to a scratch file and opened as specdec does. A refused file must
 * come with one line of reason; an accepted one is run for STEPS speculative
 * steps, and then every step record and every figure must be finite and in
 * range: probabilities in [0, 1], ids below the vocabulary, tokens per step in
 * [1, gamma + 1], rates and speedups positive, the checks named. Vocabularies
 * above VOCAB_RUN_MAX are opened but not run, to keep the runs fast. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_checks.h"
#include "util/errmsg.h"
#include "sim/sim.h"
#include "stats/theory.h"
#include "source/source.h"
#include "source/replay/source_replay.h"

#define STEPS 40
#define VOCAB_RUN_MAX 65536
#define GAMMA_MAX_FUZZ 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The optimum is over each step's own beta: no gamma of that beats it. */
static void
check_optimum(const struct sim *sim, const struct sim_figures *f, int gamma)
{
	double tok[SPEC_GAMMA_MAX + 1];

	stats_tok_at(&sim->stats, tok);
	if (f->optimum.speedup < tok[gamma - 1] / theory_step_cost(gamma, f->cost_ratio,
	    f->verify_cost) * (1 - 1e-12))
		abort();
}

static void
run(struct source *src, int gamma)
{
	struct sim_params par = { .gamma = gamma, .noise = 0.0, .seed = 1,
	    .target_ms = 10.0, .draft_ms = 1.0 };
	struct sim_figures f;
	struct sim sim;
	int i;

	if (sim_open(&sim, &par, src) != 0)
		abort();	/* the file is still there: a twin must open */
	for (i = 0; i < STEPS; i++)
		fuzz_check_step(&sim_step(&sim)->step, gamma, gamma, sim.src.vocab);
	sim_figures(&sim, &f);
	fuzz_check_figures(&sim, &f, gamma, STEPS);
	check_optimum(&sim, &f, gamma);
	fuzz_check_checks(&sim, &f);
	sim_close(&sim);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char err[ERRMSG_MAX];
	const char *path;
	struct source src;
	int gamma;

	if (size < 1)
		return 0;
	gamma = 1 + data[0] % GAMMA_MAX_FUZZ;
	path = fuzz_scratch("fuzz_sim", data + 1, size - 1);
	err[0] = '\0';
	if (source_replay_open(&src, path, NULL, err, sizeof err) != 0) {
		if (err[0] == '\0' || strchr(err, '\n') != NULL)
			abort();
		return 0;
	}
	if (src.vocab < 2)
		abort();
	if (src.vocab > VOCAB_RUN_MAX) {
		source_close(&src);
		return 0;
	}
	run(&src, gamma);
	return 0;
}
