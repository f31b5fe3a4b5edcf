#!/bin/sh
# failure.sh: the failure policy. Output that cannot be written and memory that
# runs out end the program with status 3 and one line on stderr, in both faces;
# the live view gives the terminal back before that line. Memory runs out on
# purpose through the test hook SPECDEC_TEST_ALLOC_FAIL (see src/util/xalloc.h).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/tmux.sh"
trap 'tmux_cleanup; rm -rf "$TMPD"' EXIT

OOM="specdec: out of memory"

# fails STATUS LINE DESCRIPTION [VAR=value...] -- ARGS...: specdec ARGS (with
# the variables set) exits STATUS, writes nothing to stdout and exactly LINE on
# stderr.
fails() {
	want_rc=$1 want_err=$2 what=$3
	shift 3
	env "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ ! -s "$TMPD/out" ] &&
	    [ "$(cat "$TMPD/err")" = "$want_err" ] && [ "$(wc -l <"$TMPD/err")" = 1 ]; then
		ok 0 "$what: exit $want_rc, '$want_err'"
	else
		ok 1 "$what: exit $rc, stdout $(wc -c <"$TMPD/out") bytes, stderr '$(cat "$TMPD/err")'"
	fi
}

# --- write errors: a full disk, a closed stdout ----------------------------------
if [ -w /dev/full ]; then
	full="specdec: cannot write the output: No space left on device"
	for args in "--batch" "--json" "--theory" "--theory --json" "--help" "--version" \
	    "--json --vocab 262144 --steps 20"; do
		# shellcheck disable=SC2086
		"$SPECDEC" $args >/dev/full 2>"$TMPD/err"
		rc=$?
		[ "$rc" = 3 ] && [ "$(cat "$TMPD/err")" = "$full" ]
		ok $? "$args into a full disk: exit 3 and one line ($rc: $(cat "$TMPD/err"))"
	done
else
	ok 0 "# SKIP no /dev/full"
fi
"$SPECDEC" --batch >&- 2>"$TMPD/err"
rc=$?
[ "$rc" = 3 ] && [ "$(cat "$TMPD/err")" = "specdec: cannot write the output: Bad file descriptor" ]
ok $? "--batch with stdout closed: exit 3 and one line ($rc: $(cat "$TMPD/err"))"

# --- out of memory in batch mode -------------------------------------------------
fails 3 "$OOM" "--batch, first allocation fails" SPECDEC_TEST_ALLOC_FAIL=1 "$SPECDEC" --batch
fails 3 "$OOM" "--json, fifth allocation fails" SPECDEC_TEST_ALLOC_FAIL=5 "$SPECDEC" --json
printf '0.5 0.5\n0.4 0.6\n' >"$TMPD/pairs"
fails 3 "$OOM" "--batch --replay, third allocation fails" SPECDEC_TEST_ALLOC_FAIL=3 \
    "$SPECDEC" --batch --replay "$TMPD/pairs"
# The hook is inert unless set to a positive integer (or past the last allocation).
"$SPECDEC" --json --steps 2000 >"$TMPD/plain"
plain_rc=$?
for v in "" 0 -1 abc 7x 99999999999; do
	SPECDEC_TEST_ALLOC_FAIL=$v "$SPECDEC" --json --steps 2000 >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	[ "$rc" = "$plain_rc" ] && [ ! -s "$TMPD/err" ] && cmp -s "$TMPD/plain" "$TMPD/out"
	ok $? "SPECDEC_TEST_ALLOC_FAIL='$v' changes nothing (exit $rc, unset $plain_rc)"
done

# --- out of memory in the live view: the terminal comes back first ----------------
# The 60th allocation comes after the source and the terminal are set up (about
# a dozen allocations for the stub) and a few dozen frames into the run (each
# frame allocates its plot grids); --duration bounds the run should it not come.
if why=$(tmux_setup); then
	start f 80 24 LC_ALL=C.UTF-8
	$T pipe-pane -o -t f "cat >>'$TMPD/pane'"
	run f "clear; echo BEFORE-MARKER; SPECDEC_TEST_ALLOC_FAIL=60 '$SPECDEC' --rate 1000"\
" --duration 20; echo EXIT=\$?"
	check f "EXIT=3" "live view out of memory: exit 3"
	s=$(screen f)
	after=$(printf '%s\n' "$s" | sed -n '/^BEFORE-MARKER$/,/^EXIT=/p' | sed '1d;$d')
	[ "$after" = "$OOM" ]
	ok $? "live view out of memory: one line, on the shell's screen (got '$after')" "$s"
	grep -q "$(printf '\033')\[?1049h" "$TMPD/pane" && grep -qF "token stream" "$TMPD/pane"
	ok $? "live view out of memory: the view was up when memory ran out"
	check_restored f "after out of memory"
	$T kill-session -t f
else
	ok 0 "# SKIP $why"
fi

done_testing
