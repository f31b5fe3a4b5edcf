#!/bin/sh
# attack.sh [--slow]: specdec attacked as a hostile user would (issue 12's list),
# as a test anyone can re-run. TAP output.
#
# The fast part (the default, and part of `make check`): bad command lines, hostile
# replay, labels and corpus files (a 50 MB line of repeated sparse ids run for 100
# steps among them), devices, FIFOs and directories, odd file names in the three
# file options, and an environment limit that is not a size. Each must end in
# status 2 with exactly one line "specdec: ..." on stderr, nothing on stdout and no
# raw control character, or run (status 0 or 1) with every JSON figure finite.
#
# --slow adds what takes minutes or much memory: the peak memory of a 50 MB dense
# replay line and of a 50 MB line of repeated sparse ids, a 2 GB sparse corpus
# and /dev/zero under a 1.5 GB address-space limit, n-gram training refused before
# it starts, every signal through the live view (tests/cli/signals.sh), and resize
# and key storms in the live view (tmux).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
here=${TESTS_SRCDIR:-$(dirname "$0")/..}
slow=
[ "${1:-}" = --slow ] && slow=1
unset SPECDEC_CORPUS SPECDEC_MEMORY_LIMIT
esc=$(printf '\033')
nl='
'
cr=$(printf '\r')
tab=$(printf '\t')

# shown ARGS...: the arguments for a TAP line, without control characters or
# backslashes (echo would read them), cut to 100 bytes.
shown() {
	printf '%s ' "$@" | tr '\000-\037\177\\' '?' | cut -c 1-100
}

# refused ARGS...: exit 2 within 20 s, one clean line on stderr, nothing on stdout.
refused() {
	timeout 20 "$SPECDEC" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	[ "$rc" = 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l <"$TMPD/err")" = 1 ] &&
	    grep -q '^specdec: ' "$TMPD/err" &&
	    ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$TMPD/err"
	ok $? "refused: $(shown "$@")-> exit $rc, $(tr -d '\000-\037\177\\' <"$TMPD/err" |
	    cut -c 1-120)"
}

# runs ARGS... (with --json): status 0 or 1, every number finite (no null).
runs() {
	timeout 120 "$SPECDEC" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	[ "$rc" -le 1 ] && [ ! -s "$TMPD/err" ] &&
	    jq -e '[.. | select(. == null)] | length == 0' "$TMPD/out" >/dev/null
	ok $? "runs: $(shown "$@")-> exit $rc, every figure finite"
}

# --- command lines --------------------------------------------------------------------
for args in "--gamma" "--gamma 0" "--gamma 33" "--gamma 4x" "--gamma -0" "--gamma +4" \
    "--gamma 4.0" "--gamma 0x4" "--gamma 1e1" "--noise -1" "--noise nan" "--noise -nan" \
    "--noise inf" "--noise 0x1p-2" "--noise 1e-400" "--noise 1e999" "--noise ." \
    "--noise 1e" "--noise --0" "--vocab 1" "--vocab 262145" "--vocab 99999999999999999999" \
    "--steps 0" "--steps -5" "--steps 1e3" "--seed -1" "--seed 18446744073709551616" \
    "--target-ms 0" "--draft-ms -1" "--rate 0.5" "--duration 0" "--frames 0" \
    "--source gpt" "--t" "--gam 4" "--gam=4" "--s 1" "--frobnicate" "-x" "--batch=1" \
    "stray" "--batch --theory" "--theory --batch" "--theory --steps 5" \
    "--theory --target-ms 10 --draft-ms 1 --cost-ratio 0.5" "--theory --target-ms 5" \
    "--batch --alpha 0.5" "--theory --alpha 0.5,,0.7" "--theory --alpha 1.5" \
    "--theory --alpha 0.5," "--batch --frames 3" "--batch --replay a --corpus b" \
    "--batch --labels l" "--batch --replay /dev/null --vocab 5" \
    "--batch --replay /dev/null --noise 0.5" "--batch --source replay" \
    "--batch --corpus x --source stub" "--batch --temperature 0" \
    "--batch --source ngram --target-order 7" "--batch --source ngram --max-vocab 1"; do
	# shellcheck disable=SC2086
	refused $args
done
for v in " 4" "${tab}4" "${nl}4" "4${nl}" "4${cr}" "${esc}[31mRED" "$(printf '\302\233')4" \
    "$(printf '\377')" "4 4" ""; do
	refused --batch --gamma "$v"
	refused --batch --noise "$v"
	refused --theory --alpha "0.5,$v"
done
refused "--fo${esc}[2Jo"
refused "-$(printf '\001')"
refused "x${nl}y"
refused --batch --source "${esc}[31m"

# -0 is 0 in the report, the JSON and the theory tables.
"$SPECDEC" --batch --noise -0 --draft-ms -0 --steps 10 >"$TMPD/out"
grep -q '^source .*noise 0\.00,' "$TMPD/out" && grep -q 'draft 0 ms/token, c = 0[;]* ' "$TMPD/out" &&
    ! grep -q -- '-0' "$TMPD/out"
ok $? "--noise -0 --draft-ms -0: the report says 0"
"$SPECDEC" --json --noise -0 --draft-ms -0 --steps 10 | grep -q '"noise":0,.*"draft_ms":0,'
ok $? "and so does the JSON"
"$SPECDEC" --theory --alpha -0,0.5 --cost-ratio -0 >"$TMPD/out"
grep -q 'c = 0 ' "$TMPD/out" && grep -q '^0\.000 ' "$TMPD/out" && ! grep -q -- '-0' "$TMPD/out"
ok $? "--theory --alpha -0 --cost-ratio -0: 0 in the table"
"$SPECDEC" --theory --json --alpha -0 --cost-ratio -0 | grep -q '^{"cost_ratio":0,.*"alpha":0,'
ok $? "and in its JSON"

# --- hostile replay files ---------------------------------------------------------------
r=$tmp/r
mkdir "$r"
printf '1 -2\n1 1\n' >"$r/negative"
printf '1 nan\n1 1\n' >"$r/nan"
printf '1 inf\n1 1\n' >"$r/inf"
printf '1e308 1e308\n1 1\n' >"$r/sumoverflow"
printf '0 0\n1 1\n' >"$r/allzero"
printf '1 2 3\n1 2\n' >"$r/lengths"
printf '# vocab 3\n0:1 5:2\n1 1 1\n' >"$r/idrange"
printf '# vocab 3\n99999999999:1\n1 1 1\n' >"$r/hugeid"
printf '1:2 3\n1 1\n' >"$r/mixed"
printf '1 1\n' >"$r/odd"
printf '' >"$r/empty"
printf '# only\n\n  # comments\n' >"$r/comments"
printf '0:1\n1:1\n' >"$r/sparseonly"
printf '# vocab 1048577\n0:1\n0:1\n' >"$r/vocabtoobig"
printf '# vocab two\n1 1\n1 1\n' >"$r/badheader"
printf '1 1\n1 1\n# vocab 2\n' >"$r/lateheader"
printf '1\0001\n1 1\n' >"$r/nul"
printf '1,,1\n1 1\n' >"$r/twocommas"
printf '1 1\n1 1 1\n' >"$r/longer"
printf '0x1p-1 1\n1 1\n' >"$r/hex"
LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) printf "%c", 1 + int(rand() * 255) }' \
    >"$r/random"
awk 'BEGIN { printf "1 1\n"; for (i = 0; i < 200000; i++) printf "1 "; print "" }' >"$r/longline"
for f in negative nan inf sumoverflow allzero lengths idrange hugeid mixed odd empty \
    comments sparseonly vocabtoobig badheader lateheader nul twocommas longer random \
    longline; do
	refused --batch --replay "$r/$f"
done
refused --batch --replay "$r"
refused --batch --replay /dev/zero
refused --batch --replay /dev/null
printf '# vocab 4\n0:1 1:2 0:3 1:4 0:5\n1 1 1 1\n' >"$r/dups"
runs --json --replay "$r/dups" --steps 200
# A 50 MB line of repeated sparse ids is merged once, when the file is read, and
# served from memory: 100 steps took 97 s when every step parsed it again.
# repeat WORD N: N copies of WORD, each followed by a space, on one line
repeat() {
	yes "$1" | head -n "$2" | tr '\n' ' '
	echo
}
{ echo "# vocab 4"; repeat '0:1 1:2' 6250000; echo "1 1 1 1"; } >"$r/dup50"
timeout 30 "$SPECDEC" --json --replay "$r/dup50" --steps 100 >"$TMPD/out" 2>"$TMPD/err"
rc=$?
[ "$rc" -le 1 ] && [ ! -s "$TMPD/err" ] && jq -e '.steps == 100' "$TMPD/out" >/dev/null
ok $? "a 50 MB line of repeated sparse ids: 100 steps within 30 s (exit $rc)"
printf '1 1\r\n1 2\r\n' >"$r/crlf"
runs --json --replay "$r/crlf" --steps 200
printf '# vocab 3\n1e-300 1 1e300\n1 1 1\n0:4.9e-324\n2:1\n' >"$r/extremes"
runs --json --replay "$r/extremes" --steps 200
printf '1 0\n0 1\n' >"$r/disjoint"
runs --json --replay "$r/disjoint" --steps 200 --gamma 32

# --- hostile labels files ------------------------------------------------------------------
printf '0.5 0.5\n0.4 0.6\n' >"$r/pairs"
printf 'a\n' >"$r/fewer"
printf 'a\nb\nc\n' >"$r/more"
printf '' >"$r/nolabels"
for f in fewer more nolabels; do
	refused --batch --replay "$r/pairs" --labels "$r/$f"
done
refused --batch --replay "$r/pairs" --labels /dev/zero
refused --batch --replay "$r/pairs" --labels "$r"
printf '%s\n%s\n' "${esc}[31mred" "$(printf '\377\376')" >"$r/controls"
runs --json --replay "$r/pairs" --labels "$r/controls" --steps 50
awk 'BEGIN { for (i = 0; i < 2; i++) { for (j = 0; j < 10000; j++) printf "x"; print "" } }' \
    >"$r/longlabels"
runs --json --replay "$r/pairs" --labels "$r/longlabels" --steps 50

# --- hostile corpora ------------------------------------------------------------------------
printf '' >"$r/c-empty"
printf ' \n\t\r\n' >"$r/c-blank"
head -c 4000 /dev/zero >"$r/c-nul"
for f in c-empty c-blank c-nul; do
	refused --batch --corpus "$r/$f"
done
refused --batch --corpus /dev/zero
refused --batch --corpus /dev/null
refused --batch --corpus "$r"
if mkfifo "$r/fifo" 2>/dev/null; then
	refused --batch --corpus "$r/fifo"
	refused --batch --replay "$r/fifo"
	refused --batch --replay "$r/pairs" --labels "$r/fifo"
else
	ok 0 "# SKIP mkfifo is not available"
fi
printf '!?!?,.;:--((()))' >"$r/c-punct"
runs --json --corpus "$r/c-punct" --target-order 6 --steps 200
printf '\377\376 caf\303\251 \342\200\224 word' >"$r/c-bytes"
runs --json --corpus "$r/c-bytes" --steps 200
truncate -s 3M "$r/c-sparse"
SPECDEC_MEMORY_LIMIT=1M refused --batch --corpus "$r/c-sparse"
for v in x 0 -1 1Q " 1G" 1.5G; do
	SPECDEC_MEMORY_LIMIT=$v refused --batch --corpus "$r/c-punct"
done

# --- odd file names, in the three file options ---------------------------------------------
"$SPECDEC" --batch --replay "$r/pairs" --steps 20 >"$TMPD/plain" 2>&1
for name in "a${nl}b" "${esc}[31mred" "tab${tab}x" "cr${cr}" "-dash" " space" \
    "$(printf 'latin\351')" "$(printf '\302\233csi')"; do
	cp "$r/pairs" "$r/$name"
	runs --json --replay "$r/$name" --steps 20
	"$SPECDEC" --batch --replay "$r/$name" --steps 20 >"$TMPD/out" 2>&1
	[ "$(grep -c '^input ' "$TMPD/out")" = 1 ] &&
	    [ "$(unwrap <"$TMPD/out" | wc -l)" = "$(unwrap <"$TMPD/plain" | wc -l)" ] &&
	    ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$TMPD/out"
	ok $? "report for replay '$(shown "$name")': one escaped input line"
	refused --batch --replay "$r/missing-$name"
	refused --batch --replay "$r/pairs" --labels "$r/missing-$name"
	refused --batch --corpus "$r/missing-$name"
done

# --- the slow part ----------------------------------------------------------------------------
if [ -z "$slow" ]; then
	done_testing
	exit
fi

# peak KIB ARGS...: specdec's peak resident memory, KiB.
peak() {
	/usr/bin/time -f %M "$SPECDEC" "$@" 2>&1 >/dev/null | tail -n 1
}
# peak memory is measured only without the sanitizers, whose shadow memory counts
if [ -x /usr/bin/time ] && ! grep -qa __asan_init "$SPECDEC"; then
	{ echo "# vocab 4"; repeat 0.1 12500000; echo "1 1 1 1"; } >"$r/dense50"
	within "$(peak --batch --replay "$r/dense50")" 0 80000 \
	    "a 50 MB dense line is refused within 80 MB (KiB)"
	within "$(peak --batch --replay "$r/dup50" --steps 3)" 0 160000 \
	    "a 50 MB line of repeated sparse ids runs within 160 MB (KiB)"
	rm -f "$r/dense50" "$r/dup50"
	truncate -s 2G "$r/c-2g"
	within "$(peak --batch --corpus "$r/c-2g")" 0 20000 \
	    "a 2 GB sparse corpus is refused before it is read (KiB)"
	rm -f "$r/c-2g"
	sh "$here/lib/gencorpus.sh" 8000000 > "$r/c-8m"
	SPECDEC_MEMORY_LIMIT=300M refused --batch --corpus "$r/c-8m" --target-order 6 \
	    --max-vocab 262144
	within "$(SPECDEC_MEMORY_LIMIT=300M peak --batch --corpus "$r/c-8m" --target-order 6 \
	    --max-vocab 262144)" 0 40000 "order 6 on 8 MB refused before training (KiB)"
fi
if ! grep -qa __asan_init "$SPECDEC"; then	# ASan reserves terabytes of address space
	(ulimit -v 1500000 2>/dev/null && timeout 60 "$SPECDEC" --batch --corpus /dev/zero) \
	    >/dev/null 2>"$TMPD/err"
	[ "$?" = 2 ] && grep -q "character device" "$TMPD/err"
	ok $? "/dev/zero under a 1.5 GB address-space limit: refused, not out of memory"
fi

# Every signal through the live view, then storms of resizes and keys.
sh "$here/cli/signals.sh" >"$TMPD/signals" 2>&1
while read -r line; do
	case $line in
	"ok "*) ok 0 "signals: ${line#ok * - }" ;;
	"not ok "*) ok 1 "signals: ${line#not ok * - }" ;;
	esac
done <"$TMPD/signals"
. "$here/lib/tmux.sh"
trap 'tmux_cleanup; rm -rf "$TMPD"' EXIT
if why=$(tmux_setup); then
	start storm 80 24 LC_ALL=C.UTF-8
	run storm "clear; echo BEFORE-MARKER; '$SPECDEC' --rate max; echo EXIT=\$?"
	wait_for storm "token stream"
	i=0
	while [ "$i" -lt 60 ]; do
		$T resize-window -t storm -x $((20 + i % 120)) -y $((5 + i % 50)) 2>/dev/null
		keys storm "$(printf '%s' '+-[]<>nrs?jk}{tTdD' | cut -c $((i % 18 + 1)))"
		i=$((i + 1))
	done
	$T resize-window -t storm -x 80 -y 24 2>/dev/null
	keys storm x
	sleep 0.3
	keys storm q
	check storm "EXIT=0" "60 resizes and keys at full speed, then q: exit 0"
	check_restored storm "after the storm"
else
	ok 0 "# SKIP $why"
fi
done_testing
