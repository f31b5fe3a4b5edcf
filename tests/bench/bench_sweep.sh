#!/bin/sh
# bench_sweep.sh: a benchmark, not a test. Wall and CPU time of the sweep,
# a 10 x 10 grid (gamma 1-10 x noise 0.1..1.0) of 20,000 steps each at the
# defaults, on 1 and 2 threads; three runs each. The goal: under 2 s on two cores.
# usage: tests/bench/bench_sweep.sh [path/to/specdec]     (make bench-sweep runs it)
set -eu
SPECDEC=${1:-./specdec}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: needs GNU time at $TIME (apt-get install time)" >&2; exit 2; }
grid="--sweep --gamma 1-10 --noise 0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1.0 --steps 20000"

echo "specdec $grid --threads N  (load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
printf '%-8s %4s %8s %8s\n' threads run wall_s user_s
for threads in 1 2; do
	for run in 1 2 3; do
		# shellcheck disable=SC2086
		"$TIME" -f '%e %U' -o "${TMPDIR:-/tmp}/specdec-bench.$$" "$SPECDEC" $grid \
		    --threads "$threads" >/dev/null
		read -r wall user <"${TMPDIR:-/tmp}/specdec-bench.$$"
		printf '%-8s %4s %8s %8s\n' "$threads" "$run" "$wall" "$user"
	done
done
rm -f "${TMPDIR:-/tmp}/specdec-bench.$$"
