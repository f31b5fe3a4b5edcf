#!/bin/sh
# panes.sh: the live view's explanatory panes, driven in a detached tmux: speedup
# against gamma with the optimum (against --theory's), "don't speculate" when
# every gamma is a slowdown, the distributions of a replayed fixed pair (alpha
# equal to the batch figure, the output's shares, the rule's exact output, the
# lenient rule's beside p), p cycling the lower-right
# pane at 80x24, every pane at once at 120x40, the timeline, slow motion stage
# by stage with the unchecked drafts, the C locale with NO_COLOR, and the
# distributions' numbers rounded, not cut. TAP.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"

# shows SCREEN STRING DESCRIPTION: a test point that the captured screen has the
# fixed string; matches SCREEN REGEX DESCRIPTION: the same for a basic regex.
shows() {
	printf '%s\n' "$1" | grep -qF -- "$2"
	ok $? "$3" "$1"
}

matches() {
	printf '%s\n' "$1" | grep -q -- "$2"
	ok $? "$3" "$1"
}

# five_steps NAME COLS LINES ENV DESCRIPTION ARGS: a session NAME of COLS x LINES
# with the variables ENV, running specdec --paused ARGS and stepped five times;
# a test point that step 5 shows.
five_steps() {
	start "$1" "$2" "$3" $4
	run "$1" "'$SPECDEC' --paused $6"
	keys "$1" n n n n n
	check "$1" "step 5" "$5"
}

# One fixed pair over 5 tokens: overlap .2 + .1 + .1 + .1 + 0 = 0.5.
printf '# one pair\n0.5 0.2 0.1 0.1 0.1\n0.2 0.1 0.6 0.1 0.0\n' > "$TMPD/one"

# --- a replayed fixed pair at 80x24, UTF-8 ----------------------------------------
"$SPECDEC" --batch --replay "$TMPD/one" --steps 2000 --seed 1 > "$TMPD/batch"
overlap=$(sed -n 's/^alpha .*overlap \([0-9.]*\) per step.*/\1/p' "$TMPD/batch")
best=$("$SPECDEC" --theory --cost-ratio 0.1 --gamma-max 32 |
    awk '$1 == "0.500" && $NF == "*" { print $2 }')
[ "$overlap" = "0.5000" ] && [ "$best" = 2 ]
ok $? "batch: the pair's overlap is 0.5000 ($overlap), theory's optimum gamma 2 ($best)"

view r 80 24 "--paused --replay '$TMPD/one' --seed 1"
check r "speedup vs γ (c=0.1)" "80x24: the speedup pane is the default lower-right view"
keys r n n n n n
check r "step 5" "five steps"
keys r p p
check r "distributions, step 5 pos" "p p: the distributions pane"
s=$(screen r)
shows "$s" "α 0.500 here" \
    "distributions: this position's alpha 0.500, the batch figure ($overlap)"
matches "$s" "token .* p   q res out" "a fixed pair: the output's share column (out)"
matches "$s" "│ 2 .* \.10 \.60 " "token 2: p .10, q .60 in its row"
shows "$s" "rule TV 0.000 from p, out 0." \
    "one pair, the standard rule: its exact output is p (no rul column)"
keys r Left Left Left Left Left Left
check r "pos 1/" "Left: the step's first position"
keys r p
check r "timeline (one wall clock)" "p: the timeline"
s=$(screen r)
matches "$s" "│ target [Tt]" "timeline: the target-only lane"
matches "$s" "│ spec   [dxV]" "timeline: the speculative lane"
matches "$s" "tok: [0-9.]* vs [0-9.]* ms\|tok: target [0-9.]* ms" \
    "timeline: what each lane took, in whole numbers"
cycle_to r p "speedup vs γ (c=0.1)"
ok $? "p: round to the speedup again" "$(screen r)"
s=$(screen r)
shows "$s" "▲ best γ 2 (1.46x)" \
    "speedup: the optimum is theory's (gamma $best, 1.46x), at the overlap alpha"
printf '%s\n' "$s" | grep -q "α \.50 overlap" &&
    printf '%s\n' "$s" | awk '/  │.*▲/ { seen = 1 } / 1x│/ { good = seen } END { exit !good }'
ok $? "speedup: the overlap alpha named, the optimum marked above the 1x line" "$s"
matches "$s" "[x ]│[^│]*◆" "speedup: the measured point drawn"
keys r p
check r "E[tok/step] vs γ" "p: the tokens-per-step curves"
s=$(screen r)
shows "$s" "α : .3  + .5  × .7  o .9" "curves named by glyph and legend, not digits"
$T kill-session -t r

# --- every gamma a slowdown ------------------------------------------------------
view d 80 24 "--paused --noise 3 --target-ms 1 --draft-ms 1"
keys d n n n n n n
check d "don't speculate (1.00x)" "c = 1: \"don't speculate (1.00x)\", no gamma offered"
! screen d | grep -q "▲"
ok $? "don't speculate: no optimum marked" "$(screen d)"
$T kill-session -t d

# --- slow motion ----------------------------------------------------------------
view m 80 24 "--paused --seed 9"
check m "step 0" "paused at step 0"
keys m m
check m "the draft proposes token 1 of 4" "m: the draft proposes its first token"
check m "slow motion: step 1, stage 1/10" "slow motion of step 1, in 10 stages"
check m "distributions, step 1" "the distributions pane in view"
check m "q only: not scored yet" "distributions: q alone while the draft proposes"
wait_for m "stage 2/10"
ok $? "the next stage comes by itself" "$(screen m)"
keys m space
# m one stage at a time, each press waited for, so none piles up on a loaded
# machine and overshoots
i=0
while [ $i -lt 8 ] && ! screen m | grep -qF "the target scores all 4 in one forward"; do
	at=$(screen m | sed -n 's/.*stage \([0-9]\)\/10.*/\1/p' | head -n 1)
	if [ -n "$at" ] && [ "$at" -lt 10 ]; then
		press m m "stage $((at + 1))/10" "stage $at/10"
	else
		keys m m
		sleep 0.2
	fi
	i=$((i + 1))
done
check m "stage 5/10" "m, stage by stage: the target scores the drafts at stage 5"
sleep 2
screen m | grep -qF "stage 5/10"
ok $? "stopped: stage 5 stays without a key" "$(screen m)"
keys m m
check m "check 1: u 0.921 >= p/q 0.684, reject" "m: the check of position 1"
check m "the u 0.92 ≥ 0.68 reject" "distributions: u against p/q at the check"
for k in 7 8 9 10; do
	press m m "stage $k/10" "stage $((k - 1))/10"
done
check m "reject at 1: in from residual" "m: the rejection and the residual"
s=$(screen m)
[ "$(printf '%s\n' "$s" | grep -o "unchkd" | wc -l)" -eq 3 ]
ok $? "the three drafts after the rejection stay, not checked" "$s"
shows "$s" "reject→in" "distributions: the residual's token after the rejection"
keys m m
check m "slow motion: step 2, stage 1/" "m after the last stage: the next step"
$T kill-session -t m

# --- 120x40: all at once ---------------------------------------------------------
five_steps w 120 40 "LC_ALL=C.UTF-8" "120x40: five steps" "--seed 5"
s=$(screen w)
for want in "speedup vs γ (c=0.1)" "distributions, step 5 pos" "timeline (one wall clock)" \
    "step 5, residual mass" "token stream" "statistics" "cost model"; do
	shows "$s" "$want" "120x40 shows '$want' at once"
done
keys w p
check w "E[tok/step] vs γ" "120x40: p switches the curves"
s=$(screen w)
shows "$s" "distributions, step 5" "120x40: the distributions stay"
shows "$s" "timeline (one wall clock)" "120x40: the timeline stays"
$T kill-session -t w

# --- ASCII, no colour ------------------------------------------------------------
five_steps a 80 24 "LC_ALL=C NO_COLOR=1" "C locale: five steps" \
    "--replay '$TMPD/one' --seed 1"
s=$(screen a)
shows "$s" "^ best gamma 2 (1.46x)" "C locale: the optimum named in the legend"
matches "$s" "  |o*^" "C locale: the optimum marked ^ on its curve"
matches "$s" "o alpha \.50 overlap \* alpha^ \.[0-9][0-9] |" \
    "C locale: the curves' legend"
keys a p p
check a "distributions, step 5" "C locale: the distributions"
s=$(screen a)
shows "$s" "token  #min +" "C locale: the bars' legend in ASCII"
matches "$s" "| 2 .*#.*-" "C locale: bars in # and -"
! printf '%s\n' "$s" | grep -q "nan\|inf"
ok $? "no NaN or inf on screen" "$s"
$T kill-session -t a

# --- the lenient rule on the fixed pair: its exact output beside p ----------------
# L = 0.5, gamma 4: accepted mass min(q, 2p), sum 0.6; residual max(0, p - q/2);
# by hand, the output (.433 .187 .194 .127 .060), TV 0.1213 from p.
view l 80 24 "--paused --replay '$TMPD/one' --seed 1 --verifier lenient"
keys l n n n n n p p
check l "distributions, step 5" "lenient: the distributions"
s=$(screen l)
matches "$s" "token .* p   q res rul out" "a lossy rule: the rule's output column (rul)"
matches "$s" "│ 2 .* \.10 \.60   0 \.19 " "token 2: p .10, the rule's output .19"
shows "$s" "rule TV 0.121 from p, out 0." "and its TV from p under the rows, and the output's from it"
# the step detail explains the rule's own test: u against p/(L q), and the
# replacement's probability under norm(max(0, p - L q)): 0.4 / 0.7 for token 0
shows "$s" "│ p/Lq  0.333  0.333  r0.571" "lenient: the step detail's ratio row is p/(L q)"
shows "$s" "│ test  accept reject resid" "and its verdict row is named test"
# the res column is the rule's own replacement, as in the step detail beside it:
# norm(max(0, p - L q)), token 0 .4 / .7 = .57 (the standard residual's .60)
matches "$s" "│ 0 .* \.50 \.20 \.57 " "lenient: res is norm(max(0, p - Lq)): token 0 .57, as r0.571"
# the statistics name the rule's own acceptance expectation, not the overlap
shows "$s" "α 0.600 sum min(q, p/L)" "lenient: the statistics' alpha is named sum min(q, p/L)"
# v moves to the next rule (typical, no u); a step selected from before it is
# still explained by the rule it ran under
keys l v n
check l "verifier=typical" "v: the next rule, typical"
s=$(screen l)
matches "$s" "│ 0 .* \.50 \.20 \.50 " "typical: res is p itself (token 0 .50)"
shows "$s" "α 0.500 overlap" "typical records the overlap, and says so"
keys l k k
check l "│ p/Lq  " "an older step keeps its own rule's labels (p/Lq)"
$T kill-session -t l

# at 120 columns the distributions' title names the rule's replacement (the
# res column's): p itself under typical
five_steps w 120 30 "LC_ALL=C.UTF-8" "typical at 120x30: five steps" \
    "--replay '$TMPD/one' --seed 1 --verifier typical"
keys w p p
check w "/5, res p ─" \
    "120 columns: the distributions' title names typical's replacement, p"
$T kill-session -t w

# exact-match draws no u: the step detail shows none
five_steps x2 80 24 "LC_ALL=C.UTF-8" "exact-match: five steps" \
    "--replay '$TMPD/one' --seed 1 --verifier exact-match"
s=$(screen x2)
shows "$s" "│ u     -      -" "exact-match: no u in the step detail"
$T kill-session -t x2

# the distributions round to two places, not cut: p .187 shows .19 (.184
# .18, .329 .33), q .415 .42 (.216 .22, .109 .11), the residual .7346 .73
# and .2654 .27
printf '# rounding\n0.187 0.184 0.3 0.329\n0.415 0.216 0.109 0.26\n' > "$TMPD/round"
view rd 80 24 "--paused --replay '$TMPD/round' --seed 1"
check rd "speedup vs γ" "rounding pair: the view is up"
keys rd n
check rd "step 1" "rounding pair: one step"
keys rd p p
check rd "distributions, step 1 pos" "rounding pair: the distributions pane"
s=$(screen rd)
matches "$s" "│ 0 .* \.19 \.42   0 " "token 0: p .187 shows .19, q .415 .42, no residual"
matches "$s" "│ 1 .* \.18 \.22   0 " "token 1: p .184 shows .18, q .216 .22"
matches "$s" "│ 2 .* \.30 \.11 \.73 " "token 2: q .109 shows .11, the residual .7346 .73"
matches "$s" "│ 3 .* \.33 \.26 \.27 " "token 3: p .329 shows .33, the residual .2654 .27"
$T kill-session -t rd

done_testing
