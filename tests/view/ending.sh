#!/bin/sh
# ending.sh: the live view always ends. Its terminal closed while SIGHUP is
# ignored: it ends with status 129 within seconds (it used to spin forever on
# the dead terminal). --frames N ends while paused and in slow motion (frames
# are frame periods, drawn or not). A 20,000-byte paste followed by q quits
# within seconds (the keys waiting are taken before one redraw). Needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/tmux.sh"
tmux_begin

# status_within FILE TENTHS: wait for FILE to hold an exit status; print it.
status_within() {
	i=0
	while [ "$i" -lt "$2" ] && [ ! -s "$1" ]; do
		sleep 0.1
		i=$((i + 1))
	done
	cat "$1" 2>/dev/null
}

# The terminal goes away with SIGHUP ignored (trap '' HUP): tmux's server is a
# separate one here, so killing it closes the pty under the program.
S2="tmux -L $SOCK-hup -f /dev/null"
$S2 new-session -d -x 80 -y 24 "sh -c \"trap '' HUP; '$SPECDEC' --paused;"\
" echo \\\$? > $TMPD/hup.status\""
i=0	# the view drawn: its handlers are in place
while [ "$i" -lt "$WAIT_TENTHS" ] && ! $S2 capture-pane -p | grep -qF "step "; do
	sleep 0.1
	i=$((i + 1))
done
$S2 kill-server >/dev/null 2>&1
st=$(status_within "$TMPD/hup.status" 100)
is "$st" 129 "terminal closed with SIGHUP ignored: ends with status 129"

# --frames while paused, and in slow motion after m
for how in "--paused --frames 5" "--frames 100 m"; do
	set -- $how
	name=frames$(echo "$2" | tr -dc 0-9)
	start "$name" 80 24 LC_ALL=C.UTF-8
	if [ "$3" = m ]; then
		run "$name" "'$SPECDEC' --rate 2 $1 $2; echo EXIT=\$?"
		wait_for "$name" "step " && keys "$name" m
	else
		run "$name" "'$SPECDEC' $1 $2 $3; echo EXIT=\$?"
	fi
	wait_for "$name" "EXIT=0" 100
	ok $? "$how: the view ends by itself with status 0" "$(screen "$name")"
done

# a paste of 20,000 keys, then q
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "x"; printf "q" }' > "$TMPD/paste"
start paste 80 24 LC_ALL=C.UTF-8
run paste "'$SPECDEC' --paused; echo EXIT=\$?"
wait_for paste "space"
$T load-buffer "$TMPD/paste"
$T paste-buffer -t paste
wait_for paste "EXIT=0" 80
ok $? "a 20,000-key paste then q: quits within 8 s" "$(screen paste)"

done_testing
