# screen.sh: helpers for the live-view scripts that read whole screens
# (sourced after live.sh): a screen line matching a regex or not, as a test
# point, and a session started with an environment and arguments.

# has NAME ERE DESCRIPTION: the screen has a line matching the extended regex
# (polled for up to WAIT_TENTHS); the screen goes to the log when it does not.
has() {
	i=0
	while [ "$i" -lt "$WAIT_TENTHS" ]; do
		screen "$1" | grep -qE -- "$2" && break
		sleep 0.1
		i=$((i + 1))
	done
	screen "$1" | grep -qE -- "$2"
	st=$?
	ok "$st" "$3"
	[ "$st" -eq 0 ] || screen "$1" | sed 's/^/# /'
}

# wait_re NAME ERE [TENTHS]: poll the screen until a line matches the extended regex.
wait_re() {
	wait_grep "$1" -E "$2" "${3:-}"
}

# hasnt NAME ERE DESCRIPTION: no line matches.
hasnt() {
	screen "$1" | grep -qE -- "$2"
	st=$((! $?))
	ok "$st" "$3"
	[ "$st" -eq 0 ] || screen "$1" | sed 's/^/# /'
}

# view NAME COLS LINES LOCALE [VAR=value...] -- ARGS...: specdec ARGS in a new
# session, waited for until its first frame.
view() {
	vname=$1 vcols=$2 vlines=$3 vloc=$4
	shift 4
	venv=
	while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
		venv="$venv $1"
		shift
	done
	shift
	start "$vname" "$vcols" "$vlines" LC_ALL="$vloc" $venv
	run "$vname" "'$SPECDEC' $*"
	wait_for "$vname" "step "
}

# unview NAME: quit and close the session.
unview() {
	keys "$1" q
	$T kill-session -t "$1"
}
