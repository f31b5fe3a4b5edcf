#!/bin/sh
# installed.sh BIN PKGDATADIR DESTDIR SRCDIR BUILDDIR: after make install, the
# installed binary BIN holds no path of the source tree SRCDIR or the build tree
# BUILDDIR (the installed pkgdatadir is allowed even when it lies inside them, as
# in make distcheck), and, when not staged under DESTDIR, it finds the installed
# corpus PKGDATADIR/corpus.txt with neither $SPECDEC_CORPUS nor $SPECDEC_DATADIR.
# Run by make installcheck (and so by make distcheck); exits 1 on a failure.
bin=$1 pkgdatadir=$2 destdir=$3 srcdir=$4 builddir=$5
failed=0

check() {
	if [ "$1" = 0 ]; then
		echo "installcheck: ok - $2"
	else
		echo "installcheck: FAIL - $2" >&2
		failed=1
	fi
}

[ -x "$bin" ]
check $? "$bin is installed"
[ -r "$destdir$pkgdatadir/corpus.txt" ]
check $? "$destdir$pkgdatadir/corpus.txt is installed"

leaks=$(
	if command -v strings >/dev/null 2>&1; then
		strings -a "$bin"
	else
		LC_ALL=C tr -c '[:print:]' '[\n*]' < "$bin"
	fi | grep -vF "$pkgdatadir" | grep -F -e "$srcdir" -e "$builddir" | head -n 3)
[ -z "$leaks" ]
check $? "no build path ($srcdir, $builddir) in the installed binary${leaks:+: $leaks}"

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
