#!/bin/sh
# verify.sh: the verification rules end to end. The lossless rules pass the
# per-position losslessness test on the stub, a replay and the n-gram source; the
# mistakes and the lossy rules fail it; block verification keeps at least as
# many drafts a step as the standard rule on the same settings; the rule is named
# in the report and the JSON; a bad rule is a usage error.
. "${TESTS_SRCDIR:-$(dirname "$0")}/lib.sh"
need jq
pairs=$TESTS_SRCDIR/golden/pairs.txt

# lossless_p RULE ARGS...
lossless_p() {
	rule=$1
	shift
	"$SPECDEC" --json --verifier "$rule" "$@" | jq -r .lossless_p
}

for src in "--source stub" "--replay $pairs" "--source ngram"; do
	for rule in standard block exact-match greedy; do
		# shellcheck disable=SC2086
		within "$(lossless_p "$rule" --seed 3 $src)" 0.001 1 "$rule, $src: lossless test passes"
	done
	for rule in mistake-residual-from-p mistake-accept-all lenient typical; do
		# shellcheck disable=SC2086
		within "$(lossless_p "$rule" --seed 3 --steps 20000 $src)" 0 0.000999 \
		    "$rule, $src, 20,000 steps: lossless test fails"
	done
done

# accepted drafts a step and its standard error, from the JSON's histogram
accepted_se() {
	jq -r '(.tok_per_step_hist | to_entries | map({k: .key, n: .value})) as $h |
	    ($h | map(.n) | add) as $s |
	    ($h | map(.k * .n) | add / $s) as $m |
	    ($h | map(.n * (.k - $m) * (.k - $m)) | add / $s) as $v |
	    "\($m) \(($v / $s) | sqrt)"'
}

for src in "--source stub" "--source stub --noise 1 --gamma 8" "--replay $pairs" \
    "--source ngram --gamma 6"; do
	# shellcheck disable=SC2086
	"$SPECDEC" --json --steps 20000 --seed 4 $src > "$TMPD/std"
	# shellcheck disable=SC2086
	"$SPECDEC" --json --steps 20000 --seed 4 --verifier block $src > "$TMPD/blk"
	set -- $(accepted_se < "$TMPD/std") $(accepted_se < "$TMPD/blk")
	awk -v s="$1" -v se="$2" -v b="$3" -v be="$4" \
	    'BEGIN { exit !(b >= s - 2 * sqrt(se * se + be * be)) }'
	ok $? "$src: block keeps $3 drafts a step, standard $1 (within 2 SE or above)"
done

"$SPECDEC" --batch --verifier mistake-accept-all --steps 200 > "$TMPD/out"
is "$?" 1 "a mistake exits 1"
grep -q '^verifier     mistake-accept-all (a mistake); lossy$' "$TMPD/out"
ok $? "the report names the rule, as a mistake"
grep -q '^FAIL  lossless_per_position ' "$TMPD/out"; ok $? "and the test fails it"
grep -qE '^pit hist     \[[0-9]{20}\] ' "$TMPD/out"; ok $? "a 20-bin histogram line"
is "$(grep -E '^(verifier|lossless|pit hist|....  lossless_per)' "$TMPD/out" | awk 'length > 80' | wc -l | tr -d ' ')" 0 \
	"the rule's and the test's lines fit 80 columns"
"$SPECDEC" --json --steps 10 > "$TMPD/j"
is "$(jq -r '.verifier' "$TMPD/j")" standard "JSON names the default rule"
is "$(jq -r '.checks[] | select(.name == "lossless_per_position") | [.pass, .skipped] | join(",")' "$TMPD/j")" \
	"true,true" "ten steps: the test is skipped, not passed"
is "$(jq '.lossless_hist | length' "$TMPD/j")" 20 "JSON: 20 bins"
is "$(jq '(.lossless_hist | add) == .tokens' "$TMPD/j")" true "one PIT value per emitted token"
"$SPECDEC" --batch --verifier typical --steps 2000 > "$TMPD/t"
grep -q '^SKIP  alpha_matches_overlap .*measured only' "$TMPD/t"
ok $? "typical: the checks built on a closed form are skipped"
usage_error "--verifier" --batch --verifier nonsense

done_testing
