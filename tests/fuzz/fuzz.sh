#!/bin/sh
# fuzz.sh [SECONDS]: build the libFuzzer harnesses (tests/fuzz/fuzz_*.c) with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer, and run each for a bounded
# time (default 11 s each, or $FUZZ_SECONDS), FUZZ_JOBS (default 2) at a time. TAP output, one point per harness
# with its crash-free run count; a skip when clang or libFuzzer is missing. Not
# part of `make check`; CI calls it. FUZZ_OPT (default -O1) is the optimisation
# (CI's -O0 compiles in half the time, and runs fewer inputs a second).
# FUZZ_ONLY=NAME runs one harness; FUZZ_KEEP=DIR
# keeps each harness's corpus in DIR/NAME (to go on from it in a longer run, as
# docs/testing.md shows). The harnesses:
#   replay    the replay parser, scanner and store (replay_parse.c, replay_store.c)
#   tokenize  the tokenizer, then n-gram training on the input
#   cli       the command line: status 0, or 2 with one escaped line; values in range
#   sim       a replay file run through the simulation for 40 steps: every figure
#             finite and in range
#   lesson    the lesson script parser: a lesson, or one "NAME:LINE: message"
#   rules     every rule and schedule, the lenience, E, D, P, k, the cost ratio and
#             gamma up to 32, over the stub or a replay file, for 40 steps: every
#             figure finite and in range
#   metrics   the metrics parser (every format) and the prediction: a refusal with
#             a message, or counts that keep their promises and finite
#             predictions within [1, gamma + 1]
top=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-${FUZZ_SECONDS:-11}}
CC=${FUZZ_CC:-clang}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# the harnesses need only the version from config.h
printf '#define PACKAGE_VERSION "fuzz"\n' > "$tmp/config.h"
flags="-g ${FUZZ_OPT:--O1} -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$tmp -I$top/src"

if ! printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }\n' > "$tmp/probe.c" ||
    ! $CC $flags "$tmp/probe.c" -o "$tmp/probe" 2> /dev/null; then
	echo "1..0 # SKIP $CC with libFuzzer is not available"
	exit 0
fi

# seeds NAME DIR: a small starting corpus for each harness.
seeds() {
	mkdir -p "$2"
	case $1 in
	replay)
		printf '# vocab 4\n0.5 0.3 0.1 0.1\n0.25,0.25,0.25,0.25\n0:1 3:2\n1:1e-3 2:5 # c\n' > "$2/a"
		printf '1 2 3\n3 2 1\n' > "$2/b"
		printf '0:1 7:3\n1 1 1 1 1 1 1 1\n' > "$2/c" ;;
	tokenize)
		head -c 4000 "$top/data/corpus.txt" > "$2/a"
		printf "Don't \xe2\x80\x94 caf\xc3\xa9 \xff well-known 3.14!" > "$2/b" ;;
	cli)
		printf -- '--batch\0--gamma\0004\0--noise\0000.5\0--seed\00018' > "$2/a"
		printf -- '--theory\0--alpha\0000.1,0.9\0--cost-ratio\0000.2\0--json' > "$2/b"
		printf -- '--rate\0max\0--paused\0--frames\0003\0--source\0ngram\0--temperature\0002' > "$2/c"
		printf -- '--replay\0f\0--labels\0l\0--gam\0-0' > "$2/d" ;;
	sim)
		printf '\003# vocab 4\n0.5 0.3 0.1 0.1\n0.25,0.25,0.25,0.25\n0:1 3:2\n1:1e-3 2:5\n' > "$2/a"
		printf '\001 1 0\n0 1\n' > "$2/b"
		printf '\007# vocab 3\n0:1\n1:1\n1e-300 1 1e300\n1 1 1\n' > "$2/c" ;;
	lesson)
		cp "$top/data/lessons/one-step.lesson" "$2/a"
		cp "$top/data/lessons/gamma.lesson" "$2/b"
		printf 'title t\nset gamma 40\nask q\nchoice a <1 x\n' > "$2/c"
		printf 'title t\npair 1 2 / 2 1 / a b\nkeys 1s n m M\nwait 3 s\n' > "$2/d" ;;
	rules)
		# 16 bytes of parameters (rule, schedule, gamma, L, E, D, P, k, draft
		# cost, seed), then the source: even, the stub; odd, a replay file
		i=0
		for r in 00 01 02 03 04 05 06 07 08; do
			printf "\\$r\\00$((i % 3))\\037\\377\\177\\200\\020\\200\\100\\200\\200\\040\\000\\020\\000\\031\\005\\000\\024\\200\\100" \
			    > "$2/stub$r"
			i=$((i + 1))
		done
		printf '\004\002\007\001\001\377\377\377\377\377\177\377\377\000\100\001\001# vocab 4\n0.5 0.3 0.1 0.1\n0.25,0.25,0.25,0.25\n' \
		    > "$2/replay" ;;
	metrics)
		for f in "$top"/tests/data/metrics/*; do
			{ printf '\003'; cat "$f"; } > "$2/$(basename "$f")"
		done ;;
	esac
}

# The model and the headless face (as the unit tests link them, the built-in
# corpus generated as the build does), compiled once, FUZZ_JOBS (default 2) at a
# time, into one archive: each harness takes what it needs from it.
jobs=${FUZZ_JOBS:-2}
mkdir "$tmp/obj"
sh "$top/data/embed.sh" "$top/data/corpus.txt" corpus_builtin source/ngram/corpus_builtin.h \
    > "$tmp/corpus_builtin.c"
# (an in-tree build's own src/source/ngram/corpus_builtin.c is left out, and
# the loaders of libcurl and sphinxbase, which configure builds only where it
# found them: this config.h has neither)
(cd "$top" && find src -mindepth 2 -name '*.c' | sort |
    grep -v -e '^src/tui/' -e '/corpus_builtin\.c$' -e '_lazy\.c$'
    echo "$tmp/corpus_builtin.c") |
    FLAGS="$flags" TOP="$top" OBJ="$tmp/obj" CC="$CC" \
    xargs -P "$jobs" -n 1 sh -c 'cd "$TOP" && $CC $FLAGS -c "$0" \
	-o "$OBJ/$(echo "$0" | tr / _).o"' 2> "$tmp/lib.log" &&
    ar rcs "$tmp/libmodel.a" "$tmp"/obj/*.o 2>> "$tmp/lib.log"
lib_rc=$?

# helpers NAME: the harness's own helpers in tests/fuzz/.
helpers() {
	case $1 in
	sim|rules) echo tests/fuzz/fuzz_checks.c ;;
	esac
}

# run_harness N NAME: build and run one harness; its TAP line (and the reasons of
# a failure) go to $tmp/NAME.tap, and $tmp/NAME.failed marks a failure.
run_harness() {
	corpus=${FUZZ_KEEP:+$FUZZ_KEEP/$2}
	corpus=${corpus:-$tmp/$2}
	[ -d "$corpus" ] && [ -n "$(ls -A "$corpus")" ] || seeds "$2" "$corpus"
	if [ "$lib_rc" != 0 ] && cp "$tmp/lib.log" "$tmp/$2.build.log" ||
	    ! (cd "$top" && $CC $flags tests/fuzz/fuzz_$2.c $(helpers "$2") "$tmp/libmodel.a" -lm -pthread \
	    -o "$tmp/fuzz_$2") 2> "$tmp/$2.build.log"; then
		echo "not ok $1 - fuzz_$2: does not build"
		sed 's/^/# /' "$tmp/$2.build.log"
		: > "$tmp/$2.failed"
		return
	fi
	mkdir -p "$tmp/run_$2"
	(cd "$tmp/run_$2" && "$tmp/fuzz_$2" -max_total_time="$secs" -max_len=8192 -timeout=20 \
	    -print_final_stats=1 "$corpus" > "$tmp/$2.log" 2>&1)
	rc=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$tmp/$2.log" | tail -n 1)
	if [ "$rc" = 0 ] && [ -n "$runs" ]; then
		echo "ok $1 - fuzz_$2: $runs runs in ${secs} s, no crash"
	else
		echo "not ok $1 - fuzz_$2: exit $rc"
		grep -E 'ERROR|SUMMARY|==[0-9]+==' "$tmp/$2.log" | head -n 20 | sed 's/^/# /'
		cp "$tmp/run_$2"/crash-* "$tmp/run_$2"/timeout-* "$top" 2> /dev/null
		: > "$tmp/$2.failed"
	fi
}

# The harnesses run FUZZ_JOBS at a time (each one is single-threaded), and their
# lines are printed in order.
n=0
running=0
names=
for h in ${FUZZ_ONLY:-replay tokenize cli sim rules metrics lesson}; do
	n=$((n + 1))
	names="$names $h"
	run_harness $n $h > "$tmp/$h.tap" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
failed=0
for h in $names; do
	cat "$tmp/$h.tap"
	[ -e "$tmp/$h.failed" ] && failed=$((failed + 1))
done
echo "1..$n"
[ "$failed" = 0 ]
