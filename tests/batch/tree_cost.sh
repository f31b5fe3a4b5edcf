#!/bin/sh
# tree_cost.sh: a tree of 8 drafted nodes costs a few chains of 8 drafts, not
# a sort of the vocabulary per closed form: the instructions inside the steps
# (callgrind, sim_step alone: start-up and the final figures left out) of 100
# steps at V 1,000 and of 20 at V 50,000, --tree 2,1,1,1 of every tree rule
# against --gamma 8, at most 3 times (the optimal-transport ceiling sorts
# only the few ranges of q/p that can hold its least prefix; SpecTr's rho
# sorts no pairs). Counts, not times: the same on a loaded machine.
# docs/performance-trees.md has the figures.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
		--toggle-collect=sim_step "$SPECDEC" --batch "$@" 2>&1 >/dev/null |
	    sed -n 's/.*Collected : //p'
}

# rules V STEPS: each tree rule's steps against the chain's, at most 3 times
rules() {
	chain=$(instructions --vocab "$1" --steps "$2" --gamma 8)
	for rule in specinfer rrs-without topk traversal spectr mistake-no-residual-update; do
		tree=$(instructions --vocab "$1" --steps "$2" --tree 2,1,1,1 --verifier "$rule")
		within "$(awk -v t="$tree" -v c="$chain" 'BEGIN { printf "%.3f", t / c }')" 0 3.0 \
			"$rule at V $1, $2 steps: $tree instructions against the chain's $chain"
	done
}

if ! command -v valgrind >/dev/null 2>&1; then
	skip "tree cost: valgrind is not available"
elif grep -q -a -e __asan_init -e __tsan_init "$SPECDEC"; then
	skip "tree cost: a sanitizer build"
else
	rules 1000 100
	rules 50000 20
fi
done_testing
