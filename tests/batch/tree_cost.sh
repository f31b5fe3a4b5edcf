#!/bin/sh
# tree_cost.sh: a tree of 8 drafted nodes costs a few chains of 8 drafts, not
# a sort of the vocabulary per closed form: the instructions of 300 steps at
# V 1,000 (callgrind, start-up included), --tree 2,1,1,1 of every tree rule
# against --gamma 8, at most 3 times (the optimal-transport ceiling and
# SpecTr's ratio sums share one order of the root's pair a step). Counts, not
# times: the same on a loaded machine. docs/performance.md has the figures.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$SPECDEC" --batch \
		--vocab 1000 --steps 300 "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
if ! command -v valgrind >/dev/null 2>&1; then
	skip "tree cost: valgrind is not available"
elif grep -q -a -e __asan_init -e __tsan_init "$SPECDEC"; then
	skip "tree cost: a sanitizer build"
else
	chain=$(instructions --gamma 8)
	for rule in specinfer rrs-without topk traversal spectr mistake-no-residual-update; do
		tree=$(instructions --tree 2,1,1,1 --verifier "$rule")
		within "$(awk -v t="$tree" -v c="$chain" 'BEGIN { printf "%.3f", t / c }')" 0 3.0 \
			"$rule at V 1,000: $tree instructions against the chain's $chain"
	done
fi
done_testing
