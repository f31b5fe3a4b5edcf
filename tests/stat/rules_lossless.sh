#!/bin/sh
# rules_lossless.sh (the statistical tier; moved from tests/batch/verify.sh): the
# verification rules end to end over thousands of steps. The lossless rules pass
# the per-position losslessness test on the stub, a replay and the n-gram source;
# the mistakes and the lossy rules fail it at 20,000 steps; block verification
# keeps at least as many drafts a step as the standard rule on the same settings.
# The test's power and false alarms over many seeds: tests/stat/power.sh.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
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

done_testing
