#!/bin/sh
# story.sh: the live view tells one story (issue 17, section 4), checked on
# captured screens: the losslessness verdict and the "blind" TV line under the
# classic mistake on the stub, the help's page on the per-position test, the
# header's preset and target alpha, the cost model's numbers whole, the plots'
# rows at 120x40, the draft and the emitted token always in the distributions,
# the keys l/L and x/X saying why where they do nothing, the finer d/D and x/X,
# the prompt in the text mode and whole words in the step detail.
# TAP output; needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/screen.sh"

# --- the per-position test decides; TV and chi-square are blind on the stub -----
for size in "80 24" "120 40"; do
	set -- $size
	view b "$1" "$2" C.UTF-8 -- --verifier mistake-residual-from-p --rate 2000
	# the verdict needs a few thousand steps: a sanitizer build on a loaded
	# machine may take more than the usual 30 s to reach them
	WAIT_TENTHS=1200 has b "BROKEN" "$1x$2: the residual drawn from p reads BROKEN on the stub"
	has b "TV [0-9.]+ .* blind" "$1x$2: the TV line says it is blind on the stub"
	hasnt b "pass|fail" "$1x$2: and gives TV no pass or fail there"
	unview b
done
view o 80 24 C.UTF-8 -- --rate 2000
has o "│ ok  " "80x24: the standard rule on the stub reads ok"
hasnt o "BROKEN" "80x24: not BROKEN"
unview o
view l 80 24 C.UTF-8 -- --rate 2000 --verifier lenient --lenience 0.2
has l "│ lossy " "80x24: the lenient rule reads lossy, not BROKEN"
unview l
view n 120 40 C.UTF-8 -- --rate 2000 --source ngram
has n "<=[0-9.]+ (pass|fail)" "120x40 ngram: TV keeps its verdict where ids are not exchangeable"
hasnt n "blind" "120x40 ngram: not blind"
unview n

# --- the help's figures page teaches the per-position test -------------------------
view h 80 24 C.UTF-8 -- --paused
keys h "?"
wait_for h "? again: "
cycle_to h "?" "? again: the panes"
ok $? "80x24: ? past the keys pages opens the figures page" "$(screen h)"
for want in "lossless +per position: each token's rank in its own p \(PIT\)" \
    "ok/BROKEN +BROKEN sampler: PIT p < 0.001; lossy: lenient, typical" \
    "blind +stub ids are alike: any sampler passes TV and chi2" \
    "TV +by id: output vs target-only counts; blind on the stub" \
    "pos +place in the text; a residual takes its reject's"; do
	has h "$want" "80x24 figures page: '$want'"
done
unview h

# --- the header names the preset and the target alpha ------------------------------
view p 80 24 C.UTF-8 -- --paused --preset t5-small-ende-t1
has p "^ specdec  t5-small-ende-t1  γ=4  α\*=0.62  noise=[0-9]\.[0-9]{2}  standard" \
    "80x24: the header names the preset and its target alpha"
keys p "]"
has p "^ specdec  stub  t5-small-ende-t1  γ=4  noise=[0-9]\.[0-9]{2}  " \
    "80x24: ] moves the noise off the solved one: the target alpha leaves the header"
unview p
view a 120 40 C.UTF-8 -- --paused --target-alpha 0.8
has a "^ specdec  stub  γ=4  target α=0.80  noise=0.55  V=20  seed=0  verifier=standard" \
    "120x40: --target-alpha shows in the header"
unview a

# --- the cost model never cuts a number ---------------------------------------------
for size in "80 24" "72 20"; do
	set -- $size
	view k "$1" "$2" C.UTF-8 -- --paused --draft-ms 0.333 --target-ms 12.5 --verify-cost 0.05
	keys k n n
	has k "c 0\.0266  k 0\.05 " "$1x$2: c and k whole (k 0.05, not k 0.0)"
	has k "best γ 10 \(3\.53x\) │" "$1x$2: the best gamma whole"
	hasnt k "(T [0-9]|speedup|slowdown|tok/s)[^│]*…" "$1x$2: nothing cut in the cost model"
	unview k
	view d "$1" "$2" C.UTF-8 -- --paused --draft-ms 9 --noise 3 --verify-cost 0.05
	keys d n n
	has d "slowdown 0\.[0-9]+x .* don't speculate( \(1\.00x\))? +│" "$1x$2: don't speculate, whole"
	has d "c (=D/T )?0\.9  k 0\.05 " "$1x$2: c 0.9 and k 0.05 whole"
	hasnt d "(T [0-9]|speedup|slowdown|tok/s)[^│]*…" "$1x$2: nothing cut in the cost model"
	unview d
done

# --- at 120x40 the lower-right plots get more rows than at 80x24 --------------------
# plot_rows NAME ERE: the screen's lines with a y axis matching ERE
plot_rows() {
	screen "$1" | grep -cE -- "$2"
}
for pane in "speedup '│ [ 0-9x]{1,3}│.*│\$'" "curve '│ [ 0-9]{1,2}│.*│\$'"; do
	eval "set -- $pane"
	for size in "80 24" "120 40"; do
		set -- "$1" "$2" $size
		view r "$3" "$4" C.UTF-8 -- --paused
		keys r n n n
		[ "$1" = curve ] && keys r p
		wait_for r "step 3"
		[ "$1" = curve ] && wait_for r "E[tok/step]"
		eval "rows_$3=\$(plot_rows r \"\$2\")"
		if [ "$1" = curve ] && [ "$3" = 120 ]; then
			has r "│ ?[0-9 ]│.*:::" "120x40: the alpha 0.3 curve shows"
			has r "│ ?[0-9 ]│.*×××" "120x40: the alpha 0.7 curve shows"
		fi
		unview r
		set -- "$1" "$2"
	done
	[ "$rows_80" -ge 5 ] && [ "$rows_120" -gt "$rows_80" ]
	ok $? "$1: $rows_120 plot rows at 120x40 against $rows_80 at 80x24"
done

# --- the distributions pane always shows the draft and the emitted token ------------
# Over 1000 ids the draft (271) and the residual (626) of step 2 rank far below
# the top rows: they get rows of their own, not folded into "rest".
view t 120 40 C.UTF-8 -- --paused --vocab 1000 --seed 1
keys t n n
has t "draft 271: u 0\.80 ≥ p/q 0\.73 reject →626" "120x40 V 1000: step 2 rejects 271 for 626"
has t "│ 271 .* d +│\$" "the drafted token has its row, marked d"
has t "│ 626 .* e +│\$" "the emitted token has its row, marked e"
unview t

# --- the text mode shows the prompt; the step detail widens for long words ----------
view w 80 24 C.UTF-8 -- --paused --source ngram --noise 1 --prompt "'the old scribe said'"
keys w e n n
has w "^│ prompt: the old scribe said +│" "text mode: the --prompt on its first row"
unview w
view s 120 40 C.UTF-8 -- --paused --source ngram --noise 1
keys s n n n n n n
has s "^│ token \[engineer\] +→written +than +\? " "120x40: the step detail's words whole where there is room"
hasnt s "^│ token [^│]*…" "120x40: no word of the step detail cut"
unview s

# --- the help's keys pages fit 80 columns ------------------------------------------
view k 80 24 C.UTF-8 -- --paused
keys k "?"
has k "x +schedule's P or T down" "80x24 keys page 1: x listed"
hasnt k "…" "80x24 keys page 1: nothing cut"
keys k "?"
has k "\), Right +later position/token" "80x24 keys page 2: ), Right whole"
hasnt k "…" "80x24 keys page 2: nothing cut"
unview k

# --- keys that do nothing say why; d/D and x/X step finely -------------------------
view y 80 24 C.UTF-8 -- --paused
keys y l
has y "^ l: the standard rule has no L; v to the lenient rule" "l under the standard rule says why"
hasnt y "L=" "and the header shows no L"
keys y x
has y "^ x: the constant schedule has no P or T; a to draft-p-min or confidence" \
    "x under the constant schedule says why"
keys y d
has y "D 0\.9 ms/tok  c 0\.09 " "d: c 0.1 -> 0.09 (steps of 0.01 up to 0.1)"
keys y D D
has y "D 1\.5 ms/tok  c 0\.15 " "D D: c 0.09 -> 0.1 -> 0.15 (steps of 0.05 above 0.1)"
keys y a a
has y "draft-p-min P=0\.15" "a a: the draft-p-min schedule, P 0.15 by default"
keys y X
has y "draft-p-min P=0\.20" "X: P 0.15 -> 0.2"
keys y x x x
has y "draft-p-min P=0\.09" "x x x: P 0.2 -> 0.15 -> 0.1 -> 0.09 (0.01 below 0.1)"
unview y
view g 80 24 C.UTF-8 -- --schedule draft-p-min --rate 2000
has g "mean γ 3\.[0-9]+" "draft-p-min at its default P drafts 3 and more a step at V 20"
unview g

done_testing
