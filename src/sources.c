/* sources.c: from options to an open source and a simulation over it. */
#include "config.h"

#include "cli.h"
#include "sim.h"
#include "source.h"
#include "source_stub.h"
#include "sources.h"

int
sources_open(const struct options *opt, struct source *src, FILE *err)
{
	if (source_stub_open(src, opt->vocab, opt->noise) != 0) {
		fprintf(err, "specdec: out of memory for a vocabulary of %zu tokens\n",
		    opt->vocab);
		return -1;
	}
	return 0;
}

int
sources_open_sim(const struct options *opt, struct sim *sim, FILE *err)
{
	struct sim_params par = {
		.gamma = opt->gamma, .noise = opt->noise, .seed = opt->seed,
		.target_ms = opt->target_ms, .draft_ms = opt->draft_ms,
	};
	struct source src;

	if (sources_open(opt, &src, err) != 0)
		return -1;
	if (sim_open(sim, &par, &src) != 0) {
		fputs("specdec: out of memory\n", err);
		return -1;
	}
	return 0;
}
