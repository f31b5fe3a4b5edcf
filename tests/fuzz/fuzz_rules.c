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

#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/checks.h"
#include "sim/sim.h"
#include "source/source.h"
#include "source/source_replay.h"
#include "source/source_stub.h"
#include "util/errmsg.h"
#include "verify/schedule.h"
#include "verify/verify.h"

#define STEPS 40
#define HEADER 16		/* bytes of parameters before the replay file */
#define VOCAB_RUN_MAX 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char scratch_path[64];

static int
in01(double x)
{
	return isfinite(x) && x >= 0.0 && x <= 1.0 + 1e-9;
}

/* A 16-bit value of the input as a fraction in [lo, hi]. */
static double
span(const uint8_t *d, double lo, double hi)
{
	return lo + (hi - lo) * (double)(d[0] | d[1] << 8) / 65535.0;
}

static void
check_step(const struct spec_step *s, int cap, size_t vocab)
{
	int i;

	if (s->gamma < 0 || s->gamma > cap || s->ntok < 1 || s->ntok > s->gamma + 1 ||
	    s->accepted < 0 || s->accepted > s->gamma || s->tested < s->accepted ||
	    s->tested > s->gamma || s->emitted != s->accepted + 1 ||
	    !in01(s->residual_mass))
		abort();
	for (i = 0; i < s->tested; i++)
		if (!in01(s->beta[i]) || !in01(s->resid[i]))
			abort();
	for (i = 0; i < s->ntok; i++)
		if (s->tok[i].id < 0 || (size_t)s->tok[i].id >= vocab || !in01(s->tok[i].p) ||
		    !in01(s->tok[i].q) || !in01(s->tok[i].u))
			abort();
}

static void
check_figures(const struct sim *sim, const struct sim_figures *f, int cap)
{
	double top = cap + 1.0 + 1e-9;

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
	    f->optimal_gamma < SPEC_GAMMA_MIN || f->optimal_gamma > SPEC_GAMMA_MAX ||
	    !isfinite(f->optimal_speedup) || !(f->optimal_speedup > 0.0))
		abort();
	if (sim->stats.steps != STEPS || sim->stats.tokens < STEPS ||
	    sim->stats.tokens > (uint64_t)STEPS * (uint64_t)(cap + 1))
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
		check_step(&sim_step(&sim)->step, cap, sim.src.vocab);
	sim_figures(&sim, &f);
	check_figures(&sim, &f, cap);
	check_checks(&sim, &f);
	sim_close(&sim);
}

static void
remove_scratch(void)
{
	unlink(scratch_path);
}

static void
write_scratch(const uint8_t *data, size_t size)
{
	int fd;

	if (scratch_path[0] == '\0') {
		snprintf(scratch_path, sizeof scratch_path, "/tmp/fuzz_rules.%ld",
		    (long)getpid());
		atexit(remove_scratch);
	}
	fd = open(scratch_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
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
	write_scratch(d + 1, size - 1);
	err[0] = '\0';
	if (source_replay_open(src, scratch_path, NULL, err, sizeof err) != 0) {
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
