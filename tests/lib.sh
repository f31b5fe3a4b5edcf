# lib.sh: shared by the shell tests (sourced): TAP points, a scratch directory,
# and the usage-error check. Needs $SPECDEC, the binary under test.
: "${SPECDEC:?set SPECDEC to the specdec binary}"
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

# ok STATUS TEXT: one TAP point, passing when STATUS is 0.
ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		failed=$((failed + 1))
	fi
}

# usage_error WANT ARGS...: specdec refuses ARGS with exit 2 and one line on
# stderr containing WANT.
usage_error() {
	want=$1
	shift
	"$SPECDEC" "$@" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	if [ "$rc" = 2 ] && [ "$(wc -l < "$tmp/err")" = 1 ] &&
	    grep -qF -- "$want" "$tmp/err"; then
		ok 0 "$*: exit 2, '$want'"
	else
		ok 1 "$*: exit $rc, got '$(cat "$tmp/err")', want '$want'"
	fi
}

# tap_done: the plan, and the exit status.
tap_done() {
	echo "1..$n"
	[ "$failed" = 0 ]
}
