#!/bin/sh
# installed.sh BIN PKGDATADIR DESTDIR SRCDIR BUILDDIR: after make install, the
# installed binary BIN holds no path of the source tree SRCDIR or the build tree
# BUILDDIR, nothing is installed in PKGDATADIR (the corpus is compiled in), and
# BIN, where it was installed (under DESTDIR too: it reads no data file), runs
# the n-gram source on its built-in corpus from / with no variable set. Run by
# make installcheck (so by make distcheck too).
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
[ ! -e "$destdir$pkgdatadir/corpus.txt" ]
check $? "no data file installed ($destdir$pkgdatadir/corpus.txt)"

leaks=$(
	if command -v strings >/dev/null 2>&1; then
		strings -a "$bin"
	else
		LC_ALL=C tr -c '[:print:]' '[\n*]' < "$bin"
	fi | grep -F "$paths" | head -n 3 | tr '\n' ' ')
[ -n "$paths" ] && [ -z "$leaks" ]
check $? "no path of the source or build tree ($shown) in the binary${leaks:+: $leaks}"

out=$(cd / && unset SPECDEC_CORPUS && SPECDEC_DATADIR=/nonexistent \
    "$bin" --batch --source ngram --steps 10 2>&1)
rc=$?
[ "$rc" = 0 ] || [ "$rc" = 1 ]	# 1: a check failed, as it may over 10 steps
check $? "the installed binary runs --batch --source ngram from / (exit $rc)"
printf '%s\n' "$out" | grep -q '^input        corpus (built-in): 5190 tokens'
check $? "on its built-in corpus$(printf '%s\n' "$out" | grep -q '^input' ||
	printf ' (got: %.200s)' "$out")"
exit "$failed"
