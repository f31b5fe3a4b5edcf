#!/bin/sh
# plot.sh: --plot writes a standalone SVG that validates as XML (xmllint) and that a
# real renderer (rsvg-convert) draws as a picture that is not empty, from a batch
# run and from a sweep; --trace prints steps in detail within 80 columns.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
need rsvg-convert
need xmllint
need od
need perl

# png_size FILE: "width height" from the PNG header.
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4,
		$5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}

# A blank picture of the same size compresses to a few hundred bytes; a drawn one
# to tens of kilobytes.
printf '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="740"><rect width="900" height="740" fill="white"/></svg>\n' >"$TMPD/blank.svg"
rsvg-convert -f png -o "$TMPD/blank.png" "$TMPD/blank.svg"
blank=$(wc -c <"$TMPD/blank.png")

check_svg() {
	name=$1
	xmllint --noout "$TMPD/$name.svg" 2>"$TMPD/xml.err"
	ok $? "$name: the SVG is well-formed XML$(head -n 1 "$TMPD/xml.err")"
	rsvg-convert -f png -o "$TMPD/$name.png" "$TMPD/$name.svg" 2>"$TMPD/rsvg.err"
	ok $? "$name: rsvg-convert renders it$(head -n 1 "$TMPD/rsvg.err")"
	is "$(png_size "$TMPD/$name.png")" "900 740" "$name: a 900 x 740 picture"
	size=$(wc -c <"$TMPD/$name.png")
	[ "$size" -gt $((blank * 20)) ]
	ok $? "$name: the picture is not empty ($size bytes of PNG, blank $blank)"
	is "$(grep -c '<polyline' "$TMPD/$name.svg")" "$2" "$name: $2 lines (curves, closed form, acceptance)"
	is "$(grep -oE '(fill|stroke)="[^"]*"' "$TMPD/$name.svg" | sort -u | tr '\n' ' ')" \
		'fill="#c8c8c8" fill="black" fill="none" fill="white" stroke="#dddddd" stroke="black" ' \
		"$name: black, white and greys only"
}

"$SPECDEC" --batch --steps 3000 --plot "$TMPD/run.svg" >/dev/null
is "$?" 0 "a batch run with --plot exits 0"
check_svg run 5
"$SPECDEC" --sweep --gamma 1-8 --noise 0.3,0.8 --steps 1000 --plot "$TMPD/sweep.svg" >"$TMPD/out"
is "$?" 0 "a sweep with --plot exits 0"
check_svg sweep 7
grep -q '^    8  0.800  ' "$TMPD/out"; ok $? "the sweep still prints its table"

# legend NAME: the series' labels of NAME.svg without their alphas, one a line.
legend() {
	xmllint --xpath "//*[local-name()='text'][contains(., ' (alpha ')]/text()" \
		"$TMPD/$1.svg" | sed 's/ (alpha [0-9.]*)$//'
}
# series_alpha NAME LABEL: the alpha in the legend entry LABEL.
series_alpha() {
	xmllint --xpath "//*[local-name()='text'][starts-with(., '$2 (alpha ')]/text()" \
		"$TMPD/$1.svg" | sed 's/.*(alpha \([0-9.]*\))$/\1/'
}
# caption NAME: the line above the lower panels; title NAME: the picture's title.
caption() {
	xmllint --xpath "string(//*[local-name()='text'][starts-with(., 'lower panels: ')])" \
		"$TMPD/$1.svg"
}
title() {
	xmllint --xpath "string(//*[local-name()='text'][@y='22.0'])" "$TMPD/$1.svg"
}
# fastest NAME: "gamma, verifier, schedule (speedup)" of the CSV's fastest cell.
fastest() {
	awk -F, 'NR > 1 && $12 + 0 > best { best = $12 + 0
		row = $1 ", " $17 ", " $18 " (" sprintf("%.3f", $12) "x)" } END { print row }' \
		"$TMPD/$1.csv"
}

is "$(legend sweep | tr '\n' ';')" "noise 0.3, k 0;noise 0.8, k 0;" \
	"a gamma and noise sweep: one series per noise, named by noise and k"

"$SPECDEC" --sweep --gamma 1-8 --verifier standard,block,lenient,typical --steps 400 \
	--csv --plot "$TMPD/rules.svg" >"$TMPD/rules.csv"
is "$?" 0 "a sweep over four rules with --plot exits 0"
check_svg rules 11
is "$(legend rules | tr '\n' ';')" "standard;block;lenient;typical;" \
	"four rules: four series, each named by its rule"
within "$(series_alpha rules lenient)" 0.97 1 "the lenient series has its own alpha"
within "$(series_alpha rules standard)" 0.85 0.93 "and the standard one its own"
is "$(title rules)" "specdec --sweep: 32 cells of 400 steps, noise 0.3, k 0, c 0.1" \
	"the title names the values the four series share"
caption rules | grep -q '^lower panels: the fastest cell: gamma 8, noise 0.3, k 0, lenient, constant ('
ok $? "the caption names the fastest cell's rule: $(caption rules)"
f=$(fastest rules)
is "$(caption rules | sed 's/, noise 0.3, k 0//')" "lower panels: the fastest cell: gamma $f" \
	"and it is the CSV's fastest cell"

"$SPECDEC" --sweep --gamma 1-6 --schedule constant,heuristic --steps 400 \
	--plot "$TMPD/sched.svg" >/dev/null
is "$?" 0 "a sweep over two schedules with --plot exits 0"
is "$(grep -c '<polyline' "$TMPD/sched.svg")" 7 "two schedules: two curves a panel"
is "$(legend sched | tr '\n' ';')" "constant;heuristic;" \
	"two schedules: two series, each named by its schedule"
is "$(title sched)" "specdec --sweep: 12 cells of 400 steps, noise 0.3, k 0, c 0.1" \
	"two schedules: the title names the noise and k they share"
"$SPECDEC" --sweep --gamma 1-3 --verifier lenient --steps 100 --plot "$TMPD/len.svg" >/dev/null
is "$(title len):$(legend len)" "specdec --sweep: 3 cells of 100 steps, lenient, c 0.1:noise 0.3, k 0" \
	"one rule, not the standard one: the title names it, the one series by noise and k"
caption sched | grep -qE '^lower panels: the fastest cell: gamma [1-6], noise 0.3, k 0, standard, (constant|heuristic) \('
ok $? "the caption names the fastest cell's rule and schedule: $(caption sched)"

"$SPECDEC" --sweep --gamma 1-6 --verifier standard,lenient --schedule constant,heuristic \
	--steps 400 --csv --plot "$TMPD/both.svg" >"$TMPD/both.csv"
is "$?" 0 "a sweep over two rules by two schedules with --plot exits 0"
is "$(grep -c '<polyline' "$TMPD/both.svg")" 11 "two by two: four curves a panel"
is "$(legend both | tr '\n' ';')" \
	"standard, constant;standard, heuristic;lenient, constant;lenient, heuristic;" \
	"two by two: four series, each named by its rule and schedule"
f=$(fastest both)
is "$(caption both | sed 's/, noise 0.3, k 0//')" "lower panels: the fastest cell: gamma $f" \
	"the caption names the CSV's fastest cell by rule and schedule"

# The title names c and the preset; over a list of L the lower left panel is the
# speedup against the distortion, one line per L.
"$SPECDEC" --sweep --preset t5-small-ende-t1 --gamma 1-3 --steps 100 --plot "$TMPD/pre.svg" >/dev/null
is "$(title pre)" "specdec --sweep --preset t5-small-ende-t1: 3 cells of 100 steps, c 0.02" \
	"the title names the preset and its c"
"$SPECDEC" --batch --preset t5-small-ende-t1 --steps 200 --plot "$TMPD/prerun.svg" >/dev/null
title prerun | grep -qE "^specdec: t5-small-ende-t1, stub source, gamma 4, noise [0-9]\.[0-9]{2}, c 0\.02, k 0, 200 steps$"
ok $? "a run's title names the preset and c: $(title prerun)"
"$SPECDEC" --sweep --verifier lenient --lenience 0.5,0.8,1 --gamma 2,4 --steps 300 \
	--plot "$TMPD/trade.svg" >/dev/null
is "$(legend trade | tr '\n' ';')" "L 0.5;L 0.8;L 1;" "a list of L: one series per L"
grep -q '>speedup against distortion<' "$TMPD/trade.svg" && grep -q '>distortion: TV(output, p)<' "$TMPD/trade.svg"
ok $? "and the lower left panel is the speedup against the distortion"
grep -q '>tokens per step: measured and closed form<' "$TMPD/trade.svg"
ok $((! $?)) "in place of the histogram"
# Why points sit above the curves at large gamma, said only when they do: noise 1
# on the stub (beta varies from step to step: Jensen), not one replayed pair.
"$SPECDEC" --sweep --gamma 4,16 --noise 1 --steps 4000 --plot "$TMPD/jensen.svg" >/dev/null
grep -q 'points above the lines at large gamma: the overlap b varies between steps' "$TMPD/jensen.svg"
ok $? "noise 1, gamma 16: the measured points above the curve, and the picture says why"
printf '# vocab 3\n5 3 2\n2 3 5\n' >"$TMPD/one.pair"
"$SPECDEC" --sweep --replay "$TMPD/one.pair" --gamma 4,16 --steps 4000 --plot "$TMPD/flat.svg" >/dev/null
grep -q 'points above the lines' "$TMPD/flat.svg"
ok $((! $?)) "one replayed pair (beta fixed): on the curve, no such line"

usage_error "--plot: the sweep has 8 series (combinations of the values besides gamma); at most 6 can be told apart" \
	--sweep --gamma 1-4 --verifier standard,lenient --noise 0.1,0.2,0.3,0.4 --steps 10 \
	--plot "$TMPD/many.svg"
[ ! -e "$TMPD/many.svg" ]; ok $? "and no picture is written"

# The path is checked before the run, and the picture replaces the file only
# whole: written beside it and renamed into place.
usage_error "--plot: $TMPD/no/such/dir.svg: the directory $TMPD/no/such does not exist" \
	--batch --steps 10 --plot "$TMPD/no/such/dir.svg"
usage_error "--plot: $TMPD/: not a file name (it ends in /)" --batch --steps 10 --plot "$TMPD/"
usage_error "--plot: /dev/null: a character device, not a regular file" --batch --plot /dev/null
mkfifo "$TMPD/fifo"
timeout 20 "$SPECDEC" --batch --steps 10 --plot "$TMPD/fifo" >"$TMPD/out" 2>"$TMPD/err"
is "$?" 2 "--plot to a FIFO with no reader: exit 2 at once, no wait"
is "$(cat "$TMPD/err")" "specdec: --plot: $TMPD/fifo: a FIFO or pipe, not a regular file (the output is written to a new file and renamed to it)" \
	"and one line saying why, before the run (nothing on stdout: $(wc -c <"$TMPD/out") bytes)"
mkdir "$TMPD/keep"
echo OLD >"$TMPD/keep/p.svg"
chmod 640 "$TMPD/keep/p.svg"
# A file size limit (1 KiB blocks in bash, 512 bytes in POSIX sh): a clear error,
# not death by SIGXFSZ, and the old picture intact.
(ulimit -f 4; exec "$SPECDEC" --batch --steps 3000 --plot "$TMPD/keep/p.svg") >/dev/null 2>"$TMPD/err"
is "$?" 3 "--plot past ulimit -f: exit 3, not killed by SIGXFSZ"
grep -q "^specdec: --plot: cannot write $TMPD/keep/p.svg: File too large$" "$TMPD/err"
ok $? "and one line naming the file and the reason ($(cat "$TMPD/err"))"
is "$(cat "$TMPD/keep/p.svg")" OLD "and the old picture is left as it was"
is "$(ls -A "$TMPD/keep")" p.svg "and no temporary file is left beside it"
# Interrupted (SIGINT reset to its default first: a script's background job
# starts with it ignored): exit 130, the old picture intact. Not under
# ThreadSanitizer (CI's check-threads), which holds a signal back until the
# thread makes a libc call it intercepts, and the batch loop makes none.
if [ -n "${TSAN_OPTIONS:-}" ]; then
	for what in "exit 130" "the old picture kept" "says so" "no temporary file"; do
		skip "an interrupted run with --plot: $what (TSan holds signals back)"
	done
else
	perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$SPECDEC" --batch \
		--steps 1000000000 --plot "$TMPD/keep/p.svg" >/dev/null 2>"$TMPD/err" &
	pid=$!
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	is "$?" 130 "an interrupted run with --plot: exit 130"
	is "$(cat "$TMPD/keep/p.svg")" OLD "and the old picture is left as it was"
	grep -q "^specdec: --plot: interrupted, $TMPD/keep/p.svg left as it was$" "$TMPD/err"
	ok $? "and it says so"
	is "$(ls -A "$TMPD/keep")" p.svg "and no temporary file is left"
fi
"$SPECDEC" --batch --steps 300 --plot "$TMPD/keep/p.svg" >/dev/null
is "$?" 0 "a finished run replaces the picture"
head -c 5 "$TMPD/keep/p.svg" | grep -q '^<?xml'; ok $? "with the new one"
is "$(stat -c %a "$TMPD/keep/p.svg")" 640 "keeping the file's permissions"
is "$(ls -A "$TMPD/keep")" p.svg "and no temporary file is left"

"$SPECDEC" --batch --steps 50 --trace 20 --noise 1 >"$TMPD/trace"
is "$(grep -c '^step [0-9]*: gamma 4' "$TMPD/trace")" 20 "--trace 20: twenty steps in detail"
sed '/^source /,$d' "$TMPD/trace" | awk 'length > 80 { exit 1 }'
ok $? "--trace fits 80 columns"
grep -qE '^ +[0-9]+  [a-z]+ +[0-9.]+ +[0-9.]+ +[0-9.e+-]+ +[0-9.]+  (accepted|rejected)$' "$TMPD/trace"
ok $? "a tested draft shows p, q, p/q, u and its verdict"
grep -qE '^ +[0-9]+  [a-z]+ +[0-9.e-]+ +[0-9.e-]+ +- +-  (residual|bonus)$' "$TMPD/trace"
ok $? "a residual or bonus token shows p and q, no test"
usage_error "--trace and --json do not go together" --json --trace 3

done_testing
