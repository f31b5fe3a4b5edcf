/* presets.h: real model pairs as presets. Leviathan et al. 2022 (arXiv
 * 2211.17192) measured the acceptance rate alpha of each pair (Table 3) and the
 * cost ratio c of the T5 drafts (Table 4, appendix A.3). A preset sets the stub's
 * alpha (through --target-alpha) and, where the paper gives it, c: it reproduces
 * the pair's acceptance rate and cost ratio, not its text. */
#ifndef SPECDEC_PRESETS_H
#define SPECDEC_PRESETS_H

#include <stddef.h>
#include <stdio.h>

struct preset {
	const char *name;	/* as --preset takes it */
	const char *target;	/* M_p, with its task */
	const char *draft;	/* M_q */
	int temperature;	/* 0: argmax sampling, 1: standard sampling */
	double alpha;		/* Table 3 */
	double c;		/* Table 4; -1: the paper gives none */
	int paper_gamma;	/* the gamma of Table 4's row; 0: none */
	size_t vocab;		/* the stub vocabulary its alpha needs; 0: any */
};

extern const struct preset presets[];
extern const int presets_count;

/* The --list-presets table, each row naming its source table, to out. */
void presets_print(FILE *out);

#endif
