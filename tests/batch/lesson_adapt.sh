#!/bin/sh
# lesson_adapt.sh: what a lecturer does with a lesson before class, headless.
# --print writes each built-in script byte for byte, and the copy run with
# --lesson FILE --batch verifies as the built-in does, line for line;
# --chapter N --batch prints, for every chapter of every built-in lesson, the
# whole run's lines from that chapter on (the chapters before run silently);
# --quiz writes every question within 80 columns, the answers and their
# explanations after them all; and the options given beside --lesson either
# apply under the script (one table, cli_lesson.c) or are refused in one line
# naming the option, each class tried. TAP.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
lessons="${TESTS_SRCDIR:-$(dirname "$0")/..}/../data/lessons"

# --- --print ------------------------------------------------------------------
for l in one-step lossless gamma; do
	"$SPECDEC" --lesson "$l" --print >"$TMPD/$l.lesson"
	ok $? "$l --print: exit 0"
	cmp -s "$TMPD/$l.lesson" "$lessons/$l.lesson"
	ok $? "$l --print: the built-in script, byte for byte"
	"$SPECDEC" --lesson "$l" --batch >"$TMPD/$l.full" 2>&1
	"$SPECDEC" --lesson "$TMPD/$l.lesson" --batch >"$TMPD/$l.copy" 2>&1
	ok $? "$l: the printed copy verifies"
	[ "$(sed 1d "$TMPD/$l.full")" = "$(sed 1d "$TMPD/$l.copy")" ] &&
	    [ "$(head -n 1 "$TMPD/$l.copy")" = "lesson $TMPD/$l.lesson: $(sed -n \
	    's/^title //p' "$lessons/$l.lesson")" ]
	ok $? "$l: the copy's --batch output is the built-in's, but for its name" \
	    "$(diff "$TMPD/$l.full" "$TMPD/$l.copy")"
done
printf 'title Mine\nset gamma 3\nwait 10 steps\n' >"$TMPD/mine.lesson"
"$SPECDEC" --lesson "$TMPD/mine.lesson" --print | cmp -s - "$TMPD/mine.lesson"
ok $? "--print of a file writes the file"

# --- --chapter ----------------------------------------------------------------
# The full run's lines from chapter N's line on, the summary left out.
from_chapter() {
	awk -v n="$2" '$3 == "chapter" { c++ } c >= n && !/ checks, .* answers: /' "$1"
}
for l in one-step lossless gamma; do
	n=$(grep -c '^chapter ' "$lessons/$l.lesson")
	bad=
	c=1
	while [ "$c" -le "$n" ]; do
		"$SPECDEC" --lesson "$l" --chapter "$c" --batch >"$TMPD/c" 2>&1 || bad="$bad $c(rc)"
		[ "$(from_chapter "$TMPD/$l.full" "$c")" = \
		    "$(sed 1d "$TMPD/c" | grep -v ' checks, .* answers: ')" ] || bad="$bad $c"
		c=$((c + 1))
	done
	[ "$n" -ge 5 ] && [ -z "$bad" ]
	ok $? "$l: each of its $n chapters started with --chapter runs as in the whole lesson" \
	    "chapters that differ:$bad"
	usage_error "--chapter $((n + 1)): the lesson $l has $n chapters" \
	    --lesson "$l" --chapter $((n + 1)) --batch
done
"$SPECDEC" --lesson gamma --chapter 5 --batch >"$TMPD/c5"
checks=$(from_chapter "$TMPD/gamma.full" 5 | grep -c ' check ')
asks=$(from_chapter "$TMPD/gamma.full" 5 | grep -c ' ask ')
is "$(tail -n 1 "$TMPD/c5")" "$checks checks, $asks answers: all verified" \
    "gamma --chapter 5: the summary counts the chapters run"

# --- --quiz -------------------------------------------------------------------
for l in one-step lossless gamma; do
	LC_ALL=C.UTF-8 "$SPECDEC" --lesson "$l" --quiz >"$TMPD/$l.quiz"
	ok $? "$l --quiz: exit 0"
	wide=$(LC_ALL=C.UTF-8 wc -L <"$TMPD/$l.quiz" | tr -d ' ')
	[ -s "$TMPD/$l.quiz" ] && [ "$wide" -le 80 ]
	ok $? "$l --quiz: within 80 columns (its widest line: $wide)"
	asks=$(grep -c '^ask ' "$lessons/$l.lesson")
	sed '/Answers$/,$d' "$TMPD/$l.quiz" >"$TMPD/q"
	sed -n '/Answers$/,$p' "$TMPD/$l.quiz" >"$TMPD/a"
	[ "$(grep -c '^[0-9][0-9]*\. ' "$TMPD/q")" = "$asks" ] &&
	    [ "$(grep -c '^[0-9][0-9]*\. ' "$TMPD/a")" = "$asks" ]
	ok $? "$l --quiz: its $asks questions, then their $asks answers"
	# each question's choices before the answers, each stated answer after
	bad=$(awk '$1 == "answer" { print $2 }' "$lessons/$l.lesson" | {
		i=0
		while read -r key; do
			i=$((i + 1))
			grep -q "^$i\.  *$key) " "$TMPD/a" || echo "$i"
		done
	})
	is "$bad" "" "$l --quiz: each answer's line names the script's answer"
	! grep -q '^ *[a-z]) ' "$TMPD/a" && grep -q '^    [a-d]) ' "$TMPD/q"
	ok $? "$l --quiz: the choices with the questions, none among the answers"
	first=$(sed -n 's/^explain //p' "$lessons/$l.lesson" | head -n 1 | cut -d' ' -f1-4)
	tr '\n' ' ' <"$TMPD/a" | sed 's/  */ /g' | grep -qF -- "$first"
	ok $? "$l --quiz: the explanations among the answers ('$first ...')"
done

# --- options beside --lesson --------------------------------------------------
# Applying under the script: the mode, the lesson's own options.
"$SPECDEC" --lesson gamma --batch --chapter 2 >/dev/null
ok $? "--batch and --chapter apply under the script"
# The run's options: refused, named, pointing to an edited copy.
for o in "--seed 3" "--gamma 2" "--vocab 5" "--source ngram" "--target-alpha 0.5" \
    "--verifier block" "--steps 10" "--hw h100"; do
	# shellcheck disable=SC2086
	usage_error "${o%% *} does not apply with --lesson: the lesson sets its own run" \
	    --lesson one-step --batch $o
done
# In the live view too, and its pace with it (the script sets the rate).
usage_error "edit a copy (--lesson NAME --print >FILE)" --lesson one-step --seed 3
usage_error "--rate does not apply with --lesson" --lesson one-step --rate 40
usage_error "--paused does not apply with --lesson" --lesson one-step --paused
# The report's options: refused, named.
for o in "--json" "--trace 5" "--plot $TMPD/x.svg" "--sweep"; do
	# shellcheck disable=SC2086
	usage_error "${o%% *} does not apply with --lesson: --lesson --batch runs" \
	    --lesson one-step --batch $o
done
# The lesson's own options without a lesson, or together.
usage_error "--print needs --lesson NAME" --print
usage_error "--chapter needs --lesson NAME" --chapter 2 --batch
usage_error "--print: give one of --print, --quiz and --chapter" --lesson gamma --print --quiz
usage_error "--quiz does not apply with --batch" --lesson gamma --quiz --batch
usage_error "--chapter: '0' is not" --lesson gamma --chapter 0
# A lesson's own set lines are not judged as the command line's.
printf 'title Sets\nset seed 3\nset vocab 5\nwait 10 steps\ncheck vocab 5 0\n' \
    >"$TMPD/sets.lesson"
"$SPECDEC" --lesson "$TMPD/sets.lesson" --batch >"$TMPD/out" 2>&1
ok $? "a lesson's set lines still set any option of the run" "$(cat "$TMPD/out")"
printf 'title Sets\nset print\n' >"$TMPD/own.lesson"
usage_error "own.lesson:2: a lesson cannot set --print" --lesson "$TMPD/own.lesson" --batch

done_testing
