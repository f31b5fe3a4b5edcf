#!/bin/sh
# inputs.sh: files read whole are bounded. --corpus and --labels refuse what is
# not a regular file (a device, a FIFO with no writer, a directory) without
# blocking, and a file over the input memory limit before reading it; n-gram
# training whose estimate is over the limit is refused before it starts;
# SPECDEC_MEMORY_LIMIT raises the limit and a bad value is refused. Messages
# keep their reason whatever the length of the path, and file names with
# control characters print escaped, on one line.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq
unset SPECDEC_CORPUS SPECDEC_MEMORY_LIMIT
corpus=$(cd "${TESTS_SRCDIR:-$(dirname "$0")/..}/../data" && pwd)/corpus.txt
here=${TESTS_SRCDIR:-$(dirname "$0")/..}
T="timeout 20"
# peak memory is measured only without the sanitizers, whose shadow memory counts
rss=
if [ -x /usr/bin/time ] && ! grep -qa __asan_init "$SPECDEC"; then
	rss=1
fi

# quick WANT ARGS...: usage_error, and within 20 s (a FIFO must not block).
quick() {
	want=$1
	shift
	$T "$SPECDEC" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	# no control characters or backslashes in a TAP line (echo reads escapes)
	what=$(printf '%s' "$*" | tr '\n\r\t\\' '???/' | cut -c 1-160)
	if [ "$rc" = 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l <"$TMPD/err")" = 1 ] &&
	    grep -qF -- "$want" "$TMPD/err"; then
		ok 0 "$what: exit 2 at once, '$(printf '%s' "$want" | tr '\n\\' '?/')'"
	else
		ok 1 "$what: exit $rc (124: timed out), got '$(cut -c 1-300 "$TMPD/err" |
		    tr '\\' '/')'"
	fi
}

# runs ARGS...: specdec runs (exit 0, or 1 for a failed check) with nothing on stderr.
runs() {
	"$SPECDEC" "$@" >/dev/null 2>"$TMPD/err"
	rc=$?
	[ "$rc" -le 1 ] && [ ! -s "$TMPD/err" ]
}

printf '0.5 0.5\n0.4 0.6\n' >"$tmp/pairs"
mkdir "$tmp/dir"
# --- not a regular file --------------------------------------------------------------
quick "/dev/zero: a character device, not a regular file" --batch --corpus /dev/zero
quick "/dev/null: a character device, not a regular file" --batch --corpus /dev/null
quick "dir: a directory, not a regular file" --batch --corpus "$tmp/dir"
quick "/dev/zero: a character device, not a regular file" --batch --replay "$tmp/pairs" \
    --labels /dev/zero
quick "dir: a directory, not a regular file" --batch --replay "$tmp/pairs" --labels "$tmp/dir"
if mkfifo "$tmp/fifo" 2>/dev/null; then
	quick "fifo: a FIFO or pipe, not a regular file (save what it gives to a file first)" \
	    --batch --corpus "$tmp/fifo"
	quick "fifo: a FIFO or pipe, not a regular file" --batch --replay "$tmp/pairs" \
	    --labels "$tmp/fifo"
	SPECDEC_CORPUS=$tmp/fifo quick "fifo: a FIFO or pipe" --batch --source ngram
else
	ok 0 "# SKIP mkfifo is not available"
fi

# --- the input limit ---------------------------------------------------------------------
# A sparse file: its size is refused before a byte is read.
truncate -s 3M "$tmp/sparse3m"
SPECDEC_MEMORY_LIMIT=1M quick "sparse3m: 3 MiB, more than the input limit of 1 MiB (set SPECDEC_MEMORY_LIMIT to raise it)" \
    --batch --corpus "$tmp/sparse3m"
SPECDEC_MEMORY_LIMIT=1M quick "sparse3m: 3 MiB, more than the input limit of 1 MiB" \
    --batch --replay "$tmp/pairs" --labels "$tmp/sparse3m"
truncate -s 2G "$tmp/sparse2g"
quick "sparse2g: 2 GiB, more than the input limit of 1 GiB" --batch --corpus "$tmp/sparse2g"
if [ -n "$rss" ]; then
	kib=$(/usr/bin/time -f %M "$SPECDEC" --batch --corpus "$tmp/sparse2g" 2>&1 >/dev/null |
	    tail -n 1)
	within "$kib" 0 102400 "a 2 GiB corpus is refused before it is read: peak KiB"
fi
rm -f "$tmp/sparse2g"
# two labels of 99 bytes: 200 bytes, more than the replay takes (its text and pairs)
awk 'BEGIN { for (i = 0; i < 2; i++) { for (j = 0; j < 99; j++) printf "x"; print "" } }' \
    >"$tmp/labels"
SPECDEC_MEMORY_LIMIT=199 quick "labels: 200 bytes, more than the input limit of 199 bytes" \
    --batch --replay "$tmp/pairs" --labels "$tmp/labels"
SPECDEC_MEMORY_LIMIT=200 runs --batch --replay "$tmp/pairs" --labels "$tmp/labels" --steps 10
ok $? "a file of exactly the limit is read"
# A replay is held in memory as it is parsed: 1,000 pairs of "1 1" take 8,000 bytes
# as text and 32 bytes a line in memory, so a limit of 32 KiB stops at line 775.
awk 'BEGIN { for (i = 0; i < 2000; i++) print "1 1" }' >"$tmp/many"
SPECDEC_MEMORY_LIMIT=32K quick "many:775: the file and its first 775 distributions need more memory than the input limit of 32 KiB (set SPECDEC_MEMORY_LIMIT to raise it)" \
    --batch --replay "$tmp/many"
SPECDEC_MEMORY_LIMIT=80K runs --batch --replay "$tmp/many" --steps 10
ok $? "and runs when the limit leaves room for them"
for v in x 0 -1 1Q 1.5G " 1G" 1KB 99999999999999999999; do
	SPECDEC_MEMORY_LIMIT=$v quick "SPECDEC_MEMORY_LIMIT='$v' is not a size" --batch \
	    --replay "$tmp/pairs" --labels "$tmp/labels"
done
for v in "" 1k 2K 5m 1g 1T 4096; do
	SPECDEC_MEMORY_LIMIT=$v runs --batch --replay "$tmp/pairs" --labels "$tmp/labels" \
	    --steps 10
	ok $? "SPECDEC_MEMORY_LIMIT='$v' is a size ($(cat "$TMPD/err"))"
done

# --- n-gram training over the limit is refused before it starts --------------------------
sh "$here/lib/gencorpus.sh" 400000 > "$tmp/c400k"
SPECDEC_MEMORY_LIMIT=40M quick "c400k: training order 6 on 72365 tokens would take about 58 MiB, more than the input limit of 40 MiB (set SPECDEC_MEMORY_LIMIT to raise it, or lower the orders)" \
    --batch --corpus "$tmp/c400k" --target-order 6 --steps 1
SPECDEC_MEMORY_LIMIT=40M quick "c400k: training order 5 on 72365 tokens" --batch \
    --corpus "$tmp/c400k" --target-order 2 --draft-order 5 --steps 1
SPECDEC_MEMORY_LIMIT=60M runs --batch --corpus "$tmp/c400k" --target-order 6 --steps 1
ok $? "the same corpus and orders train under a limit of 60 MiB"
SPECDEC_MEMORY_LIMIT=40M runs --batch --corpus "$tmp/c400k" --target-order 3 --steps 1
ok $? "and at order 3 under 40 MiB"
# The draft's noise rows (16 rows of 36 bytes a token, and the sample: 584 bytes
# a token of the vocabulary, at most min(--max-vocab, tokens) = 20,000 here) are
# counted once for a run with noise, once a thread for a sweep with noise, and
# so are the block sums of the two row caches (qcache.h, 1.3 MB each here).
SPECDEC_MEMORY_LIMIT=40M quick "c400k: training order 3 on 72365 tokens, with the draft's noise rows, would take about 51 MiB, more than the input limit of 40 MiB (set SPECDEC_MEMORY_LIMIT to raise it, or lower the orders or --max-vocab)" \
    --batch --corpus "$tmp/c400k" --max-vocab 20000 --noise 0.3 --steps 1
SPECDEC_MEMORY_LIMIT=55M quick "c400k: training order 3 on 72365 tokens, with the draft's noise rows, would take about 64 MiB" \
    --sweep --threads 2 --corpus "$tmp/c400k" --max-vocab 20000 --noise 0,0.3 --steps 1
SPECDEC_MEMORY_LIMIT=55M runs --batch --corpus "$tmp/c400k" --max-vocab 20000 --noise 0.3 \
    --steps 1
ok $? "one set of noise rows fits under 55 MiB"
if [ -n "$rss" ]; then
	refused=$(SPECDEC_MEMORY_LIMIT=40M /usr/bin/time -f %M "$SPECDEC" --batch --corpus \
	    "$tmp/c400k" --target-order 6 --steps 1 2>&1 >/dev/null | tail -n 1)
	trained=$(/usr/bin/time -f %M "$SPECDEC" --batch --corpus "$tmp/c400k" \
	    --target-order 6 --steps 1 2>&1 >/dev/null | tail -n 1)
	[ "$((refused * 2))" -lt "$trained" ]
	ok $? "refused before training: peak $refused KiB, training takes $trained KiB"
	est=58
	within "$((trained / 1024))" 1 "$est" "the estimate ($est MiB) bounds the peak (MiB)"
fi

# --- long paths keep their reason; control characters are escaped ---------------------
long=$tmp/$(awk 'BEGIN { while (i++ < 3000) printf "d/" }')x
for opt in --corpus --labels --replay; do
	case $opt in
	--labels) "$SPECDEC" --batch --replay "$tmp/pairs" --labels "$long" ;;
	*) "$SPECDEC" --batch $opt "$long" ;;
	esac 2>"$TMPD/err" >/dev/null
	rc=$?
	[ "$rc" = 2 ] && [ "$(wc -l < "$TMPD/err")" = 1 ] &&
	    grep -q "^specdec: $opt: '/.*/x' is not a file name (it is longer than any path the system opens, PATH_MAX bytes)\$" "$TMPD/err"
	ok $? "$opt with a path of 6,000 bytes: refused whole, with the reason (exit $rc)"
done
SPECDEC_CORPUS=$long "$SPECDEC" --batch --source ngram 2>"$TMPD/err" >/dev/null
rc=$?
[ "$rc" = 2 ] && [ "$(wc -l < "$TMPD/err")" = 1 ] &&
    grep -q '^specdec: /.*d/d.*[.][.][.].*d/d/x: File name too long$' "$TMPD/err" &&
    [ "$(wc -c < "$TMPD/err")" -lt 4200 ]
ok $? "SPECDEC_CORPUS of 6,000 bytes: its start and end, and the reason (exit $rc)"
nl='
'
cp "$tmp/pairs" "$tmp/a${nl}b"
"$SPECDEC" --batch --replay "$tmp/a${nl}b" --steps 20 >"$tmp/out"
grep -c '^input        replay .*/a\\nb: 1 step per cycle, vocab 2$' "$tmp/out" |
    grep -qx 1
ok $? "a replay named with a newline: the input line is one line, escaped"
"$SPECDEC" --json --replay "$tmp/a${nl}b" --steps 20 | jq -e '.source_detail |
    endswith("a\nb: 1 step per cycle, vocab 2")' >/dev/null
ok $? "and its JSON source_detail holds the name as it is"
esc=$(printf '\033')
"$SPECDEC" --batch --corpus "/no${esc}[31mRED" 2>"$TMPD/err"
grep -qxF 'specdec: /no\x1b[31mRED: No such file or directory' "$TMPD/err" &&
    ! grep -q "$esc" "$TMPD/err"
ok $? "an escape in a file name is shown as an escape in the error"
quick 'specdec: /no\n\tsuch: No such file or directory' --batch --replay "/no${nl}	such"
quick 'specdec: '"$tmp"'/pairs\n: No such file' --batch --replay "$tmp/pairs${nl}"
quick 'labels\r: No such file' --batch --replay "$tmp/pairs" --labels "$tmp/labels$(printf '\r')"
quick "specdec: --preset: '\\x17hhhh4' is not a preset" --batch --preset "$(printf '\027')hhhh4"
"$SPECDEC" --batch --steps 10 --plot "/no${esc}[31m/x.svg" >/dev/null 2>"$TMPD/err"
rc=$?
[ "$rc" = 2 ] && grep -qxF 'specdec: --plot: /no\x1b[31m/x.svg: the directory /no\x1b[31m does not exist' "$TMPD/err" &&
    ! grep -q "$esc" "$TMPD/err"
ok $? "a plot path that cannot be written: exit 2 before the run (got $rc), its escape shown as an escape"
mkdir -p "$tmp/$(awk 'BEGIN { while (i++ < 15) printf "%0200d/", 0 }')"
deep=$tmp/$(awk 'BEGIN { while (i++ < 15) printf "%0200d/", 0 }')
cp "$tmp/pairs" "$deep/pairs"
"$SPECDEC" --json --replay "$deep/pairs" --steps 10 | jq -e '.source_detail |
    endswith("pairs: 1 step per cycle, vocab 2")' >/dev/null
ok $? "a replay path of 3,000 bytes: source_detail is whole"
"$SPECDEC" --batch --replay "$deep/pairs" --steps 10 | unwrap |
    grep -q '^input .*pairs: 1 step per cycle, vocab 2$'
ok $? "and so is the report's input line"
cp "$corpus" "$deep/corpus"
"$SPECDEC" --json --corpus "$deep/corpus" --steps 10 | jq -e '.source_detail |
    startswith("corpus '"$deep"'/corpus: ") and endswith("temperature 1")' >/dev/null
ok $? "a corpus path of 3,000 bytes: source_detail is whole"
"$SPECDEC" --batch --corpus "$deep/corpus" --steps 10 | unwrap |
    grep -q '^input .*corpus: .*, temperature 1$'
ok $? "and so is the report's input line"
"$SPECDEC" --json --corpus "$deep/corpus" --prompt the --steps 10 | jq -e '.source_detail |
    endswith("temperature 1; prompt \"the\"")' >/dev/null
ok $? "and with a prompt, the prompt follows it whole"

done_testing
