#!/bin/sh
# bench.sh: a benchmark, not a test. Steps per second and peak RSS of batch runs
# (the notebook's workload, with its target-only reference stream) for a few
# vocabulary sizes, then RSS at 10^4 and 10^7 steps to show memory stays flat.
# usage: tests/bench/bench.sh [path/to/specdec]     (make bench runs it)
set -eu
SPECDEC=${1:-./specdec}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: needs GNU time at $TIME (apt-get install time)" >&2; exit 2; }

# run STEPS ARGS...: prints "seconds peak-RSS-KiB"
run() {
	steps=$1
	shift
	"$TIME" -f '%e %M' -o "${TMPDIR:-/tmp}/specdec-bench.$$" "$SPECDEC" --batch --steps "$steps" "$@" >/dev/null || true
	tail -n 1 "${TMPDIR:-/tmp}/specdec-bench.$$"
	rm -f "${TMPDIR:-/tmp}/specdec-bench.$$"
}

printf '%-8s %10s %8s %12s %10s\n' vocab steps seconds steps/s peak_RSS
for spec in 20:1000000 1000:100000 50000:2000; do
	vocab=${spec%%:*}
	steps=${spec#*:}
	set -- $(run "$steps" --vocab "$vocab")
	awk -v v="$vocab" -v n="$steps" -v s="$1" -v kb="$2" 'BEGIN {
		printf "%-8s %10d %8.2f %12.0f %7.1f MiB\n", v, n, s, (s > 0 ? n / s : 0), kb / 1024 }'
done

small=$(run 10000 | cut -d' ' -f2)
large=$(run 10000000 | cut -d' ' -f2)
echo "peak RSS at 10^4 steps: $small KiB; at 10^7 steps: $large KiB; difference $((large - small)) KiB"
