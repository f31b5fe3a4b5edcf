#!/bin/sh
# theory.sh: the closed-form tables of --theory, text and JSON.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
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
"$SPECDEC" --theory --json --alpha 0.8 --verify-cost 0.05 >"$TMPD/k"
is "$(jq .verify_cost "$TMPD/k")" 0.05 "verify_cost in the JSON"
within "$(jq '.rows[] | select(.gamma == 4) | .speedup' "$TMPD/k")" 2.10099 2.10101 \
	"verification cost: 3.3616 / (1 + 4 (0.1 + 0.05))"
is "$(jq -c '.optimal[0] | [.gamma, .at_limit, .speculate]' "$TMPD/k")" "[5,false,true]" \
	"the optimum follows k (5, not 6)"
"$SPECDEC" --theory --alpha 1 --cost-ratio 0 --gamma-max 12 | tail -n 1 | grep -q 'alpha 1.000 -> 12+ ('
ok $? "an optimum at the end of the range says 12+"
"$SPECDEC" --theory --alpha 0.2 --cost-ratio 1 | tail -n 1 | grep -qF "don't speculate (1.00x)"
ok $? "every gamma a slowdown: don't speculate"
"$SPECDEC" --theory --json --preset t5-large-ende-t0 >"$TMPD/p"
is "$(jq -c '[.cost_ratio, .rows[0].alpha]' "$TMPD/p")" "[0.11,0.82]" "--preset with --theory: its alpha and c"

grep -qiE 'nan|inf' "$TMPD/j"; ok $((1 - $?)) "no NaN or inf"

done_testing
