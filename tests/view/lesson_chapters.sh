#!/bin/sh
# lesson_chapters.sh: a lesson's chapters in the live view, by the screen, at
# 80x24 and 120x40: --chapter N opens on chapter N's heading and caption; N
# goes to the next chapter and P to the one before, each starting from the
# state of a run from the top (the chapter's question is then answered right
# and its check holds); past the last chapter a status line says so; the help
# lists the keys; without a lesson the keys say what they are for. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

view o 80 24 "--lesson one-step --chapter 4"
check o "One step and why: 4. A replay of one pair" "80x24: --chapter 4 opens on chapter 4"
check o "Every step now replays one fixed pair" "80x24: and on its first caption"
keys o N
check o "5. How often is a draft accepted?" "80x24: N goes to chapter 5"
check o "press a choice's key" "80x24: chapter 5 runs its wait, then asks"
keys o c
check o "right: c)" "80x24: its answer holds on the run started there"
keys o P
check o "4. A replay of one pair" "80x24: P goes back to chapter 4"
quit o
$T kill-session -t o

view g 120 40 "--lesson gamma --chapter 5"
check g "Choosing gamma: 5. A real model pair" "120x40: --chapter 5 opens on chapter 5"
keys g PageDown
check g "this is the lesson's last chapter" "120x40: PgDn past the last chapter says so"
keys g PageUp
check g "Choosing gamma: 4. Schedules" "120x40: PgUp goes to chapter 4"
keys g P P P P
check g "Choosing gamma: 1. The cost model" "120x40: P four times: chapter 1, and no further"
check g "check: cost_ratio = 0.1" "120x40: chapter 1's checks show"
! screen g | grep -q "does NOT hold"
ok $? "120x40: and holds, as in a run from the top" "$(screen g)"
keys g '?'
check g "next chapter (a lesson)" "120x40: the help lists N, PgDn"
check g "chapter before (a lesson)" "120x40: and P, PgUp"
keys g q
quit g
$T kill-session -t g

view p 80 24 "--paused"
check p "no steps yet" "80x24 without a lesson: the view is up"
keys p N
check p "N and P go through a lesson's chapters" "80x24 without a lesson: N says what it is for"
quit p
$T kill-session -t p

done_testing
