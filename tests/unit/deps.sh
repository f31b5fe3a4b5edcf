#!/bin/sh
# deps.sh: the include graph of src/ and the use graph of its files. A module
# is a file without its extension (tui/tui_text for tui_text.c and tui_text.h);
# `#include "dir/name.h"` in either file is an edge to module dir/name. The graph
# must have no cycle (no two modules reach each other), and the model must not
# know the terminal: outside src/tui/ and src/main.c no file includes curses or a
# tui/ header. In the use graph a .c file uses another when it takes a symbol the
# other defines, as the linker sees them in the built archives (nm): a header
# that declares the functions of several files, or a table whose rows a macro
# pastes, cannot hide a circle there. No two files may use each other, directly
# or around a circle: each pair gets one direction (a small header both include,
# or a callback). The checks are first run on trees made to fail, so they can.
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

# loops: the nodes of the cycles of the "from to" graph on stdin, or nothing.
loops() {
	awk '$1 != $2' | tsort 2>&1 >/dev/null | sed -n 's/^tsort: //p' |
	    grep -v 'input contains a loop' | tr '\n' ' '
}

# cycle DIR: the modules of a cycle of DIR's include graph, or nothing.
cycle() {
	edges "$1" | loops
}

# uses SRC ARCHIVE...: one "from to" line per file of the archives that takes a
# symbol another of their files defines, each named as SRC's file of the same
# name (lesson/lesson_ask for lesson_ask.o, tui/tui for libspecdec_tui_a-tui.o).
uses() {
	_src=$1
	shift
	(cd "$_src" && find . -name '*.c' | sed 's|^\./||; s|\.c$||' |
	    awk '{ n = $0; sub(/.*\//, "", n); print n, $0 }') >"$TMPD/modules"
	${NM:-nm} -A -g "$@" | awk -F: -v modules="$TMPD/modules" '
	    BEGIN { while ((getline l <modules) > 0) { split(l, a, " "); m[a[1]] = a[2] } }
	    NF < 3 || $NF == "" { next }	# the heading of an archive
	    {
		k = split($NF, f, " "); o = $(NF - 1)
		sub(/^lib[A-Za-z0-9_]*_a-/, "", o); sub(/\.o$/, "", o)
		if (o in m) o = m[o]
		if (f[k - 1] == "U") use[o, f[k]] = 1
		else if (f[k - 1] ~ /^[A-Z]$/) def[f[k]] = o
	    }
	    END {
		for (u in use) {
			split(u, b, SUBSEP)
			if ((b[2] in def) && def[b[2]] != b[1]) print b[1], def[b[2]]
		}
	    }' | sort -u
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

# Files made to use each other: a/x and a/y call each other, a/z only calls
# a/x; b/t's table names b/u's row through a pasted name, and b/u reads the table.
# Then a/y without its call.
mkdir -p "$TMPD/use/a" "$TMPD/use/b"
printf 'int y(void);\nint x(void) { return y(); }\n' >"$TMPD/use/a/x.c"
printf 'int x(void);\nint y(void) { return x() + 1; }\n' >"$TMPD/use/a/y.c"
printf 'int x(void);\nint z(void) { return x(); }\n' >"$TMPD/use/a/z.c"
printf '#define ROW(n) extern const int row_##n;\nROW(u)\nconst int *const t[] = { &row_u };\n' \
    >"$TMPD/use/b/t.c"
printf 'extern const int *const t[];\nconst int row_u = 1;\nint u(void) { return *t[0]; }\n' \
    >"$TMPD/use/b/u.c"
# made_uses: the made files compiled into an archive, and their use graph.
made_uses() {
	for f in a/x a/y a/z b/t b/u; do
		${CC:-cc} -c -o "$TMPD/use/$f.o" "$TMPD/use/$f.c" || return 1
	done
	rm -f "$TMPD/use/libmade_a.a"
	(cd "$TMPD/use" && ${AR:-ar} cr libmade_a.a a/x.o a/y.o a/z.o b/t.o b/u.o) &&
	    uses "$TMPD/use" "$TMPD/use/libmade_a.a"
}
got=$(made_uses)
is "$(printf '%s\n' "$got" | tr '\n' ' ')" "a/x a/y a/y a/x a/z a/x b/t b/u b/u b/t " \
    "the made files' uses, a pasted name among them, are found"
got=$(printf '%s\n' "$got" | loops)
case "$got" in
*a/x*a/y* | *a/y*a/x*) ok 0 "a made circle of two files is found: $got" ;;
*) ok 1 "a made circle of two files is found (got '$got')" ;;
esac
case "$got" in
*b/t*b/u* | *b/u*b/t*) ok 0 "a made circle through a table's pasted name is found" ;;
*) ok 1 "a made circle through a table's pasted name is found (got '$got')" ;;
esac
printf 'int y(void) { return 1; }\n' >"$TMPD/use/a/y.c"
is "$(made_uses | grep '^a/' | loops)" "" "without a/y's call, no circle in a/"

n=$(edges "$src" | awk '$1 != $2' | wc -l)
within "$n" 150 100000 "src/ has its include graph ($n edges between modules)"
edges "$src" | grep -q '^tui/tui_pane_stream tui/tui_tokens$'
ok $? "the graph has tui/tui_pane_stream -> tui/tui_tokens"
is "$(cycle "$src")" "" "no cycle in src/'s include graph"
is "$(curses_outside "$src")" "" "outside src/tui/ and src/main.c, nothing includes curses or tui/"

# The uses that changes under way remove, set aside until they land, one
# "from to" line each (none now). Each must still be in the graph: drop its
# line here when its change lands.
pending=''
is "$(find "$src" -name '*.c' | sed 's|.*/||' | sort | uniq -d | tr '\n' ' ')" "" \
    "the .c files of src/ have distinct names (an archive names its members so)"
build=$(dirname "$SPECDEC")
uses "$src" "$build/libspecdec.a" "$build/libspecdec_tui.a" >"$TMPD/uses"
n=$(wc -l <"$TMPD/uses")
within "$n" 300 100000 "src/'s files have their use graph ($n uses between files)"
grep -q '^lesson/lesson_parse lesson/lesson_ask$' "$TMPD/uses"
ok $? "the use graph has lesson/lesson_parse -> lesson/lesson_ask"
gone=$(printf '%s' "$pending" | grep -vxF -f "$TMPD/uses" | tr '\n' ';')
is "$gone" "" "each use set aside is still in the use graph"
is "$(printf '%s' "$pending" | grep -vxF -f - "$TMPD/uses" | loops)" "" \
    "no two files of src/ use each other, directly or around a circle"
done_testing
