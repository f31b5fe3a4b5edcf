#!/bin/sh
# lesson.sh: lessons in the live view, in a detached tmux, driven as a class
# sees them: no key but a choice's key while a question shows and Enter while
# "Enter: go on" shows; everything else (holds, scripted keys, waits) must go
# on by itself. First a lesson of our own: after "wait N steps" the next ask,
# pause, check and caption each appear without a key. Then the eight built-in
# lessons, run side by side (gamma at 120x40, the others at 80x24), end to
# end: every "wait N steps" of each file ends by itself,
# each ask is answered with the file's stated answer and says "right", no
# check says it does not hold, the chapters come in order, the scripted slow
# motion shows, and the figure that settles an ask has on the live run its
# headless value. A screen that stays the same for WAIT_TENTHS with nothing to
# answer is a frozen lesson. The built-in lessons run from copies whose only
# change is their pace (holds and key paces divided by 8, rates of 200 steps/s
# and more raised towards 600 while each wait lasts 3 s: the same steps, so
# the same figures, in about half the time; a test point checks that nothing
# else differs). TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
lessons="${TESTS_SRCDIR:-$(dirname "$0")/..}/../data/lessons"

# band NAME: the caption band, from its top border to the key bar.
band() {
	screen "$1" | awk '/^┌/ { b = "" } { b = b $0 "\n" } END { printf "%s", b }'
}

# band_moves NAME BEFORE: poll until the band is no longer BEFORE.
band_moves() {
	n=0
	while [ "$n" -lt "$WAIT_TENTHS" ]; do
		[ "$(band "$1")" != "$2" ] && return 0
		sleep 0.1
		n=$((n + 1))
	done
	return 1
}

# --- after a wait, each kind of item, with no key --------------------------------
cat >"$TMPD/waits.lesson" <<'LESSON'
title Waits
set rate 40
chapter After a wait
wait 20 steps
ask First: is alpha-hat below 2?
choice a <2 yes
choice b >2 no
answer a
figure alpha
wait 20 steps
caption Second: a pause.
pause
wait 20 steps
check alpha 0.5 0.5 third: a check
pause
wait 20 steps
caption Fourth: a caption.
LESSON
view w 80 24 "--lesson '$TMPD/waits.lesson'"
check w "running 20 steps" "own lesson: the first wait runs"
check w "press a choice's key" "own lesson: after the wait, the ask shows without a key"
keys w a
check w "Enter: go on" "own lesson: the answer judged"
keys w Enter
check w "Second: a pause." "own lesson: after the wait, the caption before a pause"
check w "Enter: go on" "own lesson: and the pause, without a key"
keys w Enter
check w "check: alpha" "own lesson: after the wait, the check shows without a key"
check w "Enter: go on" "own lesson: and its pause"
keys w Enter
check w "Fourth: a caption." "own lesson: after the wait, the caption shows without a key"
check w "the end of the lesson" "own lesson: and the end"
quit w
$T kill-session -t w

# --- the built-in lessons --------------------------------------------------------
# drive NAME LESSON: answer the asks and leave the pauses until the lesson's
# end, and nothing else; the screens seen go to $TMPD/NAME.screens, the number
# of waits that ended with no key to $TMPD/NAME.waits. Non-zero when the end
# never comes: a screen frozen for WAIT_TENTHS with nothing to answer.
drive() {
	answers=$(sed -n 's/^answer //p' "$lessons/$2.lesson")
	: >"$TMPD/$1.screens"
	waits=0 running=0 last= still=0
	while [ "$still" -lt "$WAIT_TENTHS" ]; do
		s=$(screen "$1")
		if [ "$s" = "$last" ]; then
			still=$((still + 1))
		else
			still=0 last=$s
			printf '%s\n=====\n' "$s" >>"$TMPD/$1.screens"
		fi
		case "$s" in
		*"running "*" steps (Enter: at full speed)"*) running=1 ;;
		*) waits=$((waits + running)) running=0 ;;
		esac
		echo "$waits" >"$TMPD/$1.waits"
		case "$s" in
		*"the end of the lesson"*) return 0 ;;
		*"press a choice's key"*)
			a=$(printf '%s\n' "$answers" | head -n 1)
			answers=$(printf '%s\n' "$answers" | sed 1d)
			keys "$1" "$a"
			wait_gone "$1" "press a choice's key" || return 1
			;;
		*"Enter: go on"*)
			b=$(band "$1")
			keys "$1" Enter
			band_moves "$1" "$b" || return 1
			;;
		*) sleep 0.1 ;;
		esac
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

# quick LESSON: the built-in lesson at a quicker pace, into $TMPD/LESSON.lesson:
# its captions' holds cut, and each rate of 200 steps/s and more raised as far
# as 600 while the shortest wait it paces still lasts 3 s (the slow-motion
# rates below 200 kept): the driver sees each wait run even when eight lessons
# share a loaded machine (at 4 times the rate a wait took a second, and under
# load the driver's screens missed some), and the longest lesson (trees, seven
# waits of 2,000 steps at 200) takes half its time. The copy lesson's waits of
# 300 steps keep its 200.
quick() {
	awk 'NR == FNR {	# first pass: the shortest wait after each rate line
		if ($1 == "set" && $2 == "rate") at = FNR
		else if ($1 == "wait" && $3 == "steps" && at &&
		    (!(at in least) || $2 + 0 < least[at])) least[at] = $2 + 0
		next }
	    ($1 == "caption" || $1 == "keys") && $2 ~ /^[0-9.]+s$/ {
		$2 = sprintf("%gs", $2 / 8) }
	    $1 == "set" && $2 == "rate" && $3 + 0 >= 200 && $3 + 0 < 600 {
		r = FNR in least ? int(least[FNR] / 3) : 600
		r = r > 600 ? 600 : r
		if (r > $3 + 0) $3 = r }
	    { print }' "$lessons/$1.lesson" "$lessons/$1.lesson" >"$TMPD/$1.lesson"
}

# unpaced FILE: the file without what quick changes.
unpaced() {
	sed -e 's/^caption [0-9.]*s /caption /' -e 's/^keys [0-9.]*s /keys /' \
	    -e 's/^set rate .*/set rate/' -e 's/  */ /g' "$1"
}

# The eight run side by side.
set -- o one-step 80 24 l lossless 80 24 g gamma 120 40 \
    m metrics 80 24 t temperature 80 24 r trees 80 24 b batch 80 24 c copy 80 24
while [ "$#" -gt 0 ]; do
	quick "$2"
	[ "$(unpaced "$lessons/$2.lesson")" = "$(unpaced "$TMPD/$2.lesson")" ] &&
	    ! cmp -s "$lessons/$2.lesson" "$TMPD/$2.lesson"
	ok $? "$2: the quicker copy differs from the built-in lesson in its pace alone"
	"$SPECDEC" --lesson "$2" --batch >"$TMPD/$2.builtin" 2>&1
	"$SPECDEC" --lesson "$TMPD/$2.lesson" --batch >"$TMPD/$2.copy" 2>&1
	[ "$(sed 1d "$TMPD/$2.builtin")" = "$(sed 1d "$TMPD/$2.copy")" ]
	ok $? "$2: the copy's headless run is the built-in's, line for line"
	view "$1" "$3" "$4" "--lesson '$TMPD/$2.lesson'"
	check "$1" "1. " "$1: $2 at $3x$4 opens on its first chapter"
	(drive "$1" "$2"; echo $? >"$TMPD/$1.rc") &
	shift 4
done
wait

# verdicts NAME LESSON: the test points of one lesson's run.
verdicts() {
	name=$1 lesson=$2
	[ "$(cat "$TMPD/$name.rc")" = 0 ]
	ok $? "$name: $lesson runs to its end, no key but answers and Enter at a pause" \
	    "$(screen "$name")"
	want=$(grep -c '^wait [0-9]* steps' "$lessons/$lesson.lesson")
	got=$(cat "$TMPD/$name.waits")
	# at least as many as the file has: a frame drawn mid-wait without the
	# running line (a scripted key's status) makes one wait count twice
	[ "$want" -ge 3 ] && [ "$got" -ge "$want" ]
	ok $? "$name: each of the $want 'wait N steps' went on by itself (saw $got)"
	asks=$(grep -c '^answer ' "$lessons/$lesson.lesson")
	right=$(grep -c '^│ right: ' "$TMPD/$name.screens")
	[ "$asks" -ge 3 ] && [ "$right" -ge "$asks" ]
	ok $? "$name: $asks asks (at least 3), each answered right ($right screens)"
	! grep -q "does NOT hold\|not quite" "$TMPD/$name.screens"
	ok $? "$name: every check holds on the live run" \
	    "$(grep "does NOT hold\|not quite" "$TMPD/$name.screens")"
	chapters_in_order "$name" "$lesson"
	ok $? "$name: every chapter of $lesson.lesson, in order"
	quit "$name"
	$T kill-session -t "$name"
}

verdicts o one-step
grep -q "slow motion: step 1, stage 4/10" "$TMPD/o.screens" &&
    grep -q "accept or reject? (m: reveal)" "$TMPD/o.screens"
ok $? "one-step: the scripted slow motion, and its vote before a verdict"
grep -qF "settled by tok_per_step = 3.389 on this run (tok/step on help page 2)" "$TMPD/o.screens"
ok $? "one-step: the live run's tokens per step is the headless run's (3.389)"
verdicts l lossless
verdicts g gamma
grep -q "check: .* holds" "$TMPD/g.screens"
ok $? "gamma at 120x40: a check shown with its verdict"
verdicts m metrics
verdicts t temperature
verdicts r trees
verdicts b batch
verdicts c copy

done_testing
