#!/bin/sh
# theory.sh: the closed-form tables of --theory, text and JSON.
. "${TESTS_SRCDIR:-$(dirname "$0")}/lib.sh"
need jq

"$SPECDEC" --theory >"$TMPD/t"
is "$?" 0 "--theory exits 0"
grep -qE '^0\.700 +4 +2\.7731 ' "$TMPD/t"; ok $? "alpha 0.7, gamma 4: 2.7731 tokens per step"
is "$(grep -c ' \*$' "$TMPD/t")" 4 "one optimal gamma marked per alpha"

"$SPECDEC" --theory --json --alpha 0,0.8,1 --gamma-max 12 >"$TMPD/j"
jq -e . "$TMPD/j" >/dev/null; ok $? "valid JSON"
is "$(jq '.rows | length' "$TMPD/j")" 36 "rows for 3 alphas x 12 gammas"
is "$(jq -c '.rows[0] | keys' "$TMPD/j")" '["alpha","gamma","ops","speedup","tok_per_step"]' "row keys"
is "$(jq -c '[.optimal[] | .gamma]' "$TMPD/j")" "[1,6,12]" "optimal gamma: 1 at alpha 0, 6 at 0.8, the largest at 1"
is "$(jq '.rows[] | select(.alpha == 1 and .gamma == 12) | .tok_per_step' "$TMPD/j")" 13 \
	"alpha 1: the limit g + 1, no division by zero"
within "$(jq '.rows[] | select(.alpha == 0.8 and .gamma == 4) | .speedup' "$TMPD/j")" 2.40114 2.40115 \
	"Theorem 3.8 at alpha 0.8, gamma 4, c 0.1"
within "$(jq '.rows[] | select(.alpha == 0.8 and .gamma == 4) | .ops' "$TMPD/j")" 1.60637 1.60638 \
	"Theorem 3.11 at alpha 0.8, gamma 4, c 0.1"

is "$("$SPECDEC" --theory --json --target-ms 10 --draft-ms 5 | jq .cost_ratio)" 0.5 \
	"the cost ratio follows --draft-ms / --target-ms"
grep -qiE 'nan|inf' "$TMPD/j"; ok $((1 - $?)) "no NaN or inf"

done_testing
