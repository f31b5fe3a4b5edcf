#!/bin/sh
# cli.sh: the real binary's streams and exit codes for good and bad command lines.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

"$SPECDEC" --help >"$TMPD/out" 2>"$TMPD/err"
is "$?" 0 "--help exits 0"
head -n 1 "$TMPD/out" | grep -q '^Usage: specdec'; ok $? "--help prints usage to stdout"
is "$(wc -c <"$TMPD/err" | tr -d ' ')" 0 "--help writes nothing to stderr"
is "$(awk 'length > 79' "$TMPD/out")" "" "--help lines fit in 79 columns"
grep -q '^  3    runtime failure' "$TMPD/out"; ok $? "--help lists exit status 3"
is "$("$SPECDEC" --version)" "specdec 0.1.0" "--version"
grep -q '^  129  the live view.s terminal went away' "$TMPD/out"; ok $? "--help lists exit status 129"

# --help, --version and --list-presets win over anything else, bad options and
# values included (the man page's promise; --version --gamma 99 used to exit 2)
while IFS='|' read -r args want; do
	# shellcheck disable=SC2086
	"$SPECDEC" $args >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" = 0 ] && [ ! -s "$TMPD/err" ] && head -n 1 "$TMPD/out" | grep -q -- "$want"; then
		ok 0 "$args: exit 0, $want"
	else
		ok 1 "$args: exit 0, $want" "status $rc, stderr $(cat "$TMPD/err")"
	fi
done <<'TABLE'
--version --gamma 99|^specdec 0.1.0$
--gamma 99 --version|^specdec 0.1.0$
--help --bogus|^Usage: specdec
--bogus -h|^Usage: specdec
--vers --batch extra|^specdec 0.1.0$
--version --help|^Usage: specdec
--list-presets --version|^specdec 0.1.0$
--noise x --list-presets|^Model pairs
TABLE
"$SPECDEC" --prompt --help >/dev/null 2>&1
is "$?" 2 "--prompt --help: --help is --prompt's value, not a request for help"

# Each bad command line: exit 2, nothing on stdout, one line on stderr naming the option.
while IFS='|' read -r args want; do
	[ -z "$args" ] && continue
	# shellcheck disable=SC2086
	"$SPECDEC" $args >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	lines=$(wc -l <"$TMPD/err" | tr -d ' ')
	if [ "$rc" = 2 ] && [ ! -s "$TMPD/out" ] && [ "$lines" = 1 ] && grep -qF -- "$want" "$TMPD/err"; then
		ok 0 "'$args' -> exit 2: $(cat "$TMPD/err")"
	else
		ok 1 "'$args' -> rc $rc, stdout $(wc -c <"$TMPD/out") bytes, stderr: $(cat "$TMPD/err")"
	fi
done <<'TABLE'
--batch --gamma 0|--gamma: '0' is not an integer from 1 to 32
--batch --gamma 33|--gamma
--batch --gamma two|--gamma
--batch --gamma|--gamma needs a value
-b -g|-g needs a value
--batch --noise -1|--noise: '-1' is not a number from 0 to 10
--batch --noise nan|--noise
--batch --noise 1e400|--noise
--batch --vocab 1|--vocab: '1' is not an integer from 2 to 262144
--batch --vocab 300000|--vocab
--batch --steps 0|--steps
--batch --steps 1.5|--steps
--batch --seed abc|--seed
--batch --target-ms 0|--target-ms
--batch --target-ms -3|--target-ms
--batch --draft-ms -0.5|--draft-ms
--theory --alpha 2|--alpha
--theory --alpha|--alpha needs a value
--batch --alpha 0.5|--alpha only applies with --theory
--theory --gamma-max 0|--gamma-max
--theory --cost-ratio x|--cost-ratio
--batch --nope|unknown option '--nope'
--batch -q|unknown option '-q'
--batch extra|unexpected argument 'extra'
TABLE

done_testing
