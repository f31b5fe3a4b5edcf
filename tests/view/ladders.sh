#!/bin/sh
# ladders.sh: the keys d/D and t/T walk their ladders (the cost ratio c by
# 0.01, 0.05, then 1, 2, 5; the target cost along 1, 2, 5) and stop at the
# ends of the range the command line accepts (--cost-ratio for c, --target-ms
# for T, as --help states them), every step waited for on the 80x24 screen;
# from outside the range, a key toward it lands on its end. TAP; needs tmux.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/screen.sh"

# The ends, from --help ("(LO..HI, default ...)"), as the cost pane prints
# them (%g: 1e6 is 1e+06).
range() {
	"$SPECDEC" --help | sed -n "s/^ *--$1 [A-Z] .*(\([0-9.e]*\)\.\.\([0-9.e]*\),.*/\1 \2/p"
}
set -- $(range target-ms)
tlo=$(printf '%g' "$1") thi=$(printf '%g' "$2")
set -- $(range cost-ratio)
clo=$(printf '%g' "$1") chi=$(printf '%g' "$2")
dtop=$(awk "BEGIN { printf \"%g\", 10 * $chi }")	# D at T 10 ms and c at its top
[ -n "$tlo" ] && [ -n "$thi" ] && [ -n "$clo" ] && [ -n "$chi" ]
ok $? "--help: --target-ms $tlo..$thi, --cost-ratio $clo..$chi"
man=$(tr '\n' ' ' <"$MANPAGE")
printf '%s\n' "$man" | grep -q "between $clo and $chi, the range of .Fl \\\\-cost\\\\-ratio" &&
    printf '%s\n' "$man" | grep -q "along $tlo, .* $(printf '%.0f' "$thi") ms, the range of .Fl \\\\-target\\\\-ms"
ok $? "the man page states both ladders' ends, the options' ranges"

# walk NAME KEY PREFIX SUFFIX VALUES...: KEY once per value, each time waiting
# for a line matching PREFIX VALUE SUFFIX (extended regexes; the value's dots
# and plus taken literally); one test point for the whole walk.
walk() {
	wname=$1 wkey=$2 wpre=$3 wsuf=$4
	shift 4
	wlast=start
	for v in "$@"; do
		keys "$wname" "$wkey"
		if ! wait_re "$wname" "$wpre$(literal "$v")$wsuf"; then
			ok 1 "$wkey after $wlast: $v" "$(screen "$wname")"
			return
		fi
		wlast=$v
	done
	ok 0 "$wkey $# times: $*"
}

literal() {
	printf '%s\n' "$1" | sed 's/[.+]/\\&/g'
}

# stays NAME KEY ERE WHAT SEED: KEY three times more, then s (a new seed, which
# the header shows as seed=SEED: the keys before it were read); a line still
# matches ERE (WHAT in words).
stays() {
	keys "$1" "$2" "$2" "$2" s
	wait_for "$1" "seed=$5"
	screen "$1" | grep -qE -- "$3"
	ok $? "$2 three times more: still $4" "$(screen "$1")"
}

C="c(=D/T)? "
view a 80 24 C.UTF-8 -- --paused
has a "T 10 ms(/fwd)?  D 1 ms/tok(en)?  ${C}0\.1 " "the defaults: T 10 ms, D 1 ms, c 0.1"
walk a D "$C" " " 0.15 0.2 0.25 0.3 0.35 0.4 0.45 0.5 0.55 0.6 0.65 0.7 0.75 0.8 \
    0.85 0.9 0.95 1 2 5 10 20 50 "$chi"
stays a D "D $dtop ms/tok(en)?  $C$chi " "c $chi, the largest --cost-ratio" 1
walk a T "T " " ms" 20 50 100 200 500 1000 2000 5000 10000 20000 50000 100000 \
    200000 500000 "$thi"
stays a T "T $(literal "$thi") ms" "T $thi ms, the largest --target-ms" 2
walk a t "T " " ms" 500000 200000 100000 50000 20000 10000 5000 2000 1000 500 200 \
    100 50 20 10 5 2 1 0.5 0.2 0.1 0.05 0.02 0.01 0.005 0.002 "$tlo"
stays a t "T $(literal "$tlo") ms" "T $tlo ms, the smallest --target-ms" 3
has a "D $dtop ms/tok(en)?  ${C}1e\+06 " "t leaves D: c is 1e+06, outside --cost-ratio's range"
stays a D "${C}1e\+06 " "c 1e+06: D never lowers c" 4
# d from above the range: its end first
walk a d "$C" " " "$chi" 50 20 10 5 2 1 0.95
walk a d "$C" " " 0.9 0.85 0.8 0.75 0.7 0.65 0.6 0.55 0.5 0.45 0.4 0.35 0.3 0.25 0.2 \
    0.15 0.1 0.09 0.08 0.07 0.06 0.05 0.04 0.03 0.02 0.01 "$clo"
stays a d "D 0 ms/tok(en)?  $C$clo " "c $clo, the smallest --cost-ratio" 5
unview a

done_testing
