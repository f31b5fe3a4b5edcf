#!/bin/sh
# copy_cost.sh: a copy drafter's step costs at most twice the draft model's:
# callgrind's instructions inside sim_step over 300 steps of each drafter,
# after a prompt of 2,000 ids over the stub's 20 tokens, so each lookup has
# the whole context to search and the last token some 100 earlier positions.
# A lookup visits those positions (an index kept as tokens arrive and slide
# out), not the context. Counts, not times: the same on a loaded machine.
# docs/performance-copy.md has the figures.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

instructions() {
	valgrind --tool=callgrind --collect-atstart=no --toggle-collect=sim_step \
		--callgrind-out-file=/dev/null "$SPECDEC" --batch --prompt-file "$TMPD/prompt" \
		--steps 300 --drafter "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
if ! command -v valgrind >/dev/null 2>&1; then
	skip "copy cost: valgrind is not available"
elif grep -q -a -e __asan_init -e __tsan_init "$SPECDEC"; then
	skip "copy cost: a sanitizer build"
else
	awk 'BEGIN { x = 7; for (i = 0; i < 2000; i++) { x = (x * 75 + 74) % 65537
		printf "%d ", x % 20 } }' >"$TMPD/prompt"
	model=$(instructions model)
	within "$model" 1000000 100000000 "the model drafter's 300 steps: $model instructions"
	for d in vllm-ngram hf-lookup suffix; do
		case $d in vllm-ngram) set -- --lookup-min 2 --lookup-max 3 ;; *) set -- ;; esac
		n=$(instructions "$d" "$@")
		within "$(ratio "$n" "$model")" 0 2.0 \
			"$d: $n instructions against the model drafter's $model"
	done
fi
done_testing
