#!/bin/sh
# report80.sh: the batch report prints as a handout: no line over 80 columns for
# the sources, a gamma of 32 and the largest vocabulary, with the histograms and
# long lines wrapped and indented, and nothing lost in the wrapping.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
cd "$TESTS_SRCDIR/.." || exit 1

for args in "" "--gamma 32" "--vocab 262144 --steps 120" \
    "--gamma 32 --vocab 262144 --steps 120" "--gamma 32 --source ngram" \
    "--gamma 32 --replay tests/golden/pairs.txt" "--gamma 32 --noise 3 --steps 20000"; do
	"$SPECDEC" --batch $args > "$tmp/out"
	# a line of one word (a file name under a deep build directory) may not fit
	long=$(awk 'length > 80 && !/^ *[^ ]+$/' "$tmp/out")
	[ -z "$long" ]
	ok $? "--batch $args: every line fits 80 columns${long:+ (not: $long)}"
done

# A word longer than a line (a file name) stays whole, alone on its line, and
# what follows it wraps as usual: the built-in corpus under a long directory.
deep=$tmp/$(awk 'BEGIN { while (i++ < 3) printf "%040d/", 0 }')
mkdir -p "$deep"
cp "${TESTS_SRCDIR:-tests}/../data/corpus.txt" "$deep/corpus.txt"
"$SPECDEC" --batch --gamma 32 --corpus "$deep/corpus.txt" > "$tmp/out"
long=$(awk 'length > 80' "$tmp/out")
is "$long" "             $deep/corpus.txt:" \
    "a corpus path of $(printf %s "$deep/corpus.txt" | wc -c) bytes: the only line over 80 columns, alone"
unwrap < "$tmp/out" | grep -q "^input        corpus $deep/corpus.txt: 5190 tokens (829 distinct), vocab 829;"
ok $? "and the input line says it whole after unwrapping"

# The wrapped report says what the unwrapped one would: every histogram entry and
# every position, once, in order.
"$SPECDEC" --batch --gamma 32 --steps 3000 > "$tmp/out"
unwrap < "$tmp/out" > "$tmp/flat"
n=$(sed -n 's/^tok\/step hist //p' "$tmp/flat" | tr ' ' '\n' | awk -F: '$1 == NR' | wc -l)
is "$n" 33 "gamma 32: the histogram's 33 entries, in order, after unwrapping"
n=$(sed -n 's/^accept by pos //p' "$tmp/flat" | tr ' ' '\n' | awk -F: '$1 == NR' | wc -l)
is "$n" 32 "gamma 32: 32 positions' acceptance, in order, after unwrapping"
grep -q '^             [0-9]*:[0-9]' "$tmp/out"
ok $? "continuation lines are indented to the values' column"
[ "$(grep -c '^PASS  \|^FAIL  \|^SKIP  ' "$tmp/out")" -eq 9 ]
ok $? "still nine check lines"

done_testing
