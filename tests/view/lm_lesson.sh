#!/bin/sh
# lm_lesson.sh: a lesson whose set line names a hostile model (a truncated
# ARPA file, on which sphinxbase used to crash and leave the terminal raw) ends
# the live view with status 2: the terminal is restored and the one error line,
# on the shell's screen, is FILE:LINE of the lesson, then the model's own
# file and line. A lesson's sources are checked before the view starts, so
# the model is whole then and cut short while the view waits at a pause,
# before its set line runs. Needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/tmux.sh"
tmux_begin

if "$SPECDEC" --batch --source cmu --lm /nonexistent 2>&1 | grep -q "needs sphinxbase"; then
	skip "built without sphinxbase: --lm"
	tmux_cleanup
	done_testing
	exit 0
fi
cp "$TESTS_SRCDIR/data/lm/tiny.arpa" "$TMPD/cut.arpa"
cat > "$TMPD/bad.lesson" <<EOF2
title A model cut short
caption BEFORE-LM
pause
set lm $TMPD/cut.arpa
wait 5 steps
EOF2

start lm 80 24 LC_ALL=C.UTF-8
run lm "echo BEFORE-MARKER; '$SPECDEC' --lesson $TMPD/bad.lesson; echo \"STATUS=\$?\""
wait_for lm "Enter: go on"
ok $? "the lesson's view comes up and waits at its pause" "$(screen lm)"
head -c 150 "$TESTS_SRCDIR/data/lm/tiny.arpa" > "$TMPD/cut.arpa"
$T send-keys -t lm Enter
# a digit: the command line, on the screen again once the view has left the
# alternate screen, holds "STATUS=$?" before the shell prints the status
wait_grep lm -E "STATUS=[0-9]"
screen lm | grep -qF "STATUS=2"
ok $? "the view ends with status 2" "$(screen lm)"
screen lm | tr -d '\n' | grep -qF "specdec: $TMPD/bad.lesson:4: $TMPD/cut.arpa: line 14: a 2-gram line with 1 field"
ok $? "the error line is the lesson's FILE:LINE, then the model's" "$(screen lm)"
check_restored lm "after a hostile set lm"
$T kill-session -t lm
tmux_cleanup
done_testing
