#!/bin/sh
# interrupt.sh: interrupting batch mode keeps what was done (issue 22, item 3),
# with real signals. A sweep stopped by SIGINT (one thread) or SIGTERM (two)
# prints its finished cells, the same rows a sweep of those cells alone
# prints, says on stderr how many of how many cells ran and exits 130; a
# signal while the replay file is parsed or the n-gram models are trained
# exits 130 with one line; Ctrl-C while --trace output waits on a slow pipe
# loses no traced step and exits 130, not 3; a lesson run headless stops in
# its wait with 130 and one line; SIGINT ignored at the start stays ignored;
# a pipe closed early gives the run's status, silently, not 141 or 3.
# Each waits for what the program is doing (CPU time used, a write blocked,
# from /proc) rather than for the clock. TAP output.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
trap 'rm -rf "$TMPD"' EXIT
trap 'exit 1' HUP INT TERM

# lines FILE: its number of lines.
lines() {
	wc -l <"$1" | tr -d ' '
}

# --- a sweep, interrupted ------------------------------------------------------------
# children_ticks: the CPU time this shell's finished children took, in ticks.
children_ticks() {
	awk '{ sub(/.*\) /, ""); print $14 + $15 }' /proc/$$/stat 2>/dev/null || echo 0
}

# The first two cells' CPU time on this build and machine (a sanitizer build is
# several times slower): the signal comes after 1.3 times it, so that one or
# two cells have finished and the third has not, however fast the build.
t0=$(children_ticks)
"$SPECDEC" --sweep --gamma 1-2 --steps 100000 --threads 1 --csv >/dev/null
cells2=$(( $(children_ticks) - t0 ))
[ "$cells2" -gt 0 ] || cells2=20

# sweep SIG THREADS: 8 cells of 100,000 steps; SIG after 1.3 times the first
# two cells' CPU time.
sweep() {
	spawn "$SPECDEC" --sweep --gamma 1-8 --steps 100000 --threads "$2" --csv \
	    >"$TMPD/sweep.$1" 2>"$TMPD/sweep.$1.err"
	wait_cpu "$pid" $((cells2 * 13 / 10))
	kill -"$1" "$pid"
	wait "$pid"
	echo $? >"$TMPD/sweep.$1.rc"
}

sweep INT 1
rc=$(cat "$TMPD/sweep.INT.rc")
n=$(sed -n 's/^specdec: sweep interrupted after \([0-9]*\) of 8 cells; the rows below are those$/\1/p' \
    "$TMPD/sweep.INT.err")
[ "$rc" = 130 ] && [ "$(lines "$TMPD/sweep.INT.err")" = 1 ] && [ -n "$n" ] &&
    [ "$n" -ge 1 ] && [ "$n" -lt 8 ] && [ "$(lines "$TMPD/sweep.INT")" = $((n + 1)) ]
ok $? "sweep, SIGINT on one thread: exit $rc, 'interrupted after N of 8 cells', N rows" \
    "$(cat "$TMPD/sweep.INT.err"; head -3 "$TMPD/sweep.INT")"
if [ -n "$n" ] && [ "$n" -ge 1 ]; then
	"$SPECDEC" --sweep --gamma 1-"$n" --steps 100000 --threads 1 --csv >"$TMPD/sweep.want"
	cmp -s "$TMPD/sweep.want" "$TMPD/sweep.INT"
	ok $? "sweep, SIGINT: the $n rows are a sweep of those cells alone" \
	    "$(diff "$TMPD/sweep.want" "$TMPD/sweep.INT" | cut -c 1-200)"
else
	ok 1 "sweep, SIGINT: no finished cell to compare"
fi

sweep TERM 2
rc=$(cat "$TMPD/sweep.TERM.rc")
n=$(sed -n 's/^specdec: sweep interrupted after \([0-9]*\) of 8 cells; the rows below are those$/\1/p' \
    "$TMPD/sweep.TERM.err")
[ "$rc" = 130 ] && [ -n "$n" ] && [ "$n" -lt 8 ] &&
    [ "$(lines "$TMPD/sweep.TERM")" = $((n + 1)) ] &&
    ! sed 1d "$TMPD/sweep.TERM" | cut -d, -f7 | grep -qvx 100000
ok $? "sweep, SIGTERM on two threads: exit $rc, not SIGTERM's 143, N of 8 cells, N full rows" \
    "$(cat "$TMPD/sweep.TERM.err"; head -3 "$TMPD/sweep.TERM")"

# --- a lesson run headless, interrupted -------------------------------------------------
# lesson SIG: SIG during the lesson's long wait (after 0.2 s of CPU time: the
# script is parsed in well under that): exit 130, the lines before the wait
# kept, no summary, and one line naming the lesson's line and the steps run.
cat >"$TMPD/long.lesson" <<'LESSON'
title Long
chapter Only one
wait 1000 steps
check alpha 0.9 0.1 before the long wait
wait 10000000 steps
check alpha 0.9 0.1 never reached
LESSON
lesson() {
	spawn "$SPECDEC" --batch --lesson "$TMPD/long.lesson" >"$TMPD/lesson.out" \
	    2>"$TMPD/lesson.err"
	wait_cpu "$pid" 20
	kill -"$1" "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" = 130 ] && [ "$(lines "$TMPD/lesson.err")" = 1 ] &&
	    grep -qx "specdec: interrupted at $TMPD/long.lesson:5 after [0-9]* of its 10000000 steps; the lines printed cover the lesson up to there" \
	    "$TMPD/lesson.err" && [ "$(lines "$TMPD/lesson.out")" = 3 ] &&
	    grep -q '^line 4    check  alpha .*: pass$' "$TMPD/lesson.out"
	ok $? "--batch --lesson, SIG$1 in a wait: exit $rc, one line, the verdicts before it" \
	    "$(cat "$TMPD/lesson.err" "$TMPD/lesson.out")"
}
lesson INT
lesson TERM

# --- while the input is read -----------------------------------------------------------
# reading SIG WHAT ARGS...: SIG after 0.05 s of CPU time in a run that reads or
# trains for about a second first.
reading() {
	sig=$1
	what=$2
	shift 2
	spawn "$SPECDEC" --batch "$@" >"$TMPD/read.out" 2>"$TMPD/read.err"
	wait_cpu "$pid" 5
	kill -"$sig" "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" = 130 ] && [ ! -s "$TMPD/read.out" ] && [ "$(lines "$TMPD/read.err")" = 1 ] &&
	    grep -qx 'specdec: interrupted while reading the input; nothing was run' "$TMPD/read.err"
	ok $? "SIG$sig while $what: exit $rc, one line" "$(cat "$TMPD/read.err")"
}

yes "0.5 0.25 0.25" | head -n 2500000 >"$TMPD/big.pairs"
reading INT "the replay file is parsed" --replay "$TMPD/big.pairs" --steps 1
rm -f "$TMPD/big.pairs"
yes "the cat sat on the mat and then a dog ran in the park." | head -c 6000000 \
    >"$TMPD/big.corpus"
reading TERM "the n-gram models are trained" --corpus "$TMPD/big.corpus" --steps 1
rm -f "$TMPD/big.corpus"

# --- --trace into a slow reader, Ctrl-C ----------------------------------------------------
# The reader starts reading only when told; the run's writes block on the full
# pipe meanwhile, and SIGINT comes then.
mkfifo "$TMPD/fifo"
{ while [ ! -e "$TMPD/go" ]; do sleep 0.05; done; cat; } <"$TMPD/fifo" >"$TMPD/trace" &
reader=$!
spawn "$SPECDEC" --batch --steps 100000 --trace 100000 --seed 1 >"$TMPD/fifo" \
    2>"$TMPD/trace.err"
i=0
while [ "$i" -lt 100 ] && ! grep -q pipe_write "/proc/$pid/wchan" 2>/dev/null; do
	sleep 0.05
	i=$((i + 1))
done
kill -INT "$pid"
touch "$TMPD/go"
wait "$pid"
rc=$?
wait "$reader"
n=$(sed -n 's/^specdec: interrupted after \([0-9]*\) of 100000 steps.*/\1/p' "$TMPD/trace.err")
traced=$(grep -c '^step [0-9]*: gamma' "$TMPD/trace")
last=$(grep '^step [0-9]*: gamma' "$TMPD/trace" | tail -1 | sed 's/^step \([0-9]*\):.*/\1/')
[ "$rc" = 130 ] && [ -n "$n" ] && [ "$traced" = "$n" ] && [ "$last" = "$n" ] &&
    grep -q "^steps  *$n\$" "$TMPD/trace"
ok $? "--trace blocked on a pipe, SIGINT: exit $rc, $traced of $n steps traced, the report" \
    "$(cat "$TMPD/trace.err")"

# --- SIGINT ignored at the start (a background job) --------------------------------------
sh -c 'trap "" INT; exec "$0" --batch --steps 200000 --json' "$SPECDEC" \
    >"$TMPD/ign.out" 2>"$TMPD/ign.err" &
pid=$!
wait_cpu "$pid" 5
kill -INT "$pid"
wait "$pid"
rc=$?
[ "$rc" = 0 ] && grep -q '"complete":true' "$TMPD/ign.out" && [ ! -s "$TMPD/ign.err" ]
ok $? "SIGINT ignored at the start stays ignored: exit $rc, the run complete" \
    "$(cat "$TMPD/ign.err")"

# --- a pipe closed early ----------------------------------------------------------------------
# A reader that stops (| head -1) is no failure: the mode's status, nothing on
# stderr, whether the report fitted in the pipe (a plain report) or not (a trace
# of 2,000 steps); a failed check still gives 1.
pipe_rc() {
	{ "$SPECDEC" "$@" 2>"$TMPD/pipe.err"; echo $? >"$TMPD/pipe.rc"; } |
	    head -1 >"$TMPD/pipe.out"
	echo "$(cat "$TMPD/pipe.rc") $(lines "$TMPD/pipe.err") $(lines "$TMPD/pipe.out")"
}
is "$(pipe_rc --batch --steps 2000 --trace 2000)" "0 0 1" \
    "a pipe closed early (| head -1) on a long trace: exit 0, no message, one line"
is "$(pipe_rc --batch)" "0 0 1" "and on a report that fits in the pipe"
is "$(pipe_rc --batch --steps 2000 --trace 2000 --verifier mistake-accept-all)" "1 0 1" \
    "a failed check still exits 1 when the reader has gone"
done_testing
