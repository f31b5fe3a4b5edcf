/* explain_draft.h: --explain-draft: what the chosen drafter proposes after a
 * context given on the command line, and where it matched. */
#ifndef SPECDEC_EXPLAIN_DRAFT_H
#define SPECDEC_EXPLAIN_DRAFT_H

struct options;

/* Print the proposal (text, or JSON with --json) to stdout; the exit status. */
int explain_draft_run(const struct options *opt);

#endif
