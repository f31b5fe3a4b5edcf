#!/bin/sh
# tui.sh: the live view, driven in a detached tmux at a fixed size. Keys go in
# with send-keys; the screen comes back with capture-pane and is checked for the
# values that must be there. TAP output; needs tmux (.ci/run installs it).
# Checked: the header after each key, a paused n advancing one step, the step
# detail and selection, the legend, the help overlay, resizing below 72x20 and
# back, the terminal restored after q, Ctrl-C and each signal with its exit
# status, no CPU while paused, NO_COLOR and the C locale, no tty and TERM=dumb
# refused, key latency at a large vocabulary, long rows and clipped labels.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# --- without a terminal ------------------------------------------------------
"$SPECDEC" </dev/null >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 2 ]
ok $? "no tty: exit 2 (got $rc)"
[ "$(wc -l <"$TMPD/err")" -eq 1 ] && grep -q -- "--batch" "$TMPD/err"
ok $? "no tty: one stderr line pointing to --batch" "$(cat "$TMPD/err")"
[ ! -s "$TMPD/out" ]
ok $? "no tty: nothing drawn on stdout"

# --- bad values of the live-view options ----------------------------------------
for bad in "frames 0" "frames 1e3" "duration 0" "duration 86401" "rate 0.5" "rate 2e6" \
    "rate fast"; do
	set -- $bad
	"$SPECDEC" "--$1" "$2" </dev/null >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	[ "$rc" -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
	    grep -q -- "--$1: '$2' is not .*[0-9]" "$TMPD/err"
	ok $? "--$1 $2: exit 2 ($rc), one line naming the option and its range" \
	    "$(cat "$TMPD/err")"
done
"$SPECDEC" --batch --rate 5 >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "only applies to the live view" "$TMPD/err"
ok $? "--rate with --batch: exit 2 ($rc)" "$(cat "$TMPD/err")"

# --- a bounded run ends by itself --------------------------------------------
view b 80 24 "--rate 100 --frames 5; echo EXIT=\$?"
check b "EXIT=0" "--frames 5 exits 0 by itself"
run b "'$SPECDEC' --duration 0.3; echo EXIT=\$?"
check b "EXIT=0
" "--duration 0.3 exits 0 by itself"
$T kill-session -t b

# --- the full view at 80x24, UTF-8 -------------------------------------------
start u 80 24 LC_ALL=C.UTF-8
run u "clear; echo BEFORE-MARKER; '$SPECDEC' --paused; echo EXIT=\$?"
check u "step 0" "paused view starts at step 0"
s=$(screen u)
for want in "α̂ – accepted/tested  α – overlap" "tok/step –  closed form –" "TV –  χ² p –" \
    "speculative –" "speedup – (no data yet)" "● α –  no data yet"; do
	printf '%s\n' "$s" | grep -qF -- "$want"
	ok $? "no steps yet: '$want', not a measured 0" "$s"
done
! printf '%s\n' "$s" | grep -q "pass\|fail\|0\.000\|0\.00x"
ok $? "no steps yet: no pass/fail mark, no 0.000 or 0.00x" "$s"
for want in "γ=4" "noise=0.30" "V=20" "seed=0" "paused" "token stream" "statistics" \
    "speedup vs γ (c=0.1)" "cost model" "accepted [rejected]→residual +bonus" "? help" \
    "q quit"; do
	printf '%s\n' "$s" | grep -qF -- "$want"
	ok $? "80x24 shows '$want'" "$s"
done
keys u n
check u "step 1" "n advances to step 1"
sleep 0.3
s=$(screen u)
printf '%s\n' "$s" | grep -q "step 1\$" && printf '%s\n' "$s" | grep -qF "steps 1  tokens"
ok $? "paused n advanced exactly one step" "$s"
printf '%s\n' "$s" | grep -q "TV [0-9.e-]* (chance [0-9.e-]*)\|TV [0-9.e-]* (~[0-9.e-]*)"
ok $? "TV shown with its noise floor at this sample size" "$s"
printf '%s\n' "$s" | grep -qF "step 1 (newest)\|step 1, residual mass"
printf '%s\n' "$s" | grep -q "step 1[ ,].*residual mass"
ok $? "step detail shows step 1 with its residual mass" "$s"
for row in "p/q" "u<p/q"; do
	printf '%s\n' "$s" | grep -q "│ $row "
	ok $? "step detail has its '$row' row" "$s"
done
keys u n n
check u "step 3" "two more n: step 3"
keys u k
check u "step 2, residual mass" "k selects the step before for the detail"
keys u Down
check u "step 3, residual mass" "Down selects the newer one again"
keys u +
check u "γ=5" "+ raises gamma to 5 in the header"
check u "segment 2" "+ starts a new statistics segment"
keys u -
check u "γ=4" "- lowers gamma back to 4"
keys u "]"
check u "noise=0.40" "] raises noise by 0.1"
keys u "}"
check u "noise=0.41" "} raises noise by 0.01"
keys u "[" "{"
check u "noise=0.30" "[ and { lower it back to 0.30"
keys u s
check u "seed=1" "s moves to seed 1"
keys u t D
check u "T 5 ms" "t lowers the target cost to 5 ms"
check u "D 1.25 ms" "D raises c from 0.2 to 0.25: the draft cost to 1.25 ms"
keys u n r
check u "steps 0  tokens 0" "r resets the statistics"
check u "tok/step –  closed form –" "after r the figures show no data, not 0.00"
keys u "?"
check u "┌─ keys " "? opens the help overlay on its keys"
check u "pause or resume" "the overlay lists the keys"
s=$(screen u)
printf '%s\n' "$s" | grep -qF "noise +0.01, new segment"
ok $? "} says it starts a new segment" "$s"
printf '%s\n' "$s" | grep -A1 "│ t  *target cost down" | grep -q "│ T  *target cost up"
ok $? "the overlay keeps t and T in one column" "$s"
keys u x
wait_gone u "┌─ keys "
ok $? "any key closes the help" "$(screen u)"
keys u Space
check u " 20 steps/s" "space resumes at 20 steps/s"
check u "TV 0." "running, TV has a value again"
keys u ">"
check u " 50 steps/s" "> goes faster"
keys u "<" "<"
check u " 10 steps/s" "< goes slower"
keys u Space
check u "paused" "space pauses again"

# --- resizes -------------------------------------------------------------------
$T resize-window -t u -x 40 -y 10
check u "terminal too small (need 72x20)" "40x10 shows the too-small message"
$T resize-window -t u -x 80 -y 24
check u "token stream" "back at 80x24 the full view returns"
s=$(screen u)
! printf '%s\n' "$s" | grep -qF "too small"
ok $? "no too-small message after enlarging" "$s"
$T resize-window -t u -x 120 -y 40
check u "per-step mean" "120x40 uses the room (extra statistics line)"
check u "SGLang len" \
    "120x40 shows the serving systems' figures under their names"
$T resize-window -t u -x 80 -y 24
wait_gone u "per-step mean"
ok $? "back at 80x24 the extra line goes"

# --- q restores the terminal --------------------------------------------------
keys u q
check u "EXIT=0" "q exits 0"
check_restored u "after q"
$T kill-session -t u

# --- Ctrl-C, SIGTERM and SIGHUP restore it too; so does a crash signal ----------
for how in C-c TERM HUP SEGV; do
	start "s$how" 80 24 LC_ALL=C.UTF-8
	run "s$how" "clear; echo BEFORE-MARKER; sh -c 'echo \$\$ > $TMPD/pid; exec \"\$0\"'"\
" '$SPECDEC'; echo EXIT=\$?"
	wait_for "s$how" "token stream"
	ok $? "view up before $how"
	case $how in
	C-c) keys "s$how" C-c; want=0 ;;
	TERM) kill -TERM "$(cat "$TMPD/pid")"; want=143 ;;
	HUP) kill -HUP "$(cat "$TMPD/pid")"; want=129 ;;
	SEGV) kill -SEGV "$(cat "$TMPD/pid")"; want=139 ;;
	esac
	check "s$how" "EXIT=$want" "$how: exit status $want"
	check_restored "s$how" "after $how"
	$T kill-session -t "s$how"
done

# --- no busy loop: paused, the process sleeps in wgetch --------------------------
# cpu_ticks PID: user + system clock ticks so far (fields 14 and 15 of stat).
cpu_ticks() {
	sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}
if [ -r /proc/self/stat ]; then
	start p 80 24 LC_ALL=C.UTF-8
	run p "sh -c 'echo \$\$ > $TMPD/pid; exec \"\$0\" --paused' '$SPECDEC'"
	wait_paused p
	pid=$(cat "$TMPD/pid")
	sleep 0.5	# the first frames' figures (slow under the sanitizers) settle
	t0=$(cpu_ticks "$pid")
	sleep 2
	t1=$(cpu_ticks "$pid")
	[ $((t1 - t0)) -le 4 ]
	ok $? "paused for 2 s: at most 4 clock ticks of CPU, 2% of a core (used $((t1 - t0)))"
	end_view p
else
	skip "no /proc to measure CPU time"
fi

# --- colours: none under NO_COLOR, some without it -----------------------------
colour_sgr() {
	$T capture-pane -p -e -t "$1" |
	    grep -c "$(printf '\033')\[\([0-9;]*;\)\?\(3[0-8]\|4[0-8]\|9[0-7]\|10[0-7]\)[m;]"
}
view c 80 24 "--rate 200"
wait_for c "accepted [rejected]" && sleep 0.3
got=$(colour_sgr c)
[ "$got" -gt 0 ]
ok $? "colour escapes without NO_COLOR (lines with colour: $got)"
$T kill-session -t c
start m 80 24 LC_ALL=C.UTF-8 NO_COLOR=1
run m "'$SPECDEC' --rate 200"
wait_for m "accepted [rejected]" && sleep 0.3
got=$(colour_sgr m)
[ "$got" -eq 0 ]
ok $? "no colour escapes under NO_COLOR=1 (lines with colour: $got)" \
    "$($T capture-pane -p -e -t m | cat -v | head -5)"
s=$(screen m)
printf '%s\n' "$s" | grep -qF "[rejected]" && printf '%s\n' "$s" | grep -qF "+bonus"
ok $? "NO_COLOR keeps the symbols of the legend" "$s"
$T kill-session -t m

# --- ASCII when the locale is not UTF-8 ----------------------------------------
start a 80 24 LC_ALL=C
run a "'$SPECDEC' --paused"
check a "gamma=4" "C locale: gamma spelt out"
check a "accepted [rejected]->residual +bonus" "C locale: ASCII legend"
keys a n
check a "overlap" "C locale: the overlap alpha keeps its name"
s=$(screen a)
! printf '%s\n' "$s" | LC_ALL=C grep -q '[^ -~]'
ok $? "C locale: only ASCII on screen" "$s"
$T kill-session -t a

# --- TERM=dumb: refused before anything is written ----------------------------
start d 80 24 LC_ALL=C.UTF-8
run d "clear; echo BEFORE-MARKER; TERM=dumb '$SPECDEC' 2>$TMPD/err; echo EXIT=\$?"
check d "EXIT=2" "TERM=dumb: exit 2"
[ "$(wc -l <"$TMPD/err")" -eq 1 ] && grep -q "TERM=dumb" "$TMPD/err" &&
    grep -q -- "--batch" "$TMPD/err"
ok $? "TERM=dumb: one stderr line naming TERM and pointing to --batch" "$(cat "$TMPD/err")"
s=$(screen d)
[ "$(printf '%s\n' "$s" | grep -A1 BEFORE-MARKER | tail -n 1)" = "EXIT=2" ]
ok $? "TERM=dumb: nothing written to the terminal" "$s"
check_restored d "after TERM=dumb"
$T kill-session -t d

# --- a slow step (V=262144): keys answer, the header shows the rate achieved -----
view v 80 24 "--vocab 262144 --rate 50000"
check v " of 50000 steps/s" "V=262144 at 50000/s: the header shows the rate achieved"
ms() { date +%s%N | sed 's/......$//'; }
if [ "$(ms)" -gt 0 ] 2>/dev/null; then
	t0=$(ms)
	keys v +
	i=0
	while [ "$i" -lt 250 ] && ! screen v | grep -qF "γ=5"; do
		sleep 0.02
		i=$((i + 1))
	done
	dt=$(($(ms) - t0))
	# a sanitizer build runs a step at this V several times slower
	limit=500
	grep -q -a -e __asan_init -e __tsan_init "$SPECDEC" && limit=2000
	[ "$dt" -lt "$limit" ]
	ok $? "V=262144: + shows within $limit ms (took $dt ms, tmux polling included)"
else
	skip "no millisecond clock"
fi
keys v ">" ">" ">" ">" ">" ">" ">" ">"
i=0	# the long form or, when the header is short of room, the short one
while [ "$i" -lt 50 ] && ! screen v | head -n 1 | grep -Eq 'running max \(|  max [0-9.e+]+/s'; do
	sleep 0.1
	i=$((i + 1))
done
screen v | head -n 1 | grep -Eq 'running max \(|  max [0-9.e+]+/s'
ok $? "V=262144 at max: the header shows the rate achieved" "$(screen v)"
end_view v

# --- one step/s, the grammar ------------------------------------------------------
view o 80 24 "--rate 1"
check o " 1 step/s " "1 step/s, not 1 steps/s"
end_view o

# --- gamma 32 at 80x24: stream rows keep their ending; histogram reaches 33 -------
view w 80 24 "--gamma 32 --paused"
check w "γ=32" "gamma 32 view up"
keys w n n n n n n n n
check w "steps 8 " "gamma 32: eight steps"
s=$(screen w)
rows=$(printf '%s\n' "$s" | grep -cE '^│ +[0-9]+ ')
ends=$(printf '%s\n' "$s" | grep -cE '^│ +[0-9]+ .*(\]→[^ │]+|\+[^ │]+) *││')
[ "$rows" -ge 6 ] && [ "$ends" -eq "$rows" ]
ok $? "gamma 32: every stream row shows its ending ($ends of $rows)" "$s"
printf '%s\n' "$s" | grep -qE '^│ +[0-9]+ [^│]* … [^│]*(\]→|\+)'
ok $? "gamma 32: a long row elides the middle with …" "$s"
printf '%s\n' "$s" | grep -qE '│ tok/step 1 .* 33 *│$'
ok $? "gamma 32: the histogram's axis runs from 1 to 33" "$s"
end_view w

# --- long labels are clipped with an ellipsis, never to a shorter token ----------
view l 80 24 "--vocab 262144 --paused"
keys l n n n n n n
check l "steps 6 " "V=262144: six steps"
s=$(screen l)
printf '%s\n' "$s" | grep -qE '^│ token .*[0-9]…'
ok $? "V=262144: a 7-column label ends in … in the step detail" "$s"
! printf '%s\n' "$s" | grep -E '^│ token' | grep -qE ' \+[0-9]{5} | \[[0-9]{4}[ ]'
ok $? "V=262144: no clipped label passes for a shorter id" "$s"
end_view l

# --- the cost pane at extreme costs; a slowdown says so --------------------------
view k 80 24 "--target-ms 0.001 --draft-ms 1e6 --paused"
check k "c 1e+09" "T 0.001 ms, D 1e6 ms: c 1e+09, in full"
check k "target-only 1e+06" "... and the target-only rate 1e+06 tok/s"
keys k n
check k "slowdown " "a slowdown is named a slowdown"
quit k
run k "'$SPECDEC' --target-ms 1e6 --paused"
check k "target-only 0.001" "T 1e6 ms: target-only 0.001 tok/s, not 0"
end_view k

# --- the real sources in the view -------------------------------------------------
printf '# vocab 4\n0.5 0.3 0.1 0.1\n0.25 0.25 0.25 0.25\n' >"$TMPD/replay.txt"
view r 80 24 "--replay '$TMPD/replay.txt' --paused"
check r "specdec  replay replay.txt  γ=4  V=4" "replay: the header names the source instead of a noise"
keys r n
check r "step 1 " "replay: n steps"
keys r "]"
sleep 0.3
s=$(screen r)
printf '%s\n' "$s" | grep -qF "segment 1" && printf '%s\n' "$s" | grep -qF "steps 1 "
ok $? "replay: ] has no noise to change, the segment goes on" "$s"
end_view r
view g 100 30 "--source ngram --paused"
check g "noise=0.00  V=" "ngram: the view opens on the built-in corpus, with no extra draft noise"
press g n "step 1 " "no steps yet"
ok $? "ngram: n steps once" "$(screen g)"
s=$(screen g)
printf '%s\n' "$s" | grep -qE '^.{1,3}[ ]+1 [[:alpha:],.;]'
ok $? "ngram: the stream shows words" "$s"
end_view g

# --- verification rules: v and V cycle them, each a new segment ----------------
view w 80 24 "--paused"
check w "seed=0  standard" "the header names the default rule"
keys w n
check w "step 1 " "a step under the standard rule"
keys w v
check w "verifier=block" "v: the next rule, block"
check w "measured only" "block: the closed form reads measured only"
check w "segment 2" "and a new segment"
# The chain rules in the table's order (a tree rule refuses a chain run), from
# --verifier's choices: V from standard reaches the last, then the one before.
rules=$("$SPECDEC" --help | sed -n '/--verifier RULE/,/default standard)/p' | tr -d ' \n' |
    sed 's/.*(//; s/,default.*//; s/|/ /g')
chain=$(for r in $rules; do
	"$SPECDEC" --batch -n 1 --verifier "$r" >/dev/null 2>&1 && echo "$r"
done)
last=$(printf '%s\n' "$chain" | tail -n 1)
before=$(printf '%s\n' "$chain" | tail -n 2 | head -n 1)
keys w V V
check w "$last" "V twice: back past standard to the last chain rule ($last)"
keys w V
check w "$before" "V: the rule before it ($before)"
end_view w

# --- schedules: a cycles them, each a new segment; rows show each step's gamma ---
view a 100 30 "--paused --gamma 3"
check a "verifier=standard" "the header before a schedule"
keys a a
check a "standard  heuristic" "a: the header names the heuristic schedule"
check a "segment 2" "a: a new segment"
keys a n n n
check a "paused   step 3" "three heuristic steps"
check a "mean γ" "the statistics show the mean gamma"
screen a | grep -Eq ' [0-9]+ γ[0-9]+  '
ok $? "each stream row shows its step's gamma" "$(screen a)"
keys a a
check a "standard  draft-p-min" "a: then llama.cpp's draft-p-min schedule"
keys a a
check a "standard  confidence" "a: then Hugging Face's confidence schedule"
keys a a
wait_gone a "confidence"
ok $? "a: and back to constant, named nowhere" "$(screen a)"
end_view a

# --- drafts after a rejection stay in the step detail, marked "unchkd" ----------
view x 100 30 "--seed 1 --noise 2 --paused"
keys x n
check x "reject resid  unchkd" "step detail: the draft after the rejection shows, unchecked"
end_view x

done_testing
