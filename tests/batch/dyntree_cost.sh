#!/bin/sh
# dyntree_cost.sh: a step of the dynamic tree dynamic:4,5,8 costs at most
# twice a step of the star --tree 7 of the same N, on the stub and on a
# replay (callgrind instructions inside sim_step over 1,000 steps). Counts,
# not times: the same on a loaded machine. docs/performance-dyntree.md has
# the figures.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

PAIRS="${TESTS_SRCDIR:-$(dirname "$0")/..}/golden/pairs.txt"

# instructions ARGS...: callgrind's count inside sim_step (the steps, not
# the start-up or the report) over 1,000 steps
instructions() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=sim_step \
		"$SPECDEC" --batch --verifier topk --steps 1000 "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : //p'
}

if ! command -v valgrind >/dev/null 2>&1; then
	skip "dynamic tree cost: valgrind is not available"
elif grep -q -a -e __asan_init -e __tsan_init "$SPECDEC"; then
	skip "dynamic tree cost: a sanitizer build"
else
	for src in stub replay; do
		if [ "$src" = stub ]; then set --; else set -- --replay "$PAIRS"; fi
		star=$(instructions "$@" --tree 7)
		dyn=$(instructions "$@" --tree dynamic:4,5,8)
		within "$(ratio "$dyn" "$star")" \
			0 2.0 "$src: dynamic:4,5,8 $dyn instructions in 1,000 steps against --tree 7's $star"
	done
fi
done_testing
