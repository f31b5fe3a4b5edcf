#!/bin/sh
# fuzz.sh [SECONDS]: build the libFuzzer harnesses (tests/fuzz_*.c) with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer, and run each for a bounded
# time (default 25 s, or $FUZZ_SECONDS). TAP output, one point per harness with
# its crash-free run count; a skip when clang or libFuzzer is missing. Not part
# of `make check`; CI calls it.
top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-${FUZZ_SECONDS:-25}}
CC=${FUZZ_CC:-clang}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/config.h"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$tmp -I$top/src"

if ! printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }\n' > "$tmp/probe.c" ||
    ! $CC $flags "$tmp/probe.c" -o "$tmp/probe" 2> /dev/null; then
	echo "1..0 # SKIP $CC with libFuzzer is not available"
	exit 0
fi

# seeds NAME: a small starting corpus for each harness.
seeds() {
	mkdir -p "$tmp/$1"
	case $1 in
	replay)
		printf '# vocab 4\n0.5 0.3 0.1 0.1\n0.25,0.25,0.25,0.25\n0:1 3:2\n1:1e-3 2:5 # c\n' > "$tmp/$1/a"
		printf '1 2 3\n3 2 1\n' > "$tmp/$1/b"
		printf '0:1 7:3\n1 1 1 1 1 1 1 1\n' > "$tmp/$1/c" ;;
	tokenize)
		head -c 4000 "$top/data/corpus.txt" > "$tmp/$1/a"
		printf "Don't \xe2\x80\x94 caf\xc3\xa9 \xff well-known 3.14!" > "$tmp/$1/b" ;;
	esac
}

n=0
failed=0
for h in replay tokenize; do
	n=$((n + 1))
	seeds $h
	case $h in
	replay) srcs="src/replay_parse.c src/xalloc.c" ;;
	tokenize) srcs="src/tokenize.c src/utf8.c src/vocab.c src/ngram.c src/ngram_dense.c src/dist.c src/xalloc.c" ;;
	esac
	if ! (cd "$top" && $CC $flags tests/fuzz_$h.c $srcs -lm -o "$tmp/fuzz_$h") 2> "$tmp/build.log"; then
		echo "not ok $n - fuzz_$h: does not build"
		sed 's/^/# /' "$tmp/build.log"
		failed=$((failed + 1))
		continue
	fi
	"$tmp/fuzz_$h" -max_total_time="$secs" -max_len=8192 -print_final_stats=1 \
	    "$tmp/$h" > "$tmp/$h.log" 2>&1
	rc=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$tmp/$h.log" | tail -n 1)
	if [ "$rc" = 0 ] && [ -n "$runs" ]; then
		echo "ok $n - fuzz_$h: $runs runs in ${secs} s, no crash"
	else
		echo "not ok $n - fuzz_$h: exit $rc"
		grep -E 'ERROR|SUMMARY|==[0-9]+==' "$tmp/$h.log" | head -n 20 | sed 's/^/# /'
		cp "$tmp"/crash-* "$top" 2> /dev/null
		failed=$((failed + 1))
	fi
done
echo "1..$n"
[ "$failed" = 0 ]
