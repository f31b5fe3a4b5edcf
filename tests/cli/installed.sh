#!/bin/sh
# installed.sh BIN PKGDATADIR DESTDIR SRCDIR BUILDDIR: after make install, the
# installed binary BIN holds no path of the source tree SRCDIR or the build tree
# BUILDDIR (but the installed PKGDATADIR, which lies inside them in make
# distcheck), the corpus is not installed in PKGDATADIR (it is compiled in) but
# the course page's player is, with its licence, and BIN, where it was installed
# (under DESTDIR too), runs the n-gram source on its built-in corpus from / with
# no variable set, and writes a course page with the installed player (staged
# under DESTDIR, found through SPECDEC_DATADIR). Run by make installcheck (so by
# make distcheck too).
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
check $? "no corpus installed ($destdir$pkgdatadir/corpus.txt)"
for f in asciinema-player.min.js asciinema-player.css LICENSE; do
	[ -s "$destdir$pkgdatadir/player/$f" ]
	check $? "the course page's player: $destdir$pkgdatadir/player/$f"
done

leaks=$(
	if command -v strings >/dev/null 2>&1; then
		strings -a "$bin"
	else
		LC_ALL=C tr -c '[:print:]' '[\n*]' < "$bin"
	fi | grep -vF "$pkgdatadir" | grep -F "$paths" | head -n 3 | tr '\n' ' ')
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
# a course page from the installed player, the recording in a scratch directory
work=$(mktemp -d "${TMPDIR:-/tmp}/specdec-installcheck.XXXXXX") || exit 1
printf '{"version": 2, "width": 20, "height": 2}\n[0.1, "o", "hi"]\n[0.2, "m", "one"]\n' \
    >"$work/a.cast"
if [ -n "$destdir" ]; then
	datadir=$destdir$pkgdatadir
else
	datadir=
fi
out=$(cd / && unset SPECDEC_DATADIR && ${datadir:+env SPECDEC_DATADIR="$datadir"} \
    "$bin" --export-html "$work/a.cast" 2>&1)
rc=$?
[ "$rc" = 0 ] && [ "$out" = "$work/a.html: 1 chapter, 0 questions" ]
check $? "the installed binary writes a course page${datadir:+ (SPECDEC_DATADIR=$datadir)} (exit $rc: $out)"
grep -qF "$(head -c 60 "$destdir$pkgdatadir/player/asciinema-player.min.js")" "$work/a.html"
check $? "with the installed player inlined"
rm -rf "$work"
exit "$failed"
