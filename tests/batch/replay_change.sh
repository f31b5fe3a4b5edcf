#!/bin/sh
# replay_change.sh: a replay file changed after specdec started cannot reach the
# run, which read it once (issue 12). In batch mode, runs whose file is
# truncated, rewritten in place with content that would be refused, or replaced
# by another file while they go give --json output identical to a run on the
# file as it was; in the live view (tmux), 30 single steps after the file is
# truncated or rewritten show the screen of a run on the original. TAP output.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/tmux.sh"
trap 'tmux_cleanup; rm -rf "$TMPD"' EXIT
trap 'exit 1' HUP INT TERM

# change HOW FILE: lib.sh's replay_change of FILE, a copy of the original.
change() {
	replay_change "$1" "$2" "$TMPD/orig/pairs"
}

# --- batch -----------------------------------------------------------------------------
# 20 pairs over 2,000 tokens, read in milliseconds; the changes come once each
# run has had a tenth of a second of CPU, while they go: a round whose runs had
# ended by then (a fast machine) is run again with four times the steps.
mkdir "$TMPD/orig"
replay_pairs 2000 40 3 >"$TMPD/orig/pairs"

# batch_round STEPS: start a run on a copy of the file for each change, change
# the copies while the runs go; 0 when every run was still going at its change.
batch_round() {
	(cd "$TMPD/orig" && "$SPECDEC" --json --replay pairs --steps "$1" --seed 5) >"$TMPD/want"
	for how in truncated rewritten replaced; do
		rm -rf "$TMPD/$how"
		mkdir "$TMPD/$how"
		cp "$TMPD/orig/pairs" "$TMPD/$how/pairs"
		(cd "$TMPD/$how" && exec "$SPECDEC" --json --replay pairs --steps "$1" --seed 5) \
		    >"$TMPD/$how.out" 2>"$TMPD/$how.err" &
		eval "pid_$how=\$!"
	done
	# each run has read its file once it has run for a tenth of a second of
	# CPU (reading takes milliseconds): time on the clock is not enough on a
	# loaded machine or under the sanitizers, where a run can take longer
	# than that to start
	for how in truncated rewritten replaced; do
		eval "cpu_at_least \$pid_$how 10"
	done
	all_going=0
	for how in truncated rewritten replaced; do
		eval "kill -0 \$pid_$how" 2>/dev/null || all_going=1
		change "$how" "$TMPD/$how/pairs"
	done
	for how in truncated rewritten replaced; do
		eval "wait \$pid_$how"
		echo $? >"$TMPD/$how.rc"
	done
	return $all_going
}

# cpu_at_least PID TICKS: wait until the process PID has used TICKS
# hundredths of a second of CPU, or has ended (at most 30 s); a short sleep
# where /proc is not there
cpu_at_least() {
	[ -r "/proc/$1/stat" ] || { sleep 0.2; return 0; }
	n=0
	while [ "$n" -lt 300 ]; do
		t=$(awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null) || return 0
		[ -n "$t" ] && [ "$t" -ge "$2" ] && return 0
		sleep 0.1
		n=$((n + 1))
	done
}

steps=15000
until batch_round $steps; going=$?; [ $going = 0 ] || [ $steps -ge 960000 ]; do
	steps=$((steps * 4))
done
is $going 0 "the runs of $steps steps were going when their files changed"
for how in truncated rewritten replaced; do
	rc=$(cat "$TMPD/$how.rc")
	[ "$rc" = 0 ] && [ ! -s "$TMPD/$how.err" ] && cmp -s "$TMPD/want" "$TMPD/$how.out"
	ok $? "batch, the file $how while the run goes ($steps steps): exit $rc, the JSON of a run on the original" \
	    "$(cat "$TMPD/$how.err"; diff "$TMPD/want" "$TMPD/$how.out" | cut -c 1-300 | head -4)"
done

# --- the live view -------------------------------------------------------------------------
why=$(tmux_setup) || {
	ok 0 "# SKIP $why"
	done_testing
	exit
}
replay_pairs 50 20 4 >"$TMPD/orig/pairs"
for how in orig truncated rewritten; do
	[ "$how" = orig ] || cp "$TMPD/orig/pairs" "$TMPD/$how/pairs"
	start "$how" 100 30 LC_ALL=C.UTF-8
	run "$how" "cd '$TMPD/$how' && '$SPECDEC' --paused --replay pairs --seed 1"
done
for how in orig truncated rewritten; do
	wait_for "$how" "step 0"
done
change truncated "$TMPD/truncated/pairs"
change rewritten "$TMPD/rewritten/pairs"
i=0
while [ "$i" -lt 30 ]; do
	for how in orig truncated rewritten; do
		keys "$how" n
	done
	i=$((i + 1))
done
wait_for orig "step 30"
for how in truncated rewritten; do
	wait_for "$how" "step 30"
	[ "$(screen "$how")" = "$(screen orig)" ]
	ok $? "live view, the file $how after it started: 30 steps show the original's screen" \
	    "$(screen "$how")"
done
for how in orig truncated rewritten; do
	keys "$how" q
done
done_testing
