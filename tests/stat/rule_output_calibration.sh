#!/bin/sh
# rule_output_calibration.sh: the false-alarm rate of output_matches_rule (the
# measured output of a replay of one pair against the rule's exact output,
# src/stats/pair_output.c) over seeds of a correct run: the smallest per-token
# p-value times the tokens tested (Bonferroni). Over SEEDS seeds of the
# standard rule on an 8-token pair (6 tokens tested, 5,000 steps), how many
# give p below the check's level 0.001 (at most 2 of 300: expected <= 0.3) and
# below 0.05 (at most 26 of 300: 15 expected from a calibrated p, + 3 sd).
# Without the factor the smallest of 6 p-values is below 0.05 in about a quarter
# of the runs. docs/testing.md gives the rates over 300 seeds:
#   SEEDS=300 SPECDEC=./specdec sh tests/stat/rule_output_calibration.sh
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
SEEDS=${SEEDS:-300}
printf '# vocab 8\n5 3 1 1 0 0 2 1\n1 1 1 3 4 0 1 1\n' >"$TMPD/pair"

seed=1
while [ "$seed" -le "$SEEDS" ]; do
	"$SPECDEC" --json --replay "$TMPD/pair" --seed "$seed" |
		sed -n 's/.*"rule_output":{[^}]*"p":\([^,}]*\).*/\1/p'
	seed=$((seed + 1))
done >"$TMPD/p"
set -- $(awk '{ n++ } $1 + 0 < 0.001 { a++ } $1 + 0 < 0.05 { b++ }
	END { print n + 0, a + 0, b + 0 }' "$TMPD/p")
is "$1" "$SEEDS" "a rule-output p-value from each of $SEEDS seeds"
lim05=$(awk -v n="$SEEDS" 'BEGIN { m = 0.05 * n; printf "%d", m + 3 * sqrt(m * 0.95) }')
lim001=$(awk -v n="$SEEDS" 'BEGIN { printf "%d", n / 150 }')
within "$2" 0 "$lim001" "false alarms at the check's level 0.001 over $SEEDS seeds"
within "$3" 0 "$lim05" "false alarms at 0.05 over $SEEDS seeds"
done_testing
