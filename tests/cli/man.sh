#!/bin/sh
# man.sh: the man page is clean and documents every option --help lists
# (tests/unit/test_cli_table.c holds each OPTIONS entry to its row of the option table).
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
: "${MANPAGE:?MANPAGE must name man/specdec.1}"

if command -v mandoc >/dev/null 2>&1; then
	mandoc -Tlint -Wwarning "$MANPAGE" >"$TMPD/lint" 2>&1
	rc=$?
	ok "$rc" "mandoc -Tlint is clean$( [ "$rc" = 0 ] || printf ': %s' "$(head -n 3 "$TMPD/lint" | tr '\n' ' ')")"
else
	need groff
	groff -man -ww -z "$MANPAGE" >"$TMPD/lint" 2>&1
	[ ! -s "$TMPD/lint" ]; ok $? "groff -ww is clean"
fi

missing=
for opt in $("$SPECDEC" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
	name=$(printf '%s' "${opt#--}" | sed 's/-/\\-/g')
	grep -qF -e "Fl \\-$name" -e "\\-\\-$name" "$MANPAGE" || missing="$missing $opt"
done
is "$missing" "" "every option in --help is in the man page"
# every rule of the table (src/verify/rule_table.c) is described under --verifier
rules=$("$SPECDEC" --verifier nope 2>&1 | sed -n "s/.*is not one of //p" | tr -d ',')
[ -n "$rules" ]
ok $? "the rules' names from --verifier's error: $rules"
undescribed=
for rule in $rules; do
	grep -qxF ".Cm $rule :" "$MANPAGE" || undescribed="$undescribed $rule"
done
is "$undescribed" "" "every rule in the table is described in the man page"
for section in SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES; do
	grep -q "^\.Sh $section" "$MANPAGE" || grep -q "^\.SH \"*$section" "$MANPAGE"
	ok $? "section $section"
done

# The figures the man page and theory.md quote at the defaults are the program's:
# accepted/drafted against alpha-hat (draft_acceptance_rate), to 4 places as printf.
set -- $("$SPECDEC" --json | jq -r '.accepted, .drafted, .tested, .draft_acceptance_rate,
	.alpha' | awk 'NR <= 3 { print } NR > 3 { printf "%.4f\n", $1 }')
is "$(sed -n 's/.*before its last draft (\([0-9.]*\) against \([0-9.]*\) at the$/\1 \2/p' \
	"$MANPAGE")" "$4 $5" "the man page's accepted/drafted and alpha at the defaults"
theory="$(dirname "$MANPAGE")/../docs/theory.md"
if [ -r "$theory" ]; then
	grep -qF "defaults $1 / $2 = $4 against alpha-hat $1 / $3 = $5" "$theory"
	ok $? "theory.md's: $1 / $2 = $4 against $1 / $3 = $5"
	is "$(grep -ciE '^\|.*(^|[ |/-])(nan|inf)([ |/]|$)' "$theory")" 0 \
		"no table row of theory.md holds nan or inf"
else
	skip "no docs/theory.md beside the man page"
	skip "no docs/theory.md beside the man page"
fi

done_testing
