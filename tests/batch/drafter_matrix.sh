#!/bin/sh
# drafter_matrix.sh: every --drafter crossed with the options that change how
# the stub makes its pairs (by position, draft-only tokens, a preset, a target
# alpha, a copying target, temperature, noise, each schedule, a fixed and a
# dynamic tree, and by position with a tree or a copying target) and with every
# source (stub, ngram, cmu on a tiny model, a replay): each run either ends
# clean (status 0 or 1, nothing on stderr: no sanitizer report) or is refused
# with one line and status 2. A copy drafter over the stub by position used to
# crash: its reference stream asked the stub for pairs it had not begun.
. "${TESTS_SRCDIR:-$(dirname "$0")/..}/lib/lib.sh"

top=${TESTS_SRCDIR:-$(dirname "$0")/..}
pairs=$top/golden/pairs.txt
arpa=$top/data/lm/tiny.arpa
pos="--position-alpha 0.8,0.7"
tree="--tree 2,2 --verifier specinfer"
dyn="--tree dynamic:2,3,4 --verifier topk"

# count_lines FILE: n = 0, 1 or 2 (two or more), without a process.
count_lines() {
	n=0
	{ read -r _ && n=1 && read -r _ && n=2; } <"$1"
}

# run ARGS...: one TAP point for one combination.
run() {
	"$SPECDEC" --batch --steps 30 "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	count_lines "$tmp/err"
	case $rc in
	0 | 1) [ "$n" = 0 ] ;;
	2) [ "$n" = 1 ] ;;
	*) false ;;
	esac
	st=$?
	[ $st = 0 ] || diag=$(head -c 600 "$tmp/err")
	ok $st "$*: exit $rc, stderr lines $n" "${diag:-}"
}

# The options by themselves, then the stub by position with the others.
stub_opts() {
	for opt in "" "$pos" "--draft-only 3 --verifier tli" \
	    "--preset gpt-bigram-t1" "--target-alpha 0.7" "--copy-weight 0.5" \
	    "--temperature 0.5" "--noise 0.5" "--schedule heuristic" \
	    "--schedule draft-p-min" "--schedule confidence" "$tree" "$dyn" \
	    "$pos $tree" "$pos $dyn" "$pos --copy-weight 0.5" \
	    "$pos --draft-only 3 --verifier tli" "$pos --schedule draft-p-min"; do
		# shellcheck disable=SC2086 # each holds several words
		run "$@" $opt
	done
}

# The options that other sources may take, where they change the run (the
# stub's own, the temperature and the noise are refused or taken by the
# option table alike for every drafter: once per source below).
source_opts() {
	for opt in "" "--draft-only 3 --verifier tli" "--copy-weight 0.5" \
	    "--schedule draft-p-min" "$tree" "$dyn"; do
		# shellcheck disable=SC2086
		run "$@" $opt
	done
}

# Heads and MTP draft their own tree from the stub by position: the option
# table refuses a schedule, a tree, --position-alpha and a sampling rule for
# every source alike, so those are tried over the stub alone.
heads_opts() {
	for opt in "" "$pos" "--draft-only 3 --verifier tli" \
	    "--preset gpt-bigram-t1" "--target-alpha 0.7" "--copy-weight 0.5" \
	    "--temperature 0.5" "--noise 0.5" "--schedule heuristic" "$tree" \
	    "$dyn" "$pos --copy-weight 0.5"; do
		# shellcheck disable=SC2086
		run "$@" $opt
	done
	for source in "--source ngram" "--lm $arpa" "--replay $pairs"; do
		# shellcheck disable=SC2086
		run "$@" $source
		# shellcheck disable=SC2086
		run "$@" $source --copy-weight 0.5
	done
}

for drafter in model vllm-ngram hf-lookup suffix; do
	stub_opts --drafter $drafter
	for source in "--source ngram" "--lm $arpa" "--replay $pairs"; do
		# shellcheck disable=SC2086
		source_opts --drafter $drafter $source
	done
done
heads_opts --drafter heads --head-topk 2,2
heads_opts --drafter mtp --head-topk 2,2
for source in "--source ngram" "--lm $arpa" "--replay $pairs"; do
	for opt in "$pos" "--preset gpt-bigram-t1" "--target-alpha 0.7" \
	    "--temperature 0.5" "--noise 0.5"; do
		# shellcheck disable=SC2086
		run --drafter vllm-ngram $source $opt
	done
done
done_testing
