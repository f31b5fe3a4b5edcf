# lib.sh: TAP helpers for the shell tests. Source it, call the checks, end with done_testing.
# $SPECDEC is the binary under test (set by the harness).
: "${SPECDEC:?SPECDEC must name the specdec binary}"
tap_n=0
tap_failed=0
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/specdec-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT

# ok STATUS DESCRIPTION: STATUS 0 passes
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# is GOT WANT DESCRIPTION
is() {
	if [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3 (got '$1', want '$2')"; fi
}

# within GOT LO HI DESCRIPTION: LO <= GOT <= HI, as real numbers
within() {
	if awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x + 0 >= lo + 0 && x + 0 <= hi + 0) }'; then
		ok 0 "$4 ($1 in [$2, $3])"
	else
		ok 1 "$4 (got '$1', want [$2, $3])"
	fi
}

need() {
	command -v "$1" >/dev/null 2>&1 || { echo "Bail out! $1 is needed by this test (the README's test command installs it)"; exit 1; }
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}
