#!/bin/sh
# golden.sh: the --json report is byte-identical to the recorded one for the stub,
# a replay file and the n-gram source, five seeds each. A refactoring must not
# move a figure; regenerate on purpose only, with
#   GOLDEN_WRITE=1 SPECDEC=./specdec TESTS_SRCDIR=tests sh tests/golden/golden.sh
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
cd "$TESTS_SRCDIR/.." || exit 1	# file names in the reports are relative to here
unset SPECDEC_CORPUS

# run_case SOURCE SEED ARGS...: one JSON line
run_case() {
	shift 2
	"$SPECDEC" --json "$@"
}

cases() {
	for seed in 1 2 3 4 5; do
		g=$((seed * 3 - 1))
		echo "stub $seed --seed $seed --steps 3000 --gamma $g --vocab $((seed * 17))"
		echo "stub $seed --seed $seed --steps 2000 --noise 1.5 --vocab 2000"
		echo "replay $seed --seed $seed --steps 3000 --gamma $g --replay tests/golden/pairs.txt"
		echo "ngram $seed --seed $seed --steps 2000 --gamma $g --corpus data/corpus.txt"
		echo "ngram $seed --seed $seed --steps 1500 --noise 0.6 --target-order 4 --temperature 0.8 --corpus data/corpus.txt"
	done
}

for src in stub replay ngram; do
	out=$tmp/$src.jsonl
	cases | while read -r s seed args; do
		[ "$s" = "$src" ] || continue
		# shellcheck disable=SC2086
		run_case "$s" "$seed" $args
	done > "$out"
	want=tests/golden/$src.jsonl
	if [ -n "${GOLDEN_WRITE:-}" ]; then
		cp "$out" "$want"
	fi
	cmp -s "$out" "$want"
	ok $? "$src: --json identical to $want ($(wc -l < "$out") runs)"
	cmp "$out" "$want" >&2 || true
done
done_testing
