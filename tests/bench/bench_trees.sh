#!/bin/sh
# bench_trees.sh: a benchmark, not a test. User CPU of --tree 2,1,1,1 (8 drafted
# nodes) under every tree rule against the chain --gamma 8, side by side in one
# run: the least of RUNS runs each (default 5), at V 1,000 (30,000 steps) and
# V 50,000 (300 steps), and the ratio to the chain. The goal: at most 3.
# usage: tests/bench/bench_trees.sh [path/to/specdec [RUNS]]   (make bench-trees)
set -eu
SPECDEC=${1:-./specdec}
RUNS=${2:-5}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: needs GNU time at $TIME (apt-get install time)" >&2; exit 2; }
out=${TMPDIR:-/tmp}/specdec-bench.$$
trap 'rm -f "$out"' EXIT

# least ARGS...: the least user CPU of RUNS batch runs (a run's checks may fail:
# the mistake's do, by design)
least() {
	best=
	i=0
	while [ "$i" -lt "$RUNS" ]; do
		"$TIME" -f '%U' -o "$out" "$SPECDEC" --batch "$@" >/dev/null 2>&1 || true
		t=$(tail -n 1 "$out")
		best=$(awk -v a="$t" -v b="$best" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }')
		i=$((i + 1))
	done
	echo "$best"
}

echo "user CPU, least of $RUNS (load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
printf '%-8s %7s %-28s %7s %6s\n' vocab steps run user_s ratio
for spec in 1000:30000 50000:300; do
	vocab=${spec%%:*}
	steps=${spec#*:}
	chain=$(least --vocab "$vocab" --steps "$steps" --gamma 8)
	printf '%-8s %7s %-28s %7s %6s\n' "$vocab" "$steps" "chain (--gamma 8)" "$chain" 1
	for rule in specinfer rrs-without topk traversal spectr mistake-no-residual-update; do
		t=$(least --vocab "$vocab" --steps "$steps" --tree 2,1,1,1 --verifier "$rule")
		awk -v v="$vocab" -v n="$steps" -v r="$rule" -v t="$t" -v c="$chain" 'BEGIN {
			printf "%-8s %7s %-28s %7.2f %6.2f\n", v, n, r, t, (c > 0 ? t / c : 0) }'
	done
done
