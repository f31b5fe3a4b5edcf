#!/bin/sh
# tree_cost.sh: a tree of 8 drafted nodes costs a few chains of 8 drafts, not
# a sort of the vocabulary per closed form: the instructions inside the steps
# (callgrind, sim_step alone: start-up and the final figures left out) of 100
# steps at V 1,000 and of 20 at V 50,000, --tree 2,1,1,1 of every tree rule
# against --gamma 8, at most 3 times (the optimal-transport ceiling sorts
# only the few ranges of q/p that can hold its least prefix; SpecTr's rho
# sorts no pairs). And the conditional branches callgrind's simulated
# predictor misses, at most 4 times the chain's: a pass that branches token
# by token on a coin toss (is p below q?) misses about half the tokens, which
# the instructions do not show and the time does (SpecTr's rho once missed
# 13 times the chain's at V 1,000 and 47 times at V 50,000, and took 3.3 and
# 3.8 times the chain's CPU). Counts, not times: the same on a loaded
# machine. docs/performance-trees.md has the figures.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

# counts ARGS: the instructions and the missed conditional branches of the
# steps, "Ir Bcm"
counts() {
	valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file=/dev/null \
		--collect-atstart=no --toggle-collect=sim_step "$SPECDEC" --batch "$@" \
		2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\) [0-9]* \([0-9]*\).*/\1 \2/p'
}

# rules V STEPS: each tree rule's steps against the chain's, at most 3 times
# the instructions and 4 times the missed branches
rules() {
	set -- "$1" "$2" $(counts --vocab "$1" --steps "$2" --gamma 8)
	for rule in specinfer rrs-without topk traversal spectr mistake-no-residual-update; do
		tree=$(counts --vocab "$1" --steps "$2" --tree 2,1,1,1 --verifier "$rule")
		ir=${tree% *} miss=${tree#* }
		within "$(ratio "$ir" "$3")" 0 3.0 \
			"$rule at V $1, $2 steps: $ir instructions against the chain's $3"
		within "$(ratio "$miss" "$4")" 0 4.0 \
			"$rule at V $1, $2 steps: $miss missed branches against the chain's $4"
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
