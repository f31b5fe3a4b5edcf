#!/bin/sh
# record_end.sh: --record however the view stops or ends, in a detached tmux at
# 80x24. Ctrl-Z gives the shell its terminal back, fg takes it again (keys act
# at once, q quits with 0); the terminal closed (tmux kill-pane, in several
# trials) and SIGKILL leave a recording whose lines are all whole JSON; past a
# file size limit (ulimit -f) the view ends with status 3 and one line, not
# SIGXFSZ, and the recording ends on a whole line; a FIFO is refused with
# status 2 at once, without waiting for a reader. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
need jq

TRIALS=8

# whole FILE: the file ends on a newline and each of its lines is JSON.
whole() {
	[ -s "$1" ] && [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ] &&
	    jq -R -e 'fromjson | true' "$1" >/dev/null 2>&1
}

# alt NAME: tmux's alternate-screen flag of the session's pane.
alt() {
	$T display-message -p -t "$1" '#{alternate_on}'
}

# wait_alt NAME FLAG: wait until the pane's alternate-screen flag is FLAG.
wait_alt() {
	n=0
	while [ "$(alt "$1")" != "$2" ] && [ $n -lt "$WAIT_TENTHS" ]; do
		sleep 0.1
		n=$((n + 1))
	done
	[ "$(alt "$1")" = "$2" ]
}

# up NAME CAST [PREFIX [ARGS]]: the view recording to CAST in session NAME,
# with ARGS, its pid in $TMPD/NAME.pid, run by sh -c after PREFIX (a shell
# command).
up() {
	start "$1" 80 24 LC_ALL=C.UTF-8
	run "$1" "clear; echo BEFORE-MARKER; sh -c '${3:-}echo \$\$ > $TMPD/$1.pid;"\
" exec \"\$0\" --record \"\$1\" ${4:-} 2>$TMPD/$1.err' '$SPECDEC' '$2'; echo EXIT=\$?"
}

# gone PID: wait (up to 30 s) until the process has ended.
gone() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	! kill -0 "$1" 2>/dev/null
}

# Ctrl-Z, then fg: the shell's terminal while stopped, the view's after. The
# shell stops and continues with the view (a job), then says how it ended.
start z 80 24 LC_ALL=C.UTF-8
run z "clear; echo BEFORE-MARKER; sh -c '\"\$0\" --record \"\$1\"; echo EXIT=\$?'"\
" '$SPECDEC' '$TMPD/z.cast'"
wait_for z "token stream"
keys z C-z
wait_alt z 0
ok $? "Ctrl-Z: the view leaves the alternate screen"
check_restored z "stopped by Ctrl-Z"
run z "jobs"
wait_grep z -i "stopped.*--record"
ok $? "and the job is stopped" "$(screen z)"
run z "fg"
wait_for z "token stream"
is "$(alt z)" 1 "fg: the view is back on the alternate screen"
keys z q
check z "EXIT=0" "after fg, q quits at once with 0 (no Enter, no echo)"
check_restored z "after fg and q"
whole "$TMPD/z.cast"
ok $? "the recording: every line whole JSON" "$(tail -c 300 "$TMPD/z.cast")"
$T kill-session -t z

# The terminal closed under the view (tmux kill-pane sends SIGHUP, then the
# pane's terminal goes away), several times: every recording ends whole.
trial=1
cut=
while [ $trial -le $TRIALS ]; do
	up "k$trial" "$TMPD/k$trial.cast"
	trial=$((trial + 1))
done
trial=1
while [ $trial -le $TRIALS ]; do
	wait_for "k$trial" "token stream"
	$T kill-pane -t "k$trial"
	trial=$((trial + 1))
done
trial=1
while [ $trial -le $TRIALS ]; do
	gone "$(cat "$TMPD/k$trial.pid")" && whole "$TMPD/k$trial.cast" || cut="$cut $trial"
	trial=$((trial + 1))
done
is "$cut" "" "kill-pane, $TRIALS trials: each recording ends on a whole line (cut:$cut)"

# SIGKILL: nothing runs at the end, and the file still holds whole lines.
up kill "$TMPD/kill.cast"
wait_for kill "token stream"
sleep 0.5
kill -KILL "$(cat "$TMPD/kill.pid")"
gone "$(cat "$TMPD/kill.pid")" && whole "$TMPD/kill.cast"
ok $? "SIGKILL: the recording ends on a whole line" "$(tail -c 300 "$TMPD/kill.cast")"
$T kill-session -t kill

# ulimit -f (2 KB in sh's 512-byte blocks, 4 KB in 1024-byte ones): the header
# fits, the first frame does not.
up f "$TMPD/f.cast" "ulimit -f 4; " "--frames 30"
check f "EXIT=3" "past ulimit -f: status 3, not death by SIGXFSZ (153)"
is "$(cat "$TMPD/f.err")" \
    "specdec: --record $TMPD/f.cast: cannot write the recording: File too large" \
    "one line says so"
whole "$TMPD/f.cast" && [ "$(head -n 1 "$TMPD/f.cast" | jq .version)" = 2 ]
ok $? "the recording: the header, and whole lines up to the failure" \
    "$(tail -c 300 "$TMPD/f.cast")"
check_restored f "after the failed recording"
$T kill-session -t f

# A FIFO: refused before anything waits for a reader (no terminal needed).
mkfifo "$TMPD/fifo.cast"
timeout 10 "$SPECDEC" --record "$TMPD/fifo.cast" </dev/null >"$TMPD/fifo.out" 2>&1
is "$?" 2 "--record FIFO: status 2 at once"
is "$(cat "$TMPD/fifo.out")" \
    "specdec: --record $TMPD/fifo.cast: is not a regular file (a FIFO or a device)" \
    "one line names it"
done_testing
