#!/bin/sh
# replay.sh: the --replay source end to end. A table of malformed replay and
# labels files, each refused with its own message and exit 2 before anything is
# simulated; then good files, whose output must match the file's target
# distribution (chi-square on fixed seeds) and not its draft's; greedy breaks a
# tie in a sparse line as in a dense one (the lowest token).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need jq

# bad NAME CONTENT EXPECTED [LABELS]: CONTENT (printf format) must be refused with
# a message containing EXPECTED, exit 2 and no output.
bad() {
	printf "$2" > "$tmp/$1"
	if [ $# -ge 4 ]; then
		printf "$4" > "$tmp/$1.labels"
		set -- "$1" "$2" "$3" --labels "$tmp/$1.labels"
	else
		set -- "$1" "$2" "$3"
	fi
	name=$1 want=$3
	shift 3
	"$SPECDEC" --batch --steps 10 --replay "$tmp/$name" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	got=$(cat "$tmp/err")
	if [ "$rc" = 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
	    printf '%s' "$got" | grep -qF -- "$want"; then
		ok 0 "$name: exit 2, '$want'"
	else
		ok 1 "$name: exit $rc, got '$got', want '$want'"
	fi
}

good='# vocab 4\n0.5 0.3 0.1 0.1\n0.25 0.25 0.25 0.25\n'
bad negative   '1 2\n-1 2\n'            "negative:2:1: entry 1: weight '-1' is negative"
bad nan        '1 2\n1 nan\n'           "nan:2:3: entry 2: 'nan' is not a number: a number must be finite"
bad inf        '1 inf\n1 1\n'           "inf:1:3: entry 2: 'inf' is not a number: a number must be finite"
bad hex        '0x10 1\n1 1\n'          "hex:1:1: entry 1: '0x10' is not a number: numbers are written in decimal, not hexadecimal"
bad hexsparse  '0:0x1p-2\n0:1\n'        "hexsparse:1:3: entry 1: '0x1p-2' is not a number: numbers are written in decimal, not hexadecimal"
bad overflow   '1e999 1\n1 1\n'         "overflow:1:1: entry 1: weight '1e999' is infinite"
bad sum        '1e308 1e308\n1 1\n'     "sum:1: the weights sum to infinity"
bad allzero    '1 2\n0 0\n'             "allzero:2: all weights are zero"
bad notnumber  '1 x\n1 2\n'             "notnumber:1:3: entry 2: 'x' is not a number"
bad emptyentry '1,,2\n1 2\n'            "emptyentry:1:3: entry 2: empty"
bad trailing   '1,2,\n1 2\n'            "trailing:1:5: entry 3: empty"
bad lengths    '1 2 3\n1 2\n'           "lengths:2: 2 weights, but the vocabulary has 3 tokens (set by the distribution on line 1)"
bad header_len '# vocab 3\n1 2\n1 2\n'  "header_len:2: 2 weights, but the vocabulary has 3 tokens (set by the '# vocab' header on line 1)"
bad idrange    '# vocab 3\n0:1 5:2\n1 1 1\n' "idrange:2:5: entry 2: token id 5 is out of range: the vocabulary has 3 tokens (0 to 2)"
bad idlate     '0:1 7:3\n1 1 1\n'       "idlate:1:5: entry 2: token id 7 is out of range"
bad badid      '# vocab 3\n0:1 a:2\n1 1 1\n' "badid:2:5: entry 2: 'a' is not a token id"
bad hugeid     '# vocab 3\n99999999999:1\n1 1 1\n' "hugeid:2:1: entry 1: token id 99999999999 is out of range"
bad mixed      '1:2 3\n1 1\n'           "mixed:1:5: entry 2: mixes dense weights and sparse id:weight entries"
bad odd        '1 2\n1 2\n1 2\n'        "odd:3: a target line without its draft line: 3 distribution lines"
bad empty      ''                       "empty: no distributions: the file is empty or has only comments"
bad comments   '# just a comment\n\n  \n' "comments: no distributions"
bad sparseonly '0:1\n1:1\n'             "sparseonly: sparse lines only: give the vocabulary size with a '# vocab N' header"
bad onetoken   '5\n5\n'                 "onetoken:1: 1 weights: a vocabulary has 2 to 1048576 tokens"
bad badheader  '# vocab two\n1 1\n1 1\n' "badheader:1:9: '# vocab' needs a vocabulary size from 2 to 1048576"
bad lateheader '1 1\n1 1\n# vocab 2\n'  "lateheader:3: the '# vocab' header must come before the first distribution"
bad twoheaders '# vocab 2\n# vocab 2\n1 1\n1 1\n' "twoheaders:2: a second '# vocab' header (the first is on line 1)"
bad fewlabels  "$good"                  "fewlabels.labels: 3 labels, but" 'a\nb\nc\n'
bad manylabels "$good"                  "manylabels.labels:5: one label too many" 'a\nb\nc\nd\ne\n'
bad nolabels   "$good"                  "nolabels.labels: 0 labels, but" ''

usage_error "missing: No such file or directory" --batch --replay "$tmp/missing"
mkdir "$tmp/dir"
usage_error "dir: a directory, not a regular file" --batch --replay "$tmp/dir"
if mkfifo "$tmp/fifo" 2>/dev/null; then
	usage_error "fifo: a FIFO or pipe, not a regular file (save what it gives to a file first)" --batch --replay "$tmp/fifo"
else
	ok 0 "# SKIP mkfifo is not available"
fi
usage_error "--noise does not apply to --replay" --batch --replay /dev/null --noise 0.5
usage_error "--labels only applies with --replay" --batch --labels "$tmp/x"
usage_error "--vocab only applies to the stub source" --batch --replay /dev/null --vocab 5
usage_error "--source replay needs --replay FILE" --batch --source replay
usage_error "--replay and --corpus choose different sources" --batch --replay a --corpus b

# count_hist JSON: the spec_hist array as one count per line.
count_hist() {
	tr -d '\n' | sed 's/.*"spec_hist":\[\([^]]*\)\].*/\1/' | tr ',' '\n'
}

# chi2 COUNTS WEIGHTS: Pearson's statistic of the counts against the weights.
chi2() {
	printf '%s\n' "$2" | tr ' ' '\n' | paste - "$1" | awk '
	    { w[NR] = $1; c[NR] = $2; sw += $1; n += $2 }
	    END { for (i = 1; i <= NR; i++) { e = n * w[i] / sw; x += (c[i] - e) ^ 2 / e }
	          printf "%.2f\n", x }'
}

# One pair, 5 tokens: the output must follow the target line, not the draft line.
# 4 df: the 0.999 quantile of chi-square is 18.47.
target='4 3 1 1 1'
draft='1 1 1 3 4'
printf '# one pair\n%s\n%s\n' "$target" "$draft" > "$tmp/one"
for seed in 1 2 3; do
	"$SPECDEC" --json --replay "$tmp/one" --steps 20000 --seed $seed > "$tmp/json$seed"
	count_hist < "$tmp/json$seed" > "$tmp/counts"
	x=$(chi2 "$tmp/counts" "$target")
	y=$(chi2 "$tmp/counts" "$draft")
	awk -v x="$x" -v y="$y" 'BEGIN { exit !(x < 18.47 && y > 1000) }'
	ok $? "seed $seed: output matches the target line (chi2 $x on 4 df) and not the draft (chi2 $y)"
done

# Sparse pairs cycling, with labels: the built-in chi-square check (each emitted
# token against its own step's target) passes, and the labels show.
cat > "$tmp/cycle" <<'EOT'
# vocab 6
0:5 1:3 2:1       # step 1: target
0:1 1:1 2:1 3:1   #         draft
3:2,4:2,5:1
0 0 0 1 1 1
1 1 1 1 1 1
0:1 5:9
EOT
printf 'the\ncat\nsat\non\na\nmat\n' > "$tmp/cycle.labels"
"$SPECDEC" --json --replay "$tmp/cycle" --labels "$tmp/cycle.labels" --steps 30000 --seed 5 > "$tmp/json"
grep -q '"name":"output_matches_target","pass":true' "$tmp/json"
ok $? "cycling sparse pairs: output_matches_target passes"
grep -q '"name":"alpha_matches_overlap","pass":true' "$tmp/json"
ok $? "cycling sparse pairs: alpha-hat matches the overlap"
grep -q '"source":"replay"' "$tmp/json" && grep -q '"replay_file":' "$tmp/json" &&
    grep -q '"source_detail":"replay .*3 steps per cycle, vocab 6, labels' "$tmp/json"
ok $? "JSON names the replay source, its file and its shape"
"$SPECDEC" --batch --replay "$tmp/cycle" --labels "$tmp/cycle.labels" --steps 10 | unwrap |
    grep -q '^input        replay .*: 3 steps per cycle, vocab 6'
ok $? "the report names the replay source"

# A bigger sparse file streams; memory stays flat in steps (no accumulation).
awk 'BEGIN { print "# vocab 100000"; for (i = 0; i < 2000; i++)
    printf "%d:%d %d:1 %d:2\n%d:1 %d:1 99999:1\n", i, i + 1, i + 7, i * 13 % 100000,
        i, i + 7 }' > "$tmp/big"
"$SPECDEC" --json --replay "$tmp/big" --steps 5000 > "$tmp/json"
grep -q '"name":"output_matches_target","pass":true' "$tmp/json"
ok $? "100000-token sparse file, 2000 pairs, cycling: output matches the targets"

# Pairs that differ step to step: the reference stream follows the sampler's step
# structure, so the TV distance measures only chance, not the pairs' weights.
printf '# vocab 4\n0.7 0.1 0.1 0.1\n0.7 0.1 0.1 0.1\n0.1 0.1 0.1 0.7\n0.7 0.1 0.1 0.1\n' >"$tmp/mix.txt"
tv=$("$SPECDEC" --json --replay "$tmp/mix.txt" --steps 20000 | sed -n 's/.*"tv":\([0-9.e-]*\),.*/\1/p')
awk -v t="$tv" 'BEGIN { exit !(t + 0 < 0.02) }'
ok $? "mixed pairs: TV $tv against the reference stays at the noise level (< 0.02)"

# A file name that is not UTF-8 still gives valid JSON.
bad=$(printf '%s/bad\377\303\251.txt' "$tmp")
cp "$tmp/mix.txt" "$bad"
got=$("$SPECDEC" --json --replay "$bad" --steps 10 | jq -r .replay_file 2>/dev/null)
[ "$got" = "$(printf '%s/bad\357\277\275\303\251.txt' "$tmp")" ]
ok $? "a file name with a stray byte: valid JSON, the byte shown as U+FFFD ($got)"

# One number grammar with the options (issue 22): a decimal longer than 64
# characters is a number; a UTF-8 byte-order mark at the start of a replay or a
# labels file is skipped.
long=0.5000000000000000000000000000000000000000000000000000000000000000000000001
printf '%s 0.5\n1 3\n' "$long" > "$tmp/long"
"$SPECDEC" --json --steps 5 --replay "$tmp/long" > "$tmp/long.json"
is "$?" 0 "a 75-character decimal weight is read"
printf '\357\273\2770.5 0.5\n1 3\n' > "$tmp/bom"
printf '\357\273\277yes\nno\n' > "$tmp/bom.labels"
"$SPECDEC" --json --steps 5 --replay "$tmp/bom" --labels "$tmp/bom.labels" > "$tmp/bom.json"
is "$?" 0 "a replay and a labels file that start with a byte-order mark are read"
"$SPECDEC" --batch --trace 5 --steps 5 --replay "$tmp/bom" --labels "$tmp/bom.labels" |
    grep -q ' yes'
ok $? "the first label is 'yes', without the mark"

# A file name holding every control byte JSON must escape (0x01-0x1f; NUL and
# '/' cannot be in a name), DEL, a quote, a backslash and a byte that is not
# UTF-8: the JSON parses under a strict parser (Python's json, which refuses a
# raw control byte in a string; jq lets some through), and decodes to the
# name itself, the stray byte as U+FFFD.
if command -v python3 >/dev/null 2>&1; then
	ctl=$(printf 'c\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177"\\\377x')
	printf '# vocab 2\n1 1\n1 3\n' >"$tmp/$ctl"
	"$SPECDEC" --json --steps 5 --replay "$tmp/$ctl" >"$tmp/ctl.json"
	is "$?" 0 "a replay whose name holds control bytes runs"
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
want = "c" + "".join(chr(i) for i in range(1, 32)) + "\x7f\"\\\ufffdx"
sys.exit(0 if d["replay_file"].endswith("/" + want) else 1)' "$tmp/ctl.json"
	ok $? "the JSON passes a strict parser and gives the name back, each control byte escaped"
	is "$(LC_ALL=C tr -d '\n -~' <"$tmp/ctl.json" | LC_ALL=C tr -d '\177' | wc -c | tr -d ' ')" 0 \
		"no raw control or non-ASCII byte in the JSON but DEL"
else
	skip "python3 not found: the strict JSON check"
fi

# Ties in a sparse line: greedy takes the lowest token of the largest p (and
# the greedy draft the lowest of the largest q), whatever the order the line
# lists them in, as on a dense line. Target: 2 and 5 tie at 3/8; draft: 1 and 6
# at 1/3. Every step drafts 1, rejects it and emits 2.
printf '# vocab 8\n6:1 5:3 2:3 1:1\n6:2 5:1 2:1 1:2\n' >"$TMPD/tie_sparse"
printf '# vocab 8\n0 1 3 0 0 3 1 0\n0 2 1 0 0 1 2 0\n' >"$TMPD/tie_dense"
for f in sparse dense; do
	"$SPECDEC" --json --replay "$TMPD/tie_$f" --verifier greedy --gamma 2 --steps 200 |
		jq -c 'del(.replay_file, .source_detail)' >"$TMPD/tie_$f.json"
	"$SPECDEC" --batch --replay "$TMPD/tie_$f" --verifier greedy --gamma 2 --steps 1 \
		--trace 1 >"$TMPD/tie_$f.trace"
done
is "$(jq -c .spec_hist "$TMPD/tie_sparse.json")" "[0,0,200,0,0,0,0,0]" \
	"greedy on a sparse line with a tied top: every token is 2, the lowest of 2 and 5"
is "$(awk '$NF == "rejected" || $NF == "residual" { printf "%s %s,", $2, $NF }' \
	"$TMPD/tie_sparse.trace")" "1 rejected,2 residual," \
	"the greedy draft is 1, the lowest of q's tied top (1 and 6)"
cmp -s "$TMPD/tie_sparse.json" "$TMPD/tie_dense.json"
ok $? "and the sparse line's run equals the dense line's"

tap_done
