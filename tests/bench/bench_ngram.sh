#!/bin/sh
# bench_ngram.sh SPECDEC: the n-gram source's figures for docs/performance.md: training
# time on a 1 MB corpus, steps per second at a 5,000-word vocabulary and gamma 4,
# and peak memory at two run lengths (it must not grow with the steps). The
# corpus is synthetic and deterministic (tests/lib/gencorpus.sh).
specdec=${1:?usage: bench_ngram.sh SPECDEC}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
sh "$here/../lib/gencorpus.sh" 1000000 20000 > "$tmp/corpus"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
rss() {
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -n 1
	else
		"$@" > /dev/null; echo "?"
	fi
}

echo "corpus: $(wc -c < "$tmp/corpus") bytes"
"$specdec" --batch --corpus "$tmp/corpus" --steps 1 | sed -n 's/^input        //p'
t0=$(now); "$specdec" --batch --corpus "$tmp/corpus" --steps 1 > /dev/null; t1=$(now)
train=$(elapsed "$t0" "$t1")
echo "train + 1 step: $train s"
# Steps per second two ways: the whole run (training included), and the steps
# alone (the whole run minus the train + 1 step run above).
for noise in 0.3 0; do
	steps=20000
	t0=$(now)
	"$specdec" --batch --corpus "$tmp/corpus" --gamma 4 --noise $noise --steps $steps > /dev/null
	t1=$(now)
	awk -v s=$steps -v t="$(elapsed "$t0" "$t1")" -v n=$noise -v tr="$train" \
	    'BEGIN { printf "V 5000, gamma 4, noise %s: %d steps in %.2f s = %.0f steps/s" \
	    " (stepping alone %.0f steps/s)\n", n, s, t, s / t, (s - 1) / (t - tr) }'
done
for steps in 2000 20000; do
	echo "peak RSS, $steps steps: $(rss "$specdec" --batch --corpus "$tmp/corpus" --steps $steps) KiB"
done
