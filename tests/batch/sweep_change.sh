#!/bin/sh
# sweep_change.sh: a sweep reads its files once (issue 22, item 2). A replay file
# truncated, rewritten in place with what would be refused or replaced by
# another, a labels file truncated, and a corpus replaced while a sweep over
# them runs: each sweep's CSV is the one on the files as they were, exit 0,
# nothing on stderr. TAP output.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
trap 'rm -rf "$TMPD"' EXIT
trap 'exit 1' HUP INT TERM

# change HOW DIR: change DIR's input as HOW says.
change() {
	case $1 in
	labels) : >"$2/labels" ;;
	corpus) printf 'one two three four five six.\n' >"$2/corpus.new" &&
	    mv "$2/corpus.new" "$2/corpus" ;;
	*) replay_change "$1" "$2/pairs" "$TMPD/orig/pairs" ;;
	esac
}

# args HOW STEPS: the sweep's inputs; 8 cells, one at a time, so that the change
# comes while later cells are still to run.
args() {
	case $1 in
	labels) echo "--replay pairs --labels labels --steps $2" ;;
	corpus) echo "--corpus corpus --steps $(($2 * 6))" ;;
	*) echo "--replay pairs --steps $2" ;;
	esac
}

# sweep_round HOW STEPS: a sweep on a copy of the inputs, changed as HOW says
# once the sweep has used 200 ms of CPU (its inputs read by then, under
# ASan too); 0 when it was still going then.
sweep_round() {
	rm -rf "$TMPD/$1"
	mkdir "$TMPD/$1"
	cp "$TMPD/orig/"* "$TMPD/$1/"
	want="$TMPD/want.$(args "$1" "$2" | tr -c 'a-z0-9\n' _)"
	# shellcheck disable=SC2046
	[ -f "$want" ] || (cd "$TMPD/orig" && exec "$SPECDEC" --sweep --gamma 1-8 \
	    --threads 1 --csv $(args "$1" "$2")) >"$want" 2>&1
	# shellcheck disable=SC2046
	(cd "$TMPD/$1" && exec "$SPECDEC" --sweep --gamma 1-8 --threads 1 --csv \
	    $(args "$1" "$2")) >"$TMPD/$1.out" 2>"$TMPD/$1.err" &
	pid=$!
	wait_cpu "$pid" 20
	kill -0 "$pid" 2>/dev/null
	going=$?
	change "$1" "$TMPD/$1"
	wait "$pid"
	rc=$?
	return $going
}

mkdir "$TMPD/orig"
replay_pairs 2000 40 3 >"$TMPD/orig/pairs"
awk 'BEGIN { for (i = 0; i < 2000; i++) print "w" i }' >"$TMPD/orig/labels"
cp "${SPECDEC_DATADIR:-$(dirname "$0")/../../data}/corpus.txt" "$TMPD/orig/corpus"
hows="truncated rewritten replaced labels corpus"
for how in $hows; do
	# 1,000 steps a cell, four times more for as long as the sweep ends before
	# its change (a fast machine)
	steps=1000
	until sweep_round "$how" $steps; going=$?; [ $going = 0 ] || [ $steps -ge 64000 ]; do
		steps=$((steps * 4))
	done
	[ "$going" = 0 ] && [ "$rc" = 0 ] && [ ! -s "$TMPD/$how.err" ] &&
	    [ "$(wc -l <"$TMPD/$how.out")" = 9 ] && cmp -s "$want" "$TMPD/$how.out"
	ok $? "sweep, the input $how while it runs ($steps steps a cell): exit $rc, the CSV of a sweep on the original" \
	    "$(if [ "$going" != 0 ]; then echo "the sweep ended before the change"; fi
	    cat "$TMPD/$how.err"; diff "$want" "$TMPD/$how.out" | cut -c 1-200 | head -6)"
done
done_testing
