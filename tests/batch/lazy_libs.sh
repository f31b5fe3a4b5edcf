#!/bin/sh
# lazy_libs.sh: libcurl (--metrics URL) and sphinxbase (--source cmu) are opened
# at run time, not linked: ldd lists neither (nor the BLAS sphinxbase pulls in),
# and where one cannot be loaded (a file of garbage under its SONAME first on
# LD_LIBRARY_PATH) its option is refused with status 2 and one line naming the
# library and the option, while a run without it is untouched. Each half is
# skipped on a build without the library.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

if command -v ldd >/dev/null 2>&1; then
	ldd "$SPECDEC" >"$TMPD/ldd" 2>&1
	grep -Ei 'curl|sphinx|blas|lapack' "$TMPD/ldd" >"$TMPD/linked"
	ok $((! $?)) "ldd: neither libcurl nor sphinxbase (nor BLAS) is linked" \
	    "$(cat "$TMPD/linked")"
else
	skip "no ldd"
fi

mkdir "$TMPD/bad"
echo garbage >"$TMPD/bad/libcurl.so.4"
echo garbage >"$TMPD/bad/libcurl-gnutls.so.4"
echo garbage >"$TMPD/bad/libsphinxbase.so.3"

# unloadable WANT ARGS...: with the garbage libraries first, ARGS are refused
# with status 2, nothing on stdout and one line naming the library and WANT.
unloadable() {
	want=$1
	shift
	LD_LIBRARY_PATH="$TMPD/bad" "$SPECDEC" "$@" >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if grep -Eq "built without|this build lacks" "$TMPD/err"; then
		skip "this build has no $want"
		return
	fi
	[ "$rc" = 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l <"$TMPD/err")" = 1 ] &&
	    grep -q "^specdec: $want: cannot load lib[a-z-]*\.so\.[0-9]" "$TMPD/err"
	ok $? "$want, library unloadable: status 2, one line naming it (got $rc)" \
	    "$(cat "$TMPD/err")"
}

unloadable "--metrics URL" --metrics http://127.0.0.1:1/metrics --batch --polls 2
unloadable "--source cmu" --source cmu --batch --steps 1
LD_LIBRARY_PATH="$TMPD/bad" "$SPECDEC" --batch --steps 1 >/dev/null 2>"$TMPD/err"
ok $? "the stub source needs neither library" "$(cat "$TMPD/err")"

done_testing
