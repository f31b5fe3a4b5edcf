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

# args HOW: the sweep's inputs; 8 cells of about 30 ms each (0.2 s in all), one at a
# time, so the change comes while later cells are still to run.
args() {
	case $1 in
	labels) echo "--replay pairs --labels labels --steps 1000" ;;
	corpus) echo "--corpus corpus --steps 6000" ;;
	*) echo "--replay pairs --steps 1000" ;;
	esac
}

mkdir "$TMPD/orig"
replay_pairs 2000 40 3 >"$TMPD/orig/pairs"
awk 'BEGIN { for (i = 0; i < 2000; i++) print "w" i }' >"$TMPD/orig/labels"
cp "${SPECDEC_DATADIR:-$(dirname "$0")/../../data}/corpus.txt" "$TMPD/orig/corpus"
hows="truncated rewritten replaced labels corpus"
for how in $hows; do
	mkdir "$TMPD/$how"
	cp "$TMPD/orig/"* "$TMPD/$how/"
	want="$TMPD/want.$(args "$how" | tr -c 'a-z0-9\n' _)"
	# shellcheck disable=SC2046
	[ -f "$want" ] || (cd "$TMPD/orig" && exec "$SPECDEC" --sweep --gamma 1-8 \
	    --threads 1 --csv $(args "$how")) >"$want" 2>&1
	# shellcheck disable=SC2046
	(cd "$TMPD/$how" && exec "$SPECDEC" --sweep --gamma 1-8 --threads 1 --csv \
	    $(args "$how")) >"$TMPD/$how.out" 2>"$TMPD/$how.err" &
	pid=$!
	wait_cpu "$pid" 5
	kill -0 "$pid" 2>/dev/null
	going=$?
	change "$how" "$TMPD/$how"
	wait "$pid"
	rc=$?
	[ "$going" = 0 ] && [ "$rc" = 0 ] && [ ! -s "$TMPD/$how.err" ] &&
	    [ "$(wc -l <"$TMPD/$how.out")" = 9 ] && cmp -s "$want" "$TMPD/$how.out"
	ok $? "sweep, the input $how while it runs: exit $rc, the CSV of a sweep on the original" \
	    "$(if [ "$going" != 0 ]; then echo "the sweep ended before the change"; fi
	    cat "$TMPD/$how.err"; diff "$want" "$TMPD/$how.out" | cut -c 1-200 | head -6)"
done
done_testing
