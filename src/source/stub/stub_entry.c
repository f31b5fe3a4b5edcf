/* stub_entry.c: the stub's row of the source table: the notebook's random
 * distributions, the default source; by position with --position-alpha (and
 * the live view of --metrics). */
#include "config.h"

#include <stdio.h>

#include "cli/options.h"
#include "sim/sim.h"
#include "source/source.h"
#include "source/source_table.h"
#include "source/stub/source_stub.h"
#include "source/stub/stub_alpha.h"
#include "verify/drafter.h"

/* The stub by position: each alpha_i solved for its noise; the run's noise is
 * the first. */
static int
open_positions(struct options *o, struct source *src, char *err, size_t errlen)
{
	double achieved, lowest;
	int i;

	for (i = 0; i < o->nposition_alpha; i++) {
		double a = o->position_alpha[i];

		if (a <= 0.0 || stub_alpha_solve(a, o->vocab, SIM_NOISE_MAX,
		    &o->position_noise[i], &achieved) != 0) {
			stub_alpha_solve(1e-9, o->vocab, SIM_NOISE_MAX, &o->position_noise[i],
			    &lowest);
			snprintf(err, errlen, "position %d: alpha %.4f is below the stub's "
			    "reach over %zu tokens (lowest %.4f); a larger --vocab reaches "
			    "lower", i + 1, a, o->vocab, lowest);
			return -1;
		}
	}
	source_stub_open_positions(src, o->vocab, o->position_noise, o->nposition_alpha);
	src->title = "stub by position";
	o->noise = o->position_noise[0];
	return 0;
}

/* The stub by head (--drafter heads or mtp): position i's own pair, head i's
 * draft with its --head-noise (none: the draft noise). */
static void
open_heads(struct options *o, struct source *src)
{
	double one = o->noise;

	if (o->nhead_noise > 0)
		source_stub_open_positions(src, o->vocab, o->head_noise, o->nhead_noise);
	else
		source_stub_open_positions(src, o->vocab, &one, 1);
	src->title = "stub by head";
	o->noise = o->nhead_noise > 0 ? o->head_noise[0] : one;
}

static int
stub_open(struct options *o, struct source *src, char *err, size_t errlen)
{
	if (o->draft_only >= o->vocab) {
		snprintf(err, errlen, "--draft-only %zu: must be below the vocabulary "
		    "(--vocab %zu)", o->draft_only, o->vocab);
		return -1;
	}
	if (drafter_has_heads(drafter_kind(o->drafter))) {
		open_heads(o, src);	/* --draft-only is refused (cli_heads.c) */
		return 0;
	}
	if (o->nposition_alpha > 0 && open_positions(o, src, err, errlen) != 0)
		return -1;
	if (o->nposition_alpha == 0)
		source_stub_open(src, o->vocab, o->noise);
	source_stub_draft_only(src, o->draft_only);
	return 0;
}

static const char *const stub_takes[] = {
	"noise", "target-alpha", "preset", "vocab", "metrics", "position-alpha", "draft-only",
	"head-noise", NULL,
};

const struct source_entry source_entry_stub = {
	.name = "stub",
	.takes = stub_takes,
	.open = stub_open,
};
