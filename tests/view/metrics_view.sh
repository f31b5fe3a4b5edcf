#!/bin/sh
# metrics_view.sh: the live view of --metrics, driven in a detached tmux: the
# stub by position at the vLLM sample's draft length, stepped; and a file that
# cannot be read refused before the screen starts, the terminal untouched. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
data="${TESTS_SRCDIR:-$(dirname "$0")/..}/data/metrics"

start m 80 24 LC_ALL=C.UTF-8
run m "echo BEFORE-MARKER; '$SPECDEC' --paused --metrics '$data/vllm.prom'; echo EXIT=\$?"
check m "stub by position" "the header names the stub by position"
check m "γ=3" "at the file's draft length, 3"
keys m n n n
check m "step 3" "it steps"
keys m q
check m "EXIT=0" "q exits 0"
check_restored m "after --metrics"
$T kill-session -t m

printf 'hello\n' >"$TMPD/bad"
"$SPECDEC" --metrics "$TMPD/bad" </dev/null >"$TMPD/out" 2>"$TMPD/err"
is "$?" 2 "an unreadable metrics file: status 2 before any screen"
grep -qF "line 1: no speculative-decoding metrics" "$TMPD/err"
ok $? "the line quoted: $(cat "$TMPD/err")"
done_testing
