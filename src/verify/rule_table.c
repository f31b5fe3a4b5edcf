/* rule_table.c: the verification rules, one row each; a row's position is its
 * index (enum verify_rule names the first ones). Each entry is in its own
 * rule_NAME.c (docs/design.md, "Add a rule"). */
#include "config.h"

#include <stddef.h>

#include "verify/rule.h"

#define RULE_ROWS(ROW) \
	ROW(standard) \
	ROW(block) \
	ROW(exact_match) \
	ROW(greedy) \
	ROW(lenient) \
	ROW(typical) \
	ROW(mistake_residual_from_p) \
	ROW(mistake_accept_all) \
	ROW(mistake_greedy_draft_soft_q) \
	ROW(specinfer) \
	ROW(rrs_without) \
	ROW(topk) \
	ROW(traversal) \
	ROW(spectr) \
	ROW(mistake_no_residual_update) \
	ROW(tli) \
	ROW(mistake_tli_old_q) \
	/* a new rule: one ROW(name) line above, for verify_rule_name */

#define RULE_DECLARE(n) extern const struct verify_entry verify_rule_##n;
#define RULE_ENTRY(n) &verify_rule_##n,
#define RULE_NAME(n) verify_rule_##n.name,

RULE_ROWS(RULE_DECLARE)

const struct verify_entry *const verify_table[] = { RULE_ROWS(RULE_ENTRY) };
const int verify_nrules = (int)(sizeof verify_table / sizeof verify_table[0]);

/* The names as --verifier's choices read them (cli_table.c), NULL-terminated:
 * each entry's name is an array, so its address is a constant. */
const char *const verify_names[] = { RULE_ROWS(RULE_NAME) NULL };
