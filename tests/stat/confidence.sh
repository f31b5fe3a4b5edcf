#!/bin/sh
# confidence.sh: closed_form_matches_empirical under the confidence schedule,
# whose drafting stops on the token drawn (docs/testing.md has the figures).
#   FALSE ALARMS: over SEEDS seeds of 100,000 steps at V 10, T 0.15, gamma 8
#     (and V 20, noise 1, T 0.1), how many runs of rules that accept as their
#     closed form says (standard, exact-match, and lenient, lossy but exact in
#     its acceptance) fail the check (4 SE: expected 0; at most 1 allowed);
#   POWER: for each chain mistake, in how many seeds the check fails and in
#     how many any check of the report fails (printed; the report's must be
#     all of them: the PIT test catches every mistake here).
# About 20 s at the 8 seeds the suite runs; SEEDS=50 for the documented rates.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
SEEDS=${SEEDS:-8}
set1="--vocab 10 --confidence-threshold 0.15"
set2="--vocab 20 --noise 1 --confidence-threshold 0.1"

# fails ARGS...: "CLOSED ANY" over seeds 1..SEEDS: the runs failing
# closed_form_matches_empirical, and those failing any check.
fails() {
	_s=1
	while [ "$_s" -le "$SEEDS" ]; do
		"$SPECDEC" --batch --steps 100000 --schedule confidence --gamma 8 \
		    --seed "$_s" "$@" | grep '^FAIL' | awk '{ print $2 }' | sort -u |
		    awk -v s="$_s" '{ print s, $1 }'
		_s=$((_s + 1))
	done | awk '$2 == "closed_form_matches_empirical" { c++ } { a[$1] = 1 }
	    END { n = 0; for (k in a) n++; print c + 0, n }'
}

for set in 1 2; do
	eval "args=\$set$set"
	for rule in standard lenient exact-match; do
		# shellcheck disable=SC2086
		set -- $(fails --verifier "$rule" $args)
		echo "# FALSE ALARMS $rule ($args): closed form $1, any check $2 of $SEEDS"
		within "$1" 0 1 "$rule, $args: closed_form_matches_empirical fails $1 of $SEEDS correct runs"
	done
	for rule in mistake-residual-from-p mistake-accept-all mistake-greedy-draft-soft-q; do
		# shellcheck disable=SC2086
		set -- $(fails --verifier "$rule" $args)
		echo "# POWER $rule ($args): closed form $1, any check $2 of $SEEDS"
		is "$2" "$SEEDS" "$rule, $args: the report fails in every seed"
	done
done
done_testing
