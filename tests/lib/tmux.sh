# tmux.sh: the live view, driven in a detached tmux at a fixed size (sourced by
# the shell tests that need a terminal). Keys go in with send-keys; the screen
# comes back with capture-pane. The sourcing script provides $TMPD and
# ok STATUS DESCRIPTION [DIAGNOSTIC], calls tmux_setup first and tmux_cleanup at
# its end (the private server's sessions are $T's).
SOCK="specdec-test-$$"
T="tmux -L $SOCK -f /dev/null"
unset TMUX NO_COLOR

# tmux_setup: start the server with a session that lives until the end, so that
# killing the others never stops it while the next one starts. Non-zero, with the
# reason on stdout, when tmux is missing or cannot start.
tmux_setup() {
	if ! command -v tmux >/dev/null 2>&1; then
		echo "tmux is not installed; the live-view tests need it"
		return 1
	fi
	$T new-session -d -s keep -x 80 -y 24 "sh" || {
		echo "tmux cannot start a server"
		return 1
	}
}

# tmux_begin: the start of a script that drives the live view: the server is
# killed and TMPD removed on exit, and the script bails out when tmux cannot
# start a server.
tmux_begin() {
	trap 'tmux_cleanup; rm -rf "$TMPD"' EXIT
	trap 'exit 1' HUP INT TERM
	why=$(tmux_setup) || {
		echo "Bail out! $why"
		exit 1
	}
}

tmux_cleanup() {
	$T kill-server >/dev/null 2>&1
}

# start NAME COLS LINES [VAR=value...]: a shell in a new detached session.
start() {
	name=$1 cols=$2 lines=$3
	shift 3
	$T new-session -d -s "$name" -x "$cols" -y "$lines" \
	    "env -u NO_COLOR TERM=xterm-256color PS1='$ ' $* sh"
	$T set-option -t "$name" status off >/dev/null
}

# view NAME COLS LINES ARGS: a session of COLS x LINES in the C.UTF-8 locale
# running specdec ARGS (a string the shell splits, quotes and all).
view() {
	start "$1" "$2" "$3" LC_ALL=C.UTF-8
	run "$1" "'$SPECDEC' $4"
}

# end_view NAME: q to the program, and the session ended.
end_view() {
	keys "$1" q
	$T kill-session -t "$1"
}

run() {
	$T send-keys -t "$1" "$2" Enter
}

keys() {
	name=$1
	shift
	$T send-keys -t "$name" "$@"
}

screen() {
	$T capture-pane -p -t "$1"
}

# How long a wait for the screen may last, in tenths of a second: generous, so
# that a loaded machine is waited for (a wait returns as soon as the screen
# shows what it waits for).
WAIT_TENTHS=300

# wait_grep NAME GREP-FLAG PATTERN [TENTHS]: poll the screen until grep with the
# flag (-F a fixed string, -E an extended regex) finds the pattern on it.
wait_grep() {
	i=0
	while [ "$i" -lt "${4:-$WAIT_TENTHS}" ]; do
		screen "$1" | grep -q "$2" -- "$3" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_paused NAME: poll until the program's header line says it is paused (the
# word on the shell's typed command line, --paused, does not count: under load
# it shows before the program has started).
wait_paused() {
	wait_grep "$1" -E '^ specdec .* paused '
}

# wait_for NAME PATTERN [TENTHS]: poll the screen until the fixed string appears.
wait_for() {
	wait_grep "$1" -F "$2" "${3:-}"
}

# wait_gone NAME PATTERN: poll until the fixed string has left the screen.
wait_gone() {
	i=0
	while [ "$i" -lt "$WAIT_TENTHS" ]; do
		screen "$1" | grep -qF -- "$2" || return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# quit NAME: q, then wait until the program has left the alternate screen, so
# that what is typed next reaches the shell, not the program.
quit() {
	keys "$1" q
	i=0
	while [ "$i" -lt "$WAIT_TENTHS" ]; do
		[ "$($T display-message -p -t "$1" '#{alternate_on}')" = 0 ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# press NAME KEY WANT BEFORE: KEY, then wait for the fixed string WANT. When
# WANT has not come within the wait and the screen still shows BEFORE (what
# the key would have changed: the key was not acted on), KEY is sent once more.
# Non-zero when WANT never comes.
press() {
	keys "$1" "$2"
	wait_for "$1" "$3" && return 0
	screen "$1" | grep -qF -- "$4" || return 1
	echo "# $2 was not acted on within $((WAIT_TENTHS / 10)) s: sent again"
	keys "$1" "$2"
	wait_for "$1" "$3"
}

# check NAME PATTERN DESCRIPTION: a test point that the pattern shows up.
check() {
	wait_for "$1" "$2"
	ok $? "$3" "$(screen "$1")"
}

# The shell's view of the terminal after the program left: echo and icanon on,
# the alternate screen off, the cursor visible, keypad mode off (cursor and
# numeric keypad: smkx undone).
check_restored() {
	name=$1 what=$2
	run "$name" "stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e icanon | tr '\\n' ' ';"\
" echo STTY-\"\"DONE"
	wait_for "$name" "STTY-DONE"
	screen "$name" | grep -q "echo icanon STTY-DONE\|icanon echo STTY-DONE"
	ok $? "$what: echo and icanon restored" "$(screen "$name")"
	alt=$($T display-message -p -t "$name" '#{alternate_on} #{cursor_flag}')
	[ "$alt" = "0 1" ]
	ok $? "$what: alternate screen left, cursor visible (got '$alt')"
	kp=$($T display-message -p -t "$name" '#{keypad_cursor_flag} #{keypad_flag}')
	[ "$kp" = "0 0" ]
	ok $? "$what: keypad mode off (got '$kp')"
	screen "$name" | grep -qF "BEFORE-MARKER"
	ok $? "$what: the shell's screen is back"
}

# cycle_to NAME KEY WANT: KEY until the fixed string WANT shows, each press
# waited for (the screen changes) before the next, at most 20 presses; so a
# test counts a cycle from the program rather than pinning its length.
cycle_to() {
	n=0
	while [ "$n" -lt 20 ]; do
		before=$(screen "$1")
		keys "$1" "$2"
		i=0
		while [ "$i" -lt "$WAIT_TENTHS" ] && [ "$(screen "$1")" = "$before" ]; do
			sleep 0.1
			i=$((i + 1))
		done
		screen "$1" | grep -qF -- "$3" && return 0
		n=$((n + 1))
	done
	return 1
}
