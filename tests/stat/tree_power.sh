#!/bin/sh
# tree_power.sh: the losslessness test on token trees (--tree), measured over
# seeds (docs/testing.md gives the figures at the full counts).
#   POWER: in how many of POWER_SEEDS seeds the test gives p < 0.001 against
#     mistake-no-residual-update (--tree 2) on the default stub within 5,000
#     steps, on a replay of tests/golden/pairs.txt within 5,000 steps and on
#     the default n-gram source within 20,000 steps (want at least 95%);
#   FALSE ALARMS: over FALSE_SEEDS seeds of each lossless tree rule at --tree
#     2,2 (5,000 steps) on each source, how many give p < 0.001 (expected:
#     0.1% of them).
# The suite runs a small variant (the stub alone, a few seeds); the figures in
# docs/testing.md come from
#   POWER_SEEDS=100 FALSE_SEEDS=200 SOURCES="stub replay ngram" \
#     SPECDEC=./specdec TESTS_SRCDIR=tests sh tests/stat/tree_power.sh
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
POWER_SEEDS=${POWER_SEEDS:-5}
FALSE_SEEDS=${FALSE_SEEDS:-5}
SOURCES=${SOURCES:-stub}
LEVEL=0.001
pairs="$TESTS_SRCDIR/golden/pairs.txt"

# source_args SRC: the options that select it
source_args() {
	case $1 in
	replay) echo "--replay $pairs" ;;
	*) echo "--source $1" ;;
	esac
}

n=$POWER_SEEDS
for src in $SOURCES; do
	steps=5000
	[ "$src" = ngram ] && steps=20000
	# shellcheck disable=SC2046
	got=$(count_low_p "$n" "$LEVEL" $(source_args "$src") --tree 2 --verifier mistake-no-residual-update \
		--steps "$steps")
	echo "# POWER mistake-no-residual-update $src $steps steps: $got of $n"
	within "$got" "$((n * 95 / 100))" "$n" \
		"mistake-no-residual-update caught on $src within $steps steps"
done

n=$FALSE_SEEDS
for rule in specinfer rrs-without topk traversal spectr; do
	for src in $SOURCES; do
		# shellcheck disable=SC2046
		got=$(count_low_p "$n" "$LEVEL" $(source_args "$src") --tree 2,2 --verifier "$rule" --steps 5000)
		echo "# FALSE ALARMS $rule $src 5000 steps: $got of $n"
		within "$got" 0 "$(( n >= 200 ? 2 : 1 ))" \
			"$rule, $src: p < $LEVEL in $got of $n seeds"
	done
done
done_testing
