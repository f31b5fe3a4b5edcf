#!/bin/sh
# lesson.sh: the three built-in lessons run end to end in the live view, in a
# detached tmux: one-step and lossless at 80x24, gamma at 120x40. The script
# is driven as a presenter would drive it: Enter goes on (it also cuts holds
# short and runs a wait's steps and the scripted keys at once: the same steps,
# sooner), and each ask is answered with the lesson file's stated answer. Every
# screen on the way is read: each ask says "right", no check says it does not
# hold, the chapters come in order, the scripted slow motion shows, and the
# figure that settles an ask has on the live run its headless value. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
lessons="${TESTS_SRCDIR:-$(dirname "$0")/..}/../data/lessons"

# drive NAME LESSON: Enter or the next answer until the lesson's end; the
# screens seen go to $TMPD/NAME.screens. Non-zero when the end never comes.
drive() {
	answers=$(sed -n 's/^answer //p' "$lessons/$2.lesson")
	: >"$TMPD/$1.screens"
	round=0		# not i: wait_gone uses i
	while [ $round -lt 400 ]; do
		s=$(screen "$1")
		printf '%s\n=====\n' "$s" >>"$TMPD/$1.screens"
		case "$s" in
		*"the end of the lesson"*) return 0 ;;
		*"press a choice's key"*)
			a=$(printf '%s\n' "$answers" | head -n 1)
			answers=$(printf '%s\n' "$answers" | sed 1d)
			keys "$1" "$a"
			wait_gone "$1" "press a choice's key"
			;;
		*) keys "$1" Enter; sleep 0.1 ;;
		esac
		round=$((round + 1))
	done
	return 1
}

# chapters_in_order NAME LESSON: every chapter heading of the file appeared,
# in the file's order.
chapters_in_order() {
	n=0
	sed -n 's/^chapter //p' "$lessons/$2.lesson" >"$TMPD/$1.chapters"
	while IFS= read -r c; do
		n=$((n + 1))
		line=$(grep -n -F -- "$n. $c" "$TMPD/$1.screens" | head -n 1 | cut -d: -f1)
		[ -n "$line" ] || return 1
		[ "$line" -ge "${last:-0}" ] || return 1
		last=$line
	done <"$TMPD/$1.chapters"
	last=0
	[ "$n" -ge 3 ]
}

run_lesson() {
	name=$1 lesson=$2 cols=$3 lines=$4
	view $name $cols $lines "--lesson $lesson"
	check $name "1. " "$name: $lesson at ${cols}x$lines opens on its first chapter"
	drive $name $lesson
	ok $? "$name: $lesson runs to its end" "$(screen $name)"
	asks=$(grep -c '^answer ' "$lessons/$lesson.lesson")
	right=$(grep -c '^│ right: ' "$TMPD/$name.screens")
	[ "$asks" -ge 3 ] && [ "$right" -ge "$asks" ]
	ok $? "$name: $asks asks (at least 3), each answered right ($right screens)"
	! grep -q "does NOT hold\|not quite" "$TMPD/$name.screens"
	ok $? "$name: every check holds on the live run" \
	    "$(grep "does NOT hold\|not quite" "$TMPD/$name.screens")"
	chapters_in_order $name $lesson
	ok $? "$name: every chapter of $lesson.lesson, in order"
	quit $name
	$T kill-session -t $name
}

run_lesson o one-step 80 24
grep -q "slow motion: step 1, stage 4/10" "$TMPD/o.screens" &&
    grep -q "accept or reject? (m: reveal)" "$TMPD/o.screens"
ok $? "one-step: the scripted slow motion, and its vote before a verdict"
grep -qF "settled by tok_per_step = 3.389 on this run (tok/step on help page 2)" "$TMPD/o.screens"
ok $? "one-step: the live run's tokens per step is the headless run's (3.389)"
run_lesson l lossless 80 24
run_lesson g gamma 120 40
grep -q "check: .* holds" "$TMPD/g.screens"
ok $? "gamma at 120x40: a check shown with its verdict"

done_testing
