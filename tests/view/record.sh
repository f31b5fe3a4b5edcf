#!/bin/sh
# record.sh: --record FILE.cast while a built-in lesson runs in a detached tmux
# at 80x24: the view works as without it (keys, the lesson's captions), the
# terminal is restored at the end, and the file is asciicast v2: a header with
# version 2, the width and height, a timestamp, the title and env; output
# events; a resize event when the terminal changes size; a marker at each
# chapter, in order. `asciinema cat` plays it back, and the lesson's captions
# are in the played-back text. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
cast="$TMPD/one.cast"

start r 80 24 LC_ALL=C.UTF-8
run r "clear; echo BEFORE-MARKER; '$SPECDEC' --lesson one-step --record '$cast'; echo EXIT=\$?"
check r "One step and why: 1. Two models, one text" "the lesson starts while recording"
keys r Enter
check r "Each step the draft proposes gamma = 4" "Enter: the hold cut short, the next caption"
keys r Enter
check r "2. One step in slow motion" "Enter: chapter 2"
keys r Enter
check r "slow motion: step 1, stage 4/10" "the scripted m keys drive slow motion"
$T resize-window -t r -x 100 -y 30
check r "Enter: go on                                                                                     │" \
    "the view takes the new size (100 columns)"
# Enter until chapter 3 (each press waited for: the pauses and the keys lines)
i=0
while [ $i -lt 40 ] && ! screen r | grep -qF "3. Vote before each verdict"; do
	keys r Enter
	sleep 0.3
	i=$((i + 1))
done
check r "3. Vote before each verdict" "Enter: chapter 3"
quit r
check r "EXIT=0" "q: exit 0"
check_restored r "after a recording"
$T kill-session -t r

head -n 1 "$cast" | jq -e '.version == 2 and .width == 80 and .height == 24 and
    (.timestamp | type) == "number" and .title == "specdec: One step and why" and
    (.env | has("TERM") and has("SHELL"))' >/dev/null
ok $? "header: version 2, 80x24, timestamp, title, env" "$(head -n 1 "$cast")"
sed 1d "$cast" | jq -e -s 'all(.[]; length == 3 and (.[0] | type) == "number" and
    (.[1] | IN("o", "r", "m")) and (.[2] | type) == "string")' >/dev/null
ok $? "every event is [time, code, text] with code o, r or m"
sed 1d "$cast" | jq -e -s '[.[][0]] as $t | $t == ($t | sort)' >/dev/null
ok $? "event times never go back"
markers=$(sed 1d "$cast" | jq -r 'select(.[1] == "m") | .[2]' | tr '\n' '|')
is "$markers" "1. Two models, one text|2. One step in slow motion|3. Vote before each verdict|" \
    "a marker at each chapter, in order"
resize=$(sed 1d "$cast" | jq -r 'select(.[1] == "r") | .[2]' | tr '\n' ' ')
is "$resize" "100x30 " "a resize event with the new size"

# asciinema cat needs a terminal of its own: run it in one.
start p 80 24 LC_ALL=C.UTF-8
run p "asciinema cat '$cast' > '$TMPD/played' 2>'$TMPD/played.err'; echo CAT=\$?"
check p "CAT=0" "asciinema cat plays the recording back (exit 0)"
$T kill-session -t p
for want in "The target p is the model whose text we want" \
    "Slow motion (key m) plays one step in stages" "slow motion: step 1, stage 4/10"; do
	grep -qF -- "$want" "$TMPD/played"
	ok $? "played back: '$want'" "$(cat "$TMPD/played.err")"
done

done_testing
