/* fuzz_checks.c: the ranges every simulated run is held to, for the harnesses. */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_checks.h"
#include "sim/checks.h"
#include "sim/sim.h"

static char scratch_path[64];

int
fuzz_in01(double x)
{
	return isfinite(x) && x >= 0.0 && x <= 1.0 + 1e-9;
}

void
fuzz_check_step(const struct spec_step *s, int gamma_min, int cap, size_t vocab)
{
	int i;

	if (s->gamma < gamma_min || s->gamma > cap || s->ntok < 1 ||
	    s->ntok > s->gamma + 1 || s->accepted < 0 || s->accepted > s->gamma ||
	    s->tested < s->accepted || s->tested > s->gamma ||
	    s->emitted != s->accepted + 1 || !fuzz_in01(s->residual_mass))
		abort();
	for (i = 0; i < s->tested; i++)
		if (!fuzz_in01(s->beta[i]) || !fuzz_in01(s->resid[i]))
			abort();
	for (i = 0; i < s->ntok; i++)
		if (s->tok[i].id < 0 || (size_t)s->tok[i].id >= vocab ||
		    !fuzz_in01(s->tok[i].p) || !fuzz_in01(s->tok[i].q) ||
		    !fuzz_in01(s->tok[i].u))
			abort();
}

static void
check_rates(const struct sim_figures *f, int cap)
{
	double top = cap + 1.0 + 1e-9;

	if (!fuzz_in01(f->alpha_hat) || !fuzz_in01(f->alpha_overlap) ||
	    !fuzz_in01(f->alpha_overlap_tested) || !isfinite(f->alpha_stderr) ||
	    f->alpha_stderr < 0.0)
		abort();
	if (!(f->tok_per_step >= 1.0 && f->tok_per_step <= top) ||
	    !(f->closed_form >= 1.0 && f->closed_form <= top) ||
	    !(f->closed_form_per_step >= 1.0 - 1e-9 && f->closed_form_per_step <= top))
		abort();
	if (!fuzz_in01(f->tv) || !isfinite(f->tv_noise) || f->tv_noise < 0.0 ||
	    !isfinite(f->chi2.statistic) || f->chi2.statistic < 0.0 ||
	    !fuzz_in01(f->chi2.p_value) || f->chi2.df < 0)
		abort();
}

void
fuzz_check_figures(const struct sim *sim, const struct sim_figures *f, int cap,
    uint64_t steps)
{
	check_rates(f, cap);
	if (!(f->cost_ratio >= 0.0) || !(f->target_rate > 0.0) || !isfinite(f->spec_rate) ||
	    !(f->spec_rate > 0.0) || !isfinite(f->speedup) || !(f->speedup > 0.0) ||
	    !isfinite(f->speedup_measured) || !(f->speedup_measured > 0.0) ||
	    f->optimum.gamma < SPEC_GAMMA_MIN || f->optimum.gamma > SPEC_GAMMA_MAX ||
	    !isfinite(f->optimum.speedup) || !(f->optimum.speedup > 0.0))
		abort();
	if (sim->stats.steps != steps || sim->stats.tokens < steps ||
	    sim->stats.tokens > steps * (uint64_t)(cap + 1))
		abort();
}

void
fuzz_check_checks(const struct sim *sim, const struct sim_figures *f)
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
remove_scratch(void)
{
	unlink(scratch_path);
}

const char *
fuzz_scratch(const char *name, const uint8_t *data, size_t size)
{
	int fd;

	if (scratch_path[0] == '\0') {
		snprintf(scratch_path, sizeof scratch_path, "/tmp/%s.%ld", name,
		    (long)getpid());
		atexit(remove_scratch);
	}
	fd = open(scratch_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
	return scratch_path;
}
