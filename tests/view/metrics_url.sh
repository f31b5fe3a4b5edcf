#!/bin/sh
# metrics_url.sh: the live view of --metrics URL, driven in a detached tmux,
# against tests/lib/metrics_server.py on 127.0.0.1: the metrics pane fills per
# poll (A, 2A, then a restarted A/2: (2A - A) + A/2, one reset), then says the
# endpoint is unreachable once the server has stopped, the figures kept; a
# stalled server leaves the view stepping on keys; q leaves the terminal as it
# was. Waits on the screen only. Skipped without libcurl. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/metrics_serve.sh"
scale 1 2 >"$TMPD/a1"; scale 2 4 >"$TMPD/a2"; scale 0.5 6 >"$TMPD/c"

serve seq seq "$TMPD/a1" "$TMPD/a2" "$TMPD/c"
start m 80 24 LC_ALL=C.UTF-8
run m "echo BEFORE-MARKER; '$SPECDEC' --paused --metrics '$url' --interval 0.5 --window 2; echo EXIT=\$?"
check m "poll 3, " "the pane counts the polls"
check m "1 reset" "a restart between polls: one reset"
wait_grep m -E 'acc\. rate +0\.565 +0\.565 +0\.565' 300
ok $? "the acceptance rate over the last poll, the window and the total" "$(screen m)"
wait_grep m -E 'running +6\.0 +5\.0 +4\.0' 300
ok $? "the requests running: the last 6, the window's (4 + 6) / 2, the total's 4" "$(screen m)"
check m "UNREACHABLE " "the server gone: the pane says so"
screen m | grep -q 'acc\. rate  *0\.565'; ok $? "and keeps the figures" "$(screen m)"
keys m n n
check m "step 2" "the view steps while the endpoint is unreachable"
keys m q
check m "EXIT=0" "q exits 0"
check_restored m "after --metrics URL"
$T kill-session -t m

serve stall stall
start s 80 24 LC_ALL=C.UTF-8
run s "'$SPECDEC' --paused --metrics '$url' --interval 30; echo EXIT=\$?"
check s "waiting for the first poll" "a stalled server: the pane waits for the first poll"
keys s n n n
check s "step 3" "and the view steps meanwhile"
keys s q
check s "EXIT=0" "q ends the view within the poll's timeout"
$T kill-session -t s
serve_end
done_testing
