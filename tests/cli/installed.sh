#!/bin/sh
# installed.sh BIN PKGDATADIR DESTDIR SRCDIR BUILDDIR: after make install, the
# installed binary BIN holds no path of the source tree SRCDIR or the build tree
# BUILDDIR (strings holding the installed PKGDATADIR are allowed, since it may lie
# inside them, as in make distcheck); and, unless staged under DESTDIR, it finds
# the installed PKGDATADIR/corpus.txt with neither $SPECDEC_CORPUS nor
# $SPECDEC_DATADIR set. Run by make installcheck (so by make distcheck too).
bin=$1 pkgdatadir=$2 destdir=$3
failed=0

check() {
	if [ "$1" = 0 ]; then
		echo "installcheck: ok - $2"
	else
		echo "installcheck: FAIL - $2" >&2
		failed=1
	fi
}

# Each tree's path without its '..' (make distcheck's srcdir has some), and with
# symbolic links resolved, as the compiler's getcwd sees it.
paths=$(for dir in "$4" "$5"; do (cd "$dir" && pwd && pwd -P); done | sort -u)
shown=$(printf '%s' "$paths" | tr '\n' ' ')

[ -x "$bin" ]
check $? "$bin is installed"
[ -r "$destdir$pkgdatadir/corpus.txt" ]
check $? "$destdir$pkgdatadir/corpus.txt is installed"

leaks=$(
	if command -v strings >/dev/null 2>&1; then
		strings -a "$bin"
	else
		LC_ALL=C tr -c '[:print:]' '[\n*]' < "$bin"
	fi | grep -vF "$pkgdatadir" | grep -F "$paths" | head -n 3 | tr '\n' ' ')
[ -n "$paths" ] && [ -z "$leaks" ]
check $? "no path of the source or build tree ($shown) in the binary${leaks:+: $leaks}"

if [ -n "$destdir" ]; then
	echo "installcheck: staged under DESTDIR, so the corpus lookup is not run"
else
	json=$(cd / && unset SPECDEC_CORPUS SPECDEC_DATADIR &&
	    "$bin" --json --source ngram --steps 10 2>&1)
	rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 1 ]	# 1: a check failed, as it may over 10 steps
	check $? "the installed binary runs --source ngram from / (exit $rc)"
	printf '%s\n' "$json" | grep -qF "\"corpus_file\":\"$pkgdatadir/corpus.txt\""
	check $? "it reads the installed corpus $pkgdatadir/corpus.txt$(
		printf '%s\n' "$json" | grep -q corpus_file || printf ' (got: %.200s)' "$json")"
fi
exit "$failed"
