/* fuzz_sim.c: libFuzzer harness for a replay file run through the simulation.
 * The input's first byte picks gamma (1 to 8); the rest is a replay file,
 * written to a scratch file and opened as specdec does. A refused file must
 * come with one line of reason; an accepted one is run for STEPS speculative
 * steps, and then every step record and every figure must be finite and in
 * range: probabilities in [0, 1], ids below the vocabulary, tokens per step in
 * [1, gamma + 1], rates and speedups positive, the checks named. Vocabularies
 * above VOCAB_RUN_MAX are opened but not run, to keep the runs fast. */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/checks.h"
#include "util/errmsg.h"
#include "sim/sim.h"
#include "stats/theory.h"
#include "source/source.h"
#include "source/source_replay.h"

#define STEPS 40
#define VOCAB_RUN_MAX 65536
#define GAMMA_MAX_FUZZ 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char scratch_path[64];

static int
in01(double x)
{
	return isfinite(x) && x >= 0.0 && x <= 1.0 + 1e-9;
}

static void
check_step(const struct spec_step *s, int gamma, size_t vocab)
{
	int i;

	if (s->gamma != gamma || s->ntok < 1 || s->ntok > gamma + 1 ||
	    s->accepted < 0 || s->accepted > gamma || s->tested < s->accepted ||
	    s->tested > gamma || s->emitted != s->accepted + 1 ||
	    !in01(s->residual_mass))
		abort();
	for (i = 0; i < s->tested; i++)
		if (!in01(s->beta[i]))
			abort();
	for (i = 0; i < s->ntok; i++)
		if (s->tok[i].id < 0 || (size_t)s->tok[i].id >= vocab || !in01(s->tok[i].p) ||
		    !in01(s->tok[i].q) || !in01(s->tok[i].u))
			abort();
}

static void
check_figures(const struct sim *sim, const struct sim_figures *f, int gamma)
{
	double top = gamma + 1.0 + 1e-9, tok[SPEC_GAMMA_MAX + 1];

	if (!in01(f->alpha_hat) || !in01(f->alpha_overlap) ||
	    !in01(f->alpha_overlap_tested) || !isfinite(f->alpha_stderr) ||
	    f->alpha_stderr < 0.0)
		abort();
	if (!(f->tok_per_step >= 1.0 && f->tok_per_step <= top) ||
	    !(f->closed_form >= 1.0 && f->closed_form <= top) ||
	    !(f->closed_form_per_step >= 1.0 - 1e-9 && f->closed_form_per_step <= top))
		abort();
	if (!in01(f->tv) || !isfinite(f->tv_noise) || f->tv_noise < 0.0 ||
	    !isfinite(f->chi2.statistic) || f->chi2.statistic < 0.0 ||
	    !in01(f->chi2.p_value) || f->chi2.df < 0)
		abort();
	if (!(f->cost_ratio >= 0.0) || !(f->target_rate > 0.0) || !isfinite(f->spec_rate) ||
	    !(f->spec_rate > 0.0) || !isfinite(f->speedup) || !(f->speedup > 0.0) ||
	    !isfinite(f->speedup_measured) || !(f->speedup_measured > 0.0) ||
	    f->optimum.gamma < SPEC_GAMMA_MIN || f->optimum.gamma > SPEC_GAMMA_MAX ||
	    !isfinite(f->optimum.speedup) || !(f->optimum.speedup > 0.0))
		abort();
	/* the optimum is over each step's own beta: no gamma of that beats it */
	stats_tok_at(&sim->stats, tok);
	if (f->optimum.speedup < tok[gamma - 1] / theory_step_cost(gamma, f->cost_ratio,
	    f->verify_cost) * (1 - 1e-12))
		abort();
	if (sim->stats.steps != STEPS || sim->stats.tokens < STEPS ||
	    sim->stats.tokens > (uint64_t)STEPS * (uint64_t)(gamma + 1))
		abort();
}

static void
check_checks(const struct sim *sim, const struct sim_figures *f)
{
	struct check c[CHECKS_COUNT];
	int failed = checks_run(sim, f, c), i, n = 0;

	for (i = 0; i < CHECKS_COUNT; i++) {
		if (c[i].name == NULL || c[i].name[0] == '\0' ||
		    memchr(c[i].detail, '\0', sizeof c[i].detail) == NULL)
			abort();
		n += !c[i].pass;
	}
	if (n != failed)
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
		check_step(&sim_step(&sim)->step, gamma, sim.src.vocab);
	sim_figures(&sim, &f);
	check_figures(&sim, &f, gamma);
	check_checks(&sim, &f);
	sim_close(&sim);
}

static void
remove_scratch(void)
{
	unlink(scratch_path);
}

/* The input after its first byte, as the scratch file's whole contents. */
static void
write_scratch(const uint8_t *data, size_t size)
{
	int fd;

	if (scratch_path[0] == '\0') {
		snprintf(scratch_path, sizeof scratch_path, "/tmp/fuzz_sim.%ld",
		    (long)getpid());
		atexit(remove_scratch);
	}
	fd = open(scratch_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char err[ERRMSG_MAX];
	struct source src;
	int gamma;

	if (size < 1)
		return 0;
	gamma = 1 + data[0] % GAMMA_MAX_FUZZ;
	write_scratch(data + 1, size - 1);
	err[0] = '\0';
	if (source_replay_open(&src, scratch_path, NULL, err, sizeof err) != 0) {
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
