#!/bin/sh
# lesson.sh: lesson scripts without a screen. --list-lessons names the eight
# built-in lessons; each runs headless with every check and every ask's stated
# answer verified (at least three asks each); a wrong check and a wrong answer
# fail with status 1; a set line takes the command line's options and messages;
# script errors are one line "FILE:LINE: message" with status 2 and nothing on
# stdout, before anything runs; --record is refused outside the live view and
# a bad recording name before the screen; the lesson's own text (its file's
# name, title, chapters) is printed escaped; 100,000 chapter lines run in
# bounded memory. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

out=$("$SPECDEC" --list-lessons)
rc=$?
names=$(printf '%s\n' "$out" | awk '$1 ~ /^(one-step|lossless|gamma|metrics|temperature|trees|batch|copy)$/ { print $1 }' | tr '\n' ' ')
is "$rc $names" "0 one-step lossless gamma metrics temperature trees batch copy " \
    "--list-lessons: the built-in lessons, in order"

for l in one-step lossless gamma metrics temperature trees batch copy; do
	"$SPECDEC" --lesson $l --batch >"$TMPD/$l" 2>"$TMPD/$l.err"
	rc=$?
	last=$(tail -n 1 "$TMPD/$l")
	asks=$(grep -c ' ask  ' "$TMPD/$l")
	checks=$(grep -c ' check  ' "$TMPD/$l")
	verified=$(grep -c ': verified$' "$TMPD/$l")
	passed=$(grep -c ': pass$' "$TMPD/$l")
	[ "$rc" = 0 ] && [ "$last" = "$checks checks, $asks answers: all verified" ] &&
	    [ "$asks" -ge 3 ] && [ "$verified" = "$asks" ] && [ "$passed" = "$checks" ] &&
	    [ ! -s "$TMPD/$l.err" ]
	ok $? "$l --batch: $checks checks pass, $asks answers verified (>= 3), exit 0" \
	    "$(cat "$TMPD/$l" "$TMPD/$l.err")"
done
grep -qE "^line [0-9]+ +ask    tok_per_step 3.389 is choice c \(3 to 4\), the answer is c: verified$" \
    "$TMPD/one-step"
ok $? "one-step: tokens per step at alpha 0.8, gamma 4 is 3.389 (seed 5, 5000 steps)" \
    "$(cat "$TMPD/one-step")"
grep -q "check  tok_per_step 3.389, want 3.36 +- 0.05: pass" "$TMPD/one-step"
ok $? "one-step: within 0.05 of (1 - 0.8^5)/0.2 = 3.36"
# The figures the new lessons teach, as each lesson's own run measures them.
grep -q "ask    draft_acceptance_rate 0.25 is choice a" "$TMPD/metrics" &&
    grep -q "ask    alpha 0.5 is choice b" "$TMPD/metrics" &&
    grep -q "check  max_tok_per_step 2, want 2" "$TMPD/metrics" &&
    grep -q "ask    sglang_accept_length 2.616 is choice a" "$TMPD/metrics" &&
    grep -q "check  vllm_mean_acceptance_length 4.045, want" "$TMPD/metrics"
ok $? "metrics: 2/4 accepted/tested, 2/8 accepted/drafted; SGLang 2.62 against vLLM 4.05" \
    "$(cat "$TMPD/metrics")"
grep -q "check  tok_per_step 3.383, want" "$TMPD/temperature" &&
    grep -q "check  tok_per_step 1.21, want" "$TMPD/temperature" &&
    grep -q "check  tok_per_step 1.79, want" "$TMPD/temperature" &&
    grep -q "check  tok_per_step 2.693, want" "$TMPD/temperature"
ok $? "temperature: sampled 3.38 and argmax 1.21 at T 1, argmax 1.79 and sampled 2.69 at T 0.5" \
    "$(cat "$TMPD/temperature")"
grep -q "ask    tok_per_step 1.95 is choice a" "$TMPD/trees" &&
    grep -q "ask    speedup_measured 1.625 is choice b" "$TMPD/trees"
ok $? "trees: the tree 2,2 emits fewer tokens (1.95) than the chain, and is faster (1.63x)" \
    "$(cat "$TMPD/trees")"
grep -q "ask    tok_per_step 2.6[0-9]* is choice b" "$TMPD/trees" &&
    grep -q "check  tok_per_step 2.9[0-9]*, want 2.9656 +- 0.03: pass" "$TMPD/trees"
ok $? "trees: SGLang's dynamic:2,3,6 emits 2.656 tokens a step on one pair, dynamic:4,5,8 2.9656" \
    "$(cat "$TMPD/trees")"

# A lesson of our own: a wrong check, a wrong answer, both caught.
cat >"$TMPD/wrong.lesson" <<'LESSON'
title Wrong on purpose
set seed 3
set target-alpha 0.8
set rate 500
chapter One
wait 2000 steps
check tok_per_step 3.36 0.1 right
check tok_per_step 4.5 0.05 wrong: this is gamma 4 at alpha 0.8
ask How many tokens a step?
choice a <2 fewer than 2
choice b >2 more than 2
answer a
figure tok_per_step
explain Wrong on purpose.
LESSON
"$SPECDEC" --lesson "$TMPD/wrong.lesson" --batch >"$TMPD/w" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q "check  tok_per_step 3.374, want 3.36 +- 0.1: pass$" "$TMPD/w" &&
    grep -q "want 4.5 +- 0.05: FAIL$" "$TMPD/w" &&
    grep -q "is choice b (> 2), the answer is a: FAIL$" "$TMPD/w" &&
    [ "$(tail -n 1 "$TMPD/w")" = "2 failed" ]
ok $? "a wrong check and a wrong answer: exit 1, both FAIL, the right check passes" \
    "$(cat "$TMPD/w")"

# script_error WANT LINE...: a script of these lines (after a title) fails
# with status 2, nothing on stdout, one line on stderr: "specdec: FILE:N: WANT".
script_error() {
	want=$1
	shift
	printf 'title t\n' >"$TMPD/bad.lesson"
	for l in "$@"; do
		printf '%s\n' "$l" >>"$TMPD/bad.lesson"
	done
	"$SPECDEC" --lesson "$TMPD/bad.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" = 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l <"$TMPD/err")" = 1 ] &&
	    grep -qF -- "specdec: $TMPD/bad.lesson:$want" "$TMPD/err"; then
		ok 0 "script error: $want"
	else
		ok 1 "script error: exit $rc, got '$(cat "$TMPD/err")', want '$want'"
	fi
}
script_error "2: unknown directive 'tittle'" "tittle x"
script_error "2: no option 'gama'" "set gama 4"
script_error "2: --gamma: '40' is not an integer from 1 to 32" "set gamma 40"
script_error "3: --target-alpha and --noise both set the draft noise" "set noise 0.5" \
    "set target-alpha 0.5"
script_error "2: a lesson cannot set --record" "set record x.cast"
script_error "2: --gamma was not set" "unset gamma"
script_error "2: no figure 'tokens_per_step'" "check tokens_per_step 3 1"
script_error "2: check alpha: 'x' is not a number" "check alpha x 1"
script_error "2: keys: 'q' is not a key a lesson may press" "keys n q"
script_error "2: wait N steps, or wait S s" "wait many"
script_error "2: choice outside an ask" "choice a <1 x"
script_error "5: answer 'c' is none of the choices" "ask q?" "choice a <1 x" \
    "choice b >1 y" "answer c"
script_error "2: choices a and b overlap" "ask q?" "choice a <2 x" "choice b 1..3 y" \
    "answer a" "figure alpha"
script_error "2: an ask needs the figure that settles it" "ask q?" "choice a <1 x" \
    "choice b >1 y" "answer a" "chapter next"
script_error "3: choice a: '1..1' is not a range" "ask q?" "choice a 1..1 x"
script_error "2: pair P... / Q... [/ LABEL...]: as many weights" "pair 0.5 0.5 / 1"
script_error "2: pair: 'x' is not a weight" "pair 0.5 x / 1 0"
script_error "3: --noise does not apply to --replay" "set noise 0.3" "pair 1 1 / 1 1"
script_error "2: pair: the target's weights are all zero" "pair 0 0 / 1 2"
script_error "2: pair: the draft's weights sum to infinity" "pair 1 2 / 1e308 1e308"
# Errors found when a set line's source is opened: at the line, before the
# lesson prints anything, though lines that print come first.
before="chapter a|wait 10 steps|check alpha 0.5 1"
IFS='|'
script_error "5: pair: the target's weights are all zero" $before "pair 0 0 / 1 2"
script_error "5: $TMPD/no-such.lm:" $before "set lm $TMPD/no-such.lm"
script_error "5: $TMPD/bad.lesson:1:1: entry 1: 'title' is not a number" $before \
    "set replay $TMPD/bad.lesson"
script_error "6: $TMPD/no-such.txt: " $before "set source ngram" \
    "set corpus $TMPD/no-such.txt"
unset IFS
# The live view refuses it too, before it looks for a terminal.
"$SPECDEC" --lesson "$TMPD/bad.lesson" </dev/null >"$TMPD/out" 2>"$TMPD/err"
is "$? $(sed 's/^specdec: \([^:]*:[0-9]*\): .*/\1/' "$TMPD/err")" "2 $TMPD/bad.lesson:6" \
    "the live view: the same line, before the terminal is looked at"
printf 'chapter no title\n' >"$TMPD/nt.lesson"
"$SPECDEC" --lesson "$TMPD/nt.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
is "$? $(cat "$TMPD/err")" "2 specdec: $TMPD/nt.lesson:1: no title line" "no title: line 1"

# A pair line: its files are the lesson's own, gone when it ends.
mkdir "$TMPD/tmp"
cat >"$TMPD/pair.lesson" <<'LESSON'
title One pair
pair 0.5 0.2 0.1 0.1 0.1 / 0.2 0.1 0.6 0.1 0 / the cat sat on mat
wait 3000 steps
check alpha_overlap 0.5 1e-9 .2 + .1 + .1 + .1 + 0
LESSON
TMPDIR="$TMPD/tmp" "$SPECDEC" --lesson "$TMPD/pair.lesson" --batch >"$TMPD/out" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q "alpha_overlap 0.5, want 0.5 +- 1e-09: pass" "$TMPD/out" &&
    [ -z "$(ls "$TMPD/tmp")" ]
ok $? "a pair line: overlap 0.5 exactly, its files removed (rc $rc)" \
    "$(cat "$TMPD/out"; ls "$TMPD/tmp")"

# Text from the file reaches the terminal escaped: the file's name, its title
# and its chapters carry ESC, an OSC sequence and BEL.
esc=$(printf '\033')
bel=$(printf '\007')
cat >"$TMPD/e${esc}[2J.lesson" <<LESSON
title Title ${esc}]0;pwned${bel} ${esc}[31mred
chapter Chapter ${esc}[2Jcleared
wait 10 steps
check alpha 0.5 0.5
LESSON
"$SPECDEC" --lesson "$TMPD/e${esc}[2J.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
rc=$?
! LC_ALL=C grep -q "$(printf '[\001-\010\016-\037\177]')" "$TMPD/out" && [ "$rc" = 0 ] &&
    grep -qxF "lesson $TMPD/e\x1b[2J.lesson: Title \x1b]0;pwned\x07 \x1b[31mred" "$TMPD/out" &&
    grep -qxF 'line 2    chapter Chapter \x1b[2Jcleared' "$TMPD/out"
ok $? "the lesson's name, title and chapter are printed escaped (rc $rc)" \
    "$(od -c "$TMPD/out" | head -n 8)"

# A lesson of 100,000 chapter lines (1 MB, the largest file taken): run whole,
# in bounded memory (a set line's options are kept by set lines alone). Peak
# memory is measured only without the sanitizers, whose shadow memory counts.
{ echo "title Long"; yes "chapter x" | head -n 100000; } >"$TMPD/long.lesson"
if [ -x /usr/bin/time ] && ! grep -qa __asan_init "$SPECDEC"; then
	kib=$(/usr/bin/time -f %M "$SPECDEC" --lesson "$TMPD/long.lesson" --batch \
	    2>&1 >"$TMPD/out" | tail -n 1)
	[ "$(wc -l <"$TMPD/out")" = 100002 ] &&
	    [ "$(tail -n 1 "$TMPD/out")" = "0 checks, 0 answers: all verified" ]
	ok $? "100,000 chapter lines: each printed, then the summary"
	within "$kib" 0 150000 "100,000 chapter lines run within 150 MB (KiB)"
else
	skip "peak memory of a long lesson: no /usr/bin/time, or a sanitizer build"
	skip "peak memory of a long lesson: no /usr/bin/time, or a sanitizer build"
fi
rm -f "$TMPD/long.lesson"
# Each set line keeps the options it makes: 1000 changes are taken, the next
# is refused at its line.
{ echo "title Sets"; yes "set seed 1" | head -n 999; echo "pair 1 1 / 1 1"; } \
    >"$TMPD/sets.lesson"
"$SPECDEC" --lesson "$TMPD/sets.lesson" --batch >"$TMPD/out" 2>&1
is "$? $(tail -n 1 "$TMPD/out")" "0 0 checks, 0 answers: all verified" \
    "999 set lines and a pair: 1000 changes of the options, taken"
echo "chapter and labels" >>"$TMPD/sets.lesson"
sed -i 's/^pair 1 1 \/ 1 1$/pair 1 1 \/ 1 1 \/ a b/' "$TMPD/sets.lesson"
"$SPECDEC" --lesson "$TMPD/sets.lesson" --batch >"$TMPD/out" 2>"$TMPD/err"
is "$? $(cat "$TMPD/out" "$TMPD/err")" \
    "2 specdec: $TMPD/sets.lesson:1001: more than 1000 changes of the options (set, unset, pair)" \
    "a pair with labels after 999 set lines: the 1001st change refused at its line"

usage_error "no-such-lesson" --lesson "$TMPD/no-such-lesson" --batch
usage_error "--lesson --batch runs the lesson's own steps" --lesson gamma --batch --json
usage_error "--record only applies to the live view" --record "$TMPD/x.cast" --batch
usage_error "the recording's name must end in .cast" --record "$TMPD/x.txt"
usage_error "--record $TMPD: the recording's name" --record "$TMPD"
usage_error "No such file or directory" --record "$TMPD/no/dir/x.cast"
usage_error "$TMPD/bad.lesson:" --lesson "$TMPD/bad.lesson" --record "$TMPD/y.cast"
[ ! -e "$TMPD/y.cast" ]
ok $? "a script error: no recording made"
# A good name without a terminal: refused, and the file it made taken back.
"$SPECDEC" --record "$TMPD/z.cast" </dev/null >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" = 2 ] && grep -q "not a terminal" "$TMPD/err" && [ ! -e "$TMPD/z.cast" ]
ok $? "--record without a terminal: exit 2, no file left (rc $rc)" "$(cat "$TMPD/err")"

done_testing
