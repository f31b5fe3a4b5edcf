#!/bin/sh
# help_pages.sh: every key of the key table is on a page of the help overlay at
# the smallest sizes the live view accepts. The keys, each name with the start
# of its line, are read from the man page's KEYS section (test_tui_keys checks
# it against the table); ? turns the keys pages ("keys 1/2" on the border, "?
# again: more keys" below) until the figures page, then the panes page, then
# closes. Each page is waited for before the next key. TAP; needs tmux.
set -u

. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/live.sh"
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/screen.sh"

HELP_START=12	# characters of a key's line looked for: never cut (16 shown)

# The KEYS section's entries, one a line: the name, a space, the first
# HELP_START characters of its line, roff's escapes undone.
tab=$(printf '\t')
sed -n '/^\.Sh KEYS$/,/^\.Sh /p' "${MANPAGE:?}" | sed -n '/^\.It Cm "/{
s/^\.It Cm "\(.*\)"$/\1/
N
s/\n/\t/
p
}' | sed 's/\\&//g; s/\\-/-/g' | while IFS="$tab" read -r name help; do
	printf '%s %s\n' "$name" "$(printf '%s' "$help" | cut -c1-"$HELP_START")"
done >"$TMPD/want"
nwant=$(wc -l <"$TMPD/want")
[ "$nwant" -ge 40 ]
ok $? "the man page's KEYS section lists the keys ($nwant)"

# pages NAME: ? and then ? again over every keys page, each page's screen, its
# runs of spaces squeezed, appended to $TMPD/seen; the count of pages in $npages.
pages() {
	: >"$TMPD/seen"
	npages=0
	keys "$1" "?"
	wait_re "$1" "[-─] keys( 1/[0-9]+)? " || return 1
	while [ "$npages" -lt 10 ]; do
		npages=$((npages + 1))
		screen "$1" | tr -s ' ' >>"$TMPD/seen"
		screen "$1" | grep -qF "? again: more keys" || return 0
		keys "$1" "?"
		wait_for "$1" "keys $((npages + 1))/" || return 1
	done
}

for size in "80 24 C.UTF-8" "72 20 C"; do
	set -- $size
	view e "$1" "$2" "$3" -- --paused
	pages e
	ok $? "$1x$2 $3: ? turns each keys page" "$(screen e)"
	[ "$npages" -ge 2 ]
	ok $? "$1x$2 $3: the keys take $npages pages (47 do not fit one)"
	has e "keys $npages/$npages " "$1x$2 $3: the last keys page says $npages/$npages"
	missing=$(while IFS= read -r want; do
		grep -qF -- "$want" "$TMPD/seen" || printf '[%s] ' "$want"
	done <"$TMPD/want")
	[ -z "$missing" ]
	ok $? "$1x$2 $3: all $nwant keys on the pages; missing: ${missing:-none}" \
	    "$(cat "$TMPD/seen")"
	hasnt e "more keys in man" "$1x$2 $3: no key left to the man page"
	has e "\? again: what the figures mean; any other key closes" \
	    "$1x$2 $3: the last keys page offers the figures"
	keys e "?"
	has e "\? again: the panes; any other key closes" "$1x$2 $3: then the figures page"
	keys e "?"
	has e "caption band" "$1x$2 $3: then the panes page"
	keys e "?"
	wait_gone e "any key closes"
	ok $? "$1x$2 $3: ? on the panes page closes the help" "$(screen e)"
	keys e "?"
	wait_re e "keys 1/[0-9]+ "
	ok $? "$1x$2 $3: ? opens the help on its first keys page again" "$(screen e)"
	unview e
done
done_testing
