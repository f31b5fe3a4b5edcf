#!/bin/sh
# view.sh: what the live view says, checked on captured screens (tmux, as in
# tui.sh): no number cut without a mark at 72x20 and 80x24, the chi-square with
# nothing tested, the TV noise floor's digits, the residual mass of every step,
# the step detail at gamma 32, keys a source cannot use, the header naming the
# source and keeping the rule's name at 80 columns, the help's figures and panes
# pages, the n-gram text mode and --prompt, the screen
# written to files, and the mouse. TAP output; needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/screen.sh"

# --- no number cut: whole fields dropped or shortened ---------------------------
for size in "72 20 C.UTF-8" "80 24 C" "72 20 C"; do
	set -- $size
	view c "$1" "$2" "$3" -- --rate max --vocab 2 --seed 3
	# 100,000 steps or more: counts of six digits, a noise floor under 0.001
	# (up to 120 s: a sanitizer build on a loaded machine is slow to get there)
	wait_re c "steps [0-9]{6}" 1200
	keys c Space
	wait_for c "paused"
	hasnt c "(χ²|chi2)( p( [0-9](\.[0-9]?)?)?)? *(│|\|)$" \
	    "$1x$2 $3: the chi-square p-value whole or left out, never cut"
	has c "steps [0-9]+( +tok(ens)? [0-9]+( +seg(ment)? [0-9]+)?)? *(│|\|)$" \
	    "$1x$2 $3: the counts line holds whole fields"
	hasnt c "~0(\.0+)?([) ]|$)" "$1x$2 $3: no noise floor rounded to ~0.000"
	[ "$1" -lt 80 ] ||
	    has c "TV [0-9.e-]+ \((chance |~)[0-9.e-]*[1-9][0-9.e-]*\)" \
	    "$1x$2 $3: the noise floor shown with a significant digit"
	unview c
done

# the curve's legend at gamma 32 in ASCII: the ceiling's gamma+1 whole or left out
view a 80 24 C -- --paused --gamma 32 --noise 0.05
keys a n p
has a "\* alpha\^ 1\.00  @ 33\.00" "ASCII, gamma 32: the measured alpha and point in the legend"
hasnt a "gamma\+?( *)\|$" "ASCII, gamma 32: no gamma+1 cut to gamma+"
unview a

# --- the chi-square with nothing tested --------------------------------------------
view z 80 24 C.UTF-8 -- --paused --vocab 1000
keys z n
wait_for z "step 1"
has z "χ² p –( blind( by id)?)? *│$" "0 df: the chi-square shows –, not p 1.00"
hasnt z "χ² p 1\.00" "0 df: no p 1.00"
unview z

# --- the step detail: residual mass either way; gamma 32 numbered and scrolled ---
view g 80 24 C.UTF-8 -- --paused --gamma 32 --noise 0.05
keys g n
wait_for g "step 1"
has g "step 1, residual mass 0\.[0-9]*[1-9][0-9]* at pos 32 " \
    "no rejection: the residual mass of the last tested position, not 0.000"
has g "└─pos….*31(─)+\[32\](─)+33(─)*┘" \
    "positions numbered on the border, 32 selected"
has g "│ q .* -  *│" "the bonus column shows no q"
i=0
while [ $i -lt 40 ]; do
	keys g Left
	i=$((i + 1))
done
wait_for g "at pos 1 "
has g "└─pos(─)+\[1\](─)+2(─)+3─.*…─┘" "Left scrolls back to position 1"
keys g Right Right
has g "step 1, residual mass 0\.[0-9]+ at pos 3 " "Right moves to position 3"
unview g
view r 80 24 C -- --paused --noise 3 --seed 2
keys r n
wait_for r "step 1"
has r "^[|] p/q .* r0\.[0-9]{3} " "the residual column shows r, its probability under the residual"
has r "residual mass 0\.[0-9]{3} at pos [0-9]" "a rejection's residual mass at its position"
unview r

# --- the header names the source; keys a source cannot use ---------------------------
view h 80 24 C.UTF-8 -- --paused
has h "^ specdec  stub  γ=4  noise=0\.30  V=20  seed=0  standard   paused   step 0$" "header names the stub"
unview h
view h 80 24 C.UTF-8 -- --paused --replay "$TESTS_SRCDIR/golden/pairs.txt"
has h "^ specdec  replay pairs\.txt  γ=4  V=8" "header names the replay file"
hasnt h "noise" "replay: no noise in the header or the key bar"
keys h "]"
has h "^ \]: the replay source's draft has no noise to change" \
    "replay: ] says why it does nothing"
unview h
view h 80 24 C.UTF-8 -- --paused --source ngram
has h "^ specdec  ngram \(built-in\) 3/2 T=1  γ=4  noise=0\.00" "header names the n-gram models"
unview h

# --- the rule's name outlasts the seed, the vocabulary, the source and the noise ----
# (80x24; mistake-residual-from-p is the longest rule name)
long=mistake-residual-from-p
view r 80 24 C.UTF-8 -- --paused --source ngram --verifier $long
has r "^ specdec  γ=4  noise=0\.00  $long  paused   step 0$" \
    "80x24 ngram: the rule's name stays whole, the source and the seed go"
unview r
view r 80 24 C.UTF-8 -- --rate 20 --source ngram \
    --verifier $long --schedule heuristic
has r "^ specdec  γ=4  $long  heuristic  [0-9]+ steps/s   step [0-9]+$" \
    "80x24 ngram running, with a schedule: the noise goes before the rule"
unview r
view r 80 24 C.UTF-8 -- --paused --verifier $long --schedule heuristic --seed 12345678901
has r "^ specdec  γ=4  noise=0\.30  $long  heuristic  paused   step 0$" \
    "80x24 stub with a schedule: the rule's name stays, the source goes"
unview r
view r 80 24 C -- --paused --verifier $long
has r "^ specdec  stub  gamma=4  noise=0\.30  $long  paused   step 0$" \
    "80x24 stub, ASCII: the rule's name with the source, the vocabulary goes"
unview r

# --- w writes the screen to two files; a failure says so and the view goes on --------
mkdir "$TMPD/shots"
view w 80 24 C.UTF-8 SPECDEC_SCREENSHOT_DIR="$TMPD/shots" -- --paused
keys w n n w
has w "^ wrote specdec-step2-[0-9]{8}-[0-9]{6}\.txt and \.ansi in /" \
    "w says where the screen went"
txt=$(ls "$TMPD"/shots/specdec-step2-*.txt 2>/dev/null | head -1)
ansi=${txt%.txt}.ansi
[ -n "$txt" ] && grep -q "^ specdec  stub  γ=4 .* step 2$" "$txt" &&
    grep -q "│ steps 2  tokens [0-9]*  segment 1 *││\|steps 2  tokens" "$txt" &&
    [ "$(wc -l <"$txt")" -eq 24 ] && ! grep -q "$(printf '\033')" "$txt"
ok $? "the text file holds the 24 lines of the screen, no escapes" "$(cat "$txt" 2>&1)"
[ -f "$ansi" ] && grep -q "$(printf '\033')\[0;1mspecdec" "$ansi" &&
    [ "$(wc -l <"$ansi")" -eq 24 ]
ok $? "the .ansi file has the same screen with its attributes as escapes"
# Two more presses at once: at least two of the three share a second, so a name
# is taken and the next one gets -1.
keys w w w
i=0
while [ "$i" -lt 100 ] && [ "$(ls "$TMPD"/shots | grep -c '^specdec-step2-.*\.ansi$')" -lt 3 ]; do
	sleep 0.1
	i=$((i + 1))
done
is "$(ls "$TMPD"/shots | grep -c '^specdec-step2-.*\.txt$') $(ls "$TMPD"/shots |
    grep -c '^specdec-step2-.*\.ansi$')" "3 3" "three presses at one step: three pairs of files"
ls "$TMPD"/shots | grep -qE '^specdec-step2-[0-9]{8}-[0-9]{6}-1\.txt$'
ok $? "a name already taken gets -1 ($(ls "$TMPD"/shots | tr '\n' ' '))"
is "$(ls -A "$TMPD"/shots | grep -vc '^specdec-step2-')" 0 "and no temporary is left"
unview w
view f 80 24 C SPECDEC_SCREENSHOT_DIR=/nonexistent/dir -- --paused
keys f w
has f "^ cannot write specdec-step0-[0-9-]*\.txt: the directory /nonex" \
    "a write failure says so on the status line"
keys f n
has f "step 1$" "and the view goes on"
unview f
long=$(printf '%04060d' 0 | tr 0 d)
mkdir -p "$TMPD/$long" 2>/dev/null
view f 80 24 C SPECDEC_SCREENSHOT_DIR="$TMPD/$long" -- --paused
keys f w
has f "^ SPECDEC_SCREENSHOT_DIR is too long \([0-9]* bytes\): the file names in it" \
    "a directory name too long for the files' names is refused, not cut"
unview f
mkdir "$TMPD/small"
start u 80 24 LC_ALL=C SPECDEC_SCREENSHOT_DIR="$TMPD/small"
run u "ulimit -f 1; '$SPECDEC' --paused"
wait_for u "step "
keys u w
has u "^ cannot write specdec-step0-[0-9-]*\.txt: File too large \(in /" \
    "past the file size limit: the message names the file and the reason"
is "$(ls -A "$TMPD/small" | wc -l)" 0 "and no file, partial or temporary, is left"
unview u

# --- the mouse: a click on a step row selects it, the wheel moves the selection ------
# The terminal's own reports (xterm SGR 1006, what ncurses asks of xterm-256color)
# typed into the pane: press and release of button 1, wheel up and down.
view m 80 24 C.UTF-8 -- --paused
keys m n n n n n
wait_for m "step 5, residual"
$T send-keys -t m -l "$(printf '\033[<0;10;6M')"
$T send-keys -t m -l "$(printf '\033[<0;10;6m')"
has m "^┌─ step 3, residual mass" "a click on the row of step 3 selects it for the detail"
$T send-keys -t m -l "$(printf '\033[<64;10;6M')"
has m "^┌─ step 2, residual mass" "the wheel up selects the step before"
$T send-keys -t m -l "$(printf '\033[<65;10;6M')" "$(printf '\033[<65;10;6M')"
has m "^┌─ step 4, residual mass" "the wheel down, twice, two steps newer"
$T send-keys -t m -l "$(printf '\033[<0;10;2M')" "$(printf '\033[<0;10;2m')"
has m "^┌─ step 4, residual mass" "a click on an empty row or the border changes nothing"
keys m Up
has m "^┌─ step 3, residual mass" "and the keys still do it without a mouse"
unview m

# --- the help's page after the keys: what the figures mean ------------------------
for size in "80 24 C.UTF-8" "72 20 C"; do
	set -- $size
	view e "$1" "$2" "$3" -- --paused
	keys e "?"
	wait_for e "? again: "
	cycle_to e "?" "? again: what the figures mean"
	ok $? "$1x$2 $3: the last keys page offers the figures page" "$(screen e)"
	keys e "?"
	has e "\? again: the panes" "$1x$2 $3: ? again opens it"
	for want in "accepted / tested drafts: acceptance as counted" \
	    "alpha\^ leans to steps that tested more; overlap not" \
	    "\(1 - a\^\(gamma\+1\)\) / \(1 - a\) at a = alpha\^" \
	    "the form at each step's own overlap, averaged \(Jensen\)" \
	    "the TV exact sampling shows by chance at these counts" \
	    "per position: each token's rank in its own p \(PIT\)" \
	    "figures since the last change of gamma, noise, r, s"; do
		has e "$want" "$1x$2 $3: the figures page says '$want'"
	done
	has e "\? again: the panes; any other key closes" "$1x$2 $3: the figures page offers the panes"
	keys e "?"
	has e "the panes|panes" "$1x$2 $3: ? once more opens the panes page"
	for want in "header +source, parameters, rule, run state and step" \
	    "token stream +one row per step, tokens in outcome colour and sign" \
	    "text +ngram, cmu: the prompt, then the words as prose" \
	    "slow motion +one step in stages: draft, score, check, finish" \
	    "distributions +p and q at one position: overlap, residual" \
	    "key bar +the main keys for this source; why a key did nothing" \
	    "caption band +--lesson: caption, keys pressed, checks, questions"; do
		has e "$want" "$1x$2 $3: the panes page says '$want'"
	done
	keys e "?"
	wait_gone e "any key closes"
	ok $? "$1x$2 $3: any key, ? too, closes the last page" "$(screen e)"
	unview e
done

# --- the n-gram text mode and --prompt ----------------------------------------------
view x 80 24 C.UTF-8 -- --paused --source ngram --noise 1 \
    --prompt "'the old scribe said'"
keys x e n n n n n n n n
has x "^┌─ text \(e: steps\) ─" "e shows the text"
has x "^│ [^│]*→[^ │]" "a residual word carries its arrow in the text"
# the text box's lines alone: the step pane below it brackets a residual's place
screen x | sed -n '/┌─ text/,/└/p' | grep -qE '\[[a-z]+\]'
ok $((! $?)) "rejected drafts are not part of the text"
has x "^│ accepted →residual \+bonus *│" "the text's legend"
keys x e
has x "^┌─ token stream ─" "e again: back to the steps"
unview x
view x 80 24 C -- --source ngram --rate max
wait_re x "steps [0-9]{4}"
keys x e Space
wait_for x "paused"
has x "^\+- text \(e: steps\) -" "ASCII: the text mode's box"
hasnt x "<unk>" "no <unk> in the text: the vocabulary is not capped"
unview x
view x 80 24 C.UTF-8 -- --paused
keys x e
has x "^ e: only the ngram and cmu sources have words to show as text" "the stub: e says why not"
keys x Y
has x "^ Y: only the cmu source has temperatures to change" "the stub: Y says why not"
unview x

# --- the cmu source: the prompt heads the text; y Y z Z move the temperatures -------
if "$SPECDEC" --batch --source cmu --steps 1 >/dev/null 2>&1; then
	view c 100 30 C.UTF-8 -- --paused --source cmu --prompt "'the united'"
	keys c n n n e
	has c "^│ prompt: the united  *│" "cmu, e: the prompt on the text's first line"
	keys c Y
	has c "cmu en-us.lm.bin 3/2 T=1.25/1 " "Y: the target's temperature x1.25, in the header"
	keys c z
	has c "T=1.25/0.8 " "z: the draft's temperature /1.25"
	keys c Z y
	has c "T=1/1 " "Z and y: back to 1 and 1 exactly"
	unview c
	# At full speed the figures over the vocabulary are made four times a
	# second here; a pause makes them afresh: those of --batch at that step
	# (the noise floor, which falls as 1/sqrt(tokens), to its last digit).
	view m 80 24 C.UTF-8 -- --source cmu --rate max --seed 5
	wait_re m "step [0-9]{4}"
	keys m Space
	wait_for m "paused"
	s=$(screen m)
	n=$(echo "$s" | sed -n 's/.*│ steps \([0-9]*\) .*/\1/p')
	shown=$(echo "$s" | sed -n 's/.*│ TV \([0-9.]*\) (~\([0-9.]*\)) χ² p \([0-9.]*\) .*/\1 \2 \3/p')
	want=$("$SPECDEC" --batch --json --source cmu --seed 5 --steps "$n" |
	    jq -r '"\(.tv) \(.tv_noise) \(.chi2_p)"')
	echo "$shown $want" | awk '{ exit !(NF == 6 && ($1 - $4) ^ 2 <= 1e-4 &&
	    ($2 - $5) ^ 2 <= 1e-6 && ($3 - $6) ^ 2 <= 1e-4) }'
	ok $? "cmu at full speed, paused: TV, its noise and chi-square p as --batch's at that step" \
	    "shown (TV, noise, p) $shown; --batch after $n steps: $want"
	unview m
else
	skip "the cmu source cannot open here (sphinxbase or pocketsphinx-en-us missing)"
fi

done_testing
