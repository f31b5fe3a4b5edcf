#!/bin/sh
# bench_numpy.sh SPECDEC[,SPECDEC2...] [PYTHON [REPS]]: the reference notebook's numpy code
# (notebook_numpy.py beside this file) against `SPECDEC --batch`, side by side in
# one run, interleaved, REPS (default 3) times at each vocabulary, in CPU time per
# speculative step (gamma 4, noise 0.3, seed 0 for both). Both sides run the
# speculative steps, then a target-only reference stream of as many tokens, then
# their figures (the notebook: TV; specdec: its report and checks). Python's CPU
# time is time.process_time around the notebook's code (numpy's import left out);
# specdec's is GNU time's user + system time of the whole process, start-up
# included. The vocabularies and step counts are chosen so each run takes about
# a second or more. With several binaries, comma-separated (a build before a
# change and one after), each runs after the same notebook run, so that their
# ratios are side by side on the same load. A benchmark, not a test; for
# docs/performance.md.
specdecs=${1:?usage: bench_numpy.sh SPECDEC[,SPECDEC2...] [PYTHON [REPS]]}
python=${2:-python3}
reps=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
# vocabulary, notebook steps, specdec steps
for row in "20 5000 1000000" "1000 2000 20000" "50000 200 500" "262144 40 100"; do
	# shellcheck disable=SC2086
	set -- $row
	v=$1; npy=$2; nc=$3
	r=1
	while [ $r -le "$reps" ]; do
		py=$("$python" "$here/notebook_numpy.py" "$v" "$npy" | sed -n 's/^us\/step //p')
		for specdec in $(echo "$specdecs" | tr ',' ' '); do
			c=$(/usr/bin/time -f '%U %S' "$specdec" --batch --vocab "$v" --steps "$nc" \
			    2>&1 > /dev/null | tail -n 1)
			echo "$v $nc $c $py $specdec" | awk '{
				us = 1e6 * ($3 + $4) / $2
				printf "V %6d  specdec %9.2f us/step  notebook spec-loop %9.2f (%5.1fx)" \
				    "  whole %9.2f (%5.1fx)  %s\n", $1, us, $6, $6 / us, $8, $8 / us, $9 }'
		done
		r=$((r + 1))
	done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
