# lib.sh: shared by the shell tests (sourced): TAP points, checks of values, a
# scratch directory ($TMPD, also $tmp) and the usage-error check. End a script with
# done_testing (or tap_done). $SPECDEC is the binary under test (set by the harness).
: "${SPECDEC:?set SPECDEC to the specdec binary}"
tap_n=0
tap_failed=0
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/specdec-test.XXXXXX") || exit 1
tmp=$TMPD
trap 'rm -rf "$TMPD"' EXIT

# ok STATUS DESCRIPTION [DIAGNOSTIC]: one TAP point, passing when STATUS is 0; a
# failing one prints DIAGNOSTIC (a captured screen, say) as TAP comments.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
		if [ -n "${3:-}" ]; then
			printf '%s\n' "$3" | sed 's/^/# /'
		fi
	fi
}

# skip REASON: a TAP point skipped for REASON.
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP $1"
}

# unwrap: the batch report on stdin with each wrapped line joined again (a line
# that goes on starts with 6 or more spaces), as scripts that grep it see it.
unwrap() {
	awk '/^      / && NR > 1 { sub(/^ +/, " "); line = line $0; next }
	    { if (NR > 1) print line; line = $0 } END { if (NR > 0) print line }'
}

# json_number NAME: the number a top-level "NAME": holds in the JSON line on
# stdin (what jq -r .NAME prints for it), without starting jq: the statistical
# tier reads one figure from each of hundreds of runs.
json_number() {
	sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"
}

# count_low_p SEEDS LEVEL ARGS...: of the seeds 1..SEEDS, how many give a
# lossless_p below LEVEL when specdec runs with ARGS; -1 (in no range a test
# asks for) when a run gives no p-value, so a run that failed is no pass
count_low_p() {
	_seeds=$1 _level=$2 _seed=1
	shift 2
	while [ "$_seed" -le "$_seeds" ]; do
		"$SPECDEC" --json --seed "$_seed" "$@" | json_number lossless_p
		_seed=$((_seed + 1))
	done | awk -v l="$_level" -v n="$_seeds" '$1 != "" { got++ } $1 + 0 < l { c++ }
	    END { print got == n ? c + 0 : -1 }'
}

# is GOT WANT DESCRIPTION
is() {
	if [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3 (got '$1', want '$2')"; fi
}

# ratio A B: A / B to three places, or "nan" unless A and B are numbers and B
# is above 0 (so that within fails on a count that was never read).
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { num = "^[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?$"
		if (a ~ num && b ~ num && b + 0 > 0) printf "%.3f", a / b; else printf "nan" }'
}

# within GOT LO HI DESCRIPTION: GOT is a number (not empty, not "nan") and
# LO <= GOT <= HI, as real numbers
within() {
	if awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ &&
	    x + 0 >= lo + 0 && x + 0 <= hi + 0) }'; then
		ok 0 "$4 ($1 in [$2, $3])"
	else
		ok 1 "$4 (got '$1', want [$2, $3])"
	fi
}

# usage_error WANT ARGS...: specdec refuses ARGS with exit 2, nothing on stdout and
# one line on stderr containing WANT.
usage_error() {
	want=$1
	shift
	"$SPECDEC" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" = 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l <"$TMPD/err")" = 1 ] &&
	    grep -qF -- "$want" "$TMPD/err"; then
		ok 0 "$*: exit 2, '$want'"
	else
		ok 1 "$*: exit $rc, got '$(cat "$TMPD/err")', want '$want'"
	fi
}

# replay_pairs V LINES SEED: a dense replay file on stdout.
replay_pairs() {
	awk -v v="$1" -v n="$2" -v s="$3" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
	    l = ""; for (k = 0; k < v; k++) l = l sprintf("%.4f ", rand()); print l } }'
}

# replay_change HOW FILE ORIG: the replay file FILE, a copy of ORIG, truncated,
# rewritten in place with what would be refused, or replaced by another file
# (of other pairs).
replay_change() {
	case $1 in
	truncated) : >"$2" ;;
	rewritten) awk '{ gsub(/0\./, "-0."); print }' "$3" >"$2" ;;
	replaced) replay_pairs 50 6 9 >"$2.new" && mv "$2.new" "$2" ;;
	esac
}

# spawn CMD...: CMD in the background, its pid in $pid, with SIGINT at its
# default action as a shell's Ctrl-C finds it: a script's background jobs start
# with SIGINT ignored, and only a program can undo that (GNU env 8.31, or perl).
spawn() {
	if env --default-signal=INT true 2>/dev/null; then
		env --default-signal=INT "$@" &
	else
		perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die "$ARGV[0]: $!\n"' "$@" &
	fi
	pid=$!
}

# wait_cpu PID TICKS: wait until process PID has used TICKS clock ticks of CPU time
# (user and system, from /proc: it is working, whatever the load), or has ended;
# without /proc, one second.
wait_cpu() {
	[ -r "/proc/$1/stat" ] || { sleep 1; return; }
	while kill -0 "$1" 2>/dev/null; do
		t=$(awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null)
		[ "${t:-0}" -ge "$2" ] && return
		sleep 0.05
	done
}

need() {
	command -v "$1" >/dev/null 2>&1 || { echo "Bail out! $1 is needed by this test (the README's test command installs it)"; exit 1; }
}

# The plan, and the exit status.
done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}

tap_done() {
	done_testing
}
