#!/bin/sh
# deps.sh: the include graph of src/. A module is a file without its extension
# (tui/tui_text for tui_text.c and tui_text.h); `#include "dir/name.h"` in either
# file is an edge to module dir/name. The graph must have no cycle (no two
# modules reach each other), and the model must not know the terminal: outside
# src/tui/ and src/main.c no file includes curses or a tui/ header. Inside the
# folders of $call_dirs, the .c files do not call each other in a circle either
# (a shared header can hide one from the include graph). The checks are first
# run on small trees made to fail, so they can.
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

# The folders whose .c files must not call each other in a circle.
call_dirs="metrics"

# calls DIR: one "from to" line for each .c file of DIR that names a function
# another .c file of DIR defines (a definition: the name at the start of a line,
# its return type on the line before, not static). Comments are left out.
calls() {
	(cd "$1" && for g in *.c; do
		awk 'prev !~ /^static/ && /^[a-z_][a-z0-9_]*\(/ { sub(/\(.*/, ""); print }
		    { prev = $0 }' "$g" | while read -r fn; do
			for f in *.c; do
				[ "$f" != "$g" ] && sed -e 's|/\*.*\*/||g' -e 's|^[[:space:]]*\*.*||' \
				    "$f" | grep -qw "$fn" && printf '%s %s\n' "${f%.c}" "${g%.c}"
			done
		done
	done | sort -u)
}

# call_cycle DIR: the files of a circle of DIR's calls, or nothing.
call_cycle() {
	calls "$1" | tsort 2>&1 >/dev/null | sed -n 's/^tsort: //p' |
	    grep -v 'input contains a loop' | tr '\n' ' '
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

# A folder whose two files call each other through one shared header (as
# src/metrics/ once did: the driver called the readers, which called its
# helpers), and the same with the helper moved to a file of its own.
mkdir -p "$TMPD/calls"
printf '#include "c/shared.h"\n\nint\ndriver(void)\n{\n\treturn reader();\n}\n\nint\nhelper(void)\n{\n\treturn 0;\n}\n' \
    >"$TMPD/calls/driver.c"
printf '#include "c/shared.h"\n\n/* not a call: driver() */\nstatic int\nown(void)\n{\n\treturn 1;\n}\n\nint\nreader(void)\n{\n\treturn helper() + own();\n}\n' \
    >"$TMPD/calls/reader.c"
got=$(call_cycle "$TMPD/calls")
case "$got" in
*driver*reader* | *reader*driver*) ok 0 "a made circle of calls is found: $got" ;;
*) ok 1 "a made circle of calls is found (got '$got')" ;;
esac
sed -i '/^int$/,$d' "$TMPD/calls/driver.c"
printf 'int\ndriver(void)\n{\n\treturn reader();\n}\n' >>"$TMPD/calls/driver.c"
printf 'int\nhelper(void)\n{\n\treturn 0;\n}\n' >"$TMPD/calls/text.c"
is "$(calls "$TMPD/calls" | tr '\n' ' ')" "driver reader reader text " \
    "with the helper in a file of its own: one direction"

n=$(edges "$src" | awk '$1 != $2' | wc -l)
within "$n" 150 100000 "src/ has its include graph ($n edges between modules)"
edges "$src" | grep -q '^tui/tui_pane_stream tui/tui_tokens$'
ok $? "the graph has tui/tui_pane_stream -> tui/tui_tokens"
is "$(cycle "$src")" "" "no cycle in src/'s include graph"
is "$(curses_outside "$src")" "" "outside src/tui/ and src/main.c, nothing includes curses or tui/"
for d in $call_dirs; do
	n=$(calls "$src/$d" | wc -l)
	within "$n" 5 100000 "src/$d has its call graph ($n edges between files)"
	is "$(call_cycle "$src/$d")" "" "no circle of calls between the files of src/$d"
done
done_testing
