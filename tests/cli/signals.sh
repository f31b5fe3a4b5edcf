#!/bin/sh
# signals.sh: every signal whose default action ends the program leaves the
# terminal as it was: the alternate screen left, the cursor visible, keypad mode
# off, echo and canonical input back, the shell's screen restored; and the
# program then dies of that signal, so the shell sees 128 + its number (Ctrl-C
# alone quits with 0, as q does). Ctrl-\ is typed; the others are sent with kill.
# tests/view/tui.sh covers Ctrl-C, SIGTERM, SIGHUP and SIGSEGV; this covers the rest,
# a few views at a time in a detached tmux; and --noise -0 shows as 0. Needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# signum NAME: the signal's number on this system, or nothing when the shell
# does not know the name.
signum() {
	i=1
	while [ "$i" -le 64 ]; do
		[ "$(kill -l "$i" 2>/dev/null)" = "$1" ] && { echo "$i"; return; }
		i=$((i + 1))
	done
}

# up NAME: start the view in session NAME, its pid in $TMPD/NAME.pid.
up() {
	start "$1" 80 24 LC_ALL=C.UTF-8
	run "$1" "ulimit -c 0; clear; echo BEFORE-MARKER; sh -c 'echo \$\$ > $TMPD/$1.pid;"\
" exec \"\$0\"' '$SPECDEC'; echo EXIT=\$?"
}

# The signals to send, a few views at a time; QUIT is typed as Ctrl-\.
groups="QUIT USR1 USR2 PIPE ALRM|VTALRM PROF XCPU XFSZ IO|PWR RTMIN RTMAX ABRT BUS|FPE ILL TRAP SYS"
oldifs=$IFS
IFS='|'
set -- $groups
IFS=$oldifs
for group in "$@"; do
	for name in $group; do
		up "$name"
	done
	for name in $group; do
		wait_for "$name" "token stream"
		flags=$($T display-message -p -t "$name" \
		    '#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag}')
		[ "$flags" = "1 0 1 1" ]
		ok $? "$name: the view is up, on the alternate screen, keypad on (got '$flags')"
		num=$(signum "$name")
		if [ "$name" = QUIT ]; then
			keys "$name" 'C-\'
		elif [ -n "$num" ]; then
			kill "-$num" "$(cat "$TMPD/$name.pid")"
		fi
	done
	for name in $group; do
		num=$(signum "$name")
		if [ -z "$num" ]; then
			ok 0 "# SKIP SIG$name is not known here"
			continue
		fi
		check "$name" "EXIT=$((128 + num))" "SIG$name: exit status $((128 + num))"
		check_restored "$name" "after SIG$name"
		$T kill-session -t "$name"
	done
done

# -0 is 0 on the screen too.
view neg 80 24 "--paused --noise -0"
check neg "noise=0.00" "--noise -0: the header shows noise=0.00"
screen neg | grep -q 'noise=-0'
[ $? = 1 ]
ok $? "and never noise=-0"
end_view neg

# A signal ignored when the view starts stays ignored (nohup, trap '' USR1).
start ign 80 24 LC_ALL=C.UTF-8
run ign "clear; echo BEFORE-MARKER; trap '' USR1; sh -c 'echo \$\$ > $TMPD/ign.pid;"\
" exec \"\$0\"' '$SPECDEC'; echo EXIT=\$?"
wait_for ign "token stream"
kill -USR1 "$(cat "$TMPD/ign.pid")"
sleep 0.5
screen ign | grep -qF "token stream"
ok $? "SIGUSR1 ignored by the parent: the view goes on"
keys ign q
check ign "EXIT=0" "and q then quits with 0"
check_restored ign "after q"
done_testing
