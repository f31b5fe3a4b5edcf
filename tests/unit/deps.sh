#!/bin/sh
# deps.sh: the include graph of src/. A module is a file without its extension
# (tui/tui_text for tui_text.c and tui_text.h); `#include "dir/name.h"` in either
# file is an edge to module dir/name. The graph must have no cycle (no two
# modules reach each other), and the model must not know the terminal: outside
# src/tui/ and src/main.c no file includes curses or a tui/ header. The checks
# are first run on small trees made to fail, so they can.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"
src="${TESTS_SRCDIR:-$(dirname "$0")/..}/../src"

# edges DIR: one "from to" line per include of a header of DIR by a file of DIR.
edges() {
	(cd "$1" && find . -name '*.[ch]' | sed 's|^\./||' | sort | while read -r f; do
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)\.h".*/\1/p' "$f" |
		    while read -r to; do
			[ -f "$to.h" ] && printf '%s %s\n' "${f%.*}" "$to"
		done
	done)
}

# cycle DIR: the modules of a cycle of DIR's include graph, or nothing.
cycle() {
	edges "$1" | awk '$1 != $2' | tsort 2>&1 >/dev/null | sed -n 's/^tsort: //p' |
	    grep -v 'input contains a loop' | tr '\n' ' '
}

# curses_outside DIR: the files outside DIR/tui and DIR/main.c that include
# curses, its terminfo header or a tui/ header.
curses_outside() {
	(cd "$1" && find . -name '*.[ch]' ! -path './tui/*' ! -path './main.c' | sed 's|^\./||' |
	    sort | xargs grep -lE \
	    '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](n?curses(w)?\.h|ncursesw/|term\.h|tui/)' |
	    tr '\n' ' ')
}

# Trees made to fail: a cycle through a .c file, and the model including curses
# and a tui header.
mkdir -p "$TMPD/bad/a" "$TMPD/bad/b" "$TMPD/bad/tui"
printf '#include "b/y.h"\n' >"$TMPD/bad/a/x.h"
printf '#include "a/x.h"\n' >"$TMPD/bad/b/y.c"
: >"$TMPD/bad/b/y.h"
printf '#include <ncurses.h>\n' >"$TMPD/bad/b/z.c"
printf '#include "tui/w.h"\n' >"$TMPD/bad/a/v.c"
: >"$TMPD/bad/tui/w.h"
printf '#include <curses.h>\n#include "a/x.h"\n' >"$TMPD/bad/tui/w.c"
got=$(cycle "$TMPD/bad")
case "$got" in
*a/x*b/y* | *b/y*a/x*) ok 0 "a made cycle is found: $got" ;;
*) ok 1 "a made cycle is found (got '$got')" ;;
esac
is "$(curses_outside "$TMPD/bad")" "a/v.c b/z.c " "made curses and tui includes outside tui/ are found"
rm -f "$TMPD/bad/b/y.c"
is "$(cycle "$TMPD/bad")" "" "without the .c file's include, no cycle"

n=$(edges "$src" | awk '$1 != $2' | wc -l)
within "$n" 150 100000 "src/ has its include graph ($n edges between modules)"
edges "$src" | grep -q '^tui/tui_pane_stream tui/tui_tokens$'
ok $? "the graph has tui/tui_pane_stream -> tui/tui_tokens"
is "$(cycle "$src")" "" "no cycle in src/'s include graph"
is "$(curses_outside "$src")" "" "outside src/tui/ and src/main.c, nothing includes curses or tui/"
done_testing
