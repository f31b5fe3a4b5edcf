/* sources.c: from options to an open source. */
#include "config.h"

#include "cli.h"
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
